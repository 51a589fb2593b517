package engine

import (
	"slices"
	"testing"
)

// TestPolicyMoves: at every turn of games played in each style, the
// learned policy's moves are exactly the legal ones: each legal placement
// of the tile drawn with no follower and with each figure the rules let
// the mover put on it (legalFollowers, the followers only). A follower
// that scores at once (FeatFollowerDone) is one whose feature the turn
// completes: after the turn ends, the follower is no longer on the tile.
func TestPolicyMoves(t *testing.T) {
	for _, c := range rolloutGames {
		t.Run(c.name, func(t *testing.T) {
			_, moves, err := Generate(GenOptions{Players: c.players, Rules: c.rules, Seed: 5, Style: StyleLearned})
			if err != nil {
				t.Fatal(err)
			}
			g, err := NewGame(Setup{Players: c.players, Rules: c.rules})
			if err != nil {
				t.Fatal(err)
			}
			checked := 0
			for _, m := range moves {
				if g.Phase() == PhasePlace && m.Kind == MovePlace {
					checkPolicyMoves(t, g)
					checked++
				}
				if err := g.Apply(m); err != nil {
					t.Fatal(err)
				}
			}
			if checked < 40 || !g.Over() {
				t.Errorf("%d turns checked, the game over: %v", checked, g.Over())
			}
		})
	}
}

func checkPolicyMoves(t *testing.T, g *Game) {
	t.Helper()
	var want []string
	for _, p := range g.Placements(g.Drawn(), nil) {
		want = append(want, Move{Kind: MovePlace, Pos: p.Pos, Rot: p.Rot}.String())
		c := g.Clone()
		if err := c.Apply(Move{Kind: MovePlace, Pos: p.Pos, Rot: p.Rot}); err != nil {
			t.Fatal(err)
		}
		if g.supply[g.player] == 0 {
			continue
		}
		for _, f := range c.legalSpots(nil, FigureFollower) {
			want = append(want, Move{Kind: MovePlace, Pos: p.Pos, Rot: p.Rot}.String()+" "+f.String())
		}
	}
	var got []string
	for _, pm := range g.PolicyMoves(nil) {
		s := Move{Kind: MovePlace, Pos: pm.Pos, Rot: pm.Rot}.String()
		if pm.Spot.Kind != FeatureNone {
			f := Move{Kind: MoveFollower, Spot: pm.Spot, Figure: FigureFollower}
			s += " " + f.String()
			c := g.Clone()
			for _, m := range []Move{{Kind: MovePlace, Pos: pm.Pos, Rot: pm.Rot}, f, {Kind: MoveEndTurn}} {
				if err := c.Apply(m); err != nil {
					t.Fatalf("turn %d, %s: %v", g.Turn(), s, err)
				}
			}
			back := !slices.ContainsFunc(c.Followers(), func(f FollowerInfo) bool { return f.Pos == pm.Pos && f.Spot == pm.Spot })
			if done := pm.Features[FeatFollowerDone] > 0; done != back && c.TilesLeft() > 0 {
				t.Errorf("turn %d, %s: scores at once %v, the follower back %v", g.Turn(), s, done, back)
			}
		} else if pm.Features[FeatNone] != 1 {
			t.Errorf("turn %d, %s: no follower, FeatNone %v", g.Turn(), s, pm.Features[FeatNone])
		}
		checkSurroundings(t, g, pm)
		got = append(got, s)
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("turn %d: policy moves\n%v\nwant\n%v", g.Turn(), got, want)
	}
}

// checkSurroundings checks a move's holes and cloister neighbours against
// a count square by square: the empty squares next to it with at least
// two other tiles around them, and the followers on cloisters among the
// eight squares around it, the mover's and the others'.
func checkSurroundings(t *testing.T, g *Game, pm PolicyMove) {
	t.Helper()
	holes := 0
	for e := North; e <= West; e++ {
		q := pm.Pos.Step(e)
		if g.grid.get(q) >= 0 {
			continue
		}
		around := 0
		for f := North; f <= West; f++ {
			if r := q.Step(f); r != pm.Pos && g.grid.get(r) >= 0 {
				around++
			}
		}
		if around >= 2 {
			holes++
		}
	}
	mine, others := 0, 0
	for _, f := range g.Followers() {
		if f.Spot.Kind != FeatureCloister || abs(f.Pos.X-pm.Pos.X) > 1 || abs(f.Pos.Y-pm.Pos.Y) > 1 {
			continue
		}
		if f.Player == g.player {
			mine++
		} else {
			others++
		}
	}
	got := [3]float64{pm.Features[FeatHoles], pm.Features[FeatMyCloister], pm.Features[FeatOthersCloister]}
	if want := [3]float64{float64(holes), float64(mine), float64(others)}; got != want {
		t.Errorf("turn %d, %v: holes, own and others' cloisters %v, want %v", g.Turn(), pm.Placement, got, want)
	}
}
