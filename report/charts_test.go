package report

import (
	"bytes"
	"context"
	"encoding/json"
	"html"
	"path/filepath"
	"reflect"
	"regexp"
	"testing"

	"github.com/towerlog/towerlog/analytics/filter"
	"github.com/towerlog/towerlog/generate"
)

var optionsRx = regexp.MustCompile(`<div class="chart" id="([^"]+)"[^>]*data-options="([^"]*)"`)

// options is what a test reads of a chart's ECharts options.
type options struct {
	XAxis  []axis `json:"xAxis"`
	YAxis  []axis `json:"yAxis"`
	Series []struct {
		Name      string                  `json:"name"`
		Type      string                  `json:"type"`
		Data      []any                   `json:"data"`
		Label     *struct{ Show bool }    `json:"label"`
		ItemStyle *struct{ Color string } `json:"itemStyle"`
	} `json:"series"`
	Legend struct{ Show bool } `json:"legend"`
}

type axis struct {
	Type        string   `json:"type"`
	Name        string   `json:"name"`
	Data        []string `json:"data"`
	MinInterval float64  `json:"minInterval"`
}

// pageCharts reads the options of every chart of a rendered page, by id.
func pageCharts(t *testing.T, page string) map[string]options {
	t.Helper()
	out := map[string]options{}
	for _, m := range optionsRx.FindAllStringSubmatch(page, -1) {
		var o options
		if err := json.Unmarshal([]byte(html.UnescapeString(m[2])), &o); err != nil {
			t.Fatalf("%s: %v", m[1], err)
		}
		out[m[1]] = o
	}
	return out
}

// reportPages writes the archive report of a generated archive and the
// report of its first game.
func reportPages(t *testing.T, o generate.ArchiveOptions) (archive, game string) {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	if _, err := generate.Archive(ctx, dir, o); err != nil {
		t.Fatal(err)
	}
	s, _ := ingested(t, dir)
	var a, g bytes.Buffer
	if err := WriteArchive(ctx, &a, s, filter.Filter{}); err != nil {
		t.Fatal(err)
	}
	if err := WriteGame(&g, replayFirst(t, filepath.Join(dir, "games-001.cgn"))); err != nil {
		t.Fatal(err)
	}
	return a.String(), g.String()
}

// TestChartsCountInWholeNumbers: captures, points, floors and towers are
// whole numbers, so no value axis may step by less than 1 (a one-game
// archive used to show 0.2 captures), and every bar and cell shows its
// number.
func TestChartsCountInWholeNumbers(t *testing.T) {
	archive, game := reportPages(t, generate.ArchiveOptions{Games: 1, Files: 1, Seed: 2, Roster: generate.DemoRoster[:5]})
	for page, html := range map[string]string{"archive": archive, "game": game} {
		charts := pageCharts(t, html)
		if len(charts) == 0 {
			t.Fatalf("%s: no charts", page)
		}
		valueAxes := 0
		for id, o := range charts {
			for _, a := range append(append([]axis(nil), o.XAxis...), o.YAxis...) {
				// An axis without categories is a value axis, whatever its type says.
				if a.Type == "value" || a.Data == nil {
					valueAxes++
					if a.MinInterval != 1 {
						t.Errorf("%s %s: axis %q steps by %v, want minInterval 1", page, id, a.Name, a.MinInterval)
					}
				}
			}
			for _, s := range o.Series {
				if s.Type == "bar" || s.Type == "heatmap" {
					if s.Label == nil || !s.Label.Show {
						t.Errorf("%s %s: series %q shows no numbers", page, id, s.Name)
					}
				}
			}
		}
		if valueAxes == 0 {
			t.Errorf("%s: no value axis found", page)
		}
	}
}

// TestCaptureHeightsStartAtOne: a tower captures when a floor is built,
// so it is at least one floor high; the height axis has no 0 column.
func TestCaptureHeightsStartAtOne(t *testing.T) {
	archive, _ := reportPages(t, generate.ArchiveOptions{Games: 30, Files: 1, Seed: 4})
	o := pageCharts(t, archive)["captures-height-distance"]
	if len(o.XAxis) != 1 || len(o.XAxis[0].Data) == 0 || o.XAxis[0].Data[0] != "1" {
		t.Fatalf("height axis %+v, want it to start at 1", o.XAxis)
	}
	if len(o.YAxis) != 1 || len(o.YAxis[0].Data) == 0 || o.YAxis[0].Data[0] != "0" {
		t.Errorf("distance axis %+v, want it to start at 0 (the tower's own tile)", o.YAxis)
	}
	if o.Legend.Show {
		t.Error("a heatmap's legend would be one meaningless swatch")
	}
}

