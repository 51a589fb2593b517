package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSelectNeverWritesItsInput: select refuses, even with --force, an
// output that is one of the files it reads, whether named or found in a
// directory, under its own name, a hard link or a symbolic link; the
// file is left as it was.
func TestSelectNeverWritesItsInput(t *testing.T) {
	dir := t.TempDir()
	archive := filepath.Join(dir, "archive")
	if err := os.Mkdir(archive, 0o755); err != nil {
		t.Fatal(err)
	}
	a := generateFile(t, archive, "a.cgn", 2, "2")
	generateFile(t, archive, "b.cgn", 2, "3")
	before, err := os.ReadFile(a)
	if err != nil {
		t.Fatal(err)
	}
	hard, soft := filepath.Join(dir, "hard.cgn"), filepath.Join(dir, "soft.cgn")
	if err := os.Link(a, hard); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(a, soft); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ out, input string }{
		{a, archive},
		{hard, archive},
		{soft, archive},
		{hard, a},
	} {
		code, _, errOut := runCLI(t, "select", c.input, "--players", "2", "-o", c.out, "--force")
		if want := "towerlog: " + c.out + " is also an input: choose another output file\n"; code != exitUsage || errOut != want {
			t.Errorf("select %s -o %s: %d %q, want %d %q", c.input, c.out, code, errOut, exitUsage, want)
		}
	}
	if after, _ := os.ReadFile(a); string(after) != string(before) {
		t.Fatal("an input was overwritten")
	}
}
