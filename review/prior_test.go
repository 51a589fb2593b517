package review

import (
	"context"
	"math"
	"testing"

	"github.com/towerlog/towerlog/engine"
)

// TestPriors: with a move model that weighs nothing but a farmer, at
// e^w[FeatFarmer] = 3 times any other move, a move's probability is 3 / Z
// for a farmer and 1 / Z for any other, Z = (moves − farmers) + 3 · farmers,
// counted over the model's moves of the turn (every placement of the tile
// with no follower and a follower on each free feature).
func TestPriors(t *testing.T) {
	g := load(t, "../testdata/games/base-game.cgn")
	for _, k := range []int{3, 10} {
		before, _, draws := turnAt(g, k)
		alts, err := Alternatives(before, draws)
		if err != nil {
			t.Fatal(err)
		}
		var w [engine.NumPolicyFeatures]float64
		w[engine.FeatFarmer] = math.Log(3)
		moves, farmers := 0, 0
		for _, m := range drawn(t, before, draws).PolicyMoves(nil) {
			moves++
			if m.Spot.Kind == engine.FeatureField {
				farmers++
			}
		}
		if farmers == 0 {
			t.Fatalf("turn %d: no farmer can be put: the test proves nothing", k+1)
		}
		z := float64(moves-farmers) + 3*float64(farmers)
		seenFarmer := false
		for i, lp := range priors(before, alts, &w) {
			want := math.Log(1 / z)
			for _, m := range alts[i].Moves {
				if m.Kind == engine.MoveFollower && m.Spot.Kind == engine.FeatureField {
					want, seenFarmer = math.Log(3/z), true
				}
			}
			if math.Abs(lp-want) > 1e-9 {
				t.Errorf("turn %d: %v: log p %.6f, want %.6f", k+1, alts[i].Moves, lp, want)
			}
		}
		if !seenFarmer {
			t.Errorf("turn %d: no alternative puts a farmer", k+1)
		}
	}
}

// TestBestByScore: on the last turn of a game every value is exact, so
// successive halving keeps, and the review chooses, the alternative of
// the highest value + c · log p: the values from the final scores of
// every alternative played to the end, the log-probabilities from
// priors, under a model that likes no follower e^3 times as much as any
// follower. The move played is the worst, so the best is not it. By
// value alone the best has the highest value; with c = 10 the prior
// outweighs the values' differences and the best is another.
func TestBestByScore(t *testing.T) {
	lt := exactLastTurn(t)
	before, draws, alts, end, values, worst := lt.before, lt.draws, lt.alts, lt.end, lt.values, lt.worst
	// A model that likes no follower e^3 times as much as any follower.
	var w [engine.NumPolicyFeatures]float64
	w[engine.FeatNone] = 3
	logp := priors(before, alts, &w)
	for _, c := range []float64{0.5, 10} {
		top, topValue := math.Inf(-1), math.Inf(-1)
		for i := range alts {
			top = max(top, values[i]+c*logp[i])
			topValue = max(topValue, values[i])
		}
		tr, err := Turn(context.Background(), before, end(alts[worst].Moves), draws, Options{Rollouts: 500, Seed: 1, Prior: c, PriorWeights: &w})
		if err != nil {
			t.Fatal(err)
		}
		if tr.BestAt == tr.PlayedAt {
			t.Fatalf("c %v: the worst move played counted as best", c)
		}
		if got := values[tr.BestAt] + c*logp[tr.BestAt]; math.Abs(got-top) > 1e-9 {
			t.Errorf("c %v: best %v of score %.3f (value %v), want the highest score %.3f", c, alts[tr.BestAt].Moves, got, values[tr.BestAt], top)
		}
		plain, err := Turn(context.Background(), before, end(alts[worst].Moves), draws, Options{Rollouts: 500, Seed: 1, Prior: -1})
		if err != nil {
			t.Fatal(err)
		}
		if values[plain.BestAt] != topValue {
			t.Errorf("by value alone: best of value %v, want the highest, %v", values[plain.BestAt], topValue)
		}
		if c == 10 && values[tr.BestAt] == topValue {
			t.Errorf("c %v: the best by score has the highest value: the turn proves nothing", c)
		}
		if tr.Best.Value != values[tr.BestAt] {
			t.Errorf("c %v: best's value %v, want its exact value %v", c, tr.Best.Value, values[tr.BestAt])
		}
	}
}
