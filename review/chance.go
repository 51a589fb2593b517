package review

import (
	"math"

	"github.com/towerlog/towerlog/engine"
)

// Position describes a two-player game after a move, from the first
// player's side, as the chance model reads it.
type Position struct {
	Share      float64 // the first player's share of the rollouts won
	Margin     float64 // the rollouts' mean final margin of the first player
	ScoreDiff  float64 // the first player's score minus the second's
	FirstMoved bool    // the move was the first player's
	Left       int     // tiles left in the bag
	Total      int     // tiles of the game, the start tile included
}

// ChanceFeatures are what the chance model weighs: 1 (the first
// player's edge), the same fading with the share of tiles left, who moved
// (the rollouts answer a move weakly, so they favour the mover), the
// log-odds of the rollouts' share of wins, as it is and fading with the
// tiles left, and the rollouts' margin and the score difference over the
// square root of the tiles left (what is left to play spreads the final
// margin by about that much).
func ChanceFeatures(p Position) []float64 {
	moved := -1.0
	if p.FirstMoved {
		moved = 1
	}
	left := float64(p.Left) / float64(max(p.Total, 1))
	spread := math.Sqrt(float64(p.Left) + 1)
	share := min(0.995, max(0.005, p.Share))
	logOdds := math.Log(share / (1 - share))
	return []float64{1, left, moved, logOdds, logOdds * left, p.Margin / spread, p.ScoreDiff / spread}
}

// chanceWeights are the chance model's weights of ChanceFeatures, fitted
// on the 321 real two-player games of the development corpus, reviewed
// with the default rollouts (docs/review.md, "Calibration"; printed by
// go run ./scripts/review-calibration -fit).
var chanceWeights = []float64{0.3522, -0.152, -0.1033, 0.3024, -0.1803, 0.1898, 0.1911}

// ShippedChance is the first player's chance of winning in p by the
// chance model with the weights the review ships (before the last
// fittedLeft tiles, where the review moves it to the rollouts' share).
func ShippedChance(p Position) float64 { return Logistic(dot(chanceWeights, ChanceFeatures(p))) }

// fittedLeft is the fewest tiles left at a checkpoint of the games the
// model was fitted on (after turn 63 of 71).
const fittedLeft = 8

// chance is each player's chance of winning in after, a game just after
// mover's move whose rollouts found e: in a two-player game the logistic
// of ChanceFeatures with chanceWeights, moving to the rollouts' share as
// the last fittedLeft tiles run out (the model was not fitted there, and
// the rollouts, which know the tiles left, become exact); otherwise (no
// real games of more players were there to fit it) the rollouts' share
// of wins.
func chance(after *engine.Game, mover int, e Eval) []float64 {
	if after.NumPlayers() != 2 || chanceWeights == nil {
		return e.Win
	}
	m := e.Value
	if mover != 0 {
		m = -m
	}
	left := after.TilesLeft()
	share := e.Win[0]
	p := Logistic(dot(chanceWeights, ChanceFeatures(Position{
		Share: share, Margin: m, ScoreDiff: float64(after.Score(0) - after.Score(1)), FirstMoved: mover == 0,
		Left: left, Total: left + len(after.State().Tiles),
	})))
	if left < fittedLeft {
		p = share + (p-share)*float64(left)/fittedLeft
	}
	return []float64{p, 1 - p}
}