// TestRansomChart checks the bars of three players' ransoms, worked out
// by hand: Anna paid Bruno 6 and Chloé 3, Bruno paid Anna 3, Chloé paid
// Anna 9; Dmitri paid and received nothing.
func TestRansomChart(t *testing.T) {
	players := []string{"Anna", "Bruno", "Chloé", "Dmitri"}
	flows := []flow{{"Anna", "Bruno", 6}, {"Anna", "Chloé", 3}, {"Bruno", "Anna", 3}, {"Chloé", "Anna", 9}}
	c := chart{ID: "ransom-flows"}.ransoms(players, flows, colours{"Anna": palette[0], "Bruno": palette[1], "Chloé": palette[2], "Dmitri": palette[3]})
	var o options
	if err := json.Unmarshal([]byte(c.Options), &o); err != nil {
		t.Fatal(err)
	}
	if got, want := o.YAxis[0].Data, []string{"Anna", "Bruno", "Chloé"}; !reflect.DeepEqual(got, want) {
		t.Errorf("payers %q, want %q", got, want)
	}
	// One series a receiver, one value a payer; "-" is no part at all.
	want := map[string][]any{
		"Anna":  {"-", 3.0, 9.0},
		"Bruno": {6.0, "-", "-"},
		"Chloé": {3.0, "-", "-"},
	}
	colour := map[string]string{"Anna": palette[0], "Bruno": palette[1], "Chloé": palette[2]}
	if len(o.Series) != len(want) {
		t.Fatalf("%d series, want %d", len(o.Series), len(want))
	}
	for _, s := range o.Series {
		var got []any
		for _, d := range s.Data {
			got = append(got, d.(map[string]any)["value"])
		}
		if !reflect.DeepEqual(got, want[s.Name]) {
			t.Errorf("%s received %v, want %v", s.Name, got, want[s.Name])
		}
		if s.Label == nil || !s.Label.Show {
			t.Errorf("%s: the points are not written on the bars", s.Name)
		}
		if s.ItemStyle == nil || s.ItemStyle.Color != colour[s.Name] {
			t.Errorf("%s is drawn in %+v, want %s", s.Name, s.ItemStyle, colour[s.Name])
		}
	}
	wantKey := []swatch{{"Anna", palette[0]}, {"Bruno", palette[1]}, {"Chloé", palette[2]}}
	if !reflect.DeepEqual(c.Key, wantKey) {
		t.Errorf("key %v, want %v", c.Key, wantKey)
	}
}

// TestRansomColoursOfTwelve: in a club of twelve who all pay each other,
// every player has one colour, and no two players share one.
func TestRansomColoursOfTwelve(t *testing.T) {
	if flowPlayers > len(palette) {
		t.Fatalf("the ransom chart shows %d players but has %d colours", flowPlayers, len(palette))
	}
	var flows []flow
	for i, from := range generate.DemoRoster {
		for j, to := range generate.DemoRoster {
			if i != j {
				flows = append(flows, flow{from, to, 3 * (i + j)})
			}
		}
	}
	c := chart{}.ransoms(generate.DemoRoster, flows, paletteColours(generate.DemoRoster))
	var o options
	if err := json.Unmarshal([]byte(c.Options), &o); err != nil {
		t.Fatal(err)
	}
	byColour := map[string]string{}
	byName := map[string]string{}
	for _, s := range o.Series {
		if other, ok := byColour[s.ItemStyle.Color]; ok {
			t.Errorf("%s and %s are both %s", other, s.Name, s.ItemStyle.Color)
		}
		if _, ok := byName[s.Name]; ok {
			t.Errorf("%s has two colours", s.Name)
		}
		byColour[s.ItemStyle.Color], byName[s.Name] = s.Name, s.ItemStyle.Color
	}
	if len(byName) != len(generate.DemoRoster) {
		t.Errorf("%d players coloured, want %d", len(byName), len(generate.DemoRoster))
	}
	for _, k := range c.Key {
		if byName[k.Name] != k.Colour {
			t.Errorf("the key shows %s in %s, the chart in %s", k.Name, k.Colour, byName[k.Name])
		}
	}
}

// TestBoardCaption: the caption says which position the board shows.
func TestBoardCaption(t *testing.T) {
	for _, tc := range []struct {
		n, turns int
		want     string
	}{
		{0, 72, "The start of the game: the board before the first turn."},
		{1, 72, "The board after turn 1 of 72."},
		{71, 72, "The board after turn 71 of 72."},
		{72, 72, "The final position, after the last turn (72) and the final scoring."},
	} {
		if got := boardCaption(tc.n, tc.turns); got != tc.want {
			t.Errorf("boardCaption(%d, %d) = %q, want %q", tc.n, tc.turns, got, tc.want)
		}
	}
}
