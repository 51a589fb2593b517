package review

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// load replays the only game of a CGN file.
func load(t *testing.T, path string) *replay.Game {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	games, err := record.Parse(bytes.NewReader(src), path)
	if err != nil {
		t.Fatal(err)
	}
	g := replay.Replay(path, 1, games[0], replay.Options{Lenient: true})
	if !g.Valid() {
		t.Fatalf("%s: %v", path, g.Diagnostics)
	}
	return g
}

// turnAt returns turn k's game before it (k from 0), after it, and the
// tiles it drew: the discarded ones, then the one placed.
func turnAt(g *replay.Game, k int) (before, after *engine.Game, draws []engine.TileID) {
	t := g.Turns[k]
	return stateAt(g, k), stateAt(g, k+1), append(append([]engine.TileID(nil), t.Discards...), t.Tile)
}

// drawn returns a copy of before with the tiles draws drawn (each but the
// last discarded).
func drawn(t *testing.T, before *engine.Game, draws []engine.TileID) *engine.Game {
	t.Helper()
	root := before.Clone()
	for i, d := range draws {
		mustApply(t, root, engine.Move{Kind: engine.MoveDraw, Tile: d})
		if i < len(draws)-1 {
			mustApply(t, root, engine.Move{Kind: engine.MoveDiscard})
		}
	}
	return root
}

// stateAt returns the game after turn k (0: before the first).
func stateAt(g *replay.Game, k int) *engine.Game {
	return replay.Replay(g.File, g.Index, g.Record, replay.Options{Stop: replay.StopAfter(k), Lenient: true}).State
}

// exhaustive returns the best final margin the mover of g (a game in the
// draw phase of its last turn, which draws tile) can reach, by trying
// every legal move at every step of the turn, ransoms at any step
// included, and scoring the end.
func exhaustive(t *testing.T, g *engine.Game, mover int) float64 {
	t.Helper()
	if g.Over() {
		other := math.MinInt
		for p := range g.NumPlayers() {
			if p != mover {
				other = max(other, g.Score(p))
			}
		}
		return float64(g.Score(mover) - other)
	}
	if g.Player() != mover {
		t.Fatalf("turn %d is not the last: seat %d plays next", g.Turn(), g.Player())
	}
	best := math.Inf(-1)
	moves := g.LegalMoves(nil)
	if g.Phase() == engine.PhaseEnd {
		moves = append(moves, engine.Move{Kind: engine.MoveEndTurn})
	}
	for _, m := range moves {
		c := g.Clone()
		if err := c.Apply(m); err != nil {
			t.Fatal(err)
		}
		best = max(best, exhaustive(t, c, mover))
	}
	return best
}

