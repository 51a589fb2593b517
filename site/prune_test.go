package site_test

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/filter"
	"github.com/towerlog/towerlog/site"
)

// siteFiles lists the files of a site's directory.
func siteFiles(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	sort.Strings(out)
	return out
}

// duelAndSix stores a two-player game of the event "Nordic Tower Open"
// and a six-player game of "Marathon weekend", and returns the temporary
// directory their copies are in, and the store.
func duelAndSix(t *testing.T) (string, *analytics.Store) {
	t.Helper()
	dir := t.TempDir()
	duel := filepath.Join(dir, "duel.cgn")
	six := filepath.Join(dir, "six.cgn")
	copyFile(t, "../testdata/games/duel-discard.cgn", duel)
	copyFile(t, "../testdata/games/six-players.cgn", six)
	return dir, storeOf(t, true, duel, six)
}

// TestPruneRemovedGames: after a game is removed from the database, a
// rerun removes the pages the site wrote for it and for the player and
// event it alone had, and nothing else: not a file of the same form
// that the site did not write, nor a symbolic link, nor what it points
// to.
func TestPruneRemovedGames(t *testing.T) {
	ctx := context.Background()
	dir, s := duelAndSix(t)
	out := filepath.Join(dir, "site")
	if _, err := site.Write(ctx, s, out, site.Options{}); err != nil {
		t.Fatal(err)
	}
	before := siteFiles(t, out)
	// What the six players' game alone made: its page and record, its
	// six players' pages and its event's page.
	var sixID string
	_, err := s.SelectGames(ctx, filter.Filter{Event: "Marathon weekend"}, false, func(g *analytics.Game) error {
		sixID = g.ID
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	gone := map[string]bool{}
	page := readFile(t, filepath.Join(out, "index.html"))
	for _, name := range []string{"李娜", "Rafael", "Gunnhild", "O'Brien", "Amara", "Piotr"} {
		gone["player-"+nameHash(t, s, out, name)] = true
	}
	ev := strings.Index(page, `">Marathon weekend</a>`)
	evFile := page[strings.LastIndex(page[:ev], `"`)+1 : ev]
	gone[evFile] = true
	var key string
	for _, f := range before {
		if strings.HasPrefix(f, "game-") && strings.HasPrefix(sixID, strings.TrimSuffix(strings.TrimSuffix(strings.TrimPrefix(f, "game-"), ".html"), ".cgn")) {
			gone[f] = true
			key = strings.TrimSuffix(strings.TrimSuffix(f, ".cgn"), ".html")
		}
	}
	if len(gone) != 9 || !gone[key+".html"] || !gone[key+".cgn"] {
		t.Fatalf("the six players' game made %v", gone)
	}
	// Files of the site's forms that it did not write: a page without
	// its generator line, a link to a page that has it, a record with no
	// page of the site beside it.
	foreign := "game-0123456789abcdef.html"
	if err := os.WriteFile(filepath.Join(out, foreign), []byte("<!DOCTYPE html><p>mine</p>"), 0o644); err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(dir, "outside.html")
	copyFile(t, filepath.Join(out, key+".html"), outside)
	link := "event-0123456789abcdef.html"
	if err := os.Symlink(outside, filepath.Join(out, link)); err != nil {
		t.Skipf("no symbolic links here: %v", err) // Windows without the right; CI runs on Linux
	}
	lone := "game-fedcba9876543210.cgn"
	copyFile(t, filepath.Join(out, key+".cgn"), filepath.Join(out, lone))
	if _, err := s.RemoveGames(ctx, []string{sixID}); err != nil {
		t.Fatal(err)
	}
	st, err := site.Write(ctx, s, out, site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if st.Removed != 9 {
		t.Errorf("%d files removed, want 9", st.Removed)
	}
	var want []string
	for _, f := range before {
		if !gone[f] {
			want = append(want, f)
		}
	}
	want = append(want, foreign, link, lone)
	sort.Strings(want)
	if got := siteFiles(t, out); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("after the rerun:\n%v\nwant\n%v", got, want)
	}
	if _, err := os.Stat(outside); err != nil {
		t.Errorf("the link's target: %v", err)
	}
}

// TestPruneOnlyMarked: a directory that was not a site (written with
// Force) keeps every file of its own, even one that looks like a page
// of the site.
func TestPruneOnlyMarked(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	duel := filepath.Join(dir, "duel.cgn")
	copyFile(t, "../testdata/games/duel-discard.cgn", duel)
	s := storeOf(t, true, duel)
	first := filepath.Join(dir, "first")
	if _, err := site.Write(ctx, s, first, site.Options{}); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "other")
	var page string
	for _, f := range siteFiles(t, first) {
		if strings.HasPrefix(f, "player-") {
			page = f
		}
	}
	stale := "player-0123456789abcdef.html"
	copyFile(t, filepath.Join(first, page), mkdirFor(t, filepath.Join(other, stale)))
	st, err := site.Write(ctx, s, other, site.Options{Force: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(other, stale)); err != nil || st.Removed != 0 {
		t.Errorf("--force into a directory of other files: %d removed, %v", st.Removed, err)
	}
}

// TestPruneNarrowerFilter: a rerun with a filter that leaves a game out
// removes that game's page and record, which the store says it no
// longer selects, and keeps the page of the game it still selects.
func TestPruneNarrowerFilter(t *testing.T) {
	ctx := context.Background()
	dir, s := duelAndSix(t)
	ids := map[string]string{} // event: game id
	if _, err := s.SelectGames(ctx, filter.Filter{}, false, func(g *analytics.Game) error {
		ids[g.Event] = g.ID
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	nordic, marathon := ids["Nordic Tower Open"], ids["Marathon weekend"]
	if nordic == "" || marathon == "" {
		t.Fatalf("games by event: %v", ids)
	}
	only := filter.Filter{Event: "Nordic Tower Open"}
	sn, err := s.Snapshot(ctx, only)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		id   string
		want bool
	}{{nordic, true}, {marathon, false}} {
		if got, err := sn.SelectsGame(ctx, c.id[:16]); err != nil || got != c.want {
			t.Errorf("SelectsGame(%s) = %v, %v; want %v", c.id[:16], got, err, c.want)
		}
	}
	sn.Close()
	out := filepath.Join(dir, "site")
	if _, err := site.Write(ctx, s, out, site.Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := site.Write(ctx, s, out, site.Options{Filter: only}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file string
		kept bool
	}{
		{"game-" + nordic[:16] + ".html", true}, {"game-" + nordic[:16] + ".cgn", true},
		{"game-" + marathon[:16] + ".html", false}, {"game-" + marathon[:16] + ".cgn", false},
	} {
		_, err := os.Stat(filepath.Join(out, c.file))
		if kept := err == nil; kept != c.kept {
			t.Errorf("%s kept %v, want %v (%v)", c.file, kept, c.kept, err)
		}
	}
}

// TestLeftoverTemporaryFiles: the temporary files of a run killed
// outright (named "." + a site file's name + ".tmp-" + digits, as the
// atomic writes name them) are removed by the next run, and nothing else
// of a similar name is: not a name of another form, not a link, not one
// made after the run began (a run beside it writing).
func TestLeftoverTemporaryFiles(t *testing.T) {
	ctx := context.Background()
	dir, s := duelAndSix(t)
	out := filepath.Join(dir, "site")
	if _, err := site.Write(ctx, s, out, site.Options{}); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	leftovers := []string{".game-0123456789abcdef.html.tmp-2941", ".game-0123456789abcdef.cgn.tmp-17",
		".player-0123456789abcdef-2.html.tmp-5", ".event-fedcba9876543210.html.tmp-88", ".index.html.tmp-3",
		".site.css.tmp-12", ".site.js.tmp-4", "..towerlog-site.tmp-1"}
	kept := []string{".game-01234.html.tmp-abc", ".notes.html.tmp-5", "game-0123.html.tmp-1", ".game-0123.html.tmp-",
		".player-0123.html.tmp-5", ".index.html.tmp-3.bak", ".game-XYZ.html.tmp-1"}
	for _, name := range append(append([]string{}, leftovers...), kept...) {
		path := filepath.Join(out, name)
		if err := os.WriteFile(path, []byte("half a page"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, old, old); err != nil {
			t.Fatal(err)
		}
	}
	// One of the run beside it, made after this run begins.
	future := time.Now().Add(time.Hour)
	beside := filepath.Join(out, ".index.html.tmp-77")
	if err := os.WriteFile(beside, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(beside, future, future); err != nil {
		t.Fatal(err)
	}
	kept = append(kept, ".index.html.tmp-77")
	target := filepath.Join(dir, "mine.txt")
	if err := os.WriteFile(target, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, filepath.Join(out, ".site.js.tmp-9")); err != nil {
		t.Fatal(err)
	}
	kept = append(kept, ".site.js.tmp-9")
	st, err := site.Write(ctx, s, out, site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if st.Removed != len(leftovers) {
		t.Errorf("removed %d files, want the %d leftovers", st.Removed, len(leftovers))
	}
	for _, name := range leftovers {
		if _, err := os.Lstat(filepath.Join(out, name)); err == nil {
			t.Errorf("%s is left", name)
		}
	}
	for _, name := range kept {
		if _, err := os.Lstat(filepath.Join(out, name)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if readFile(t, target) != "mine" {
		t.Error("the link's target changed")
	}
}
