package review

import (
	"context"
	"fmt"
	"github.com/towerlog/towerlog/internal/english"
	"math"
	"slices"
	"testing"

	"github.com/towerlog/towerlog/engine"
)

// TestGrades: the grade of a drop of the chance of winning, at and around
// each of lichess's lines (5, 10, 15 points of chance) and ours (2); a
// move whose points given away are not clear is best whatever the drop.
func TestGrades(t *testing.T) {
	for _, c := range []struct {
		drop  float64
		clear bool
		want  Grade
	}{
		{0, true, Excellent}, {1.9, true, Excellent}, {2, true, Good}, {4.9, true, Good},
		{5, true, Inaccuracy}, {9.9, true, Inaccuracy}, {10, true, Mistake}, {14.9, true, Mistake},
		{15, true, Blunder}, {60, true, Blunder}, {60, false, Best},
	} {
		if got := gradeOf(c.drop, c.clear); got != c.want {
			t.Errorf("drop %v, clear %v: %s, want %s", c.drop, c.clear, got, c.want)
		}
	}
	for g, want := range map[Grade]string{Best: "", Excellent: "", Good: "", Inaccuracy: "?!", Mistake: "?", Blunder: "??"} {
		if got := g.Glyph().String(); got != want {
			t.Errorf("%s: glyph %q, want %q", g, got, want)
		}
	}
	// Points given away within TieWithin, or within twice their error,
	// are not clear: the moves are equal.
	for _, c := range []struct {
		given, err float64
		want       bool
	}{{0.4, 0.01, false}, {0.6, 0.01, true}, {3, 1.6, false}, {3, 1.4, true}} {
		tr := TurnReview{GivenAway: c.given, GivenAwayErr: c.err}
		if tr.Clear() != c.want {
			t.Errorf("%v ±%v given away: clear %v, want %v", c.given, c.err, tr.Clear(), c.want)
		}
	}
}

// TestAccuracy checks lichess's formulas on values worked out by hand:
// a move's accuracy 103.1668·e^(−0.04354·drop) − 3.1669, and a seat's the
// mean of the volatility-weighted mean and the harmonic mean of its moves'.
func TestAccuracy(t *testing.T) {
	near := func(got, want float64) bool { return math.Abs(got-want) < 0.001 }
	for drop, want := range map[float64]float64{0: 100, -3: 100, 5: 79.8170, 10: 63.5826, 20: 40.0204, 100: 0} {
		if got := MoveAccuracy(drop); !near(got, want) {
			t.Errorf("MoveAccuracy(%v) = %v, want %v", drop, got, want)
		}
	}
	// Four turns, seats 0 1 0 1: windows of two chances (a tenth of four
	// turns is less than two), so move i is weighted by the standard
	// deviation of the chances before and after it: 0 → 0.5, 10, 0 → 0.5,
	// 15 → 12. Seat 0: accuracies 100 and 63.5826, both weighted 0.5:
	// means 81.7913 and 77.7376, accuracy 79.7645. Seat 1: 40.0204
	// (weight 10) and 100 (weight 12): 72.7366 and 57.1637, 64.9501.
	got := Accuracy([]int{0, 1, 0, 1}, []float64{0, 20, 10, 0}, []float64{50, 50, 70, 70, 40}, 3)
	if !near(got[0], 79.7645) || !near(got[1], 64.9501) || !math.IsNaN(got[2]) {
		t.Errorf("accuracy %v, want [79.7645 64.9501 NaN]", got)
	}
}

