package main

import (
	"os"
	"path/filepath"
	"testing"
)

// copyFile copies a file of the repository's testdata into dir.
func copyFile(t *testing.T, from, dir string) string {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	to := filepath.Join(dir, filepath.Base(from))
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return to
}

// TestIngestReadsJCZ: ingest reads JCloisterZone saves, named or found in a
// directory, beside CGN files.
func TestIngestReadsJCZ(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "games")
	if err := os.Mkdir(games, 0o755); err != nil {
		t.Fatal(err)
	}
	copyFile(t, "../../testdata/jcz/capture.jcz", games)
	copyFile(t, "../../testdata/jcz/ransom.cgn", games)
	db := filepath.Join(dir, "club.db")
	code, out, errOut := runCLI(t, "ingest", "--db", db, games)
	if want := db + ": 2 added, 0 already present, 0 invalid (2 files)\n"; code != exitOK || out != want {
		t.Fatalf("ingest: code %d, %q %q, want %q", code, out, errOut, want)
	}
	one := copyFile(t, "../../testdata/jcz/exchange.jcz", dir)
	code, out, errOut = runCLI(t, "ingest", "--db", db, one)
	if want := db + ": 1 added, 0 already present, 0 invalid (1 file)\n"; code != exitOK || out != want {
		t.Fatalf("ingest of a named save: code %d, %q %q, want %q", code, out, errOut, want)
	}
}
