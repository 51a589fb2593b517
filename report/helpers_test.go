package report

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/generate"
)

// generated writes an archive of games in files CGN files, seeded 1, and
// returns the files.
func generated(t testing.TB, games, files int) []string {
	t.Helper()
	paths, err := generate.Archive(context.Background(), t.TempDir(), generate.ArchiveOptions{Games: games, Files: files, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return paths
}

// ingested opens a new store in a temporary directory, closed when the
// test ends, and ingests the CGN files or directories of paths into it.
func ingested(t testing.TB, paths ...string) (*analytics.Store, analytics.IngestStats) {
	t.Helper()
	ctx := context.Background()
	s, err := analytics.Open(ctx, filepath.Join(t.TempDir(), "towerlog.db"))
	var st analytics.IngestStats
	if err == nil {
		t.Cleanup(func() { s.Close() })
		st, err = s.Ingest(ctx, paths, analytics.IngestOptions{})
	}
	if err != nil {
		t.Fatal(err)
	}
	return s, st
}
