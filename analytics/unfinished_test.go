package analytics

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"
)

// TestCreateStopped stops the creation of a database at its last
// migration, as a full disk would: the file is left with no tables, which
// a reader calls an unfinished creation (not a database of an earlier
// towerlog), and which a later Open creates whole.
func TestCreateStopped(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "new.db")
	last := &schema[len(schema)-1]
	step := last.step
	full := errors.New("database or disk is full")
	last.step = func(context.Context, *sql.Tx) (string, error) { return "", full }
	_, err := Open(ctx, path)
	last.step = step
	if !errors.Is(err, full) {
		t.Fatalf("Open with a failing migration: %v, want %v", err, full)
	}
	checkUnfinished(t, path)
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Ingest(ctx, []string{testArchive(t, 3, 1)}, IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	checkConsistent(t, s, 3)
}

// TestEmptyMigrations: a file holding only an empty migrations table (a
// creation stopped at its first migration by an earlier towerlog) is an
// unfinished creation too.
func TestEmptyMigrations(t *testing.T) {
	path := filepath.Join(t.TempDir(), "empty.db")
	db, err := sql.Open("sqlite", dsn(path, ""))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TABLE migrations (name TEXT PRIMARY KEY) WITHOUT ROWID`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	checkUnfinished(t, path)
}

// checkUnfinished checks that a reader refuses the database at path as
// an unfinished creation.
func checkUnfinished(t *testing.T, path string) {
	t.Helper()
	_, err := OpenReadOnly(context.Background(), path)
	want := path + ": an unfinished database, whose creation stopped before its tables were written: ingest into it (towerlog ingest --db " +
		path + " PATH...) to create it"
	var ue *UnfinishedError
	if !errors.As(err, &ue) || err.Error() != want {
		t.Fatalf("OpenReadOnly of an unfinished database:\n got %v\nwant %s", err, want)
	}
}

// TestIngestWriteError: an ingest stopped by an error of the database
// (here a trigger failing the 21st game as a full disk would; the
// driver reports a trigger's RAISE as "constraint failed: REASON (1811)") names the
// database and the games it stored, which are whole.
func TestIngestWriteError(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	if _, err := s.db.ExecContext(ctx, `CREATE TRIGGER full BEFORE INSERT ON games WHEN (SELECT count(*) FROM games) >= 20
		BEGIN SELECT RAISE(ABORT, 'full disk'); END`); err != nil {
		t.Fatal(err)
	}
	// BatchRows 1: a transaction a game, so that 20 are committed.
	st, err := s.Ingest(ctx, []string{testArchive(t, 30, 1)}, IngestOptions{Workers: 1, BatchRows: 1})
	want := s.Path() + ": games: constraint failed: full disk (1811) (20 games stored; the database is consistent: once the cause is fixed, the same command stores the rest)"
	var we *WriteError
	if !errors.As(err, &we) || err.Error() != want || we.Stored != 20 || st.Added != 20 {
		t.Fatalf("ingest stopped by the database: %v (%d added)\nwant %s", err, st.Added, want)
	}
	checkConsistent(t, s, 20)
}
