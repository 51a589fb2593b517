package main

import (
	"testing"

	"github.com/towerlog/towerlog/review"
)

// TestRankCheck: a turn described by hand. The move played (value 2.0) is
// listed second of four; after it, one alternative at 1.0 (below), one at
// 3.0 ± 0.4 (above by 1.0, more than twice 0.4: an inversion) and, in
// the second case, one at 2.5 ± 0.5 (above by 0.5, within twice 0.5).
func TestRankCheck(t *testing.T) {
	played := review.Eval{Value: 2}
	top := []review.Ranked{{Eval: review.Eval{Value: 4, StdErr: 0.1}}, {Eval: played}, {Eval: review.Eval{Value: 1}}, {Eval: review.Eval{Value: 3, StdErr: 0.4}}}
	tr := &review.TurnReview{Played: played, PlayedAt: 5, Top: top}
	gt := &review.GameTurn{TurnReview: tr, PlayedText: "U@1,0r0", TopText: []string{"V@0,1r0", "U@1,0r0", "E@0,-1r180", "K@2,0r90"}}
	if listed, after, above, inv := rankCheck(gt); !listed || after != 2 || above != 1 || inv != 1 {
		t.Errorf("listed %v, %d after, %d above, %d inversions; want true, 2, 1, 1", listed, after, above, inv)
	}
	tr.Top[3].Eval = review.Eval{Value: 2.5, StdErr: 0.5}
	if _, _, above, inv := rankCheck(gt); above != 1 || inv != 0 {
		t.Errorf("%d above, %d inversions; want 1 above, none an inversion", above, inv)
	}
	gt.PlayedText = "X@3,3r0"
	if listed, after, _, _ := rankCheck(gt); listed || after != 0 {
		t.Error("a move played not listed has alternatives listed after it")
	}
}