// TestLastTurnExact: on the last turn no tile is hidden, so the review's
// best move must be worth the best margin found by trying every legal way
// of playing the turn to the end, and its value must be exact.
func TestLastTurnExact(t *testing.T) {
	for _, file := range []string{
		"../testdata/games/duel-discard.cgn",
		"../testdata/games/duel-own-capture.cgn",
		"../testdata/cgn/tower-exchange-ransom.cgn",
		"../testdata/games/base-game.cgn",
	} {
		t.Run(strings.TrimSuffix(file[strings.LastIndex(file, "/")+1:], ".cgn"), func(t *testing.T) {
			g := load(t, file)
			before, after, draws := turnAt(g, len(g.Turns)-1)
			if !after.Over() {
				t.Fatalf("the game goes on after turn %d", g.Turns[len(g.Turns)-1].Number)
			}
			// The exhaustive search draws the same tiles first.
			want := exhaustive(t, drawn(t, before, draws), before.Player())
			tr, err := Turn(context.Background(), before, after, draws, Options{Rollouts: 200, Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			if tr.Best.Value != want || tr.Best.StdErr != 0 {
				t.Errorf("best %v ±%v, want exactly %v", tr.Best.Value, tr.Best.StdErr, want)
			}
			// The best move's moves, replayed, give that margin.
			c := before.Clone()
			for _, m := range tr.BestMoves {
				mustApply(t, c, m)
			}
			if got := exhaustive(t, c, before.Player()); got != want {
				t.Errorf("the best move's moves end at %v, want %v", got, want)
			}
		})
	}
}

func mustApply(t *testing.T, g *engine.Game, m engine.Move) {
	t.Helper()
	if err := g.Apply(m); err != nil {
		t.Fatal(err)
	}
}

// TestObviousPositions reviews hand-built positions whose best move any
// player sees, each followed by the obvious mistake; the review must find
// the best move and count many points given away for the mistake, with
// either rollout policy (the learned one, fitted on base games, on the
// positions without a tower: its rollouts of a Tower game raise fewer
// towers, and the capture's worth after it is not the 6 points below).
func TestObviousPositions(t *testing.T) {
	for _, p := range []Policy{PolicyQuick, PolicyLearned} {
		t.Run(p.String(), func(t *testing.T) { obviousPositions(t, p) })
	}
}

func obviousPositions(t *testing.T, policy Policy) {
	for _, c := range []struct {
		name string
		// wantPlace is where the best move puts the tile; wantAction the
		// best move's action, as CGN writes it (its follower or capture).
		wantPlace    engine.Pos
		wantAction   string
		minGivenAway float64
		grades       []Grade // from the drop of the chance of winning
		wantStart    string  // how the best move starts (a ransom)
	}{
		// Anna's city of 7 tiles and 3 pennants (D, Q, F, F, G, E) needs
		// one more E: completed it scores 20 now, left open 10 at the
		// end; the E's field then holds a farmer of the completed city (3
		// more). 13 given away, rollouts or none (the city cannot be
		// completed later: the tiles left are V).
		// Anna leads by more than the last two tiles (V, roads) can
		// change, whatever she plays: the 13 points cost her next to
		// nothing of her chance of winning, so the slip is no mistake.
		{"city", engine.Pos{X: 2, Y: -1}, "+F:NL.NR.EL.ER.SL.SR", 12, []Grade{Excellent, Good}, "E@"},
		// Bruno's follower holds an open city of 5 tiles and 3 pennants
		// (8 points at the end, no tile left can complete it); a floor
		// on the T12 next to it captures the follower.
		// Bruno leads until the capture: without it Anna loses most games,
		// with it about four in ten (more than 15 points of chance).
		{"capture", engine.Pos{}, "^0,-2 x0,-1:C:_N", 6, []Grade{Blunder}, "E@"},
		// Anna has no follower left, 4 points, and Bruno holds one of
		// hers; her E completes a city of 7 tiles and 3 pennants that no
		// one holds. Bought back (3 points to Bruno), her follower takes
		// it: 20 points, a margin 14 better than leaving it open (no tile
		// left can complete it). Her four cloisters win the game anyway
		// (the last five tiles are V): no chance lost.
		{"ransom", engine.Pos{X: 2, Y: -1}, "+C:W", 10, []Grade{Excellent, Good}, "$Bruno E@"},
	} {
		if policy == PolicyLearned && c.name == "capture" {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			g := load(t, "testdata/"+c.name+".cgn")
			turns, err := Game(context.Background(), g, Options{Rollouts: 3000, Seed: 1, Policy: policy}, nil)
			if err != nil {
				t.Fatal(err)
			}
			last := turns[len(turns)-1]
			if !strings.HasPrefix(last.BestText, c.wantStart) || !strings.HasSuffix(last.BestText, " "+c.wantAction) {
				t.Errorf("best %q, want it to start %q and end %q", last.BestText, c.wantStart, c.wantAction)
			}
			if c.wantPlace != (engine.Pos{}) && !strings.Contains(last.BestText, "@"+c.wantPlace.String()[1:len(c.wantPlace.String())-1]) {
				t.Errorf("best %q, want the tile at %v", last.BestText, c.wantPlace)
			}
			if !last.Clear() || last.GivenAway < c.minGivenAway {
				t.Errorf("given away %.1f ±%.1f, want at least %v, clear", last.GivenAway, last.GivenAwayErr, c.minGivenAway)
			}
			if !slices.Contains(c.grades, last.Grade) || last.Glyph() != last.Grade.Glyph() {
				t.Errorf("grade %s, glyph %q (chance %.3f played, %.3f best); want one of %v", last.Grade, last.Glyph(), last.PlayedChance, last.BestChance, c.grades)
			}
		})
	}
}

// TestReproducible: the same seed gives the same review, byte for byte,
// on one worker or several, with either rollout policy.
func TestReproducible(t *testing.T) {
	for _, p := range []Policy{PolicyQuick, PolicyLearned} {
		t.Run(p.String(), func(t *testing.T) { reproducible(t, p) })
	}
}

func reproducible(t *testing.T, policy Policy) {
	g := load(t, "../testdata/cgn/tower-exchange-ransom.cgn")
	var out [3][]byte
	for i, w := range []int{1, 2, 3} {
		turns, err := Game(context.Background(), g, Options{Rollouts: 150, Seed: 9, Workers: w, Policy: policy}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for k := range turns {
			b, _ := json.Marshal(turns[k].JSON([]string{"Anna", "Bob"}))
			out[i] = append(append(out[i], b...), '\n')
		}
	}
	if !bytes.Equal(out[0], out[1]) || !bytes.Equal(out[0], out[2]) {
		t.Fatalf("-j 1, 2 and 3 differ:\n%s\n%s\n%s", out[0], out[1], out[2])
	}
}

// TestReviewRealGame reviews a club game: the annotated record is
// canonical (fmt leaves it unchanged), replays as the original did, and
// every best move written as a variation replays legally in its place.
func TestReviewRealGame(t *testing.T) {
	g := load(t, "../testdata/games/duel-guard-capture.cgn")
	turns, err := Game(context.Background(), g, Options{Rollouts: 60, Seed: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(turns) == 0 {
		t.Fatal("no turn reviewed")
	}
	names := []string{g.Players[0].Name, g.Players[1].Name}
	Annotate(g.Record, turns, names, "towerlog review --seed 1 --rollouts 60")
	text := record.AppendGame(nil, g.Record)
	games, err := record.Parse(bytes.NewReader(text), "reviewed.cgn")
	if err != nil {
		t.Fatal(err)
	}
	if again := record.AppendGame(nil, games[0]); !bytes.Equal(again, text) {
		t.Fatalf("formatting the reviewed record changes it:\n%s\n---\n%s", text, again)
	}
	re := replay.Replay("reviewed.cgn", 1, games[0], replay.Options{})
	if !re.Valid() {
		t.Fatalf("the reviewed record is invalid: %v", re.Diagnostics)
	}
	variations := 0
	for k, rt := range games[0].Turns {
		for _, v := range rt.Variations {
			variations++
			line := &record.Game{Turns: append(append([]*record.Turn(nil), games[0].Turns[:k]...), v.Turns...)}
			for _, tag := range games[0].Tags {
				c := *tag
				line.Tags = append(line.Tags, &c)
			}
			line.SetTag("Result", "*") // the line stops after the variation
			vg := replay.Replay("variation.cgn", 1, line, replay.Options{Lenient: true})
			if !vg.Valid() {
				t.Errorf("the variation of turn %d does not replay: %v", rt.Number, vg.Diagnostics)
			}
		}
	}
	if variations == 0 {
		t.Error("no variation written")
	}
	if !strings.Contains(string(text), "{review: played ") {
		t.Error("no review comment written")
	}
}

// TestRolloutsLinear: the rollouts a turn plays, and so its CPU time,
// grow in proportion to the budget; successive halving adds at most two
// rollouts per alternative and round to it.
func TestRolloutsLinear(t *testing.T) {
	g := load(t, "../testdata/games/duel-discard.cgn")
	k := 20
	before, after := stateAt(g, k), stateAt(g, k+1)
	draws := append(append([]engine.TileID(nil), g.Turns[k].Discards...), g.Turns[k].Tile)
	var played []int
	for _, budget := range []int{500, 1000, 2000, 4000} {
		tr, err := Turn(context.Background(), before, after, draws, Options{Rollouts: budget, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		rounds := 1
		for n := 2; n < tr.Alternatives; n *= 2 {
			rounds++
		}
		// A drop near a grade's threshold adds at most half the budget.
		if limit := budget + 2*tr.Alternatives*rounds; tr.Rollouts-tr.Regraded < budget/2 || tr.Rollouts-tr.Regraded > limit || tr.Regraded > budget/2 {
			t.Errorf("budget %d: %d rollouts, %d of them near a threshold, want from %d to %d and at most %d", budget, tr.Rollouts, tr.Regraded, budget/2, limit, budget/2)
		}
		played = append(played, tr.Rollouts-tr.Regraded)
	}
	if r := float64(played[3]) / float64(played[2]); r < 1.8 || r > 2.2 {
		t.Errorf("twice the budget played %.2f times the rollouts (%v), want about 2", r, played)
	}
}

// TestRead: the review written into a record reads back as it was
// written, rounded as the comments round it.
func TestRead(t *testing.T) {
	g := load(t, "../testdata/cgn/tower-exchange-ransom.cgn")
	turns, err := Game(context.Background(), g, Options{Rollouts: 100, Seed: 4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"Anna", "Bob"}
	Annotate(g.Record, turns, names, "towerlog review")
	got := Read(g.Record, names)
	if len(got) != len(turns) {
		t.Fatalf("%d turns read, %d written", len(got), len(turns))
	}
	for i, s := range got {
		tr := &turns[i]
		if s.Number != tr.Number || s.Player != tr.Player || s.Played != round1(tr.Played.Value) || s.Best != round1(tr.Best.Value) {
			t.Errorf("turn %d read %+v, wrote %+v", tr.Number, s, tr)
		}
		if s.PlayedMove != tr.PlayedText || tr.BestDiffers() && s.BestWords != tr.BestWords {
			t.Errorf("turn %d: played %q, best in words %q read; %q, %q written", tr.Number, s.PlayedMove, s.BestWords, tr.PlayedText, tr.BestWords)
		}
		if tr.BestDiffers() != (s.BestMove != "") || tr.BestDiffers() != (s.BestTurn != nil) {
			t.Errorf("turn %d: best move %q read, best differs %v", tr.Number, s.BestMove, tr.BestDiffers())
		}
		if tr.Clear() && s.GivenAway != math.Round(tr.GivenAway*10)/10 {
			t.Errorf("turn %d: %.1f given away read, %.1f written", tr.Number, s.GivenAway, tr.GivenAway)
		}
		for p, w := range tr.Chance {
			if math.Abs(s.Win[p]-w) > 0.005+1e-9 { // whole percents
				t.Errorf("turn %d: chance %v read, %v written", tr.Number, s.Win, tr.Chance)
			}
		}
		if s.Grade != tr.Grade.String() || math.Abs(s.Drop-tr.Drop) > 0.05+1e-9 || math.Abs(s.Accuracy-MoveAccuracy(tr.Drop)) > 0.5+1e-9 {
			t.Errorf("turn %d: grade %s, drop %v, accuracy %v read; %s, %v, %v written", tr.Number, s.Grade, s.Drop, s.Accuracy, tr.Grade, tr.Drop, MoveAccuracy(tr.Drop))
		}
	}
	if Read(load(t, "../testdata/games/base-game.cgn").Record, []string{"Ruth", "Ignacio", "Søren"}) != nil {
		t.Error("a record without a review reads as reviewed")
	}
}

// TestMemoryDoesNotGrowWithRollouts reviews a last turn, whose rollouts
// cost nothing to play, with a thousand and with a million rollouts: a
// review keeps running sums, not one value per rollout, so the bytes it
// allocates do not grow a thousandfold (a million rollouts kept one by one
// would take at least 9 bytes each). The million is capped at
// MaxRollouts, and the values are the same.
func TestMemoryDoesNotGrowWithRollouts(t *testing.T) {
	g := load(t, "../testdata/games/duel-discard.cgn")
	before, after, draws := turnAt(g, len(g.Turns)-1)
	review := func(rollouts int) (*TurnReview, uint64) {
		var ms0, ms1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms0)
		tr, err := Turn(context.Background(), before, after, draws, Options{Rollouts: rollouts, Seed: 1, Workers: 2})
		runtime.ReadMemStats(&ms1)
		if err != nil {
			t.Fatal(err)
		}
		return tr, ms1.TotalAlloc - ms0.TotalAlloc
	}
	small, smallCost := review(1000)
	big, bigCost := review(1_000_000_000)
	if big.Rollouts < MaxRollouts*9/10 || big.Rollouts > MaxRollouts+1000 {
		t.Errorf("%d rollouts played, want about MaxRollouts (%d)", big.Rollouts, MaxRollouts)
	}
	t.Logf("allocated %d and %d bytes", smallCost, bigCost)
	if bigCost > smallCost+8<<20 {
		t.Errorf("allocated %d bytes for a million rollouts, %d for a thousand", bigCost, smallCost)
	}
	if big.Best.Value != small.Best.Value || big.Played.Value != small.Played.Value {
		t.Errorf("values %v and %v with a million rollouts, %v and %v with a thousand",
			big.Best.Value, big.Played.Value, small.Best.Value, small.Played.Value)
	}
}

// finalScores plays g to its end by brute force: at every step the
// player to move tries every legal move (ransoms at any step included)
// and keeps the one that ends with their best margin; it returns the
// final scores.
func finalScores(t *testing.T, g *engine.Game) []int {
	t.Helper()
	if g.Over() {
		return g.Scores()
	}
	p := g.Player()
	moves := g.LegalMoves(nil)
	if g.Phase() == engine.PhaseEnd {
		moves = append(moves, engine.Move{Kind: engine.MoveEndTurn})
	}
	var best []int
	for _, m := range moves {
		c := g.Clone()
		mustApply(t, c, m)
		s := finalScores(t, c)
		if best == nil || s[p]-s[1-p] > best[p]-best[1-p] {
			best = s
		}
	}
	return best
}

// TestSecondToLastTurnExact: when one tile is left after a turn, each
// alternative's value is the margin after the next player's best reply,
// found by trying every reply; it must equal a brute-force search of both
// turns, move by move, with no error. (The two-player endings of the
// testdata; the brute force of a Tower ending with ransoms at every step
// takes a minute.)
func TestSecondToLastTurnExact(t *testing.T) {
	for _, file := range []string{
		"../testdata/games/duel-discard.cgn",
		"../testdata/games/duel-own-capture.cgn",
	} {
		t.Run(strings.TrimSuffix(file[strings.LastIndex(file, "/")+1:], ".cgn"), func(t *testing.T) {
			g := load(t, file)
			before, after, draws := turnAt(g, len(g.Turns)-2)
			if after.TilesLeft() != 1 || before.NumPlayers() != 2 {
				t.Fatalf("%d tiles left after turn %d of %d players, want 1 of 2", after.TilesLeft(), g.Turns[len(g.Turns)-2].Number, before.NumPlayers())
			}
			mover := before.Player()
			s := finalScores(t, drawn(t, before, draws))
			want := float64(s[mover] - s[1-mover])
			tr, err := Turn(context.Background(), before, after, draws, Options{Rollouts: 300, Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			if !tr.Exact || tr.Best.Value != want || tr.Best.StdErr != 0 || tr.Played.StdErr != 0 {
				t.Errorf("best %v ±%v (exact %v), played ±%v; want exactly %v", tr.Best.Value, tr.Best.StdErr, tr.Exact, tr.Played.StdErr, want)
			}
			// The move played, answered by the best reply.
			c := after.Clone()
			s = finalScores(t, c)
			if got := float64(s[mover] - s[1-mover]); tr.Played.Value != got {
				t.Errorf("played %v, want %v", tr.Played.Value, got)
			}
		})
	}
}
