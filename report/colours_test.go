package report

import (
	"bytes"
	"context"
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"testing"

	"github.com/towerlog/towerlog/analytics/filter"

	"github.com/towerlog/towerlog/generate"
)

// colourOptions is what the colour tests read of a chart's options: the
// rows of its category axis, and each series' colour and its items'.
type colourOptions struct {
	YAxis  []struct{ Data []string } `json:"yAxis"`
	Series []struct {
		Name      string                  `json:"name"`
		ItemStyle *struct{ Color string } `json:"itemStyle"`
		LineStyle *struct{ Color string } `json:"lineStyle"`
		Data      []json.RawMessage       `json:"data"`
	} `json:"series"`
}

// playerColours reads, from every chart of a page, the colours its
// players are drawn in: a series named after a player (its item and line
// colour), and the bars of a player's row. It returns the colours found
// by chart and player.
func playerColours(t *testing.T, page string, players []string) map[string]map[string][]string {
	t.Helper()
	isPlayer := map[string]bool{}
	for _, p := range players {
		isPlayer[p] = true
	}
	out := map[string]map[string][]string{}
	for _, m := range optionsRx.FindAllStringSubmatch(page, -1) {
		var o colourOptions
		if err := json.Unmarshal([]byte(html.UnescapeString(m[2])), &o); err != nil {
			t.Fatalf("%s: %v", m[1], err)
		}
		found := map[string][]string{}
		var rows []string
		if len(o.YAxis) > 0 {
			rows = o.YAxis[0].Data
		}
		for _, s := range o.Series {
			if isPlayer[s.Name] {
				if s.ItemStyle != nil {
					found[s.Name] = append(found[s.Name], s.ItemStyle.Color)
				}
				if s.LineStyle != nil {
					found[s.Name] = append(found[s.Name], s.LineStyle.Color)
				}
			}
			for j, d := range s.Data {
				var item struct{ ItemStyle *struct{ Color string } }
				if json.Unmarshal(d, &item) != nil || item.ItemStyle == nil || j >= len(rows) || !isPlayer[rows[j]] {
					continue
				}
				found[rows[j]] = append(found[rows[j]], item.ItemStyle.Color)
			}
		}
		if len(found) > 0 {
			out[m[1]] = found
		}
	}
	return out
}

// TestGameChartsUseRecordColours: the charts of one game draw each player
// in the colour of the record's Players tag, and a player without one in
// the colour of their seat, as the board does: Anna purple (#7d3cb5),
// Bruno yellow (#f6cd1c), and Chloé, with none, the third seat's default,
// green (#178a35).
func TestGameChartsUseRecordColours(t *testing.T) {
	const record = "[Players \"Anna:purple; Bruno:yellow; Chloé\"]\n[Rules \"tower\"]\n[Bag \"order E\"]\n[Result \"4-0-0\"]\n\n1. Anna E@0,-1r180 +C:S\n"
	want := map[string]string{"Anna": "#7d3cb5", "Bruno": "#f6cd1c", "Chloé": "#178a35"}
	file := filepath.Join(t.TempDir(), "g.cgn")
	if err := os.WriteFile(file, []byte(record), 0o644); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteGame(&buf, replayFirst(t, file)); err != nil {
		t.Fatal(err)
	}
	got := playerColours(t, buf.String(), []string{"Anna", "Bruno", "Chloé"})
	for _, id := range []string{"score-race", "captures-per-player", "points-by-feature"} {
		t.Run(id, func(t *testing.T) {
			if len(got[id]) != len(want) {
				t.Fatalf("players coloured %v, want all of %v", got[id], want)
			}
			for name, cs := range got[id] {
				for _, c := range cs {
					if c != want[name] {
						t.Errorf("%s drawn in %s, want %s", name, c, want[name])
					}
				}
			}
		})
	}
}

// TestArchivePlayerOneColour: in an archive report each player is drawn
// in one colour in every chart that shows players: the score race, the
// captures, the ransoms, the points by feature and the Phantom's charts.
func TestArchivePlayerOneColour(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	if _, err := generate.Archive(ctx, filepath.Join(dir, "archive"), generate.ArchiveOptions{Games: 20, Files: 1, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	phantom := filepath.Join(dir, "phantom.cgn")
	if err := os.WriteFile(phantom, []byte(fitGame("tower phantom")), 0o644); err != nil {
		t.Fatal(err)
	}
	s, _ := ingested(t, filepath.Join(dir, "archive"), phantom)
	var buf bytes.Buffer
	if err := WriteArchive(ctx, &buf, s, filter.Filter{}); err != nil {
		t.Fatal(err)
	}
	got := playerColours(t, buf.String(), generate.DemoRoster)
	for _, id := range []string{"score-race", "captures-per-player", "ransom-flows", "points-by-feature",
		"phantom-placements", "phantom-points", "phantom-prisoners"} {
		if len(got[id]) == 0 {
			t.Errorf("chart %s draws no player in a colour of their own", id)
		}
	}
	colour := map[string]string{} // the first seen
	where := map[string]string{}
	byColour := map[string]string{}
	for id, players := range got {
		for name, cs := range players {
			for _, c := range cs {
				if first, ok := colour[name]; !ok {
					colour[name], where[name] = c, id
				} else if c != first {
					t.Errorf("%s is %s in %s but %s in %s", name, first, where[name], c, id)
				}
			}
		}
	}
	for name, c := range colour {
		if other, ok := byColour[c]; ok {
			t.Errorf("%s and %s are both %s", other, name, c)
		}
		byColour[c] = name
	}
	if len(colour) != len(generate.DemoRoster) {
		t.Errorf("%d players coloured, want %d", len(colour), len(generate.DemoRoster))
	}
}
