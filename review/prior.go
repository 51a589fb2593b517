package review

import (
	"math"

	"github.com/towerlog/towerlog/engine"
)

// DefaultPrior and DefaultFarmer weigh the move model's prior in the
// choice of the best move when Options.Prior is 0: successive halving
// ranks the alternatives, and the review chooses its best move, by their
// score, value + DefaultPrior · log p (+ DefaultFarmer for an alternative
// that puts a farmer), where p is the learned policy's probability
// (engine.PolicyWeights, temperature 1) that a strong player chooses the
// alternative's placement and follower. Both are in points: the weights
// of a conditional logit of the players' choices among the alternatives
// on their value, log p and a farmer, divided by the value's, fitted on
// 40 games of the development corpus (docs/review.md, "The prior").
const (
	DefaultPrior  = 0.79
	DefaultFarmer = -1.54
)

// prior returns the weight of the prior and the farmer's points: none
// when o.Prior is negative, the defaults when it is 0.
func (o Options) prior() (float64, float64) {
	switch {
	case o.Prior < 0:
		return 0, 0
	case o.Prior == 0:
		return DefaultPrior, DefaultFarmer
	}
	return o.Prior, o.Farmer
}

// bonus is what the prior adds to the value of an alternative that plays
// moves, of log-probability logp under the move model, in its score.
func (o Options) bonus(moves []engine.Move, logp float64) float64 {
	prior, farmer := o.prior()
	b := prior * logp
	if PutsFarmer(moves) {
		b += farmer
	}
	return b
}

// Bonuses returns, for each of the alternatives of the turn that starts
// at before, what the prior adds to its value in the score by which a
// review ranks and chooses them (successive halving, the best move):
// none without a prior (o.Prior negative) or with one alternative.
func Bonuses(before *engine.Game, alts []Alternative, o Options) []float64 {
	out := make([]float64, len(alts))
	if prior, _ := o.prior(); prior == 0 || len(alts) < 2 {
		return out
	}
	for i, lp := range priors(before, alts, o.PriorWeights) {
		out[i] = o.bonus(alts[i].Moves, lp)
	}
	return out
}

// PutsFarmer reports whether moves put a farmer.
func PutsFarmer(moves []engine.Move) bool {
	for _, m := range moves {
		if m.Kind == engine.MoveFollower && m.Spot.Kind == engine.FeatureField {
			return true
		}
	}
	return false
}

// priors returns the log-probability of each alternative under the move
// model with weights w (nil: engine.PolicyWeights): among the moves of
// the learned policy after the alternative's ransom and draws (each
// placement of the tile with no follower or a follower on a free feature
// of it), that of the alternative's placement and follower. A phantom
// counts as a follower on its feature; a tower's floor, capture or
// follower, which the model does not know, counts as no follower. An
// alternative the model cannot place gets the lowest log-probability of
// its turn.
func priors(before *engine.Game, alts []Alternative, w *[engine.NumPolicyFeatures]float64) []float64 {
	if w == nil {
		w = &engine.PolicyWeights
	}
	out := make([]float64, len(alts))
	// The moves of the model after each prefix (a ransom or none, the
	// draws), by placement and follower.
	byPrefix := map[string]map[pick]float64{}
	lowest := 0.0
	for i, a := range alts {
		place := -1
		for j, m := range a.Moves {
			if m.Kind == engine.MovePlace {
				place = j
				break
			}
		}
		if place < 0 {
			out[i] = math.NaN()
			continue
		}
		prefix := fmtMoves(a.Moves[:place])
		logp, ok := byPrefix[prefix]
		if !ok {
			logp = modelMoves(before, a.Moves[:place], w)
			byPrefix[prefix] = logp
		}
		m := a.Moves[place]
		k := pick{Placement: engine.Placement{Pos: m.Pos, Rot: m.Rot}}
		if j := place + 1; j < len(a.Moves) && a.Moves[j].Kind == engine.MoveFollower {
			k.spot = a.Moves[j].Spot
		}
		v, ok := logp[k]
		if !ok {
			// A follower the model does not weigh (on a feature of another
			// tile): the placement's own.
			k.spot = engine.Spot{}
			v, ok = logp[k]
		}
		if !ok {
			v = math.NaN()
		}
		out[i] = v
		if !math.IsNaN(v) {
			lowest = min(lowest, v)
		}
	}
	for i, v := range out {
		if math.IsNaN(v) {
			out[i] = lowest
		}
	}
	return out
}

// modelMoves returns the log-probability of each move of the learned
// policy after moves from before, by placement and follower.
func modelMoves(before *engine.Game, moves []engine.Move, w *[engine.NumPolicyFeatures]float64) map[pick]float64 {
	g := before.Clone()
	if err := apply(g, moves); err != nil {
		return nil
	}
	pm := g.PolicyMoves(nil)
	out := make(map[pick]float64, len(pm))
	top := math.Inf(-1)
	vs := make([]float64, len(pm))
	for i, m := range pm {
		v := 0.0
		for f, x := range m.Features {
			v += w[f] * x
		}
		vs[i] = v
		top = max(top, v)
	}
	sum := 0.0
	for _, v := range vs {
		sum += math.Exp(v - top)
	}
	z := top + math.Log(sum)
	for i, m := range pm {
		out[pick{Placement: m.Placement, spot: m.Spot}] = vs[i] - z
	}
	return out
}

// pick is a move of the learned policy: a placement and the spot of the
// follower on the new tile (the zero Spot for none).
type pick struct {
	engine.Placement
	spot engine.Spot
}

func fmtMoves(ms []engine.Move) string {
	s := ""
	for _, m := range ms {
		s += m.String() + ";"
	}
	return s
}
