package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// copyBGA copies a file of testdata/bga into dir, as name.
func copyBGA(t *testing.T, dir, src, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "bga", src))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestImportCSVOfLinks(t *testing.T) {
	dir := t.TempDir()
	src := copyBGA(t, dir, "dev-sample.csv", "dev.csv")
	out := filepath.Join(dir, "dev.cgn")
	code, stdout, errOut := runCLI(t, "import", src, "-o", out)
	if code != exitOK {
		t.Fatalf("import: code %d, stderr %s", code, errOut)
	}
	if stdout != "wrote "+out+" (4 games)\n" {
		t.Errorf("stdout %q", stdout)
	}
	if want := src + ": line 5: warning: the game stops after turn 51 with 20 tiles left: imported unfinished\n"; errOut != want {
		t.Errorf("stderr %q, want %q", errOut, want)
	}
	code, stdout, errOut = runCLI(t, "validate", out)
	if code != exitOK || !strings.Contains(stdout, "4 games, 4 valid, 0 invalid") {
		t.Fatalf("validate: %d %s %s", code, stdout, errOut)
	}
}

func TestImportLinkArgument(t *testing.T) {
	link := "https://www.carcassonnelab.com/#/0/0/Ff/2121?players=El%20Tomek,Bo&colors=red,blue"
	code, stdout, errOut := runCLI(t, "import", link)
	if code != exitOK {
		t.Fatalf("import: code %d, stderr %s", code, errOut)
	}
	if !strings.Contains(stdout, "1. \"El Tomek\" U@1,0r180 +R:WE =0-0\n") {
		t.Errorf("stdout %s", stdout)
	}
	if errOut != "warning: the game stops after turn 1 with 70 tiles left: imported unfinished\n" {
		t.Errorf("stderr %q", errOut)
	}
}

func TestImportBadLink(t *testing.T) {
	link := "https://www.carcassonnelab.com/#/0/0/F*/2121?players=A,B"
	code, _, errOut := runCLI(t, "import", link)
	if code != exitInvalid {
		t.Fatalf("code %d, want %d", code, exitInvalid)
	}
	want := "character 39: '*' is not a character of the tiles (unreadable)\ntowerlog: 1 of 1 games were refused\n"
	if errOut != want {
		t.Errorf("stderr %q\nwant %q", errOut, want)
	}
}
