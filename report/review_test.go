package report

import (
	"bytes"
	"context"
	"math"
	"strconv"
	"strings"
	"testing"

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
	// Every turning point whose best move differs shows a board.
	html := reviewed.String()
	details := strings.Count(html, `<details class="review-turn">`)
	boards := strings.Count(html, `alt="The board after the best move"`)
	if details == 0 || boards == 0 || boards > details {
		t.Errorf("%d turning points, %d boards", details, boards)
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
