package report

import (
	"fmt"
	"math"

	"github.com/towerlog/towerlog/luck"
	"github.com/towerlog/towerlog/replay"
)

// addLuck adds to p what the luck comments of g's record say (towerlog
// luck -o): a chart of each player's luck so far after every turn, beside
// the chance of winning, a table of each player's luck and luck-adjusted
// margin, and for a finished two-player game the fact "result 96–70;
// luck-adjusted 93–73". It adds nothing when the record carries no luck.
func addLuck(p *page, g *replay.Game, names []string) {
	turns := luck.Read(g.Record)
	if len(turns) == 0 {
		return
	}
	sum := luck.Sum(turns, names)
	lucks, chances := sum.Luck, sum.Chance
	lines := make([][]point, len(names))
	for i, l := range sum.Lines {
		for _, pt := range l {
			lines[i] = append(lines[i], point{int(pt[0]), int(math.Round(pt[1]))})
		}
	}
	c := chart{ID: "luck", Title: "Luck of the draw", Height: 320,
		Note:    "Each player's luck so far after every turn, in points of final margin: the value of the best play with the tile drawn less the mean over the tiles the bag held, summed (docs/luck.md). A step up is a lucky draw, a step down an unlucky one.",
		Options: turnLines("Luck so far (points)", len(g.Turns), names, lines, gameColours(g).of(names))}
	at := 0
	for i, ch := range p.Charts {
		if ch.ID == "win-probability" {
			at = i + 1
		}
	}
	p.Charts = append(p.Charts[:at], append([]chart{c}, p.Charts[at:]...)...)
	margins := make([]int, len(names))
	if g.State != nil {
		for i := range names {
			margins[i] = g.State.Score(i) - bestOther(g.State.Scores(), i)
		}
	}
	adjusted := luck.AdjustedMargins(margins, lucks)
	tb := table{ID: "luck-table", Title: "Luck", Head: []string{"Player", "Luck", "Chance", "Margin", "Luck-adjusted"},
		Note: "Per player, the luck of their draws in points of final margin and, for two players, in percentage points of the chance of winning; the final margin, and the margin less one's own luck plus the others' mean (docs/luck.md)."}
	for i, n := range names {
		ch := "-"
		if len(names) == 2 {
			ch = fmt.Sprintf("%+.1f", chances[i])
		}
		tb.Rows = append(tb.Rows, []string{n, fmt.Sprintf("%+.1f", lucks[i]), ch, fmt.Sprintf("%+d", margins[i]), fmt.Sprintf("%+.1f", adjusted[i])})
	}
	p.Tables = append(p.Tables, tb)
	if s := g.State.Scores(); g.Finished() && len(s) == 2 {
		a := luck.AdjustedScores(s, lucks)
		p.Facts = append(p.Facts, fact{"Luck", fmt.Sprintf("result %d–%d; luck-adjusted %.0f–%.0f", s[0], s[1], a[0], a[1])})
	}
}

// bestOther is the highest score of scores but seat p's.
func bestOther(scores []int, p int) int {
	best := math.MinInt
	for q, s := range scores {
		if q != p {
			best = max(best, s)
		}
	}
	if best == math.MinInt {
		return 0
	}
	return best
}
