#!/usr/bin/env bash
# Regenerates cmd/towerlog/default.pgo, the CPU profile that `go build`
# uses for profile-guided optimisation of the towerlog binary. The profile
# is taken from the batch work the program spends its time on: validating
# (and parsing alone) a generated corpus of 4-player Tower games. The
# profiler samples 100 times a second: a corpus of 200,000 games (about a
# minute) gives profiles that build the same binary from run to run, where
# 40,000 games gave binaries 5% apart.
#
#   scripts/pgo.sh [GAMES]     (default 200000)
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-200000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -pgo=off -o "$work/towerlog" ./cmd/towerlog
"$work/towerlog" generate --games "$games" --players 4 --seed 7 -o "$work/corpus.cgn"
GOMAXPROCS=1 "$work/towerlog" validate -j 1 --cpuprofile "$work/validate.prof" "$work/corpus.cgn" >/dev/null
GOMAXPROCS=1 "$work/towerlog" validate -j 1 --syntax-only --cpuprofile "$work/parse.prof" "$work/corpus.cgn" >/dev/null
go tool pprof -proto "$work/validate.prof" "$work/parse.prof" >cmd/towerlog/default.pgo
echo "wrote cmd/towerlog/default.pgo ($(stat -c %s cmd/towerlog/default.pgo) bytes)"
