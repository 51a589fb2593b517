#!/usr/bin/env bash
# Parquet ingest against SQLite ingest, in the same run, on an archive of
# generated 4-player Tower games (1000 games a file, seeds 1 to GAMES).
#
#   analytics/parquetdir/bench.sh            # 100,000 games
#   analytics/parquetdir/bench.sh 20000      # a smaller archive
#
# It times, each on the same archive and into a new database or directory:
#   sqlite          towerlog ingest --db (replays on every core, one writer)
#   parquet -j 1    one process on one core
#   parquet         one process on every core (-j = cores)
#   parquet 2 x -j1 two processes on halves of the archive, two shards of
#                   one directory (what xargs -P or a cluster does)
# and prints games/s, CPU seconds (user + system) and bytes per game on
# disk. The archive is kept in $TOWERLOG_BENCH_DIR (default
# /tmp/towerlog-bench) between runs.
#
# Measured on the project's 2-core machine at rest, 100,000 games (357 MB
# of CGN), commit 5b97a75:
#   sqlite           80.4 s  1,244 games/s   133.7 CPU-s   5,134 bytes/game
#   parquet -j 1     42.1 s  2,374 games/s    70.4 CPU-s   1,950 bytes/game
#   parquet -j 2     36.7 s  2,728 games/s    71.1 CPU-s   1,950 bytes/game
#   parquet 2 x -j1  35.4 s  2,829 games/s    69.1 CPU-s   1,951 bytes/game
# Parquet takes 0.7 ms of CPU a game against SQLite's 1.3 ms, and 38 % of
# its disk. Its work has no single writer: replays, row building and each
# table's writer (a goroutine each, so that -j 1 uses more than one core)
# run side by side, and processes write shards apart: some 1,400 games/s
# for each core that other work leaves free.
set -euo pipefail
cd "$(dirname "$0")/../.."
games=${1:-100000}
base=${TOWERLOG_BENCH_DIR:-/tmp/towerlog-bench}
archive="$base/parquet-archive-$games"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/towerlog" ./cmd/towerlog
tl="$work/towerlog"
cores=$(nproc)

if [ ! -e "$archive/complete" ]; then
	echo "generating $games 4-player games in $archive..."
	rm -rf "$archive"
	mkdir -p "$archive"
	files=$(((games + 999) / 1000))
	seq 0 $((files - 1)) | xargs -P "$cores" -I{} sh -c \
		'n=$(( '"$games"' - {} * 1000 )); [ $n -gt 1000 ] && n=1000;
		 "$0" generate --games $n --players 4 --seed $(( {} * 1000 + 1 )) -o "$1/games-$(printf %04d {}).cgn" >/dev/null' \
		"$tl" "$archive"
	touch "$archive/complete"
fi
echo "archive: $games games, $(du -sb "$archive" | cut -f1) bytes of CGN, $cores cores"

# measure NAME SIZE-PATH COMMAND...: runs the command, prints its figures.
measure() {
	local name=$1 size=$2
	shift 2
	/usr/bin/time -f '%e %U %S' -o "$work/time" "$@" >/dev/null
	read -r wall user sys <"$work/time"
	local bytes
	bytes=$(du -sb "$size" | cut -f1)
	awk -v n="$name" -v w="$wall" -v u="$user" -v s="$sys" -v b="$bytes" -v g="$games" \
		'BEGIN { printf "%-16s %7.1f s %9.0f games/s %7.1f CPU-s %7.0f bytes/game\n", n, w, g / w, u + s, b / g }'
}

printf '%-16s %9s %16s %13s %16s\n' "" wall speed CPU size
measure "sqlite" "$work/bench.db" "$tl" ingest --db "$work/bench.db" "$archive"
measure "parquet -j 1" "$work/p1" "$tl" ingest --format parquet -j 1 -o "$work/p1" --shard all "$archive"
measure "parquet -j $cores" "$work/p2" "$tl" ingest --format parquet -o "$work/p2" --shard all "$archive"
ls "$archive"/*.cgn >"$work/files"
half=$(( ($(wc -l <"$work/files") + 1) / 2 ))
split -l "$half" -d "$work/files" "$work/part-"
measure "parquet 2 x -j1" "$work/p3" sh -c \
	'ls "$1"/part-* | xargs -P 2 -I{} sh -c "xargs \"\$0\" ingest --format parquet -j 1 -o \"\$1\" --shard \$(basename {}) < {}" "$0" "$2"' \
	"$tl" "$work" "$work/p3"
