package main

import (
	"bytes"
	"database/sql"
	"os"
	"path/filepath"
	"testing"
)

// TestForeignDatabase runs every command that opens the database on
// another program's SQLite file that has a games table of its own: each
// exits with status 2 and the same message, and the file is left byte
// for byte as it was, with nothing beside it.
func TestForeignDatabase(t *testing.T) {
	dir := t.TempDir()
	games := generateFile(t, dir, "g.cgn", 2, "2")
	notes := filepath.Join(t.TempDir(), "notes.db")
	db, err := sql.Open("sqlite", "file:"+notes)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range []string{`CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT)`, `INSERT INTO games (title) VALUES ('chess')`} {
		if _, err := db.Exec(st); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(notes)
	if err != nil {
		t.Fatal(err)
	}
	want := "towerlog: " + notes + " is not a towerlog database\n"
	for _, args := range [][]string{
		{"ingest", "--db", notes, games},
		{"games", "list", "--db", notes},
		{"stats", "--db", notes},
		{"report", "--db", notes, "-o", filepath.Join(dir, "r.html")},
		{"select", "--db", notes},
	} {
		code, _, errOut := runCLI(t, args...)
		if code != exitUsage || errOut != want {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", args, code, errOut, exitUsage, want)
		}
	}
	after, err := os.ReadFile(notes)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Error("notes.db changed")
	}
	if entries, _ := os.ReadDir(filepath.Dir(notes)); len(entries) != 1 {
		t.Errorf("%d files beside notes.db, want none", len(entries)-1)
	}
}
