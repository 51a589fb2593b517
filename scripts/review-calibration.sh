#!/usr/bin/env bash
# Calibration of towerlog review's chance of winning against real games.
#
#   scripts/review-calibration.sh DIR-or-CGN-or-CSV [flags of the program]
#
# reviews the turns around seven checkpoints (turns 9, 18, ..., 63 of a
# 71-turn game, and the turn before each) of every finished two-player
# game of the corpus and prints, per checkpoint, the Brier score of the
# review's chance against a coin flip and a logistic on the score
# difference fitted out of fold, a reliability table, the mean own-move
# rise and the farmers' share of the best moves and the moves played
# (scripts/review-calibration/main.go says how). A CSV of CarcassonneLab
# links is imported first (towerlog import). What was reviewed is kept in
# review-calibration.jsonl (-cache FILE): interrupt the script at will,
# the same command goes on where it stopped. Flags after the corpus go to
# the program: -rollouts N (6000), -games N (review at most N more),
# -j N, -fit (print the chance model fitted on every game), -policy
# quick|learned, -temperature T, -breadth N (the rollout policy, as
# towerlog review takes it; the cache keeps each apart). It also prints
# how often the review's best move is the move played, the move played's
# rank by value (1st, top 3), the share within 0.5 points, the
# farmers' shares of the best moves and the moves played, and the honest
# rank's check (-top N, 10: no alternative listed after the move played
# has a value above its own by more than twice its standard error). The
# best move is chosen with the prior (-prior, -farmer; -prior -1: by
# value alone); -prior-weights FILE (scripts/policy-fit -fold-weights)
# and -prior-folds c/f,... review each game with the move model's weights
# and constants fitted without its fold; -select fits the prior's
# constants from the alternatives the cache keeps (docs/review.md, "The
# prior").
#
# docs/review.md, "Calibration", gives the table for the development
# corpus:  scripts/review-calibration.sh ../shared/data/lab/dev.csv
set -euo pipefail
cd "$(dirname "$0")/.."
src=${1:?usage: scripts/review-calibration.sh DIR-or-CGN-or-CSV [flags]}
shift
case "$src" in
*.csv)
	cgn="${REVIEW_CALIBRATION_CGN:-review-calibration.cgn}"
	if [ ! -e "$cgn" ]; then
		go run ./cmd/towerlog import "$src" -o "$cgn"
	fi
	src=$cgn
	;;
esac
go run ./scripts/review-calibration "$@" "$src"
