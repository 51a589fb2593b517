package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/replay"
)

// The test corpus at the top of the repository: complete games that must
// validate, and broken records that must not (replay/corpus_test.go checks
// each diagnostic; here the command's behaviour on whole directories).
const (
	corpusGames   = "../../testdata/games"
	corpusInvalid = "../../testdata/invalid"
)

func corpusFiles(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.cgn"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no games in %s: %v", dir, err)
	}
	return files
}

func TestCorpusValidateGames(t *testing.T) {
	n := len(corpusFiles(t, corpusGames)) // one game per file
	code, out, errOut := runCLI(t, "validate", corpusGames)
	want := fmt.Sprintf("%d games, %d valid, 0 invalid\n", n, n)
	if code != exitOK || out != want {
		t.Fatalf("validate %s: code %d, want %d\nstdout:\n%s\nstderr:\n%s", corpusGames, code, exitOK, out, errOut)
	}
}

func TestCorpusValidateInvalid(t *testing.T) {
	files := corpusFiles(t, corpusInvalid) // one game per file
	code, out, errOut := runCLI(t, "validate", corpusInvalid)
	if code != exitInvalid {
		t.Errorf("validate %s: code %d, want %d\nstderr:\n%s", corpusInvalid, code, exitInvalid, errOut)
	}
	if want := fmt.Sprintf("%d games, 0 valid, %d invalid\n", len(files), len(files)); !strings.HasSuffix(out, want) {
		t.Errorf("summary: want %q at the end of\n%s", want, out)
	}
	for _, f := range files {
		if !strings.Contains(out, f+":") {
			t.Errorf("%s is not reported", f)
		}
	}
}

func TestCorpusValidateInvalidJSON(t *testing.T) {
	files := corpusFiles(t, corpusInvalid)
	code, out, _ := runCLI(t, "validate", "--json", corpusInvalid)
	if code != exitInvalid {
		t.Fatalf("validate --json: code %d, want %d", code, exitInvalid)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(files) {
		t.Fatalf("%d JSON lines for %d files", len(lines), len(files))
	}
	for i, l := range lines {
		var r replay.Verdict
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		// Files are reported in sorted order, as ExpandPaths lists them.
		if r.File != files[i] || r.Valid || len(r.Diagnostics) == 0 {
			t.Errorf("line %d: file %s valid %v with %d diagnostics, want %s invalid",
				i+1, r.File, r.Valid, len(r.Diagnostics), files[i])
		}
	}
}
