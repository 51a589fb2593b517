package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/sqltest"
)

// TestReadOnlyArchive reads a database with every command that only
// reads: none writes anything, neither to the file (its bytes and time
// are unchanged) nor beside it (no -wal, no -shm), so each works on a
// read-only file in a read-only directory. The permissions are taken
// away too, which proves it where they have effect (not for root, which
// ignores them, as in CI).
func TestReadOnlyArchive(t *testing.T) {
	dir := t.TempDir()
	games := generateFile(t, dir, "games.cgn", 6, "3")
	archive := filepath.Join(dir, "archive")
	if err := os.Mkdir(archive, 0o755); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(archive, "club.db")
	if code, _, errOut := runCLI(t, "ingest", "--db", db, games); code != 0 {
		t.Fatalf("ingest: %d %s", code, errOut)
	}
	before, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(db)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(db, 0o444); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(archive, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(archive, 0o755) })
	out := t.TempDir()
	for _, c := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"stats", "--wide"}, ""},
		{[]string{"stats", "--json"}, ""},
		{[]string{"events"}, ""},
		{[]string{"games", "list"}, ""},
		{[]string{"games", "show", "1"}, ""},
		{[]string{"games", "report", "1", "-o", filepath.Join(out, "game.html")}, ""},
		{[]string{"select"}, "6 of 6 stored games selected\n"},
		{[]string{"standings", "--event", "towerlog generated games"}, ""},
		{[]string{"report", "-o", filepath.Join(out, "report.html")}, ""},
		{[]string{"check"}, ""},
	} {
		args := c.args
		code, stdout, stderr := runCLI(t, append(args, "--db", db)...)
		if code != 0 || stderr != c.stderr {
			t.Errorf("%s: exit %d, stderr %q; want 0, %q", strings.Join(args, " "), code, stderr, c.stderr)
		}
		if stdout == "" && !strings.Contains(strings.Join(args, " "), "-o") {
			t.Errorf("%s: nothing written", strings.Join(args, " "))
		}
	}
	after, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	infoAfter, err := os.Stat(db)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) || !infoAfter.ModTime().Equal(info.ModTime()) {
		t.Errorf("the database changed: %d bytes of %v, were %d of %v", len(after), infoAfter.ModTime(), len(before), info.ModTime())
	}
	entries, err := os.ReadDir(archive)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("the archive's directory holds %q, want club.db alone", names)
	}
}

// TestReadWhileWriting reads a database while a writer has it open (its
// log, club.db-wal, beside it): the reader shares the log.
func TestReadWhileWriting(t *testing.T) {
	dir := t.TempDir()
	games := generateFile(t, dir, "games.cgn", 4, "2")
	db := filepath.Join(dir, "club.db")
	if code, _, errOut := runCLI(t, "ingest", "--db", db, games); code != 0 {
		t.Fatalf("ingest: %d %s", code, errOut)
	}
	w, err := analytics.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if _, err := sqltest.Open(t, w.Path()).Exec(`UPDATE games SET event = 'Spring cup' WHERE gid = 1`); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(db + "-wal"); err != nil {
		t.Fatalf("no log beside the database while a writer has it open: %v", err)
	}
	code, stdout, stderr := runCLI(t, "games", "list", "--db", db, "--event", "Spring cup")
	if code != 0 || strings.Count(stdout, "Spring cup") != 1 {
		t.Errorf("exit %d, stdout %q, stderr %q; want the game the writer changed", code, stdout, stderr)
	}
}

// TestReadOutdated reads a database that needs a migration: readers do
// not migrate, so they say what to do and leave the file as it is.
func TestReadOutdated(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "analytics", "testdata", "migrate", "v5.db"))
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "old.db")
	if err := os.WriteFile(db, src, 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(t, "stats", "--db", db)
	want := "towerlog: " + db + ": written by an earlier towerlog (migration 0006_identity_engine.sql not applied): ingest into it once (towerlog ingest --db " + db + " PATH...) to bring it up to date\n"
	if code != exitUsage || stdout != "" || stderr != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want %d, %q", code, stdout, stderr, exitUsage, want)
	}
	after, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(src, after) {
		t.Error("the database changed")
	}
}

// TestWriterCannotWrite: an ingest into a database it cannot create or
// write says so in one line naming the file.
func TestWriterCannotWrite(t *testing.T) {
	dir := t.TempDir()
	games := generateFile(t, dir, "games.cgn", 1, "2")
	// A file where a directory should be: no one, root included, can
	// create the database.
	db := filepath.Join(games, "club.db")
	code, stdout, stderr := runCLI(t, "ingest", "--db", db, games)
	want := "towerlog: " + db + ": cannot write the database: unable to open database file (14)\n"
	if code != exitUsage || stdout != "" || stderr != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want %d, %q", code, stdout, stderr, exitUsage, want)
	}
	if os.Geteuid() == 0 {
		return // root writes read-only files: the case above is the one it meets
	}
	ro := filepath.Join(dir, "ro.db")
	if code, _, errOut := runCLI(t, "ingest", "--db", ro, games); code != 0 {
		t.Fatalf("ingest: %d %s", code, errOut)
	}
	if err := os.Chmod(ro, 0o444); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = runCLI(t, "ingest", "--db", ro, games)
	if code != exitUsage || !strings.HasPrefix(stderr, "towerlog: "+ro+": cannot write the database: ") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("read-only file: exit %d, stderr %q", code, stderr)
	}
}

// TestReaderCannotOpen: a database a reader cannot open is reported as
// what stops it, with its path, not as "not a towerlog database": a file
// where a directory should be (which stops root too) and, for others than
// root, a directory without permissions.
func TestReaderCannotOpen(t *testing.T) {
	dir := t.TempDir()
	games := generateFile(t, dir, "games.cgn", 1, "2")
	db := filepath.Join(games, "club.db")
	code, stdout, stderr := runCLI(t, "stats", "--db", db)
	want := "towerlog: " + db + ": not a directory\n"
	if code != exitUsage || stdout != "" || stderr != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want %d, %q", code, stdout, stderr, exitUsage, want)
	}
	if os.Geteuid() == 0 {
		return // root opens files whatever their permissions: the case above is the one it meets
	}
	closed := filepath.Join(dir, "closed")
	db = filepath.Join(closed, "club.db")
	if err := os.Mkdir(closed, 0o755); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI(t, "ingest", "--db", db, games); code != exitOK {
		t.Fatalf("ingest: %d %s", code, errOut)
	}
	if err := os.Chmod(closed, 0o000); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(closed, 0o755) })
	for _, path := range []string{db, closed} {
		code, stdout, stderr = runCLI(t, "stats", "--db", path)
		want = "towerlog: " + path + ": permission denied\n"
		if code != exitUsage || stdout != "" || stderr != want {
			t.Errorf("exit %d, stdout %q, stderr %q; want %d, %q", code, stdout, stderr, exitUsage, want)
		}
	}
}
