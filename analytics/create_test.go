package analytics

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

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

// TestIngestThreeAtOnce runs three ingests of one archive into one new
// database at once, round after round, in small transactions and with
// writers whose single wait for the lock (busy_timeout) is short, so
// that each meets the others' transactions many times for longer than
// SQLite waits: every ingest ends without an error, counts each game as
// added or already present, and the three add each game exactly once.
func TestIngestThreeAtOnce(t *testing.T) {
	defer func(d time.Duration) { busyTimeout = d }(busyTimeout)
	busyTimeout = 20 * time.Millisecond
	const games, ingests, rounds = 30, 3, 20
	dir := testArchive(t, games, 3)
	tmp := t.TempDir()
	for round := range rounds {
		db := filepath.Join(tmp, fmt.Sprintf("three-%d.db", round))
		stats := make([]IngestStats, ingests)
		var g errgroup.Group
		for i := range ingests {
			g.Go(func() error {
				s, err := Open(context.Background(), db)
				if err != nil {
					return err
				}
				defer s.Close()
				stats[i], err = s.Ingest(context.Background(), []string{dir}, IngestOptions{Workers: 1, BatchRows: 300})
				return err
			})
		}
		if err := g.Wait(); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		added := 0
		for i, st := range stats {
			if st.Added+st.Present != games || st.Updated != 0 || st.Invalid != 0 {
				t.Fatalf("round %d, ingest %d: %d added, %d present, %d updated, %d invalid; want %d games added or present",
					round, i, st.Added, st.Present, st.Updated, st.Invalid, games)
			}
			added += st.Added
		}
		if added != games {
			t.Fatalf("round %d: the ingests added %d games together, want %d", round, added, games)
		}
		s, err := Open(context.Background(), db)
		if err != nil {
			t.Fatal(err)
		}
		checkConsistent(t, s, games)
		s.Close()
	}
}

// holdLock takes the write lock of the database at path on a connection
// of its own and returns the function that lets it go.
func holdLock(t *testing.T, path string) (release func()) {
	t.Helper()
	db, err := sql.Open("sqlite", dsn(path, writePragmas()))
	if err != nil {
		t.Fatal(err)
	}
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	return func() {
		tx.Rollback()
		db.Close()
	}
}

// TestIngestWaitsForLock: an ingest waits for a writer that holds the
// lock ten times longer than SQLite's busy_timeout, then stores every
// game; an ingest waiting so, with the busy_timeout of 5 s, stops within
// a second or two after it is told to.
func TestIngestWaitsForLock(t *testing.T) {
	dir := testArchive(t, 10, 1)
	s := openTemp(t)
	func() {
		defer func(d time.Duration) { busyTimeout = d }(busyTimeout)
		busyTimeout = 50 * time.Millisecond
		release := holdLock(t, s.path)
		time.AfterFunc(10*busyTimeout, release)
		st, err := s.Ingest(context.Background(), []string{dir}, IngestOptions{Workers: 1})
		if err != nil || st.Added != 10 {
			t.Fatalf("ingest after waiting: %+v, %v; want 10 games added", st, err)
		}
	}()
	release := holdLock(t, s.path)
	defer release()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	_, err := s.Ingest(ctx, []string{dir}, IngestOptions{Workers: 1})
	if took := time.Since(start); !errors.Is(err, context.Canceled) || took > 2*time.Second {
		t.Fatalf("ingest stopped while waiting: %v after %v; want context.Canceled within 2 s", err, took)
	}
}
