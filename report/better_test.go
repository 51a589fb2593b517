package report

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/draw"
	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/replay"
	"github.com/towerlog/towerlog/review"
)

// reviewedByHand is a base game whose turn 3 a review written by hand
// judges: Søren played U at (-1,0) turned 180° with a thief, and the
// best move is U at (1,0) turned 0° with a thief (the variation).
const reviewedByHand = "../testdata/reviewed/base-game.cgn"

// TestEachReviewedByHand: the reviewed turn of a review written by hand
// has the board before it and both moves marked where the rules put them.
// Worked out by hand: the board before turn 3 holds the start tile and the
// tiles of turns 1 and 2; U is a straight road, so a thief on it stands
// at the middle of its square, (64x+32, 64y+32) in board units: (-32, 32)
// for the move played at (-1,0) and (96, 32) for the best at (1,0), both
// Søren's (seat 2). The review lists three moves; the second, neither
// played nor best, is said in words from the rules' description of the
// turn: the tile, its square and rotation, and no follower.
func TestEachReviewedByHand(t *testing.T) {
	g := replayFirst(t, reviewedByHand)
	names := []string{"Ruth", "Ignacio", "Søren"}
	n := 0
	err := EachReviewed(g, review.Read(g.Record, names), func(r *Reviewed) error {
		n++
		checkByHand(t, g, r)
		return nil
	})
	if err != nil || n != 1 {
		t.Fatalf("%d reviewed turns, want 1; %v", n, err)
	}
}

