package luck

// Calibration. The evaluator's luck of a draw is the difference between
// two values found by rollouts, and on real games it overstates what the
// draws did to the results: a tile that builds a big feature is worth
// more in rollouts, where the opponent's answers are the rollout
// policy's, than against players who contest it (docs/luck.md,
// "Calibration"). Luck is therefore given calibrated, as the review's
// chance of winning is: the evaluator's luck of a turn times a factor
// fitted on real games, so that a player's luck predicts their final
// margin point for point.

// Scale is the calibration of the luck of a turn: the evaluator's luck
// (in points, and in percentage points of chance) is multiplied by
// Base + Left × the share of the game's tiles left in the bag before the
// draw, at least 0. A turn whose values are exact (TurnLuck.Exact) is not
// scaled: there the evaluator is not an estimate.
type Scale struct {
	Base, Left float64
}

// DefaultScale is the calibration luck gives by default, fitted on the
// first 99 real two-player games of the development corpus, measured
// with the defaults (go run ./scripts/luck-variance -fit TURNS, on the
// turns a -corpus run writes with -turns; docs/luck.md, "Calibration"):
// one factor, 0.535, with which luck adjustment leaves 0.62 of the
// variance of their margins out of fold (0.89 uncalibrated), and 0.61
// on the 93 games 100–193, measured after the fit. A factor varying
// with the share left did no better.
func DefaultScale() Scale { return Scale{Base: 0.54} }

// Uncalibrated is the calibration that leaves the evaluator's luck as it is.
func Uncalibrated() Scale { return Scale{Base: 1} }

// Factor is the factor of a turn with left tiles in the bag of a game of
// total tiles (the start tile included).
func (s Scale) Factor(left, total int) float64 {
	share := 0.0
	if total > 0 {
		share = float64(left) / float64(total)
	}
	return max(0, s.Base+s.Left*share)
}
