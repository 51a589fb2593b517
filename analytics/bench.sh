#!/usr/bin/env bash
# Benchmarks of the analytics store over a generated archive: ingest (parse,
# replay on every core, one writer), the same rows inserted bare (replayed
# beforehand), and the archive report. The archive is generated once and
# kept in $TOWERLOG_BENCH_DIR (default /tmp/towerlog-bench).
#
#   analytics/bench.sh            # 100,000 games
#   analytics/bench.sh 20000      # a smaller archive
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-100000}
dir=${TOWERLOG_BENCH_DIR:-/tmp/towerlog-bench}
go test -run '^$' -bench 'Ingest|BareInsert|Report' -benchtime 1x -timeout 60m ./analytics \
	-args -bench.games "$games" -bench.dir "$dir"
