package report

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/towerlog/towerlog/draw"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
	"github.com/towerlog/towerlog/review"
)

// turningPoints is the number of turns, besides the mistakes, that the
// review section lists: those whose round moved the mover's chance of
// winning most (swing).
const turningPoints = 5

// reviewView is the review section of a game's report: the turning
// points and mistakes, each a link to its turn on the board.
type reviewView struct {
	Turns []reviewTurn
}

// reviewTurn is one row of the review section.
type reviewTurn struct {
	Turn      int    // the turn's number
	Headline  string // the move, what it did, and the chance it moved (headline)
	Played    string // the move played and its value, "V@0,1r0 +F:S +1.2" (its words are in Headline)
	Best      string // the best move, its value and the move in words (review.MoveText); "" when it was the move played
	GivenAway string
}

// addReview adds to p what the review carried by g's record says: a
// chart of each player's chance of winning after every reviewed turn,
// each player's points given away, and the turning points with their
// best moves on the board. It adds nothing when the record carries no
// review.
func addReview(p *page, g *replay.Game, names []string) error {
	turns := review.Read(g.Record, names)
	if len(turns) == 0 {
		return nil
	}
	p.Charts = append([]chart{winChart(turns, names, len(g.Turns), gameColours(g))}, p.Charts...)
	p.Tables = append(p.Tables, givenAwayTable(turns, names))
	rv := &reviewView{}
	for _, tp := range pickTurns(turns, names) {
		rv.Turns = append(rv.Turns, reviewRow(&turns[tp.Index], headline(turns, tp, names)))
	}
	p.Review = rv
	if p.Board == nil {
		return nil
	}
	var err error
	p.Board.Better, err = betterBoards(g, turns)
	return err
}

// betterView is a reviewed turn as the report's board shows it: the
// board before the move with the move played and the best move marked
// (an SVG document), and the moves the review listed.
type betterView struct {
	Step  int          `json:"step"`
	Title string       `json:"title"`
	SVG   string       `json:"svg"`
	Moves []ListedMove `json:"moves"`
}

// betterBoards draws every reviewed turn's board before the move, with
// its moves marked, and packs them with their listed moves as the
// report's board carries them: base64 of gzipped JSON.
func betterBoards(g *replay.Game, turns []review.Summary) (string, error) {
	var views []betterView
	var svg bytes.Buffer
	seats := draw.Seats(g)
	err := EachReviewed(g, turns, func(r *Reviewed) error {
		marks := []draw.Mark{r.Played}
		if r.Best != nil {
			marks = append(marks, *r.Best)
		}
		svg.Reset()
		if err := draw.SVGMarked(&svg, r.Before, seats, marks); err != nil {
			return err
		}
		views = append(views, betterView{Step: r.Step, Title: r.Title, SVG: svg.String(), Moves: r.Moves})
		return nil
	})
	if err != nil {
		return "", err
	}
	return gzipJSON(views, gzip.BestCompression)
}

// winChart draws each player's share of the rollouts won after every
// reviewed turn, in whole percents, in the players' colours.
func winChart(turns []review.Summary, names []string, n int, colour colours) chart {
	lines := make([][]point, len(names))
	for _, t := range turns {
		for s := range names {
			lines[s] = append(lines[s], point{t.Number, int(math.Round(100 * t.Win[s]))})
		}
	}
	return chart{ID: "win-probability", Title: "Chance of winning", Height: 400,
		Note:    "Each player's chance of winning after every reviewed turn, in percent, as the review estimated it after the move played: in a two-player game the share of the games played to the end from there that the player won, calibrated on real games together with the score and who moved (docs/review.md); with more players that share itself. A steep step is a turning point.",
		Options: turnLines("Chance of winning (%)", n, names, lines, colour.of(names))}
}

