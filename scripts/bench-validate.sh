#!/usr/bin/env bash
# Reproducible validation benchmark: generates a corpus of 4-player Tower
# games with a fixed seed and times `towerlog validate` on it with one and
# two workers, against parsing alone (--syntax-only), and reports the peak
# memory for the corpus and for the corpus repeated ten times.
#
#   scripts/bench-validate.sh [GAMES]     (default 10000)
#
# Measured on the project's 2-core machine, 10,000 games (35 MB), three
# of five runs of the script, the machine at rest:
#   parse only, 1 core     0.177-0.179 s   55,700-56,500 games/s   ~200 MB/s
#   validate,   1 core     0.347-0.354 s   28,200-28,800 games/s
#   validate / parse       1.96-1.98x
#   validate,   2 cores    0.182-0.203 s   49,300-54,900 games/s (1.75-1.90x)
#   peak memory            16 MB for 10,000 games, 29 MB for 100,000
# The machine's speed drifts, in spells that can outlast a run: in the
# other two, validation on one core met one (0.38-0.39 s: 2.12x, and 1.94x
# with parsing slowed too; two cores 2.00x and 1.66x). Two cores suffer
# most: the same two-core run takes 0.18 s at best and up to 0.30 s, its
# CPU time growing alike (0.34 to 0.55 s), while one core alone stays
# within 0.35-0.40 s.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-10000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/towerlog" ./cmd/towerlog
tl="$work/towerlog"

echo "generating $games 4-player Tower games (seed 1)..."
"$tl" generate --games "$games" --players 4 --seed 1 -o "$work/corpus.cgn"
bytes=$(stat -c %s "$work/corpus.cgn")
echo "corpus: $games games, $((bytes / 1000000)) MB"

# Each figure is the best of fifteen wall-clock runs, in seconds: the
# machine's speed varies from run to run, and the best run is the least
# disturbed. The three measurements take turns, round after round, so that
# a slow spell of the machine falls on all of them alike rather than on
# the runs of one.
elapsed() {
  local s e
  s=$(date +%s.%N)
  "$@" >/dev/null 2>&1 || true
  e=$(date +%s.%N)
  echo "$e - $s" | bc -l
}
lower() { if [ -z "$1" ] || [ "$(echo "$2 < $1" | bc -l)" = 1 ]; then echo "$2"; else echo "$1"; fi; }
rate() { echo "scale=0; $games / $1" | bc -l; }

# One core: the whole process pinned to CPU 0 (reader, workers and writer).
one="taskset -c 0 env GOMAXPROCS=1"
p1="" v1="" v2=""
for _ in $(seq 15); do
  p1=$(lower "$p1" "$(elapsed $one "$tl" validate --syntax-only -j 1 "$work/corpus.cgn")")
  v1=$(lower "$v1" "$(elapsed $one "$tl" validate -j 1 "$work/corpus.cgn")")
  v2=$(lower "$v2" "$(elapsed "$tl" validate -j 2 "$work/corpus.cgn")")
done
printf 'parse only, 1 core:   %6.3f s  %6d games/s  %5.1f MB/s\n' "$p1" "$(rate "$p1")" "$(echo "$bytes / $p1 / 1000000" | bc -l)"
printf 'validate,   1 core:   %6.3f s  %6d games/s\n' "$v1" "$(rate "$v1")"
printf 'validate,   2 cores:  %6.3f s  %6d games/s\n' "$v2" "$(rate "$v2")"
printf 'validate / parse (1 core): %.2fx;  2 cores / 1 core speed-up: %.2fx\n' \
  "$(echo "$v1 / $p1" | bc -l)" "$(echo "$v1 / $v2" | bc -l)"

if [ -x /usr/bin/time ]; then
  for _ in 1 2 3 4 5 6 7 8 9 10; do cat "$work/corpus.cgn"; done >"$work/ten.cgn"
  m1=$(/usr/bin/time -f %M "$tl" validate "$work/corpus.cgn" 2>&1 >/dev/null | tail -1)
  m10=$(/usr/bin/time -f %M "$tl" validate "$work/ten.cgn" 2>&1 >/dev/null | tail -1)
  echo "peak memory: $games games ${m1} KB, $((games * 10)) games ${m10} KB"
fi
