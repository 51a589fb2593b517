package report

import (
	"bytes"
	"context"
	"encoding/json"
	"html"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/review"
)

// TestGameReportReview: the report of a reviewed record shows the chance
// of winning, the points given away, and the turning points, each with the
// board after its best move; a record without a review shows none of it.
func TestGameReportReview(t *testing.T) {
	g := replayFirst(t, "../testdata/cgn/tower-exchange-ransom.cgn")
	var plain bytes.Buffer
	if err := WriteGame(&plain, g); err != nil {
		t.Fatal(err)
	}
	turns, err := review.Game(context.Background(), g, review.Options{Rollouts: 60, Seed: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"Anna", "Bob"}
	review.Annotate(g.Record, turns, names, "towerlog review")
	var reviewed bytes.Buffer
	if err := WriteGame(&reviewed, g); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"win-probability", "points-given-away", "review"} {
		if strings.Contains(plain.String(), `id="`+id+`"`) {
			t.Errorf("the report of a record without a review has %s", id)
		}
		if !strings.Contains(reviewed.String(), `id="`+id+`"`) {
			t.Errorf("the report of a reviewed record has no %s", id)
		}
	}
	// Every turning point links to its turn on the board, and every
	// reviewed turn has its board before the move there, with the move
	// played marked, and the best move when it was another.
	page := reviewed.String()
	points := strings.Count(page, `<li class="review-turn"><a href="#turn-`)
	if points == 0 {
		t.Errorf("no turning point links to the board")
	}
	better := betterOf(t, page)
	if len(better) != len(turns) {
		t.Fatalf("%d reviewed turns on the board, %d reviewed", len(better), len(turns))
	}
	for i, b := range better {
		others := 0
		if turns[i].BestDiffers() {
			others = 1
		}
		if b.Step != turns[i].Number || strings.Count(b.SVG, `<rect class="mark-played"`) != 1 || strings.Count(b.SVG, `<rect class="mark-other"`) != others {
			t.Errorf("turn %d: step %d, marks played %d, other %d (want %d)", turns[i].Number, b.Step,
				strings.Count(b.SVG, `<rect class="mark-played"`), strings.Count(b.SVG, `<rect class="mark-other"`), others)
		}
		if len(b.Moves) == 0 {
			t.Errorf("turn %d lists no move", turns[i].Number)
		}
		for _, m := range b.Moves {
			if m.Words == "" {
				t.Errorf("turn %d lists %s without words", turns[i].Number, m.Move)
			}
		}
	}
	// The given-away table adds up what the review found for each player.
	var total [2]float64
	for i := range turns {
		if turns[i].Clear() {
			total[turns[i].Seat] += turns[i].GivenAway
		}
	}
	rows := givenAwayTable(review.Read(g.Record, names), names).Rows
	accuracy := review.GameAccuracy(turns, 2)
	for s, row := range rows {
		if !near(row[2], total[s]) {
			t.Errorf("%s gave away %s, the review says %.2f", names[s], row[2], total[s])
		}
		// The accuracy from the comments' rounded drops and chances.
		if !near(strings.TrimSuffix(row[5], "%"), accuracy[s]) {
			t.Errorf("%s's accuracy %s, the review says %.2f", names[s], row[5], accuracy[s])
		}
	}
}

// betterOf unpacks the reviewed turns a game report's board carries.
func betterOf(t *testing.T, page string) []betterView {
	t.Helper()
	m := regexp.MustCompile(`data-better="([^"]*)"`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("the report's board carries no reviewed turns")
	}
	var out []betterView
	if err := json.Unmarshal(gunzipBase64(t, html.UnescapeString(m[1])), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// near reports whether text, a number with one decimal, is v to within
// the rounding of the comments (a tenth per turn, eighteen turns).
func near(text string, v float64) bool {
	got, err := strconv.ParseFloat(text, 64)
	return err == nil && math.Abs(got-v) < 1
}

// TestSwingLeavesOutOwnMoves: a turning point's swing runs from after
// its player's previous turn, so a chance that rises with every move of
// its player and falls back with the other's shows no swing.
func TestSwingLeavesOutOwnMoves(t *testing.T) {
	names := []string{"Anna", "Bob"}
	var turns []review.Summary
	for k := range 6 {
		// Anna's chance: 60% after her moves, 40% after Bob's.
		w := []float64{0.6, 0.4}
		if k%2 == 1 {
			w = []float64{0.4, 0.6}
		}
		turns = append(turns, review.Summary{Number: k + 1, Player: names[k%2], Win: w})
	}
	want := []float64{0.1, 0.1, 0, 0, 0, 0} // from an even share before each player's first
	for k := range turns {
		if got := swing(turns, k, names); math.Abs(got-want[k]) > 1e-9 {
			t.Errorf("turn %d: swing %v, want %v", k+1, got, want[k])
		}
	}
}

// TestTurningPointsByCause: a turning point names the move that moved the
// chance, whoever made it, says it in words, and carries a mark only when
// the review graded that move a mistake of its player.
func TestTurningPointsByCause(t *testing.T) {
	names := []string{"Anna", "Bob"}
	city := "tile E at (1,-8), turned 0°, no follower"
	turns := []review.Summary{
		{Win: []float64{0.55, 0.45}, Glyph: record.Good},
		{Win: []float64{0.50, 0.50}},
		{Win: []float64{0.60, 0.40}},
		// Bob's city drops Anna from 60% to 15%.
		{Win: []float64{0.15, 0.85}, PlayedWords: city, PlayedWhy: "completes a city of 10 tiles for 20"},
		{Win: []float64{0.17, 0.83}},
		{Win: []float64{0.17, 0.83}},
		// Anna's own mistake: 17% to 5%.
		{Win: []float64{0.05, 0.95}, Glyph: record.Mistake, PlayedWords: "tile K at (0,2), turned 90°, no follower"},
		// Bob's mistake raises Anna from 5% to 30%.
		{Win: []float64{0.30, 0.70}, Glyph: record.Mistake},
		{Win: []float64{0.32, 0.68}, Glyph: record.Good},
	}
	for k := range turns {
		turns[k].Number, turns[k].Player = k+1, names[k%2]
	}
	// Rounds by size: Anna's to turn 5 (-43), Bob's to 4 (+35), Anna's to
	// 9 (+27), Bob's to 8 (-13), Anna's to 7 (-12); their causes are
	// turns 4, 4, 8, 8 and 7, each told from the larger round's player.
	want := []string{
		"Turn 4, Bob: " + city + " (completes a city of 10 tiles for 20); Anna's chance of winning −45%",
		"Turn 7, Anna ?: tile K at (0,2), turned 90°, no follower; Anna's chance of winning −12%",
		"Turn 8, Bob ?; Anna's chance of winning +25%",
	}
	got := pickTurns(turns, names)
	if len(got) != len(want) {
		t.Fatalf("%d turning points %v, want %d", len(got), got, len(want))
	}
	for i, tp := range got {
		if h := headline(turns, tp, names); h != want[i] {
			t.Errorf("turning point %d:\n got %q\nwant %q", i, h, want[i])
		}
	}
}
