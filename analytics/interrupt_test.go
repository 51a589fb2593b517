package analytics

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestIngestCancelled stops an ingest through its context partway: what
// was committed is whole, and a second ingest completes the archive.
func TestIngestCancelled(t *testing.T) {
	dir := testArchive(t, 400, 4)
	s := openTemp(t)
	ctx, cancel := context.WithCancel(context.Background())
	seen := 0
	_, err := s.Ingest(ctx, []string{dir}, IngestOptions{BatchRows: 2000, Progress: func() {
		if seen++; seen == 150 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled ingest returned %v, want %v", err, context.Canceled)
	}
	valid, _, _ := s.Counts(context.Background())
	if valid == 0 || valid >= 400 {
		t.Fatalf("%d games stored before the cancellation; the test wants a partial ingest", valid)
	}
	checkConsistent(t, s, -1)
	st, err := s.Ingest(context.Background(), []string{dir}, IngestOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if st.Added+st.Present != 400 || st.Present != valid {
		t.Fatalf("second ingest: %+v after %d stored", st, valid)
	}
	checkConsistent(t, s, 400)
}

// TestIngestKilled kills a process in the middle of an ingest (SIGKILL:
// no clean-up of any kind), then checks the database and completes it.
func TestIngestKilled(t *testing.T) {
	if os.Getenv("TOWERLOG_INGEST_CHILD") != "" {
		ingestChild(t)
		return
	}
	if testing.Short() {
		t.Skip("runs a subprocess")
	}
	dir := testArchive(t, 1500, 6)
	db := filepath.Join(t.TempDir(), "killed.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestIngestKilled$", "-test.count=1")
	cmd.Env = append(os.Environ(), "TOWERLOG_INGEST_CHILD=1", "TOWERLOG_DB="+db, "TOWERLOG_ARCHIVE="+dir)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Kill it once some transactions have committed.
	deadline := time.Now().Add(60 * time.Second)
	for {
		if n := countGames(t, db); n > 0 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("the child stored nothing in a minute")
		}
		time.Sleep(20 * time.Millisecond)
	}
	cmd.Process.Kill()
	err := cmd.Wait()
	s, oerr := Open(context.Background(), db)
	if oerr != nil {
		t.Fatal(oerr)
	}
	defer s.Close()
	valid, _, _ := s.Counts(context.Background())
	t.Logf("killed (%v) with %d of 1500 games stored", err, valid)
	checkConsistent(t, s, -1)
	st, err := s.Ingest(context.Background(), []string{dir}, IngestOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if st.Added+st.Present != 1500 || st.Present != valid {
		t.Fatalf("rerun: %+v after %d stored", st, valid)
	}
	checkConsistent(t, s, 1500)
}

// countGames reads the number of games of a database another process is
// writing, 0 while it has none (or no table yet).
func countGames(t *testing.T, db string) int {
	if _, err := os.Stat(db); err != nil {
		return 0
	}
	s, err := Open(context.Background(), db)
	if err != nil {
		return 0
	}
	defer s.Close()
	n, _, err := s.Counts(context.Background())
	if err != nil {
		return 0
	}
	return n
}

// ingestChild is the process TestIngestKilled kills: a slow ingest in
// small transactions.
func ingestChild(t *testing.T) {
	s, err := Open(context.Background(), os.Getenv("TOWERLOG_DB"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Ingest(context.Background(), []string{os.Getenv("TOWERLOG_ARCHIVE")}, IngestOptions{BatchRows: 3000, Workers: 1,
		Progress: func() { time.Sleep(time.Millisecond) }})
	if err != nil {
		t.Fatal(err)
	}
}
