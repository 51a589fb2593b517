package report

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"fmt"
	"html"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/analytics/filter"
)

// gunzipBase64 unpacks base64 of gzipped data, as the report packs the
// picker's games.
func gunzipBase64(t *testing.T, s string) []byte {
	t.Helper()
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

var optionRe = regexp.MustCompile(`<option value="(\d+)"(?: selected)?>([^<]*)</option>`)

// TestPickerReachesEveryGame: the picker offers every game of the
// selection, each with its charts, not only the latest few.
func TestPickerReachesEveryGame(t *testing.T) {
	ctx := context.Background()
	s, _ := ingested(t, generated(t, 45, 2)...)
	var page strings.Builder
	if err := WriteArchive(ctx, &page, s, filter.Filter{}); err != nil {
		t.Fatal(err)
	}
	r := readReport(t, page.String())
	games := r.pickers["one-game"]
	options := optionRe.FindAllStringSubmatch(page.String(), -1)
	if len(games) != 45 || len(options) != 45 {
		t.Fatalf("the picker offers %d games with %d charts, want all 45", len(options), len(games))
	}
	seen := map[string]bool{}
	for i, o := range options {
		if o[1] != fmt.Sprint(i) || games[i]["score-race"] == nil || games[i]["tower-heights"] == nil {
			t.Errorf("option %s (%s) has no charts", o[1], o[2])
		}
		id := strings.SplitN(html.UnescapeString(o[2]), " ", 2)[0]
		if seen[id] {
			t.Errorf("game %s offered twice", id)
		}
		seen[id] = true
	}
}

// TestPickerInChromium chooses a game in the picker of a report drawn by
// Chromium: the score race then shows that game's players.
func TestPickerInChromium(t *testing.T) {
	browser := chromium(t)
	ctx := context.Background()
	s, _ := ingested(t, generated(t, 12, 1)...)
	var page strings.Builder
	if err := WriteArchive(ctx, &page, s, filter.Filter{}); err != nil {
		t.Fatal(err)
	}
	games := readReport(t, page.String()).pickers["one-game"]
	var want []string
	for _, s := range games[7]["score-race"]["series"].([]any) {
		want = append(want, s.(map[string]any)["name"].(string))
	}
	var first []string
	for _, s := range games[0]["score-race"]["series"].([]any) {
		first = append(first, s.(map[string]any)["name"].(string))
	}
	if strings.Join(first, "|") == strings.Join(want, "|") {
		t.Fatal("games 1 and 8 have the same players: the test could not tell them apart")
	}
	choose := `
var sel = document.querySelector('section.picker select');
sel.value = '7';
sel.dispatchEvent(new Event('change'));
setTimeout(function () {
  var c = echarts.getInstanceByDom(document.getElementById('score-race'));
  document.documentElement.setAttribute('data-picked', c.getOption().series.map(function (s) { return s.name; }).join('|'));
}, 2000);
`
	html := cspMeta.ReplaceAllString(page.String(), "")
	i := strings.LastIndex(html, "</body>")
	html = html[:i] + "<script>" + choose + "</script>" + html[i:]
	path := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(path, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	dom := dumpDOM(t, browser, path)
	m := regexp.MustCompile(`data-picked="([^"]*)"`).FindStringSubmatch(dom)
	if m == nil || html2text(m[1]) != strings.Join(want, "|") {
		t.Errorf("after choosing game 8 the score race shows %v, want %q", m, strings.Join(want, "|"))
	}
}

func html2text(s string) string { return html.UnescapeString(s) }

// TestPickerChunks reads and draws the picker's games a few at a time:
// the page is byte for byte the one drawn from all the games at once, and
// the score race of every game ends on the scores of its record's Result
// tag, counted from the text.
func TestPickerChunks(t *testing.T) {
	ctx := context.Background()
	files := generated(t, 45, 2)
	s, _ := ingested(t, files...)
	write := func(chunk int) string {
		defer func(old int) { pickChunk = old }(pickChunk)
		pickChunk = chunk
		var page strings.Builder
		if err := WriteArchive(ctx, &page, s, filter.Filter{}); err != nil {
			t.Fatal(err)
		}
		return page.String()
	}
	whole, chunked := write(1000), write(7) // one chunk; six of 7 games and one of 3
	if whole != chunked {
		t.Fatal("the page drawn 7 games at a time differs from the page drawn at once")
	}
	var want []string
	for _, f := range files {
		for _, g := range readTextGames(t, f) {
			var finals []string
			scores := strings.Split(g.tags["Result"], "-")
			for i, p := range strings.Split(g.tags["Players"], "; ") {
				finals = append(finals, strings.SplitN(p, ":", 2)[0]+" "+scores[i])
			}
			want = append(want, strings.Join(finals, ", "))
		}
	}
	var got []string
	for _, g := range readReport(t, chunked).pickers["one-game"] {
		var finals []string
		for _, sr := range asList(g["score-race"]["series"]) {
			series := sr.(map[string]any)
			data := asList(series["data"])
			last := asList(data[len(data)-1].(map[string]any)["value"])
			finals = append(finals, fmt.Sprintf("%s %v", series["name"], number(t, last[1])))
		}
		got = append(got, strings.Join(finals, ", "))
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("final scores of the score races:\n%q\nof the records' Result tags:\n%q", got, want)
	}
}

// TestPickerOpensOnFinishedGame: the latest game of the archive is an
// unfinished Tower game with no turn; the picker still lists it first but
// opens on the latest finished game, Anna's, and as no tower got a floor
// the report has no Tower chart at all (no capture, ransom or height).
func TestPickerOpensOnFinishedGame(t *testing.T) {
	file := filepath.Join(t.TempDir(), "cup.cgn")
	const games = "[Event \"Cup\"]\n[Date \"2025.01.01\"]\n[Players \"Anna; Bruno\"]\n[Bag \"order E\"]\n[Result \"4-0\"]\n\n" +
		"1. Anna E@0,-1r180 +C:S\n\n" +
		"[Event \"Cup\"]\n[Date \"2025.02.01\"]\n[Players \"Chloé; Dmitri\"]\n[Bag \"order E\"]\n[Result \"*\"]\n\n"
	if err := os.WriteFile(file, []byte(games), 0o644); err != nil {
		t.Fatal(err)
	}
	s, _ := ingested(t, file)
	var page strings.Builder
	if err := WriteArchive(context.Background(), &page, s, filter.Filter{}); err != nil {
		t.Fatal(err)
	}
	options := regexp.MustCompile(`<option value="\d+"( selected)?>#(\d+) `).FindAllStringSubmatch(page.String(), -1)
	var got []string
	for _, o := range options {
		got = append(got, o[2]+o[1])
	}
	if want := []string{"2", "1 selected"}; !slices.Equal(got, want) {
		t.Errorf("the picker's games: %q, want %q (the latest first, the finished one selected)", got, want)
	}
	r := readReport(t, page.String())
	race := fmt.Sprint(r.charts["score-race"])
	if !strings.Contains(race, "Anna") || strings.Contains(race, "Chloé") {
		t.Errorf("the score race opens on %s, want Anna and Bruno's game", race)
	}
	for _, id := range []string{"captures-per-player", "capture-matrix", "captures-height-distance", "ransom-flows",
		"final-tower-heights", "tower-heights"} {
		if _, ok := r.charts[id]; ok {
			t.Errorf("the report of games without a floor has the chart %s", id)
		}
	}
}
