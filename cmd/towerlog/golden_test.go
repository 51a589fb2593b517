package main

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// goldenGames is the archive the golden outputs are made of: the event
// "Golden cup" (four finished games over two rounds, among them a shared
// 10-10 and a ransom each way, and an unfinished game in round 3), a base
// game of three players ("Family evening") and a record that fails.
const goldenGames = "testdata/golden/games"

// goldenDB ingests goldenGames into a new database, by the relative path
// so that the failed record's error names the same file on every machine.
func goldenDB(t *testing.T) string {
	t.Helper()
	db := filepath.Join(t.TempDir(), "golden.db")
	if code, _, errOut := runCLI(t, "ingest", "--db", db, goldenGames); code != exitInvalid {
		t.Fatalf("ingest: code %d, stderr %s", code, errOut)
	}
	return db
}

// checkGolden compares out with testdata/golden/name, or rewrites the file
// with -update. The files were read against the records when written: a
// change of one is a change of what users see.
func checkGolden(t *testing.T, name, out string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if out != string(want) {
		t.Errorf("%s changed:\n--- got\n%s--- want\n%s", name, out, want)
	}
}

// TestGoldenOutputs pins the tables, CSV and JSON of the commands that read
// the database, byte for byte.
func TestGoldenOutputs(t *testing.T) {
	db := goldenDB(t)
	for _, c := range []struct {
		golden string
		args   []string
	}{
		{"stats.txt", []string{"stats"}},
		{"stats-wide.txt", []string{"stats", "--wide"}},
		{"stats.csv", []string{"stats", "--csv"}},
		{"stats.json", []string{"stats", "--json"}},
		{"stats-base.txt", []string{"stats", "--event", "Family evening"}},
		{"rating.txt", []string{"stats", "--rating"}},
		{"standings.txt", []string{"standings", "--event", "Golden cup"}},
		{"standings.csv", []string{"standings", "--event", "Golden cup", "--csv"}},
		{"crosstab.csv", []string{"standings", "--event", "Golden cup", "--csv", "--crosstab"}},
		{"standings.json", []string{"standings", "--event", "Golden cup", "--json"}},
		{"games.txt", []string{"games", "list"}},
		{"games.csv", []string{"games", "list", "--csv"}},
		{"games.json", []string{"games", "list", "--json"}},
	} {
		t.Run(c.golden, func(t *testing.T) {
			code, out, errOut := runCLI(t, append(c.args, "--db", db)...)
			if code != 0 {
				t.Fatalf("code %d, stderr %s", code, errOut)
			}
			checkGolden(t, c.golden, out)
		})
	}
}

// TestGoldenValidateJSON pins validate --json: a line a game, the failed
// record's diagnostic with its position.
func TestGoldenValidateJSON(t *testing.T) {
	code, out, errOut := runCLI(t, "validate", "--json", goldenGames)
	if code != exitInvalid {
		t.Fatalf("code %d, stderr %s", code, errOut)
	}
	checkGolden(t, "validate.json", out)
}

// TestGoldenFmtResult: fmt --result writes the engine's final scores into
// the games tagged "*" that are complete (0-3 and 10-10), and leaves the
// unfinished one "*", so the output is the canonical cup.cgn itself.
func TestGoldenFmtResult(t *testing.T) {
	in, err := os.ReadFile("testdata/golden/fmt-result.in.cgn")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(goldenGames, "cup.cgn"))
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLIWith(t, string(in), "fmt", "--result")
	if code != 0 {
		t.Fatalf("code %d, stderr %s", code, errOut)
	}
	if out != string(want) {
		t.Errorf("fmt --result:\n--- got\n%s--- want\n%s", out, want)
	}
}
