package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
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
	if want := db + ": 2 added, 0 updated, 0 already present, 0 invalid (2 files)\n"; code != exitOK || out != want {
		t.Fatalf("ingest: code %d, %q %q, want %q", code, out, errOut, want)
	}
	one := copyFile(t, "../../testdata/jcz/exchange.jcz", dir)
	code, out, errOut = runCLI(t, "ingest", "--db", db, one)
	if want := db + ": 1 added, 0 updated, 0 already present, 0 invalid (1 file)\n"; code != exitOK || out != want {
		t.Fatalf("ingest of a named save: code %d, %q %q, want %q", code, out, errOut, want)
	}
}

// snapshot reads every file below dir: path to content.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			files[path+"/"] = ""
			return nil
		}
		b, err := os.ReadFile(path)
		files[path] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestDemoRefusesOtherDirectories: demo writes only into a directory it
// made; a user's folder, even with files named as the demo's, is left
// exactly as it was.
func TestDemoRefusesOtherDirectories(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"towerlog.db": "my database", "archive/2024.cgn": "my games", "notes.txt": "notes"} {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	empty := filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, dir)
	for _, target := range []string{dir, empty, filepath.Join(dir, "notes.txt")} {
		code, out, errOut := runCLI(t, "demo", "--dir", target, "--games", "5")
		want := "towerlog: " + target + " exists and was not made by towerlog demo (it has no .towerlog-demo file): the demo writes only into a new directory or one of an earlier demo; nothing was changed, choose another --dir\n"
		if code != exitUsage || out != "" || errOut != want {
			t.Errorf("demo --dir %s: code %d, %q %q, want %q", target, code, out, errOut, want)
		}
	}
	if after := snapshot(t, dir); !reflect.DeepEqual(before, after) {
		t.Fatalf("demo changed the directory:\nbefore %v\nafter  %v", before, after)
	}
}

// TestReportFilterMatchingNothing: a filter that matches no game is an
// error naming the nearest known names, and no report is written.
func TestReportFilterMatchingNothing(t *testing.T) {
	dir := t.TempDir()
	games := generateFile(t, dir, "games.cgn", 4, "2")
	db := filepath.Join(dir, "club.db")
	if code, _, errOut := runCLI(t, "ingest", "--db", db, games); code != exitOK {
		t.Fatalf("ingest: %d %s", code, errOut)
	}
	out := filepath.Join(dir, "r.html")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--player", "anna"}, `towerlog: no game matches (games of anna): no player is named "anna" (--player); did you mean "Anna"?` + "\n"},
		{[]string{"--player", "Anna", "--captor", "bruno", "--event", "Nowhere"},
			`towerlog: no game matches (games of Anna, event Nowhere, bruno capturing): no player is named "bruno" (--captor); did you mean "Bruno"?; no event is named "Nowhere" (--event)` + "\n"},
		{[]string{"--player", "Anna", "--until", "1999"}, "towerlog: no game matches (games of Anna, until 1999)\n"},
	} {
		code, stdout, errOut := runCLI(t, append([]string{"report", "--db", db, "-o", out}, c.args...)...)
		if code != exitInvalid || stdout != "" || errOut != c.want {
			t.Errorf("report %v: code %d, %q %q, want %q", c.args, code, stdout, errOut, c.want)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a report was written: %v", err)
	}
}
