package draw

import (
	"os"
	"path/filepath"
	"testing"
)

// golden compares got with the file testdata/name, which -update rewrites.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if string(got) != string(want) {
		t.Errorf("output differs from %s; run go test ./draw -update and review the difference", path)
	}
}

// TestBoardGolden checks the text board of the catalog game, a game
// without the Phantom.
func TestBoardGolden(t *testing.T) {
	golden(t, "catalog.txt", []byte(Board(svgTestGame(t), svgPlayers)))
}
