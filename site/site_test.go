package site_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/filter"
	"github.com/towerlog/towerlog/bga"
	"github.com/towerlog/towerlog/demo"
	"github.com/towerlog/towerlog/jcz"
	"github.com/towerlog/towerlog/replay"
	"github.com/towerlog/towerlog/site"
)

// storeOf ingests paths (CGN and JCloisterZone saves) into a new
// database.
func storeOf(t *testing.T, lenient bool, paths ...string) *analytics.Store {
	t.Helper()
	ctx := context.Background()
	s, err := analytics.Open(ctx, filepath.Join(t.TempDir(), "towerlog.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	loaders := replay.Loaders{".cgn": replay.CGN(), jcz.Extension: jcz.Loader()}
	if _, err := s.Ingest(ctx, paths, analytics.IngestOptions{Loaders: loaders, Lenient: lenient}); err != nil {
		t.Fatal(err)
	}
	return s
}

// demoStore is the demo's archive, smaller.
func demoStore(t *testing.T) *analytics.Store {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "demo")
	res, err := demo.Run(context.Background(), dir, demo.Options{Games: 40, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	s, err := analytics.Open(context.Background(), res.Database)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

var linkRx = regexp.MustCompile(`(?:href|src)="([^"]*)"`)

// labLinks counts the links to CarcassonneLab the last walk met.
var labLinks int

// walk follows every link of the site from index.html and fails on a
// link to a file that is not there or outside the directory (but for a
// base game's link to CarcassonneLab), and on a link to a turn (#turn-N)
// of a page whose board shows no review; it returns the files reached.
func walk(t *testing.T, dir string) map[string]bool {
	t.Helper()
	labLinks = 0
	reached := map[string]bool{"index.html": true}
	queue := []string{"index.html"}
	for len(queue) > 0 {
		page := queue[0]
		queue = queue[1:]
		b, err := os.ReadFile(filepath.Join(dir, page))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range linkRx.FindAllStringSubmatch(string(b), -1) {
			target := m[1]
			if strings.HasPrefix(target, bga.LinkPrefix) {
				labLinks++ // a base game on CarcassonneLab, off the site
				continue
			}
			if strings.HasPrefix(target, "#turn-") {
				// A turn of the page's board, which shows its review.
				if !strings.Contains(string(b), `id="better"`) {
					t.Errorf("%s links to %q without a review on its board", page, target)
				}
				continue
			}
			if strings.ContainsAny(target, "/\\:") || strings.HasPrefix(target, ".") {
				t.Errorf("%s links outside the site's directory: %q", page, target)
				continue
			}
			if _, err := os.Stat(filepath.Join(dir, target)); err != nil {
				t.Errorf("%s: broken link %q", page, target)
				continue
			}
			if !reached[target] {
				reached[target] = true
				if strings.HasSuffix(target, ".html") {
					queue = append(queue, target)
				}
			}
		}
	}
	return reached
}

// checkSite writes the site of s and checks that every file is reached
// from the index, and that there is a page for every game, player and
// event.
func checkSite(t *testing.T, s *analytics.Store, pages int) (string, site.Stats) {
	t.Helper()
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "site")
	st, err := site.Write(ctx, s, dir, site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	reached := walk(t, dir)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, e := range entries {
		name := e.Name()
		if name == site.Marker {
			continue
		}
		if !reached[name] {
			t.Errorf("%s is not reachable from index.html", name)
		}
		kind, rest, found := strings.Cut(name, "-")
		switch {
		case strings.Contains(rest, "-"):
			kind += "-more" // a list's page after the first
		case found:
			kind += filepath.Ext(name)
		}
		count[kind]++
	}
	games, err := s.CountGames(ctx, filter.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	stats, err := s.PlayerStatistics(ctx, filter.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	events, err := snapshotEvents(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"game.html": games, "game.cgn": games, "player.html": len(stats), "event.html": len(events),
		"index.html": 1, "site.css": 1, "site.js": 1}
	for k, n := range want {
		if count[k] != n {
			t.Errorf("%d files %s, want %d", count[k], k, n)
		}
	}
	if st.Games != games || st.Players != len(stats) || st.Events != len(events) {
		t.Errorf("stats %+v, want %d games, %d players, %d events", st, games, len(stats), len(events))
	}
	if count["player-more"]+count["event-more"] != pages {
		t.Errorf("%d pages of games after the first, want %d", count["player-more"]+count["event-more"], pages)
	}
	return dir, st
}

// TestDemoSite walks the demo archive's site, checks the size of its
// game pages, and that the index's rating list is the ladder's, which
// stats --rating prints (its test compares it with the report's).
func TestDemoSite(t *testing.T) {
	s := demoStore(t)
	dir, _ := checkSite(t, s, 0)
	// A game page is small beside the shared files.
	files, _ := filepath.Glob(filepath.Join(dir, "game-*.html"))
	for _, f := range files {
		if info, err := os.Stat(f); err != nil || info.Size() > 30<<10 {
			t.Errorf("%s: %v bytes, want at most 30 KB", f, info.Size())
		}
	}
	checkRatings(t, s, dir)
}

// TestRealGamesSiteLinks: the games of testdata (records written by
// hand from real play, CGN imports, JCloisterZone saves).
func TestRealGamesSiteLinks(t *testing.T) {
	s := storeOf(t, true, "../testdata/games", "../testdata/cgn", "../testdata/jcz")
	n, err := s.CountGames(context.Background(), filter.Filter{})
	if err != nil || n < 20 {
		t.Fatalf("%d games stored (%v): too few to test", n, err)
	}
	checkSite(t, s, 0)
	// Each base game of the usual rules from the usual start has its
	// CarcassonneLab link: the games whose Rules tag is "base" alone.
	base, err := s.CountGames(context.Background(), filter.Filter{Rules: []string{"base"}})
	if err != nil {
		t.Fatal(err)
	}
	if labLinks == 0 || labLinks > base {
		t.Errorf("%d links to CarcassonneLab, %d base games", labLinks, base)
	}
}

// TestListPages lists the games of players and events over pages of 7:
// every page is reached, and the pages after the first are those the
// counts of games call for.
func TestListPages(t *testing.T) {
	defer site.SetListRows(7)()
	s := storeOf(t, true, "../testdata/games", "../testdata/cgn", "../testdata/jcz")
	ctx := context.Background()
	stats, err := s.PlayerStatistics(ctx, filter.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	// A list of n games takes ceil(n/7) pages, the first the main one.
	more := func(n int) int { return max(0, (n+6)/7-1) }
	pages := 0
	for _, p := range stats {
		pages += more(p.Games + p.Unfinished)
	}
	events, err := snapshotEvents(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range events {
		pages += more(e.Games)
	}
	if pages == 0 {
		t.Fatal("no list is longer than a page: the test would prove nothing")
	}
	checkSite(t, s, pages)
}

// checkRatings compares the index's rating list with the ladder's.
func checkRatings(t *testing.T, s *analytics.Store, dir string) {
	t.Helper()
	l, err := s.Ladder(context.Background(), filter.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	page = page[strings.Index(page, `id="ratings"`):]
	page = page[:strings.Index(page, "</table>")]
	row := regexp.MustCompile(`<tr><td>(\d+)</td><td class="key"><a href="([^"]+)">([^<]+)</a></td><td>(\d+\??)</td><td>(\d+)</td><td>(\d+)</td></tr>`)
	found := row.FindAllStringSubmatch(page, -1)
	players := l.Players()
	if len(found) != len(players) || len(players) == 0 {
		t.Fatalf("%d rows in the rating list, %d players rated", len(found), len(players))
	}
	for i, p := range players {
		got := found[i][1:]
		mark := "" // lichess's provisional mark, while the deviation is above 110
		if p.RD > 110 {
			mark = "?"
		}
		want := []string{itoa(p.Rank), "", p.Name, roundf(p.R) + mark, roundf(p.RD), itoa(p.Games)}
		got[1] = ""
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("row %d: %q, want %q", i+1, got, want)
		}
	}
}

// TestRerun: a second run writes nothing; after a round more, it writes
// the new games' pages and the pages that list them, and leaves the
// other games' pages alone.
func TestRerun(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	first := filepath.Join(dir, "first.cgn")
	second := filepath.Join(dir, "second.cgn")
	copyFile(t, "../testdata/games/duel-discard.cgn", first)
	copyFile(t, "../testdata/games/six-players.cgn", second)
	s := storeOf(t, true, first)
	out := filepath.Join(dir, "site")
	st, err := site.Write(ctx, s, out, site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	total := st.Written
	if st, err = site.Write(ctx, s, out, site.Options{}); err != nil || st.Written != 0 || st.Unchanged != total {
		t.Fatalf("second run: %+v, %v; want nothing written, %d files unchanged", st, err, total)
	}
	gamePage, _ := filepath.Glob(filepath.Join(out, "game-*.html"))
	before, err := os.Stat(gamePage[0])
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Ingest(ctx, []string{second}, analytics.IngestOptions{Lenient: true}); err != nil {
		t.Fatal(err)
	}
	if st, err = site.Write(ctx, s, out, site.Options{}); err != nil {
		t.Fatal(err)
	}
	after, err := os.Stat(gamePage[0])
	if err != nil {
		t.Fatal(err)
	}
	if !after.ModTime().Equal(before.ModTime()) {
		t.Errorf("the first game's page was written again")
	}
	// New: the game's page and record, its six players' pages and its
	// event's page, and the index (which lists them). And the pages of the
	// duel's two players, who sat the new period out: their deviation
	// grows by a period (Glicko-2's step 6), and each page shows it,
	// "± 580" becoming "± 581".
	if st.Written != 2+6+1+1+2 {
		t.Errorf("after a new game: %+v, want 12 files written", st)
	}
}

// A rerun reads no record where the pages are made, but a record file
// beside a page that is gone or edited is written again from the store.
func TestRerunRestoresRecordFiles(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	src := filepath.Join(dir, "games.cgn")
	copyFile(t, "../testdata/games/duel-discard.cgn", src)
	s := storeOf(t, true, src)
	out := filepath.Join(dir, "site")
	if _, err := site.Write(ctx, s, out, site.Options{}); err != nil {
		t.Fatal(err)
	}
	records, _ := filepath.Glob(filepath.Join(out, "game-*.cgn"))
	if len(records) != 1 {
		t.Fatalf("%d record files, want 1", len(records))
	}
	want, err := os.ReadFile(records[0])
	if err != nil {
		t.Fatal(err)
	}
	// Edited, same size: one byte of its last line changed.
	edited := append([]byte{}, want...)
	edited[len(edited)-2] ^= 1
	for _, change := range []struct {
		name string
		do   func() error
	}{
		{"removed", func() error { return os.Remove(records[0]) }},
		{"edited", func() error { return os.WriteFile(records[0], edited, 0o644) }},
	} {
		if err := change.do(); err != nil {
			t.Fatal(err)
		}
		st, err := site.Write(ctx, s, out, site.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if st.Written != 1 {
			t.Errorf("record file %s: %d files written, want 1 (the record file)", change.name, st.Written)
		}
		if got, err := os.ReadFile(records[0]); err != nil || !bytes.Equal(got, want) {
			t.Errorf("record file %s: not written again as the store holds it (%v)", change.name, err)
		}
	}
}

func TestRefusals(t *testing.T) {
	ctx := context.Background()
	s := storeOf(t, true, "../testdata/games/duel-discard.cgn")
	dir := t.TempDir()
	t.Run("NotSite", func(t *testing.T) {
		other := filepath.Join(dir, "other")
		if err := os.MkdirAll(other, 0o755); err != nil {
			t.Fatal(err)
		}
		copyFile(t, "../testdata/games/duel-discard.cgn", filepath.Join(other, "mine.cgn"))
		_, err := site.Write(ctx, s, other, site.Options{})
		var ns *site.NotSiteError
		want := other + " holds files and is not a site towerlog wrote (no .towerlog-site): choose a new directory, or use --force to write into it"
		if !errors.As(err, &ns) || err.Error() != want {
			t.Errorf("got %v, want %s", err, want)
		}
		if _, err := os.Stat(filepath.Join(other, "index.html")); err == nil {
			t.Error("index.html written into a refused directory")
		}
		if _, err := site.Write(ctx, s, other, site.Options{Force: true}); err != nil {
			t.Errorf("--force: %v", err)
		}
	})
	t.Run("LinkedDir", func(t *testing.T) {
		real := filepath.Join(dir, "real")
		if err := os.Mkdir(real, 0o755); err != nil {
			t.Fatal(err)
		}
		link := filepath.Join(dir, "link")
		if err := os.Symlink(real, link); err != nil {
			t.Fatal(err)
		}
		_, err := site.Write(ctx, s, link, site.Options{Force: true})
		var se *site.SymlinkError
		if !errors.As(err, &se) || err.Error() != link+" is a symbolic link: towerlog site writes no file through one" {
			t.Errorf("got %v", err)
		}
	})
	t.Run("LinkedPage", func(t *testing.T) {
		out := filepath.Join(dir, "site")
		if _, err := site.Write(ctx, s, out, site.Options{}); err != nil {
			t.Fatal(err)
		}
		outside := filepath.Join(dir, "outside.html")
		if err := os.WriteFile(outside, []byte("keep me"), 0o644); err != nil {
			t.Fatal(err)
		}
		index := filepath.Join(out, "index.html")
		if err := os.Remove(index); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(outside, index); err != nil {
			t.Fatal(err)
		}
		_, err := site.Write(ctx, s, out, site.Options{})
		if err == nil || err.Error() != index+" is a symbolic link: towerlog site writes no file through one" {
			t.Errorf("got %v", err)
		}
		if b, _ := os.ReadFile(outside); string(b) != "keep me" {
			t.Errorf("the file outside was written: %q", b)
		}
	})
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func roundf(v float64) string { return fmt.Sprintf("%.0f", v) }

// snapshotEvents is the events of every game of s.
func snapshotEvents(ctx context.Context, s *analytics.Store) ([]analytics.EventInfo, error) {
	sn, err := s.Snapshot(ctx, filter.Filter{})
	if err != nil {
		return nil, err
	}
	defer sn.Close()
	return sn.Events(ctx)
}
