package analytics

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"golang.org/x/sync/errgroup"
)

// TestCreateConcurrently opens one new database from two stores at once,
// as two ingests creating it would, many times over: both create or
// migrate it and ingest into it without "database is locked"; the second
// waits for the first.
func TestCreateConcurrently(t *testing.T) {
	dir := testArchive(t, 6, 2)
	tmp := t.TempDir()
	const rounds = 40
	for round := range rounds {
		db := filepath.Join(tmp, fmt.Sprintf("new-%d.db", round))
		var g errgroup.Group
		for range 2 {
			g.Go(func() error {
				s, err := Open(context.Background(), db)
				if err != nil {
					return err
				}
				defer s.Close()
				_, err = s.Ingest(context.Background(), []string{dir}, IngestOptions{Workers: 1})
				return err
			})
		}
		if err := g.Wait(); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		s, err := Open(context.Background(), db)
		if err != nil {
			t.Fatal(err)
		}
		checkConsistent(t, s, 6)
		s.Close()
	}
}
