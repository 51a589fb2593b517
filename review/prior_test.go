package review

import (
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
