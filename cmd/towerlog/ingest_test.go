package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestIngestAndReportCommands(t *testing.T) {
	dir := t.TempDir()
	games := generateFile(t, dir, "games.cgn", 8, "2-4")
	db := filepath.Join(dir, "club.db")

	code, out, errOut := runCLI(t, "ingest", "--db", db, games)
	if code != exitOK || out != db+": 8 added, 0 updated, 0 already present, 0 invalid (1 file)\n" {
		t.Fatalf("ingest: code %d, %q %q", code, out, errOut)
	}
	code, out, _ = runCLI(t, "ingest", "--db", db, dir)
	if code != exitOK || out != db+": 0 added, 0 updated, 8 already present, 0 invalid (1 file)\n" {
		t.Fatalf("second ingest: code %d, %q", code, out)
	}

	report := filepath.Join(dir, "report.html")
	code, out, errOut = runCLI(t, "report", "--db", db, "-o", report, "--player", "Anna")
	if code != exitOK || out != "wrote "+report+"\n" {
		t.Fatalf("report: code %d, %q %q", code, out, errOut)
	}
	if b, err := os.ReadFile(report); err != nil || !strings.Contains(string(b), "Only games of Anna") {
		t.Fatalf("report file: %v", err)
	}

	game := filepath.Join(dir, "one.html")
	code, out, errOut = runCLI(t, "report", games, "--game", "3", "-o", game)
	if code != exitOK || out != "wrote "+game+"\n" {
		t.Fatalf("game report: code %d, %q %q", code, out, errOut)
	}
}

func TestIngestInvalidGame(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.cgn")
	if err := os.WriteFile(bad, []byte("[Players \"Anna; Bob\"]\n[Result \"0-0\"]\n\n1. Anna Q@5,5r0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "t.db")
	code, out, errOut := runCLI(t, "ingest", "--db", db, bad)
	if code != exitInvalid || !strings.Contains(out, "0 added, 0 updated, 0 already present, 1 invalid") ||
		!strings.Contains(errOut, "1 game failed validation") {
		t.Fatalf("ingest: code %d, %q %q", code, out, errOut)
	}
	code, _, errOut = runCLI(t, "report", bad, "-o", filepath.Join(dir, "bad.html"))
	if code != exitInvalid || !strings.Contains(errOut, "is not valid") {
		t.Fatalf("report of an invalid game: code %d, %q", code, errOut)
	}
}

func TestReportUsageErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"report", "--db", filepath.Join(dir, "none.db")}, "none.db does not exist: store games with towerlog ingest first"},
		{[]string{"ingest", filepath.Join(dir, "missing.cgn")}, "no such file or directory"},
	} {
		code, _, errOut := runCLI(t, c.args...)
		if code != exitUsage || !strings.Contains(errOut, c.msg) {
			t.Errorf("%v: code %d, stderr %q, want %q", c.args, code, errOut, c.msg)
		}
	}
	dbArgs := []string{"report", "--db", filepath.Join(dir, "x.db"), "--since", "yesterday"}
	// A directory without a game is invalid input (see docs/import.md).
	if code, _, _ := runCLI(t, "ingest", "--db", filepath.Join(dir, "x.db"), dir); code != exitInvalid {
		t.Fatalf("ingest of an empty directory: code %d", code)
	}
	if code, _, errOut := runCLI(t, dbArgs...); code != exitUsage || !strings.Contains(errOut, `--since "yesterday": give a date as YYYY-MM-DD, YYYY-MM or YYYY`) {
		t.Errorf("bad --since: code %d, %q", code, errOut)
	}
}

func TestDemo(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "demo")
	code, out, errOut := runCLI(t, "demo", "--dir", dir, "--games", "40")
	if code != exitOK || !strings.Contains(out, "40 added, 0 already present, 0 invalid") {
		t.Fatalf("demo: code %d\n%s%s", code, out, errOut)
	}
	for _, f := range []string{"report.html", "game.html", "towerlog.db"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
		if !strings.Contains(out, filepath.Join(dir, f)) {
			t.Errorf("demo does not say where %s is", f)
		}
	}
	// A second, smaller run starts afresh: no games of the first remain.
	code, out, errOut = runCLI(t, "demo", "--dir", dir, "--games", "10")
	if code != exitOK || !strings.Contains(out, "10 added, 0 already present, 0 invalid") {
		t.Fatalf("second demo: code %d\n%s%s", code, out, errOut)
	}
}

// TestIngestReannotates: a copy of a stored game with another Event
// replaces it and says so on standard error, naming both files; with
// --keep-annotations the stored Event stays, silently.
func TestIngestReannotates(t *testing.T) {
	dir := t.TempDir()
	a := generateFile(t, dir, "a.cgn", 1, "2")
	text, err := os.ReadFile(a)
	if err != nil {
		t.Fatal(err)
	}
	b := filepath.Join(dir, "b.cgn")
	if err := os.WriteFile(b, []byte(strings.Replace(string(text), `[Event "towerlog generated games"]`, `[Event "Spring cup"]`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "club.db")
	for _, c := range []struct {
		args           []string
		stdout, stderr string
	}{
		{[]string{a}, "1 added, 0 updated, 0 already present", ""},
		{[]string{b}, "0 added, 1 updated, 0 already present",
			b + `#1: replaces the annotations of ` + a + `#1: Event "towerlog generated games" → "Spring cup"` + "\n"},
		{[]string{"--keep-annotations", a}, "0 added, 0 updated, 1 already present", ""},
	} {
		code, stdout, stderr := runCLI(t, append([]string{"ingest", "--db", db}, c.args...)...)
		want := db + ": " + c.stdout + ", 0 invalid (1 file)\n"
		if code != exitOK || stdout != want || stderr != c.stderr {
			t.Errorf("ingest %s: exit %d, stdout %q, stderr %q; want 0, %q, %q", strings.Join(c.args, " "), code, stdout, stderr, want, c.stderr)
		}
	}
	if code, out, _ := runCLI(t, "games", "list", "--db", db, "--event", "Spring cup"); code != exitOK || strings.Count(out, "Spring cup") != 1 {
		t.Errorf("games list --event \"Spring cup\": exit %d, %q", code, out)
	}
}