// givenAwayTable sums each player's points given away: over the turns
// where the review found them clearly.
func givenAwayTable(turns []review.Summary, names []string) table {
	total := make([]float64, len(names))
	count := make([]int, len(names))
	mistakes := make([]int, len(names))
	seat := map[string]int{}
	for i, n := range names {
		seat[n] = i
	}
	for _, t := range turns {
		s, ok := seat[t.Player]
		if !ok {
			continue
		}
		total[s] += t.GivenAway
		count[s]++
		if t.Glyph == record.Dubious || t.Glyph == record.Mistake || t.Glyph == record.Blunder {
			mistakes[s]++
		}
	}
	accuracy := GameAccuracy(turns, names)
	tb := table{ID: "points-given-away", Title: "Points given away",
		Note: "Per player, the points the review found given away (the best move's value less the move played's, where it exceeds twice its standard error), in total and on average per reviewed turn, the turns marked ?!, ? or ?? (inaccuracies, mistakes and blunders: the chance of winning lost), and the accuracy in percent, from the chance of winning each move lost, by lichess's formula (docs/review.md).",
		Head: []string{"Player", "Reviewed turns", "Given away", "Per turn", "Mistakes", "Accuracy"}}
	for s, n := range names {
		avg := 0.0
		if count[s] > 0 {
			avg = total[s] / float64(count[s])
		}
		acc := "-"
		if !math.IsNaN(accuracy[s]) {
			acc = fmt.Sprintf("%.1f%%", accuracy[s])
		}
		tb.Rows = append(tb.Rows, []string{n, fmt.Sprint(count[s]), fmt.Sprintf("%.1f", total[s]), fmt.Sprintf("%.2f", avg), fmt.Sprint(mistakes[s]), acc})
	}
	return tb
}

// GameAccuracy is each player's accuracy in percent over the reviewed
// turns of a game (review.Accuracy), read from the review its record
// carries: the figure a game's report shows. names are the seats, in
// order; NaN for a player without a reviewed turn, and for every player
// when the review was written before grades.
func GameAccuracy(turns []review.Summary, names []string) []float64 {
	seat := map[string]int{}
	for i, n := range names {
		seat[n] = i
	}
	var seats []int
	var drops []float64
	chances := []float64{100 / float64(len(names))}
	graded := true
	for _, t := range turns {
		s, ok := seat[t.Player]
		if !ok {
			continue
		}
		seats, drops, chances = append(seats, s), append(drops, t.Drop), append(chances, 100*t.Win[0])
		graded = graded && t.Grade != ""
	}
	accuracy := review.Accuracy(seats, drops, chances, len(names))
	if !graded {
		for s := range accuracy {
			accuracy[s] = math.NaN()
		}
	}
	return accuracy
}

// swing is how much the round up to turn k changed its mover's chance
// of winning: from after the mover's previous reviewed turn (an even
// share before the first) to after turn k. Measured from one of the
// mover's moves to the next, it leaves out the rise a chance makes with
// its player's own move.
func swing(turns []review.Summary, k int, names []string) float64 {
	s := seatOf(names, turns[k].Player)
	return turns[k].Win[s] - chanceBefore(turns, previous(turns, k), s, names)
}

// seatOf is player's seat among names, 0 when absent.
func seatOf(names []string, player string) int {
	for i, n := range names {
		if n == player {
			return i
		}
	}
	return 0
}

// previous is the index of the reviewed turn of turns[k]'s player before
// k, -1 when there is none.
func previous(turns []review.Summary, k int) int {
	for j := k - 1; j >= 0; j-- {
		if turns[j].Player == turns[k].Player {
			return j
		}
	}
	return -1
}

// chanceBefore is seat s's chance of winning after turn j, an even share
// before the first (j < 0).
func chanceBefore(turns []review.Summary, j, s int, names []string) float64 {
	if j < 0 {
		return 1 / float64(len(names))
	}
	return turns[j].Win[s]
}

// turningPoint is a move that moved a player's chance of winning: the
// reviewed turn Index, the seat whose chance it moved, and by how much.
type turningPoint struct {
	Index, Seat int
	Change      float64
}

