#!/usr/bin/env bash
# Benchmarks of the analytics store over an archive of 4-player games
# played by the greedy generator: ingest (parse, replay on every core, one
# writer through database/sql), next to a bare database/sql insert of the
# same rows built beforehand (BareInsert: per table a prepared INSERT of
# 500 rows, transactions of 200,000 rows), in the same run; then the
# archive report. The archive is generated once and kept in
# $TOWERLOG_BENCH_DIR (default /tmp/towerlog-bench).
#
#   analytics/bench.sh            # 5,000 games
#   analytics/bench.sh 3000       # a smaller archive
#
# The benchmarks run with GOGC=400, as the towerlog command does, on two
# cores (-cpu 2), three times; the last lines give the median games/s of
# each and their ratio. CPU time of the process (cpu-s/op) is reported
# beside the wall clock: on a machine shared with other work it varies
# less.
#
# Measured on the project's 2-core machine while other work kept its load
# average between 10 and 23 (so the wall clock says little), 5,000 games,
# 174 rows and about 1,930 values a game:
#   ingest        392 games/s (median)   5.2 to 6.0 CPU-s
#   bare insert   502 games/s (median)   2.6 to 3.9 CPU-s (writing alone)
#   report        4.4 s                  1.2 CPU-s, 1.7 MB page
# The writer's CPU goes half to SQLite and half to database/sql and the
# driver binding each value (about 1,930 a game); parsing, replay and
# building the rows take the other 2 CPU-s, on the other core when it is
# free.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-5000}
dir=${TOWERLOG_BENCH_DIR:-/tmp/towerlog-bench}
archive=$dir/greedy4-$games.cgn
if [ ! -s "$archive" ]; then
	mkdir -p "$dir"
	go build -o "$dir/towerlog" ./cmd/towerlog
	# Two halves at once: game i of a run uses seed S+i.
	half=$((games / 2))
	"$dir/towerlog" generate --games "$half" --players 4 --style greedy --seed 1 -o "$dir/a.cgn" &
	"$dir/towerlog" generate --games "$((games - half))" --players 4 --style greedy --seed "$((1 + half))" -o "$dir/b.cgn"
	wait
	cat "$dir/a.cgn" <(echo) "$dir/b.cgn" >"$archive.tmp"
	rm "$dir/a.cgn" "$dir/b.cgn"
	mv "$archive.tmp" "$archive"
fi
out=$(mktemp)
GOGC=400 go test -run '^$' -bench '^Benchmark(Ingest|BareInsert|Report)$' -benchtime 1x -count 3 -cpu 2 -timeout 60m \
	./analytics -args -bench.archive "$archive" | tee "$out"
awk '
	/^BenchmarkIngest-/ { for (i = 1; i < NF; i++) if ($(i+1) == "games/s") ingest[n1++] = $i }
	/^BenchmarkBareInsert-/ { for (i = 1; i < NF; i++) if ($(i+1) == "games/s") bare[n2++] = $i }
	function median(a, n,   i, j, t) {
		for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
		return a[int(n / 2)]
	}
	END {
		mi = median(ingest, n1); mb = median(bare, n2)
		printf "median ingest %.0f games/s, bare insert %.0f games/s, ratio %.2f\n", mi, mb, mb / mi
	}' "$out"
rm "$out"
