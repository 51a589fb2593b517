package main

import (
	"os"
	"path/filepath"
	"strings"
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

// TestFmtRefusesText: a file with no tag section and no move number is
// no record, though its words read as moves: fmt leaves it as it is,
// -w and --check included, and says so.
func TestFmtRefusesText(t *testing.T) {
	path := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(path, []byte("PRECIOUS\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"fmt", "-w", path}, {"fmt", "--check", path}, {"fmt", path}} {
		code, out, errOut := runCLI(t, args...)
		want := path + ": not a CGN record (no tag section and no move number): left as it is\ntowerlog: 1 file not a CGN record\n"
		if code != exitInvalid || out != "" || errOut != want {
			t.Errorf("%v: %d %q %q, want %d %q", args, code, out, errOut, exitInvalid, want)
		}
	}
	if b, _ := os.ReadFile(path); string(b) != "PRECIOUS\n" {
		t.Fatalf("the file was rewritten: %q", b)
	}
}

// TestFmtSeveralFiles: the canonical forms of several files follow one
// another with a blank line between, as the games of one file: the
// output is itself canonical.
func TestFmtSeveralFiles(t *testing.T) {
	dir := t.TempDir()
	a := generateFile(t, dir, "a.cgn", 2, "2")
	b := generateFile(t, dir, "b.cgn", 1, "3")
	textA, _ := os.ReadFile(a)
	textB, _ := os.ReadFile(b)
	code, out, errOut := runCLI(t, "fmt", a, b)
	if want := string(textA) + "\n" + string(textB); code != 0 || out != want {
		t.Fatalf("fmt a b: %d %s\n got %q\nwant %q", code, errOut, out, want)
	}
	both := filepath.Join(dir, "both.cgn")
	if err := os.WriteFile(both, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := runCLI(t, "fmt", "--check", both); code != 0 {
		t.Fatalf("fmt --check of fmt's output: %d %s%s", code, out, errOut)
	}
}

// TestMalformedSaveVerdict: a file that is no save (a .jcz that is not
// JSON) is an invalid game, as a record with syntax errors is; a file of
// no game format (a .json that is JSON of something else) is no game at
// all, not stored by ingest. Both are invalid input for validate, ingest
// and import alike: exit status 1, not the 2 of a file that cannot be read.
func TestMalformedSaveVerdict(t *testing.T) {
	for _, c := range []struct {
		name, text string
		// what validate prints, after the path, and what ingest and
		// import say
		diag, ingest, imp string
	}{
		// encoding/json's words for the 'o' after the 'n' it took for null.
		{"bad.jcz", "not a save\n", ":1:2: malformed JSON: invalid character 'o' in literal null (expecting 'u')\n    not a save\n     ^^\n1 game, 0 valid, 1 invalid\n",
			": 0 added, 0 updated, 0 already present, 1 invalid (1 file)\n", "1 of 1 games were refused"},
		{"bad.json", `{"a": 1}` + "\n", "", ": 0 added, 0 updated, 0 already present, 0 invalid (0 files)\n", "1 of 1 inputs are of no format import reads"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, c.name)
			if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
				t.Fatal(err)
			}
			noFormat := "towerlog: " + path + ": no game format: neither CGN, a JCloisterZone save, a BoardGameArena table log nor CarcassonneLab links\n"
			code, out, errOut := runCLI(t, "validate", path)
			want, wantErr := path+c.diag, ""
			if c.diag == "" {
				want, wantErr = "0 games, 0 valid, 0 invalid, 1 input with no game\n", noFormat
			}
			if code != exitInvalid || out != want || errOut != wantErr {
				t.Errorf("validate: %d\n got %q %q\nwant %q %q", code, out, errOut, want, wantErr)
			}
			db := filepath.Join(dir, "t.db")
			code, out, errOut = runCLI(t, "ingest", "--db", db, path)
			want, wantErr = db+c.ingest, errOut
			if c.diag == "" {
				wantErr = noFormat
			}
			if code != exitInvalid || out != want || errOut != wantErr {
				t.Errorf("ingest: %d %q %q, want %d %q %q", code, out, errOut, exitInvalid, want, wantErr)
			}
			code, _, errOut = runCLI(t, "import", path, "-o", filepath.Join(dir, "out.cgn"))
			if code != exitInvalid || !strings.Contains(errOut, c.imp) {
				t.Errorf("import: %d %q, want %d and %q", code, errOut, exitInvalid, c.imp)
			}
		})
	}
}