// cause is the move of the round up to turn k that moved the chance of
// turn k's player most in the direction the round moved it: their own
// move k, or a move of another player since their previous turn.
func cause(turns []review.Summary, k int, names []string) turningPoint {
	s := seatOf(names, turns[k].Player)
	sw := swing(turns, k, names)
	best := turningPoint{Index: k, Seat: s, Change: turns[k].Win[s] - chanceBefore(turns, k-1, s, names)}
	for i := previous(turns, k) + 1; i < k; i++ {
		c := turns[i].Win[s] - chanceBefore(turns, i-1, s, names)
		if c*sw > best.Change*sw {
			best = turningPoint{Index: i, Seat: s, Change: c}
		}
	}
	return best
}

// mistake reports whether the review marked a move ?!, ? or ??.
func mistake(g record.Glyph) bool {
	return g == record.Dubious || g == record.Mistake || g == record.Blunder
}

// pickTurns returns, in turn order, the turns marked ? or ?? with the
// change they made to their player's chance, and the moves that caused
// the turningPoints rounds that moved their player's chance of winning
// most (cause).
func pickTurns(turns []review.Summary, names []string) []turningPoint {
	order := make([]int, len(turns))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		return math.Abs(swing(turns, order[a], names)) > math.Abs(swing(turns, order[b], names))
	})
	picked := make(map[int]turningPoint)
	for _, k := range order[:min(turningPoints, len(order))] {
		if c := cause(turns, k, names); picked[c.Index] == (turningPoint{}) {
			picked[c.Index] = c // the view of the larger round when two share a cause
		}
	}
	for k, t := range turns {
		if _, ok := picked[k]; !ok && (t.Glyph == record.Mistake || t.Glyph == record.Blunder) {
			s := seatOf(names, t.Player)
			picked[k] = turningPoint{Index: k, Seat: s, Change: t.Win[s] - chanceBefore(turns, k-1, s, names)}
		}
	}
	var out []turningPoint
	for k := range turns {
		if c, ok := picked[k]; ok {
			out = append(out, c)
		}
	}
	return out
}

// headline says what a turning point's move was and did: whose move, in
// words and with what it does when the review says, whose chance of
// winning it moved and by how much, and the review's mark only when it
// graded the move a mistake of its player:
//
//	Turn 56, Bob: tile E at (1,-8), turned 0°, no follower (completes a
//	city of 10 tiles for 20); Anna's chance of winning −43%
func headline(turns []review.Summary, tp turningPoint, names []string) string {
	t := &turns[tp.Index]
	var b strings.Builder
	fmt.Fprintf(&b, "Turn %d, %s", t.Number, t.Player)
	if mistake(t.Glyph) {
		fmt.Fprintf(&b, " %s", t.Glyph)
	}
	if t.PlayedWords != "" {
		fmt.Fprintf(&b, ": %s", t.PlayedWords)
	}
	if t.PlayedWhy != "" {
		fmt.Fprintf(&b, " (%s)", t.PlayedWhy)
	}
	sign := "+"
	if math.Round(100*tp.Change) < 0 {
		sign = "−"
	}
	fmt.Fprintf(&b, "; %s's chance of winning %s%.0f%%", names[tp.Seat], sign, math.Abs(100*tp.Change))
	return b.String()
}

// reviewRow describes a reviewed turn: its headline, links to the turn
// on the board.
func reviewRow(t *review.Summary, headline string) reviewTurn {
	rt := reviewTurn{Turn: t.Number, Headline: headline, Played: review.MoveText(t.PlayedMove, t.Played, "")}
	if t.GivenAway > 0 {
		rt.GivenAway = fmt.Sprintf("%.1f", t.GivenAway)
	}
	if t.BestMove != "" {
		rt.Best = review.MoveText(t.BestMove, t.Best, t.BestWords)
	}
	return rt
}
