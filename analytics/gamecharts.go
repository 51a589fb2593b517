package analytics

import (
	"fmt"
	"sort"
)

// growth is one floor added to a tower: after turn Turn, the tower at
// (X, Y) is Height floors high.
type growth struct {
	Turn, X, Y, Height int
}

// scoreRaceChart draws every player's score after each turn; scores is
// indexed [turn-1][seat].
func scoreRaceChart(names []string, scores [][]int) string {
	x := make([]int, len(scores))
	series := make([]namedInts, len(names))
	for s, name := range names {
		series[s] = namedInts{name: name, values: make([]int, len(scores))}
	}
	for t, row := range scores {
		x[t] = t + 1
		for s := range series {
			if s < len(row) {
				series[s].values[t] = row[s]
			}
		}
	}
	return lineChart("Turn", "Score (points)", x, series, true)
}

// towerChart draws the height of every tower after each turn, one line a
// tower, named by its square; a tower's line starts at its first floor.
func towerChart(turns int, floors []growth) string {
	type key struct{ x, y int }
	heights := map[key][]any{}
	var order []key
	for _, f := range floors {
		k := key{f.X, f.Y}
		h, ok := heights[k]
		if !ok {
			h = make([]any, turns)
			for i := range h {
				h[i] = "-" // ECharts' blank: no tower yet
			}
			order = append(order, k)
		}
		for t := f.Turn - 1; t >= 0 && t < turns; t++ {
			h[t] = f.Height
		}
		heights[k] = h
	}
	sort.Slice(order, func(i, j int) bool {
		if order[i].x != order[j].x {
			return order[i].x < order[j].x
		}
		return order[i].y < order[j].y
	})
	x := make([]int, turns)
	for i := range x {
		x[i] = i + 1
	}
	var series []anySeries
	for _, k := range order {
		series = append(series, anySeries{name: fmt.Sprintf("Tower at (%d, %d)", k.x, k.y), values: heights[k]})
	}
	return stepLines("Turn", "Height (floors)", x, series)
}
