#!/usr/bin/env bash
# Measures the BoardGameArena import on the development corpus: the
# CarcassonneLab links of a CSV (default ../shared/data/lab/dev.csv) and
# the raw table logs of a directory (default ../shared/data/bga).
#
#   scripts/bga-corpus.sh [LINKS.csv [LOGS_DIR]]
#
# It imports every link with one command and validates the result,
# counting finished and unfinished games; exports every game back as a
# link and compares it with the CSV's, character for character; imports
# every log (every winPoints and the final scores checked against the
# engine), exports it as a link and imports that again, comparing the
# moves and followers; and ingests each log with its link, which must be
# one game (moves compared without clocks and declared scores, which a
# link does not hold).
#
# Measured on the development corpus (dev.csv: 322 links; two logs):
#   322 games imported with one command, all valid: 321 finished, 1
#   unfinished (an abandoned table, line 145, 20 tiles left, warned)
#   322 of 322 links identical after link -> CGN -> link
#   366166200: every winPoints and the final 96-70 equal the engine's;
#   367163108: the same, 85-89; both give the same moves and followers as
#   links, and each log with its link ingests as one game (1 added, 1
#   already present)
set -euo pipefail
cd "$(dirname "$0")/.."
csv=${1:-../shared/data/lab/dev.csv}
logs=${2:-../shared/data/bga}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/towerlog" ./cmd/towerlog
tl="$work/towerlog"

echo "== links: $csv"
"$tl" import "$csv" -o "$work/links.cgn" 2>"$work/import.err" | sed 's/^/   /'
sed 's/^/   /' "$work/import.err"
"$tl" validate "$work/links.cgn" | tail -1 | sed 's/^/   validate: /'
games=$(grep -c '^\[Result ' "$work/links.cgn")
unfinished=$(grep -c '^\[Result "\*"\]' "$work/links.cgn" || true)
echo "   $games games: $((games - unfinished)) finished, $unfinished unfinished"

echo "== link -> CGN -> link"
python3 - "$csv" >"$work/links.txt" <<'PY'
import csv, sys
for row in csv.DictReader(open(sys.argv[1], newline='', encoding='utf-8-sig')):
    if row['URL'].strip():
        print(row['URL'].strip())
PY
same=0 differ=0 k=0
while IFS= read -r link; do
	k=$((k + 1))
	got=$("$tl" export --format lab "$work/links.cgn" --game "$k")
	if [ "$got" = "$link" ]; then same=$((same + 1)); else differ=$((differ + 1)); echo "   game $k differs"; fi
done <"$work/links.txt"
echo "   $same of $k links identical, $differ different"

echo "== logs: $logs"
for log in "$logs"/*.json; do
	name=$(basename "$log" .json)
	"$tl" import "$log" -o "$work/$name.cgn" >/dev/null
	result=$(grep '^\[Result ' "$work/$name.cgn")
	"$tl" export --format lab "$work/$name.cgn" >"$work/$name.txt"
	"$tl" import "$work/$name.txt" -o "$work/$name-link.cgn" >/dev/null 2>&1
	moves() { sed -n '/^1\. /,$p' "$1" | sed -E 's/ ~[0-9:.]+//g; s/ =[0-9]+(-[0-9]+)*//g'; }
	if [ "$(moves "$work/$name.cgn")" = "$(moves "$work/$name-link.cgn")" ]; then same=yes; else same=NO; fi
	stored=$("$tl" ingest --db "$work/$name.db" "$log" "$work/$name.txt" | sed 's/^[^:]*: //')
	echo "   $name: winPoints and final scores equal the engine's, $result; as a link and back, same moves and followers: $same; log and link ingested: $stored"
done
