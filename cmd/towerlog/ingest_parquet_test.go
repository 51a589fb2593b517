package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestIngestParquet: ingest --format parquet writes one file per table
// under the shard's id, from records and from a database, and refuses
// flags that do not go with the format.
func TestIngestParquet(t *testing.T) {
	dir := t.TempDir()
	games := generateFile(t, dir, "games.cgn", 6, "4")
	out := filepath.Join(dir, "tables")
	code, stdout, errOut := runCLI(t, "ingest", "--format", "parquet", "-o", out, "--shard", "night-1", games)
	if code != exitOK || stdout != out+": shard night-1: 6 games, 0 repeated, 0 invalid (1 file), "+rowsOf(t, stdout)+" rows\n" {
		t.Fatalf("ingest: code %d, %q %q", code, stdout, errOut)
	}
	for _, table := range []string{"games", "players", "turns", "scores", "captures", "exchanges", "ransoms", "discards", "invalid_games", "diagnostics"} {
		ents, err := os.ReadDir(filepath.Join(out, table))
		if err != nil || len(ents) != 1 || ents[0].Name() != "night-1.parquet" {
			t.Errorf("%s: %v %v", table, ents, err)
		}
	}
	db := filepath.Join(dir, "club.db")
	if code, _, errOut := runCLI(t, "ingest", "--db", db, games); code != exitOK {
		t.Fatalf("ingest --db: %d %s", code, errOut)
	}
	code, stdout, errOut = runCLI(t, "ingest", "--format", "parquet", "-o", out, "--shard", "club", "--from-db", db)
	if code != exitOK || !strings.HasPrefix(stdout, out+": shard club: 6 games, 0 invalid, ") {
		t.Fatalf("ingest --from-db: code %d, %q %q", code, stdout, errOut)
	}
	if _, err := os.Stat(filepath.Join(out, "turns", "club.parquet")); err != nil {
		t.Error(err)
	}

	// The paths of a shard from a list, in a file or on standard input.
	other := generateFile(t, dir, "other.cgn", 3, "2")
	list := filepath.Join(dir, "list.txt")
	if err := os.WriteFile(list, []byte(games+"\n\n"+other+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, errOut = runCLI(t, "ingest", "--format", "parquet", "-o", out, "--shard", "listed", "--files-from", list)
	if code != exitOK || !strings.HasPrefix(stdout, out+": shard listed: 9 games, 0 repeated, 0 invalid (2 files), ") {
		t.Fatalf("ingest --files-from: code %d, %q %q", code, stdout, errOut)
	}
	code, stdout, errOut = runCLIWith(t, other+"\n", "ingest", "--format", "parquet", "-o", out, "--shard", "stdin", "--files-from", "-", games)
	if code != exitOK || !strings.HasPrefix(stdout, out+": shard stdin: 9 games, 0 repeated, 0 invalid (2 files), ") {
		t.Fatalf("ingest --files-from -: code %d, %q %q", code, stdout, errOut)
	}

	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--format", "parquet", "-o", out, "--files-from", filepath.Join(dir, "none.txt")}, "--files-from: open"},
		{[]string{"--format", "parquet", "-o", out, "--from-db", db, "--files-from", list}, "--files-from is for records"},
		{[]string{"--format", "parquet", games}, "--format parquet needs -o DIR"},
		{[]string{"--format", "csv", games}, `--format "csv": want sqlite or parquet`},
		{[]string{"-o", out, games}, "--output goes with --format parquet"},
		{[]string{"--format", "parquet", "-o", out, "--db", db, games}, "--db is the SQLite database"},
		{[]string{"--format", "parquet", "-o", out, "--shard", "../up", games}, `shard id "../up"`},
		{[]string{"--format", "parquet", "-o", out, "--from-db", db, games}, "--from-db reads no PATH"},
		{[]string{"--format", "parquet", "-o", out, "--from-db", filepath.Join(dir, "none.db")}, "none.db does not exist: store games with towerlog ingest first"},
	} {
		code, _, errOut := runCLI(t, append([]string{"ingest"}, c.args...)...)
		if code != exitUsage || !strings.Contains(errOut, c.msg) {
			t.Errorf("%v: code %d, stderr %q, want %q", c.args, code, errOut, c.msg)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "none.db")); err == nil {
		t.Error("--from-db created the database it was to read")
	}
}

// TestIngestParquetSaves: JCloisterZone saves are read as well; each save
// of testdata/jcz and testdata/jcz/phantom that has a CGN record beside it
// is the game of that record, so every game is read twice and written once.
func TestIngestParquetSaves(t *testing.T) {
	in, out := t.TempDir(), t.TempDir()
	for _, dir := range []string{"jcz", filepath.Join("jcz", "phantom")} {
		saves, err := filepath.Glob(filepath.Join("..", "..", "testdata", dir, "*.jcz"))
		if err != nil {
			t.Fatal(err)
		}
		for _, save := range saves {
			cgn := strings.TrimSuffix(save, ".jcz") + ".cgn"
			if _, err := os.Stat(cgn); err != nil {
				continue // a save without its record, e.g. one towerlog cannot play
			}
			for _, f := range []string{save, cgn} {
				data, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(in, filepath.Base(f)), data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	code, stdout, errOut := runCLI(t, "ingest", "--format", "parquet", "-o", out, "--shard", "j", in)
	var games, repeated, files int
	_, err := fmt.Sscanf(strings.TrimPrefix(stdout, out+": shard j: "), "%d games, %d repeated, 0 invalid (%d files)", &games, &repeated, &files)
	if code != exitOK || err != nil || games == 0 || repeated != games || files != 2*games {
		t.Fatalf("ingest: code %d, %q %q (%v)", code, stdout, errOut, err)
	}
}

// rowsOf returns the row count an ingest printed.
func rowsOf(t *testing.T, stdout string) string {
	t.Helper()
	f := strings.Fields(stdout)
	if len(f) < 2 {
		return ""
	}
	return f[len(f)-2]
}
