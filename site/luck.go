package site

import (
	"encoding/json"
	"fmt"
	"math"

	"github.com/towerlog/towerlog/luck"
	"github.com/towerlog/towerlog/record"
)

// luckSections are the luck a record carries (towerlog luck -o): each
// player's luck so far after every turn, beside the chance of winning,
// and each player's luck and luck-adjusted margin, with the luck-adjusted
// result of a finished two-player game. None without luck comments.
func luckSections(rg *record.Game, names, colours []string, n int, scores []int, finished bool) []section {
	turns := luck.Read(rg)
	if len(turns) == 0 {
		return nil
	}
	sum := luck.Sum(turns, names)
	data := make([][][2]float64, len(names))
	for seat := range names {
		for _, pt := range sum.Lines[seat] {
			data[seat] = append(data[seat], [2]float64{pt[0], math.Round(10*pt[1]) / 10})
		}
	}
	opts := turnLines(names, colours, n, map[string]any{"type": "value", "name": "points"}, "end", data)
	margins := make([]int, len(names))
	for i := range names {
		other := math.MinInt
		for j, s := range scores {
			if j != i {
				other = max(other, s)
			}
		}
		if i < len(scores) && other != math.MinInt {
			margins[i] = scores[i] - other
		}
	}
	adjusted := luck.AdjustedMargins(margins, sum.Luck)
	t := &table{Head: []string{"Player", "Luck", "Chance", "Margin", "Luck-adjusted"}, Key: 0}
	for i, name := range names {
		ch := "-"
		if len(names) == 2 {
			ch = fmt.Sprintf("%+.1f", sum.Chance[i])
		}
		t.Rows = append(t.Rows, []cell{{Text: name, Href: playerFile(name)}, text(fmt.Sprintf("%+.1f", sum.Luck[i])), text(ch),
			text(fmt.Sprintf("%+d", margins[i])), text(fmt.Sprintf("%+.1f", adjusted[i]))})
	}
	note := "Per player, the luck of their draws in points of final margin (for two players also in percentage points of the chance of winning), the final margin, and the margin less one's own luck plus the others' mean (docs/luck.md)."
	if a := luck.AdjustedScores(scores, sum.Luck); finished && a != nil {
		note = fmt.Sprintf("Result %d–%d; luck-adjusted %.0f–%.0f. ", scores[0], scores[1], a[0], a[1]) + note
	}
	return []section{
		{ID: "luck", Title: "Luck of the draw", Chart: &chart{ID: "luck-chart", Height: 300, Options: opts},
			Note: "Each player's luck so far after every turn, in points of final margin: the value of the best play with the tile drawn less the mean over the tiles the bag held, summed. A step up is a lucky draw."},
		{ID: "luck-table", Title: "Luck", Table: t, Note: note},
	}
}

// turnLines are the ECharts options of one line per player over the turns
// 1 to n: data holds each seat's [turn, value] points, drawn in its
// colour; step, if not "", draws steps ("end": a value holds until the
// next turn's).
func turnLines(names, colours []string, n int, yAxis map[string]any, step string, data [][][2]float64) string {
	type series struct {
		Name      string         `json:"name"`
		Type      string         `json:"type"`
		Step      string         `json:"step,omitempty"`
		Data      [][2]float64   `json:"data"`
		LineStyle map[string]any `json:"lineStyle"`
		ItemStyle map[string]any `json:"itemStyle"`
	}
	var ss []series
	for seat, name := range names {
		ss = append(ss, series{Name: name, Type: "line", Step: step, Data: data[seat],
			LineStyle: map[string]any{"color": colours[seat]}, ItemStyle: map[string]any{"color": colours[seat]}})
	}
	opts, _ := json.Marshal(map[string]any{
		"animation": false,
		"tooltip":   map[string]any{"trigger": "axis"},
		"legend":    map[string]any{"type": "scroll"},
		"grid":      map[string]any{"left": 50, "right": 20, "top": 40, "bottom": 40},
		"xAxis":     map[string]any{"type": "value", "name": "Turn", "min": 1, "max": n},
		"yAxis":     yAxis,
		"series":    ss,
	})
	return string(opts)
}