// checkByHand checks the reviewed turn 3 of reviewedByHand.
func checkByHand(t *testing.T, g *replay.Game, r *Reviewed) {
	t.Helper()
	if r.Step != 3 || r.Number != 3 || r.Title != "Turn 3, Søren: mistake ?" {
		t.Errorf("step %d, turn %d, title %q", r.Step, r.Number, r.Title)
	}
	if n := r.Before.NumTiles(); n != 3 {
		t.Errorf("the board before turn 3 holds %d tiles, want 3", n)
	}
	u := engine.TileID(0)
	for id := range engine.NumTileTypes {
		if engine.TileID(id).String() == "U" {
			u = engine.TileID(id)
		}
	}
	played := draw.Mark{Style: draw.MarkPlayed, Label: "Played: U@-1,0r180 +R:WE", Placed: true, Tile: u, Pos: engine.Pos{X: -1, Y: 0}, Rot: engine.R180,
		Figures: []draw.Figure{{X: -32, Y: 32, Scale: 1, Seat: 2}}}
	best := draw.Mark{Style: draw.MarkOther, Label: "Best: U@1,0r0 +R:WE", Placed: true, Tile: u, Pos: engine.Pos{X: 1, Y: 0}, Rot: engine.R0,
		Figures: []draw.Figure{{X: 96, Y: 32, Scale: 1, Seat: 2}}}
	if !reflect.DeepEqual(r.Played, played) {
		t.Errorf("played\n got %+v\nwant %+v", r.Played, played)
	}
	if r.Best == nil || !reflect.DeepEqual(*r.Best, best) {
		t.Errorf("best\n got %+v\nwant %+v", r.Best, best)
	}
	moves := []ListedMove{
		{Move: "U@1,0r0 +R:WE", Words: "tile U at (1,0), turned 0°, thief on the road of 2 tiles", Value: 1.5, StdErr: 0.4, Rollouts: 400, Best: true},
		{Move: "U@1,0r0", Words: "tile U at (1,0), turned 0°, no follower", Value: 0.7, StdErr: 0.6, Rollouts: 120},
		{Move: "U@-1,0r180 +R:WE", Words: "tile U at (-1,0), turned 180°, thief on the road of 2 tiles", Value: -2, StdErr: 0.5, Rollouts: 400, Played: true},
	}
	if !reflect.DeepEqual(r.Moves, moves) {
		t.Errorf("moves\n got %+v\nwant %+v", r.Moves, moves)
	}
	// The drawing: the board grows to hold both moves' squares (x from -1
	// to 1; y from -2, tile H's, to 0), and each move's outline lies on its
	// square: 28 units of margin, then 64 a square, so (-1,0) starts at
	// (28, 156) and its solid outline, 2 inside, at (30, 158); (1,0) starts
	// at (156, 156) and its dashed outline, 5.5 inside, at (161.5, 161.5).
	var svg bytes.Buffer
	if err := draw.SVGMarked(&svg, r.Before, draw.Seats(g), []draw.Mark{r.Played, *r.Best}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<rect class="mark-played" x="30" y="158"`, `<rect class="mark-other" x="161.5" y="161.5"`, `>Best: U@1,0r0 +R:WE</text>`} {
		if !strings.Contains(svg.String(), want) {
			t.Errorf("the drawing has no %s", want)
		}
	}
}

// TestVariationMarks: replay --variation marks a record's variation as
// the pages mark the best move, and refuses a variation the turn lacks.
func TestVariationMarks(t *testing.T) {
	g := replayFirst(t, reviewedByHand)
	before, marks, err := VariationMarks(g, 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	if before.NumTiles() != 3 || len(marks) != 2 || marks[0].Pos != (engine.Pos{X: -1}) || marks[1].Pos != (engine.Pos{X: 1}) ||
		marks[1].Style != draw.MarkOther || marks[1].Label != "Variation 1 of turn 3" {
		t.Errorf("before %d tiles, marks %+v", before.NumTiles(), marks)
	}
	// Turn 2's variation, a farmer instead of a knight on the same tile.
	if _, marks, err := VariationMarks(g, 2, 1); err != nil || marks[0].Pos != marks[1].Pos || len(marks[1].Figures) != 1 {
		t.Errorf("turn 2: %+v, %v", marks, err)
	}
	for _, c := range []struct{ turn, v int }{{3, 2}, {4, 1}, {99, 1}} {
		if _, _, err := VariationMarks(g, c.turn, c.v); err == nil {
			t.Errorf("turn %d, variation %d: no error", c.turn, c.v)
		}
	}
}

// TestListedWithoutWords: a listed move a comment edited by hand spells
// wrongly, or that the turn could not play, is listed without words, and
// the page is made.
func TestListedWithoutWords(t *testing.T) {
	g := replayFirst(t, reviewedByHand)
	names := []string{"Ruth", "Ignacio", "Søren"}
	turns := review.Read(g.Record, names)
	turns[0].Top = append(turns[0].Top, review.Listed{Move: "U@9,9r0", Value: -9, StdErr: 1, Rollouts: 5},
		review.Listed{Move: "<b>not CGN", Value: -9, StdErr: 1, Rollouts: 5})
	err := EachReviewed(g, turns, func(r *Reviewed) error {
		if n := len(r.Moves); n != 5 || r.Moves[3].Words != "" || r.Moves[4].Words != "" || r.Moves[4].Move != "<b>not CGN" {
			t.Errorf("moves %+v", r.Moves)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestListedRansomInWords: a listed move that pays a ransom is said in
// words as the review says it, the ransom first. In the test record, Anna
// buys her follower back from Bob on turn 15 and plays U at (4,0); the
// same turn without a follower reads, by review.Words' rules, "buys a
// follower back from Bob, tile U at (4,0), turned 0°, no follower".
func TestListedRansomInWords(t *testing.T) {
	g := replayFirst(t, "../testdata/cgn/tower-exchange-ransom.cgn")
	s := review.Summary{Number: 15, Player: "Anna", PlayedMove: "$Bob U@4,0r0 +R:WE",
		Top: []review.Listed{{Move: "$Bob U@4,0r0", Value: 1, StdErr: 1, Rollouts: 10}}}
	err := EachReviewed(g, []review.Summary{s}, func(r *Reviewed) error {
		if want := "buys a follower back from Bob, tile U at (4,0), turned 0°, no follower"; len(r.Moves) != 2 || r.Moves[0].Words != want {
			t.Errorf("moves %+v, want the first said %q", r.Moves, want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
