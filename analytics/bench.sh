#!/usr/bin/env bash
# Benchmarks of the analytics store over an archive of 4-player games
# played by the greedy generator: ingest (parse, replay on every core, one
# writer through database/sql), next to a bare database/sql insert of the
# same rows built beforehand (BareInsert: per table a prepared INSERT of
# 500 rows, transactions of 50,000 rows as the ingest), in the same run; then the
# archive report. The archive is generated once and kept in
# $TOWERLOG_BENCH_DIR (default /tmp/towerlog-bench).
#
#   analytics/bench.sh            # 5,000 games
#   analytics/bench.sh 3000       # a smaller archive
#
# The benchmarks run with GOGC=400, as the towerlog command does, on two
# cores (-cpu 2), the ingest and the report under the command's memory
# limit of 64 MiB: three pairs of an ingest and a bare insert, run in turn
# so that the two of a pair meet the same load, each pair after the load
# average (/proc/loadavg); then the report once. The last lines give the
# medians of games/s and of CPU time (cpu-s/op, the process's user and
# system time; the bare insert's counts the writing alone), their ratios,
# and what the CPU time allows on two idle cores: an ingest can go no
# faster than its one writer, whose CPU is the bare insert's, nor than
# half its own CPU. On a machine shared with other work the wall clock
# says little (the same run gave 180 and 930 games/s at load averages of
# 10) and CPU time is the figure to compare.
#
# Measured on the project's 2-core machine at rest (load average 1.9 to
# 2.0), 5,000 games, commit 5b97a75:
#   ingest       1,137 games/s (median, 939 to 1,224)      7.2 to 9.3 CPU-s
#   bare insert  1,081 games/s (median, 1,034 to 1,302)    3.9 to 5.0 CPU-s
#   ratio        0.95 (1.06 the median of the pairs)       1.71 in CPU
#   report        4.7 s                                    5.6 CPU-s, 4.4 MB page
# An earlier run of the same code, at a load average of 1.3 to 1.5, gave
# a ratio of 1.17 (1.17 the median of the pairs).
# With each seat's figures computed at ingest (migration 11), 3,000 games
# on the same machine under other work (load average 8 to 24, so the wall
# clock says little): CPU ingest 2.93 s, bare insert 1.32 s (22 more
# columns in players), CPU-bound on 2 idle cores 2,050 and 2,269 games/s
# (ratio 1.11); the commit before, in the same hour, 2.81 and 1.16 s,
# 2,133 and 2,595 games/s (ratio 1.22).
# Runs of a few seconds vary by a fifth from one to the next, the bare
# insert as much as the ingest. Until commit 1195386 the ingest ran at
# 1.39 to 1.43 times the bare insert's time: its writer gathered a batch
# of 50,000 rows before writing it, so that the workers stopped while it
# wrote and it waited while they filled the next batch; it now writes
# each game's rows as they come. (The medians printed before that commit
# were also taken over two pairs and an empty value: the script counted
# its first pair under the index "".)
# The writer's CPU goes about half to SQLite executing the inserts and
# half to binding the values, database/sql and the driver (each value a
# call into SQLite, which locks the connection's mutex); parsing, replay
# and building the rows (a third of that the game's identity and canonical
# record) take 2 to 3 CPU-s, on the other core. Tried on the bare insert
# and found to change nothing beyond the noise (about 10%): 50 to 1,500
# rows a statement, temp_store(MEMORY), wal_autocheckpoint(100000),
# locking_mode(EXCLUSIVE), journal_mode(DELETE), 4 KiB pages, no
# secondary indexes; rows sent as one JSON text a statement
# (json_each) took four times the CPU. Foreign keys cost about 15% of
# the writer's CPU (a lookup of the game for every row), the price of
# enforcing them.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-5000}
dir=${TOWERLOG_BENCH_DIR:-/tmp/towerlog-bench}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
archive=$dir/greedy4-$games.cgn
if [ ! -s "$archive" ]; then
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
bin=$(mktemp)
trap 'rm -f "$out" "$bin"' EXIT
go test -c -o "$bin" ./analytics
# Ingest and the bare insert run in turns, three pairs, so that the two of
# a pair meet the same load; each pair is preceded by the load average.
# The ingest and the report run with the command's memory limit; the bare
# insert holds every row of the archive, built beforehand, and runs
# without it.
bench() { # name, memory limit
	(cd analytics && GOGC=400 GOMEMLIMIT=$2 "$bin" -test.run '^$' -test.bench "^Benchmark$1\$" \
		-test.benchtime 1x -test.count 1 -test.cpu 2 -test.timeout 60m -bench.archive "$archive") |
		grep '^Benchmark'
}
for run in 1 2 3; do
	echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out"
	bench Ingest 64MiB | tee -a "$out"
	bench BareInsert off | tee -a "$out"
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out"
bench Report 64MiB
awk -v games="$games" '
	function metric(unit,   i) { for (i = 1; i < NF; i++) if ($(i+1) == unit) return $i }
	BEGIN { n = 0 } # pairs are counted from 0 (an unset n would be the index "")
	/^BenchmarkIngest-/ { ingest[n] = metric("games/s"); icpu[n] = metric("cpu-s/op") }
	/^BenchmarkBareInsert-/ { bare[n] = metric("games/s"); bcpu[n] = metric("cpu-s/op"); ratio[n] = bare[n] / ingest[n]; n++ }
	function median(a, n,   i, j, t, b) {
		for (i = 0; i < n; i++) b[i] = a[i]
		for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) if (b[j] < b[i]) { t = b[i]; b[i] = b[j]; b[j] = t }
		return b[int(n / 2)]
	}
	END {
		mi = median(ingest, n); mb = median(bare, n); ci = median(icpu, n); cb = median(bcpu, n)
		printf "median ingest %.0f games/s, bare insert %.0f games/s, ratio %.2f (median of the pairs %.2f)\n", mi, mb, mb / mi, median(ratio, n)
		printf "median CPU ingest %.2f s, bare insert %.2f s, ratio %.2f\n", ci, cb, ci / cb
		# On two idle cores the writer, whose CPU is the bare insert'"'"'s,
		# bounds an ingest, and so does half of its CPU.
		printf "CPU-bound on 2 idle cores: ingest %.0f games/s, bare insert %.0f games/s\n", games / (ci / 2 > cb ? ci / 2 : cb), games / cb
	}' "$out"