// TestTopAlternatives: on a last turn every value is exact, so the top
// three are the three best of the alternatives, each scored here by
// playing its moves; the ties are the alternatives as good as the best,
// and the move played's rank counts the better ones.
func TestTopAlternatives(t *testing.T) {
	g := load(t, "../testdata/games/duel-discard.cgn")
	before, after, draws := turnAt(g, len(g.Turns)-1)
	alts, err := Alternatives(before, draws)
	if err != nil {
		t.Fatal(err)
	}
	mover := before.Player()
	margin := func(moves []engine.Move) float64 {
		c := before.Clone()
		for _, m := range moves {
			mustApply(t, c, m)
		}
		s := c.Scores()
		return float64(s[mover] - s[1-mover])
	}
	var values []float64
	for _, a := range alts {
		values = append(values, margin(a.Moves))
	}
	sorted := slices.Sorted(slices.Values(values))
	slices.Reverse(sorted)
	tr, err := Turn(context.Background(), before, after, draws, Options{Rollouts: 500, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Top) != 3 {
		t.Fatalf("%d top alternatives, want 3", len(tr.Top))
	}
	for i, r := range tr.Top {
		if r.Value != sorted[i] || margin(r.Moves) != sorted[i] {
			t.Errorf("top %d: %v (its moves end at %v), want %v", i+1, r.Value, margin(r.Moves), sorted[i])
		}
	}
	ties, better, asGood := 0, 0, 0
	played := margin(tr.playedMoves)
	for _, v := range values {
		if v == sorted[0] {
			ties++
		}
		if v > played {
			better++
		}
		if v >= played {
			asGood++
		}
	}
	if tr.Tied != ties {
		t.Errorf("%d tied, want %d", tr.Tied, ties)
	}
	if tr.PlayedRank <= better || tr.PlayedRank > asGood {
		t.Errorf("the move played (%v) ranks %d, want from %d to %d", played, tr.PlayedRank, better+1, asGood)
	}
}

// TestWhy: what the best moves of the hand-built positions do, as their
// descriptions say (review/testdata).
func TestWhy(t *testing.T) {
	for _, c := range []struct {
		name string
		want []string
	}{
		// A city of 7 tiles with 3 pennants completed: 2·7 + 2·3 = 20;
		// the E's field gets a farmer, and borders that city, the only
		// one on the board, completed by the same tile.
		{"city", []string{"claims a field of 1 completed city with a farmer", "completes a city of 7 tiles for 20 and takes back the followers on it"}},
		// The T12's foundation gets its first floor; height 1 reaches the
		// city tile next to it and captures Bruno's knight.
		{"capture", []string{"raises a tower to 1", "captures Bruno's follower on a city"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := load(t, "testdata/"+c.name+".cgn")
			turns, err := Game(context.Background(), g, Options{Rollouts: 500, Seed: 1, Turns: []int{len(g.Turns)}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := turns[0].BestWhy; !slices.Equal(got, c.want) {
				t.Errorf("best %s: why %q, want %q", turns[0].BestText, got, c.want)
			}
		})
	}
}

// TestChanceKnowsTheFirstPlayersEdge: before anything has happened (the
// second player's start, an even share of the rollouts, no margin, no
// score), the chance of the first player is about the share of the games
// of the development corpus the first player won: 185 of 321 and 4
// shared, 187 in all (58.3%, counted from the corpus's final scores). The
// chances add up to one.
func TestChanceKnowsTheFirstPlayersEdge(t *testing.T) {
	g, err := engine.NewGame(engine.Setup{Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	c := chance(g, 1, Eval{Win: []float64{0.5, 0.5}})
	if math.Abs(c[0]-187.0/321) > 0.02 || math.Abs(c[0]+c[1]-1) > 1e-12 {
		t.Errorf("chances %v at the start, want about %.3f for the first player", c, 187.0/321)
	}
}

// TestChanceAtTheEnd: with no tile left the rollouts are exact, and the
// chance is their share of wins, not the model's.
func TestChanceAtTheEnd(t *testing.T) {
	g := load(t, "../testdata/games/duel-discard.cgn")
	end := stateAt(g, len(g.Turns))
	if end.TilesLeft() != 0 || end.NumPlayers() != 2 {
		t.Fatalf("%d tiles left, %d players", end.TilesLeft(), end.NumPlayers())
	}
	if c := chance(end, 0, Eval{Value: 5, Win: []float64{1, 0}}); c[0] != 1 || c[1] != 0 {
		t.Errorf("chances %v at the end of a game won, want [1 0]", c)
	}
}

// TestRankOfAPoorMovePlayed: on the last turn of a game every value is
// exact. Played there, the worst alternative is kept by successive
// halving to the last round only because it was played; its rank by value
// is still 1 + the alternatives that score more (counted here by playing
// each), certain, and every listed alternative is at least as good.
func TestRankOfAPoorMovePlayed(t *testing.T) {
	lt := exactLastTurn(t)
	before, draws, alts, end, values, worst := lt.before, lt.draws, lt.alts, lt.end, lt.values, lt.worst
	better := 0
	for _, v := range values {
		if v > values[worst] {
			better++
		}
	}
	if better < 4 {
		t.Fatalf("only %d alternatives beat the worst: the turn proves nothing", better)
	}
	tr, err := Turn(context.Background(), before, end(alts[worst].Moves), draws, Options{Rollouts: 500, Seed: 1, Top: 5})
	if err != nil {
		t.Fatal(err)
	}
	if tr.PlayedRank != better+1 || tr.RankLow != better+1 || tr.RankHigh != better+1 {
		t.Errorf("the worst move ranks %d (from %d to %d), want %d, certain", tr.PlayedRank, tr.RankLow, tr.RankHigh, better+1)
	}
	if got := tr.RankText(); got != english.Ordinal(better+1)+" of "+fmt.Sprint(len(alts)) {
		t.Errorf("rank %q", got)
	}
	if len(tr.Top) != 5 {
		t.Fatalf("%d listed, want 5", len(tr.Top))
	}
	for i, r := range tr.Top {
		if r.Value <= values[worst] {
			t.Errorf("top %d: %v, no better than the move played (%v)", i+1, r.Value, values[worst])
		}
	}
}

// lastTurn is the last turn of a two-player game, where every value is
// exact: the position before it and its draws, its alternatives, end
// (the game after an alternative's moves), each alternative's value (the
// mover's final margin, from the final scores) and the worst of them.
type lastTurn struct {
	before *engine.Game
	draws  []engine.TileID
	alts   []Alternative
	end    func(moves []engine.Move) *engine.Game
	values []float64
	worst  int
}

// exactLastTurn is the last turn of testdata/games/duel-discard.cgn.
func exactLastTurn(t *testing.T) lastTurn {
	t.Helper()
	g := load(t, "../testdata/games/duel-discard.cgn")
	before, _, draws := turnAt(g, len(g.Turns)-1)
	alts, err := Alternatives(before, draws)
	if err != nil {
		t.Fatal(err)
	}
	lt := lastTurn{before: before, draws: draws, alts: alts, values: make([]float64, len(alts))}
	lt.end = func(moves []engine.Move) *engine.Game {
		c := before.Clone()
		for _, m := range moves {
			mustApply(t, c, m)
		}
		return c
	}
	mover := before.Player()
	for i, a := range alts {
		s := lt.end(a.Moves).Scores()
		lt.values[i] = float64(s[mover] - s[1-mover])
		if lt.values[i] < lt.values[lt.worst] {
			lt.worst = i
		}
	}
	return lt
}

// TestRankUncertain: a hand-built evaluation. The move played (the
// reference, 400 rollouts, mean 1) was kept to the last round; A (last
// round, mean 4, every difference from the move played +3 or thereabouts)
// is surely above; B, dropped after 8 rollouts with a mean of 2 and
// differences of ±10 around +1, may be above or below; C (mean −3,
// differences −4 ± 0.5) is surely below. The rank by value is 3 (A and B
// above); within twice the errors it lies from 2 to 3: "about 3rd of 4".
func TestRankUncertain(t *testing.T) {
	mk := func(n int, margins, diffs []int64) *candidate {
		c := &candidate{}
		for i := range n {
			c.t.Record(margins[i%len(margins)], 1)
			if diffs != nil {
				c.t.recordDiff(diffs[i%len(diffs)])
			}
		}
		return c
	}
	played := mk(400, []int64{0, 2}, nil)
	a := mk(400, []int64{3, 5}, []int64{3, 3, 2, 4})
	b := mk(8, []int64{12, -8}, []int64{11, -9})
	c := mk(400, []int64{-3}, []int64{-4, -3, -5, -4})
	ev := &evaluation{cands: []*candidate{a, played, b, c}, ref: 1}
	rank, low, high := ev.rank(1)
	if rank != 3 || low != 2 || high != 3 {
		t.Errorf("rank %d from %d to %d, want 3 from 2 to 3", rank, low, high)
	}
	tr := TurnReview{PlayedRank: rank, RankLow: low, RankHigh: high, Alternatives: 4}
	if got := tr.RankText(); got != "about 3rd of 4" {
		t.Errorf("rank %q, want %q", got, "about 3rd of 4")
	}
	if got := ev.ranking(); !slices.Equal(got, []int{0, 2, 1, 3}) {
		t.Errorf("ranking %v, want [0 2 1 3]", got)
	}
}

// TestDecided: many points given away under a mild grade say that the
// chance hardly moved, and the comment carries it for the report; a few
// points, points within their error, or a grade of inaccuracy or worse
// say nothing.
func TestDecided(t *testing.T) {
	decided := TurnReview{GivenAway: 7.4, GivenAwayErr: 1, Drop: 1.2, Grade: Excellent}
	cases := []struct {
		name string
		tr   TurnReview
		want string
	}{
		{"decided", decided, "7.4 points given away, but the chance moved 1%"},
		{"no move", TurnReview{GivenAway: 6, GivenAwayErr: 1, Drop: 0.3, Grade: Excellent}, "6.0 points given away, but the chance moved less than 1%"},
		{"good", TurnReview{GivenAway: 5, GivenAwayErr: 1, Drop: 4.4, Grade: Good}, "5.0 points given away, but the chance moved 4%"},
		{"few points", TurnReview{GivenAway: 4.9, GivenAwayErr: 1, Drop: 1, Grade: Excellent}, ""},
		{"within the error", TurnReview{GivenAway: 7.4, GivenAwayErr: 4, Drop: 1, Grade: Best}, ""},
		{"inaccuracy", TurnReview{GivenAway: 7.4, GivenAwayErr: 1, Drop: 6, Grade: Inaccuracy}, ""},
	}
	for _, c := range cases {
		if got := c.tr.Decided(); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	gt := GameTurn{Number: 60, Player: "Bob", TurnReview: &decided, PlayedWhy: []string{"completes a road of 2 tiles for 2", decided.Decided()}}
	gt.Chance = []float64{0.99, 0.01}
	gt.BestAt = 1
	gt.BestText = "E@1,0r0"
	s, ok := readComment(gt.Comment([]string{"Anna", "Bob"}), []string{"Anna", "Bob"})
	if want := "completes a road of 2 tiles for 2, 7.4 points given away, but the chance moved 1%"; !ok || s.PlayedWhy != want {
		t.Errorf("the report reads %q (%v), want %q", s.PlayedWhy, ok, want)
	}
}
