package review

import "github.com/towerlog/towerlog/engine"

// ChanceAfter is each player's chance of winning, by seat, in after, a
// game just after mover's move whose evaluation is e (from the mover's
// side): calibrated on real games for two players, the rollouts' share of
// wins otherwise. It lets other analyses (package luck) speak the same
// chance as the review.
func ChanceAfter(after *engine.Game, mover int, e Eval) []float64 { return chance(after, mover, e) }

// BestReply plays the last turn of g, whose last tile is tile, as its
// player would play it best (the highest final margin for them, the
// first of equals, or the discard of a tile that fits nowhere), and
// returns the game at its end: the exact value of a turn with one tile
// left after it.
func BestReply(g *engine.Game, tile engine.TileID) (*engine.Game, error) { return bestReply(g, tile) }

// Outcome returns mover's final margin in g, an ended game (their score
// minus the best other player's), and the winners (bit p set when seat p
// has the highest score).
func Outcome(g *engine.Game, mover int) (int64, uint8) { return outcome(g, mover) }
