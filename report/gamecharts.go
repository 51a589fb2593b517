package report

import (
	"fmt"
	"sort"

	"github.com/towerlog/towerlog/analytics"
)

// growth is one floor added to a tower: after turn Turn, the tower at
// (X, Y) is Height floors high.
type growth = analytics.Floor

// scoreRaceChart draws every player's score after each turn, in the
// players' colours; scores is indexed [turn-1][seat].
func scoreRaceChart(names []string, scores [][]int, colour colours) string {
	lines := make([][]point, len(names))
	for s := range names {
		lines[s] = make([]point, len(scores))
		for t, row := range scores {
			v := 0
			if s < len(row) {
				v = row[s]
			}
			lines[s][t] = point{t + 1, v}
		}
	}
	return turnLines("Score (points)", len(scores), names, lines, colour.of(names))
}

// towerChart draws the height of every tower after each turn, one line a
// tower, named by its square; a tower's line starts at its first floor
// and runs to the last turn. floors is in the order of the turns.
func towerChart(turns int, floors []growth) string {
	type key struct{ x, y int }
	lines := map[key][]point{}
	var order []key
	for _, f := range floors {
		k := key{f.X, f.Y}
		if _, ok := lines[k]; !ok {
			order = append(order, k)
		}
		lines[k] = append(lines[k], point{f.Turn, f.Height})
	}
	sort.Slice(order, func(i, j int) bool {
		if order[i].x != order[j].x {
			return order[i].x < order[j].x
		}
		return order[i].y < order[j].y
	})
	names := make([]string, len(order))
	series := make([][]point, len(order))
	for i, k := range order {
		names[i] = fmt.Sprintf("Tower at (%d, %d)", k.x, k.y)
		series[i] = everyTurn(lines[k], turns)
	}
	return turnLines("Height (floors)", turns, names, series, nil)
}

// everyTurn fills in the turns between the points of a line, from its
// first point to the last turn, so that a tooltip finds the line's value
// after any turn; floors is in the order of the turns.
func everyTurn(floors []point, turns int) []point {
	var out []point
	for i, p := range floors {
		next := turns + 1
		if i+1 < len(floors) {
			next = floors[i+1][0]
		}
		for t := p[0]; t < next; t++ {
			out = append(out, point{t, p[1]})
		}
	}
	return out
}
