package site_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/generate"
	"github.com/towerlog/towerlog/replay"
	"github.com/towerlog/towerlog/site"
)

// TestSiteDuringIngest: a site written while an ingest adds 3,000 games
// to its database is the site of the database before the ingest: as
// many game pages as it had games, and no link of any page to a page
// that does not exist. The ingest runs, to its end, as the site writes
// its first game page (Options.Progress), after the site began to read.
func TestSiteDuringIngest(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	before, err := generate.Archive(ctx, filepath.Join(dir, "before"), generate.ArchiveOptions{Games: 150, Files: 1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	during, err := generate.Archive(ctx, filepath.Join(dir, "during"), generate.ArchiveOptions{Games: 3000, Files: 2, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "towerlog.db")
	loaders := replay.Loaders{".cgn": replay.CGN()}
	ingest := func(paths []string) int {
		s, err := analytics.Open(ctx, db)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		st, err := s.Ingest(ctx, paths, analytics.IngestOptions{Loaders: loaders})
		if err != nil {
			t.Fatal(err)
		}
		return st.Added
	}
	if n := ingest(before); n != 150 {
		t.Fatalf("stored %d games before, want 150", n)
	}
	s, err := analytics.OpenShared(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var once sync.Once
	added := 0
	out := filepath.Join(dir, "site")
	st, err := site.Write(ctx, s, out, site.Options{Progress: func() { once.Do(func() { added = ingest(during) }) }})
	if err != nil {
		t.Fatal(err)
	}
	if added != 3000 {
		t.Fatalf("the ingest during the site stored %d games, want 3000", added)
	}
	if st.Games != 150 {
		t.Errorf("the site has %d games, want the 150 of the database before the ingest", st.Games)
	}
	pages, broken := linkWalk(t, out)
	if len(broken) > 0 {
		t.Errorf("%d broken links, the first: %v", len(broken), broken[:min(5, len(broken))])
	}
	if pages["game"] != 150 {
		t.Errorf("%d game pages, want 150", pages["game"])
	}
}

var href = regexp.MustCompile(`href="([^"#?]+)`)

// linkWalk reads every page of the site in dir and returns the number of
// pages of each kind (the name's start: game, player, event, index) and
// the links to files of the site that do not exist, as "page -> target".
func linkWalk(t *testing.T, dir string) (map[string]int, []string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	pages := map[string]int{}
	var broken []string
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		kind, _, _ := strings.Cut(strings.TrimSuffix(name, ".html"), "-")
		pages[kind]++
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range href.FindAllStringSubmatch(string(b), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "data:") {
				continue
			}
			if _, err := os.Stat(filepath.Join(dir, target)); err != nil {
				broken = append(broken, name+" -> "+target)
			}
		}
	}
	return pages, broken
}
