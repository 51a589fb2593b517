package luck

import (
	"context"
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/format"
	"github.com/towerlog/towerlog/replay"
	"github.com/towerlog/towerlog/review"
)

// load replays the first game of a record, as the commands read it.
func load(t *testing.T, path string) *replay.Game {
	t.Helper()
	g, err := format.LoadGame(path, 1, replay.Options{Lenient: true})
	if err != nil {
		t.Fatal(err)
	}
	if !g.Valid() {
		t.Fatalf("%s: %v", path, g.Diagnostics)
	}
	return g
}

// stateAt returns the game after turn k (0: before the first).
func stateAt(g *replay.Game, k int) *engine.Game {
	return replay.Replay(g.File, g.Index, g.Record, replay.Options{Stop: replay.StopAfter(k), Lenient: true}).State
}

func tile(t *testing.T, id string) engine.TileID {
	t.Helper()
	tid, ok := engine.LookupTile(id)
	if !ok {
		t.Fatalf("no tile %s", id)
	}
	return tid
}

// TestBigCity: the start tile D and two F (placed by turns 1 and 2, no
// follower) make a city of three tiles and two pennants, open to the
// north; the bag holds an E and a V, and Anna draws.
//
// With the E (exact: Bruno's V is the last tile) Anna closes the city
// with a knight: 4 tiles and 2 pennants, 12 points. Bruno's V is worth
// at most 3 to him (a farmer in a field beside the completed city; a
// thief on the road of D and V scores 2): +9. A farmer on the E instead
// scores 3, matched by Bruno's: 0. So the E is worth +9.
//
// With the V Anna cannot stop Bruno's E from closing the city with his
// knight (12). Her best is a farmer beside the city, 3 when Bruno closes
// it (−9), 0 when he does not (then his knight on the E alone scores 1:
// −1, worse for him); a thief on the road scores 2 (−10). So the V is
// worth −9.
//
// Each is drawn with chance 1/2: the mean is 0, the E's luck +9 and
// the V's −9, exactly.
func TestBigCity(t *testing.T) {
	g := load(t, "testdata/bigcity.cgn")
	before := stateAt(g, 2)
	for _, c := range []struct {
		tile string
		luck float64
		rank int
	}{{"E", 9, 1}, {"V", -9, 2}} {
		t.Run(c.tile, func(t *testing.T) {
			tl, err := Turn(context.Background(), before, []engine.TileID{tile(t, c.tile)}, Options{Rollouts: 50, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			if !tl.Exact || tl.Luck != c.luck || tl.Rank != c.rank || tl.Kinds != 2 {
				t.Errorf("luck %v (exact %v), rank %d of %d; want exactly %v, rank %d of 2", tl.Luck, tl.Exact, tl.Rank, tl.Kinds, c.luck, c.rank)
			}
			// In chance of winning: the lucky draw wins, the other loses (the
			// calibrated chance of the last tiles is near the rollouts' share).
			if c.luck > 0 && !(tl.Chance > 45) || c.luck < 0 && !(tl.Chance < -45) {
				t.Errorf("luck %.1f points is %.1f points of chance", tl.Luck, tl.Chance)
			}
			if LabelOf(tl.Luck, tl.Chance) != map[bool]Label{true: VeryLucky, false: VeryUnlucky}[c.luck > 0] {
				t.Errorf("labelled %q", LabelOf(tl.Luck, tl.Chance))
			}
		})
	}
}

// TestZeroMean: the luck of every tile the bag could have given,
// weighted by its count, averages to zero; the measure must not depend on
// which tile came (the same values for every tile, whichever was drawn).
// Turn 1 of bigcity.cgn (bag E, F, F, V: weights 1/4, 1/2, 1/4) and
// turn 2 (E, F, V), with rollouts.
func TestZeroMean(t *testing.T) {
	g := load(t, "testdata/bigcity.cgn")
	for k, bag := range [][]string{{"E", "F", "V"}, {"E", "F", "V"}} {
		before := stateAt(g, k)
		sum, total := 0.0, 0
		for _, id := range bag {
			tid := tile(t, id)
			tl, err := Turn(context.Background(), before, []engine.TileID{tid}, Options{Rollouts: 400, Seed: 5})
			if err != nil {
				t.Fatal(err)
			}
			n := before.BagCount(tid)
			sum += float64(n) * tl.Luck
			total += n
		}
		if total != before.TilesLeft() || math.Abs(sum/float64(total)) > 1e-9 {
			t.Errorf("turn %d: weighted mean luck %v over %d tiles of %d, want 0", k+1, sum/float64(total), total, before.TilesLeft())
		}
	}
}

// TestOneKind: a bag of one kind of tile gives no luck, and the drawn
// tile's best play is still given.
func TestOneKind(t *testing.T) {
	g := load(t, "testdata/onekind.cgn")
	res, err := Game(context.Background(), g, Options{Rollouts: 100, Seed: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Turns) != 3 {
		t.Fatalf("%d turns measured, want 3", len(res.Turns))
	}
	for k, tr := range res.Turns {
		if tr.Luck != 0 || tr.Chance != 0 || tr.Label != Ordinary {
			t.Errorf("turn %d: luck %v, chance %v, %q; want 0", tr.Number, tr.Luck, tr.Chance, tr.Label)
		}
		// The best play is still found, and is legal where the turn began.
		after := stateAt(g, k).Clone()
		for _, m := range tr.Drawn.Best {
			if err := after.Apply(m); err != nil {
				t.Errorf("turn %d: best play %v: %v", tr.Number, tr.Drawn.Best, err)
				break
			}
		}
		if len(tr.Drawn.Best) == 0 {
			t.Errorf("turn %d: no best play", tr.Number)
		}
	}
	for _, p := range res.Players {
		if p.Adjusted != float64(p.Margin) {
			t.Errorf("%s: adjusted %v, want the margin %d", p.Player, p.Adjusted, p.Margin)
		}
	}
}

// TestPrepared: a prepared bag has no luck: no turn is measured.
func TestPrepared(t *testing.T) {
	g := load(t, "../review/testdata/city.cgn")
	res, err := Game(context.Background(), g, Options{Rollouts: 100, Seed: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Prepared || len(res.Turns) != 0 {
		t.Errorf("prepared %v, %d turns; want a prepared bag and none", res.Prepared, len(res.Turns))
	}
}

// TestGame: bigcity.cgn's turn 3 is Anna's +9 (TestBigCity), turn 4 the
// last tile (no luck); the adjusted margins of two players are each
// other's opposite, and the same at any number of workers.
func TestGame(t *testing.T) {
	g := load(t, "testdata/bigcity.cgn")
	var results []*Result
	for _, j := range []int{1, 2, 3} {
		res, err := Game(context.Background(), g, Options{Rollouts: 300, Seed: 2, Workers: j}, nil)
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, res)
	}
	res := results[0]
	for _, r := range results[1:] {
		for i := range r.Turns {
			if a, b := r.Turns[i], res.Turns[i]; a.Luck != b.Luck || a.Chance != b.Chance || a.Rollouts != b.Rollouts {
				t.Errorf("turn %d: luck %v %v, chance %v %v, rollouts %d %d: the workers changed it", a.Number, a.Luck, b.Luck, a.Chance, b.Chance, a.Rollouts, b.Rollouts)
			}
		}
	}
	if len(res.Turns) != 4 || res.Turns[2].Luck != 9 || res.Turns[3].Luck != 0 {
		t.Fatalf("turns %+v", res.Turns)
	}
	a, b := res.Players[0], res.Players[1]
	if a.Margin != 9 || b.Margin != -9 || math.Abs(a.Adjusted+b.Adjusted) > 1e-9 {
		t.Errorf("margins %d %d, adjusted %v %v", a.Margin, b.Margin, a.Adjusted, b.Adjusted)
	}
	if want := 9 - a.Luck + b.Luck; math.Abs(a.Adjusted-want) > 1e-9 {
		t.Errorf("Anna's adjusted margin %v, want 9 − %v + %v", a.Adjusted, a.Luck, b.Luck)
	}
	if a.Luckiest != 3 || b.Unluckiest == 0 {
		t.Errorf("Anna's luckiest turn %d, Bruno's unluckiest %d", a.Luckiest, b.Unluckiest)
	}
}

// TestDiscard: a tile that fits nowhere is part of the draw. In
// duel-discard.cgn turn 10 draws a T12, which fits nowhere, then a T17:
// the draw is both, and the T12 among the bag's tiles is valued as its
// discard.
func TestDiscard(t *testing.T) {
	g := load(t, "../testdata/games/duel-discard.cgn")
	before := stateAt(g, 9)
	draws := []engine.TileID{tile(t, "T12"), tile(t, "T17")}
	tl, err := Turn(context.Background(), before, draws, Options{Rollouts: 600, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(tl.Drawn.Tiles, draws) || tl.Drawn.Count != 0 {
		t.Errorf("drawn %v (count %d), want T12 T17", tl.Drawn.Tiles, tl.Drawn.Count)
	}
	var found bool
	for _, d := range tl.Draws {
		if len(d.Tiles) == 1 && d.Tiles[0] == draws[0] {
			found = true
			if len(d.Best) != 2 || d.Best[1].Kind != engine.MoveDiscard {
				t.Errorf("T12's best play %v, want its discard", d.Best)
			}
		}
	}
	if !found || math.IsNaN(tl.Luck) || math.IsNaN(tl.Chance) {
		t.Errorf("T12 among the draws: %v; luck %v, chance %v", found, tl.Luck, tl.Chance)
	}
}

func TestLabelOf(t *testing.T) {
	nan := math.NaN()
	for _, c := range []struct {
		points, chance float64
		want           Label
	}{
		{0, 0, Ordinary}, {20, 4.9, Ordinary}, {0, 5, Lucky}, {0, 10, VeryLucky},
		{0, -5, Unlucky}, {0, -10, VeryUnlucky}, {4.9, nan, Ordinary}, {5, nan, Lucky},
		{-12, nan, VeryUnlucky}, {-7, nan, Unlucky}, {10, nan, VeryLucky},
	} {
		if got := LabelOf(c.points, c.chance); got != c.want {
			t.Errorf("LabelOf(%v, %v) = %q, want %q", c.points, c.chance, got, c.want)
		}
	}
}

// TestAnnotateRead: what Annotate writes, Read reads back, rounded to a
// tenth; a second Annotate replaces the first's comments.
func TestAnnotateRead(t *testing.T) {
	g := load(t, "testdata/bigcity.cgn")
	res, err := Game(context.Background(), g, Options{Rollouts: 100, Seed: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	Annotate(g.Record, res.Turns)
	Annotate(g.Record, res.Turns)
	got := Read(g.Record)
	if len(got) != len(res.Turns) {
		t.Fatalf("read %d turns, want %d", len(got), len(res.Turns))
	}
	for i, r := range got {
		want := res.Turns[i]
		if r.Number != want.Number || r.Player != want.Player || r.Luck != round1(want.Luck) || r.Chance != round1(want.Chance) {
			t.Errorf("read %+v, want turn %d %s %.1f %.1f", r, want.Number, want.Player, want.Luck, want.Chance)
		}
		if n := len(g.Record.Turns[i].Placement.Notes.Comments); n != 1 {
			t.Errorf("turn %d has %d comments, want 1", r.Number, n)
		}
	}
}

// TestPolicy: by default the rollouts are played as a review plays them,
// by the learned policy: the measure is the same as with that policy
// named, and another with the quick one (turn 1 of bigcity.cgn, with
// rollouts: the E, F, F and V of the bag valued by their rest of game).
func TestPolicy(t *testing.T) {
	g := load(t, "testdata/bigcity.cgn")
	before := stateAt(g, 0)
	measure := func(p review.Policy) *TurnLuck {
		tl, err := Turn(context.Background(), before, []engine.TileID{tile(t, "F")}, Options{Rollouts: 400, Seed: 3, Policy: p})
		if err != nil {
			t.Fatal(err)
		}
		return tl
	}
	def, learned, quick := measure(review.PolicyDefault), measure(review.PolicyLearned), measure(review.PolicyQuick)
	if !reflect.DeepEqual(def, learned) {
		t.Errorf("the default policy measures %+v, the learned one %+v", def, learned)
	}
	if reflect.DeepEqual(def, quick) {
		t.Errorf("the quick policy measures as the learned one: %+v", quick)
	}
}

// TestPrior: each draw's best play is sought as a review seeks its best
// move, by value plus the prior's bonus (review.Bonuses): with a prior
// so heavy that the bonus outweighs any value, the best play of every
// draw is one of the move model's favourites (equal bonuses); with none, the search by value
// alone finds another for some draw (turn 1 of bigcity.cgn, with
// rollouts).
func TestPrior(t *testing.T) {
	g := load(t, "testdata/bigcity.cgn")
	before := stateAt(g, 0)
	measure := func(prior float64) *TurnLuck {
		tl, err := Turn(context.Background(), before, []engine.TileID{tile(t, "F")}, Options{Rollouts: 400, Seed: 3, Prior: prior})
		if err != nil {
			t.Fatal(err)
		}
		return tl
	}
	heavy, none := measure(1000), measure(-1)
	differ := false
	for i, d := range heavy.Draws {
		alts, err := review.Alternatives(before, d.Tiles)
		if err != nil {
			t.Fatal(err)
		}
		bonuses := review.Bonuses(before, alts, review.Options{Prior: 1000})
		top, got := math.Inf(-1), math.NaN()
		for k, b := range bonuses {
			top = max(top, b)
			if slices.Equal(alts[k].Moves, d.Best) {
				got = b
			}
		}
		if got != top {
			t.Errorf("%v: best play %v has the bonus %v, the model's favourites %v", d.Tiles, d.Best, got, top)
		}
		differ = differ || !slices.Equal(none.Draws[i].Best, d.Best)
	}
	if !differ {
		t.Error("without a prior every draw's best play is the model's favourite")
	}
}

// TestCalibrated: the luck given is the evaluator's times the
// calibration's factor at the turn's share of tiles left, except where
// the values are exact; the same seed gives the same evaluator's luck
// calibrated or not, and the calibrated luck still averages to zero over
// the bag (the factor is the turn's, whichever tile came).
func TestCalibrated(t *testing.T) {
	g := load(t, "testdata/bigcity.cgn")
	before := stateAt(g, 0) // bag E, F, F, V: not exact
	scale, uncalibrated := Scale{Base: 0.25, Left: 1}, Uncalibrated()
	sum := 0.0
	for _, id := range []string{"E", "F", "V"} {
		tid := tile(t, id)
		cal, err := Turn(context.Background(), before, []engine.TileID{tid}, Options{Rollouts: 400, Seed: 5, Scale: &scale})
		if err != nil {
			t.Fatal(err)
		}
		raw, err := Turn(context.Background(), before, []engine.TileID{tid}, Options{Rollouts: 400, Seed: 5, Scale: &uncalibrated})
		if err != nil {
			t.Fatal(err)
		}
		// 4 tiles left of 5 (the start tile is placed).
		want := 0.25 + 4.0/5
		if cal.Exact || cal.Left != 4 || cal.Total != 5 || math.Abs(cal.Factor-want) > 1e-12 {
			t.Fatalf("%s: exact %v, %d left of %d, factor %v; want 4 of 5, %v", id, cal.Exact, cal.Left, cal.Total, cal.Factor, want)
		}
		if cal.Raw != raw.Raw || raw.Luck != raw.Raw || raw.Factor != 1 || math.Abs(cal.Luck-want*raw.Raw) > 1e-12 ||
			math.Abs(cal.Chance-want*raw.Chance) > 1e-12 {
			t.Errorf("%s: calibrated %v (%v%%), raw %v (%v%%), uncalibrated run %v", id, cal.Luck, cal.Chance, cal.Raw, cal.RawChance, raw.Luck)
		}
		sum += float64(before.BagCount(tid)) * cal.Luck
	}
	if math.Abs(sum) > 1e-9 {
		t.Errorf("weighted sum of the calibrated luck %v, want 0", sum)
	}
	// Exact: turn 3 of bigcity.cgn has two tiles left; its luck is not scaled.
	tl, err := Turn(context.Background(), stateAt(g, 2), []engine.TileID{tile(t, "E")}, Options{Rollouts: 400, Seed: 5, Scale: &scale})
	if err != nil {
		t.Fatal(err)
	}
	if !tl.Exact || tl.Factor != 1 || tl.Luck != tl.Raw {
		t.Errorf("exact turn: exact %v, factor %v, luck %v, raw %v", tl.Exact, tl.Factor, tl.Luck, tl.Raw)
	}
}
