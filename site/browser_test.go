package site_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/generate"
	"github.com/towerlog/towerlog/internal/browsertest"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
	"github.com/towerlog/towerlog/review"
	"github.com/towerlog/towerlog/site"
)

var (
	cspMeta    = regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="[^"]*">`)
	renderedRx = regexp.MustCompile(`data-charts-rendered="(\d+)"`)
	boardRx    = regexp.MustCompile(`data-board-ready="(\d+)"`)
	pwned      = regexp.MustCompile(`<html[^>]*data-pwned`)
)

// TestHostileSiteInChromium writes the site of an archive whose players
// are named with markup and script, one game reviewed (the names go
// through its comments and verdicts too), and loads the index, an event,
// a player and a game in Chromium, as written and without their
// Content-Security-Policy: the charts and the board are drawn, no
// payload runs, and the console stays silent.
func TestHostileSiteInChromium(t *testing.T) {
	browser := browsertest.Chromium(t)
	ctx := context.Background()
	dir := t.TempDir()
	archive := filepath.Join(dir, "archive")
	files, err := generate.Archive(ctx, archive, generate.ArchiveOptions{Games: 10, Files: 1, Seed: 3, Roster: browsertest.HostileRoster})
	if err != nil {
		t.Fatal(err)
	}
	reviewed := reviewFirst(t, files[0])
	s := storeOf(t, false, archive, reviewed)
	out := filepath.Join(dir, "site")
	if _, err := site.Write(ctx, s, out, site.Options{}); err != nil {
		t.Fatal(err)
	}
	walk(t, out)
	// The detector works: the first name written raw into a page runs.
	raw := filepath.Join(dir, "raw.html")
	if err := os.WriteFile(raw, []byte("<!DOCTYPE html><html><body>"+browsertest.HostileRoster[0]+"</body></html>"), 0o644); err != nil {
		t.Fatal(err)
	}
	if dom, _ := browsertest.Load(t, browser, raw); !pwned.MatchString(dom) {
		t.Fatalf("the payload did not run even written raw:\n%s", dom)
	}
	event, _ := filepath.Glob(filepath.Join(out, "event-*.html"))
	players, _ := filepath.Glob(filepath.Join(out, "player-*.html"))
	games, _ := filepath.Glob(filepath.Join(out, "game-*.html"))
	reviewedPage := ""
	for _, g := range games {
		if b, _ := os.ReadFile(g); bytes.Contains(b, []byte(`id="win-probability"`)) {
			reviewedPage = g
		}
	}
	if len(event) == 0 || len(players) != len(browsertest.HostileRoster) || reviewedPage == "" {
		t.Fatalf("%d events, %d players, reviewed game %q", len(event), len(players), reviewedPage)
	}
	pages := []struct {
		name   string
		file   string
		charts int
		board  bool
	}{
		{"index", filepath.Join(out, "index.html"), 0, false},
		{"event", event[0], 0, false},
		{"player", players[0], 1, false},
		{"game", reviewedPage, 2, true},
	}
	for _, p := range pages {
		b, err := os.ReadFile(p.file)
		if err != nil {
			t.Fatal(err)
		}
		noCSP := filepath.Join(out, "nocsp-"+filepath.Base(p.file))
		if err := os.WriteFile(noCSP, []byte(cspMeta.ReplaceAllString(string(b), "")), 0o644); err != nil {
			t.Fatal(err)
		}
		for variant, file := range map[string]string{"as written": p.file, "without CSP": noCSP} {
			t.Run(p.name+" "+variant, func(t *testing.T) {
				dom, console := browsertest.Load(t, browser, file)
				if pwned.MatchString(dom) {
					t.Errorf("a payload ran")
				}
				if len(console) > 0 {
					t.Errorf("console:\n%s", strings.Join(console, "\n"))
				}
				if m := renderedRx.FindStringSubmatch(dom); m == nil || m[1] != strconv.Itoa(p.charts) {
					t.Errorf("charts rendered: %v, want %d", m, p.charts)
				}
				if p.charts > 0 && strings.Count(dom, "<svg") < p.charts {
					t.Errorf("fewer SVG drawings than charts")
				}
				if p.board {
					if m := boardRx.FindStringSubmatch(dom); m == nil || m[1] == "0" {
						t.Errorf("the board was not laid out: %v", m)
					}
					if !strings.Contains(dom, `<use href="#t-`) {
						t.Errorf("the board has no tile")
					}
				}
				// The names with markup are in the DOM as text only.
				for _, name := range []string{browsertest.HostileRoster[0], browsertest.HostileRoster[3]} {
					if strings.Contains(dom, name) {
						t.Errorf("a name became markup: %s", name)
					}
				}
			})
		}
	}
}

// reviewFirst reviews the first game of file, briefly, and writes it with
// its review beside it.
func reviewFirst(t *testing.T, file string) string {
	t.Helper()
	var g *replay.Game
	err := replay.Run(context.Background(), []string{file}, replay.RunOptions{}, func(rg *replay.Game) error {
		if g == nil {
			g = rg
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	turns, err := review.Game(context.Background(), g, review.Options{Rollouts: 2, Seed: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, len(g.Players))
	for i, p := range g.Players {
		names[i] = p.Name
	}
	review.Annotate(g.Record, turns, names, "towerlog review")
	var b bytes.Buffer
	if err := record.Format(&b, g.Record); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(filepath.Dir(file), "..", "reviewed.cgn")
	if err := os.WriteFile(out, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

// chooseJS chooses the first verdict of a game page, once its board is
// laid out; the review's drawing is in the DOM.
var chooseJS = browsertest.ChooseScript("site-board", "data-board-ready", `#verdicts a[href^="#turn-"]`,
	`function (c) { return document.querySelectorAll('#better-board svg .' + c).length; }`)

// TestBetterMoveInChromium: on a reviewed game's page, with its
// Content-Security-Policy, choosing a verdict shows the board before its
// move with both moves drawn: the move played's outline and its thief's
// ring, the best move's dashed outline and ring (review written by hand:
// Søren's turn 3, the best move the same tile elsewhere with a thief),
// and the three moves the review listed.
func TestBetterMoveInChromium(t *testing.T) {
	browser := browsertest.Chromium(t)
	game := onlyGamePage(t, "../testdata/reviewed/base-game.cgn")
	out := filepath.Dir(game)
	// The choice is a script of the site's own directory, as the policy
	// allows, run after the page's.
	page := strings.Replace(readFile(t, game), `<script src="site.js"></script>`, `<script src="site.js"></script><script src="choose.js"></script>`, 1)
	file := filepath.Join(out, "chosen.html")
	for name, text := range map[string]string{file: page, filepath.Join(out, "choose.js"): chooseJS} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dom, console := browsertest.Load(t, browser, file)
	if len(console) > 0 {
		t.Errorf("console:\n%s", strings.Join(console, "\n"))
	}
	got := browsertest.ReadChosen(t, dom)
	if !got.HiddenBefore || got.Hidden || got.Played != 2 || got.Other != 2 || got.Rows != 3 ||
		got.Title != "Turn 3, Søren: mistake ?: the board before the move" || !strings.HasPrefix(got.Label, "Turn 3 of ") {
		t.Errorf("after the choice: %+v", got)
	}
}
