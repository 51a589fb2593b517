package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// verdictInputs writes into dir the inputs of the table of verdicts in
// docs/import.md, each named by its row, and returns their paths (a link
// is its own path). Files past a limit are sparse: no megabytes are
// written.
func verdictInputs(t *testing.T, dir string) map[string]string {
	t.Helper()
	log, err := os.ReadFile("../../testdata/bga/366166200.json")
	if err != nil {
		t.Fatal(err)
	}
	const link = "https://www.carcassonnelab.com/#/0/0/Ff/2121?players=A,B&colors=red,blue"
	write := func(name string, data []byte, size int64) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if size > 0 {
			if err := os.Truncate(path, size); err != nil {
				t.Fatal(err)
			}
		}
		return path
	}
	empty := filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	logsOnly := filepath.Join(dir, "logs")
	if err := os.Mkdir(logsOnly, 0o755); err != nil {
		t.Fatal(err)
	}
	write("logs/366166200.json", log, 0)
	return map[string]string{
		"log past its limit":          write("big.json", log[:200], 16<<20+1),
		"save past its limit":         write("big.jcz", []byte(`{"appVersion": "5.7.2", "setup": {`), 16<<20+1),
		"link past its limit":         link + strings.Repeat("A", 1_000_000),
		"link past its limit in list": write("long.txt", []byte(link+strings.Repeat("A", 9<<10)+"\n"), 0),
		"truncated log":               write("truncated.json", log[:len(log)/2], 0),
		"corrupt save":                write("corrupt.jcz", []byte("not a save\n"), 0),
		"malformed link":              "https://www.carcassonnelab.com/#/0/0/Ff!/2121?players=A,B",
		"no game format":              write("photo.png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), 0),
		"empty directory":             empty,
		"directory of logs only":      logsOnly,
		"links with a long comment":   write("commented.txt", []byte("# "+strings.Repeat("a note ", 2000)+"\n"+link+"\n"), 0),
	}
}

// TestVerdicts runs the table of docs/import.md: each input gives the
// same exit status in every command that reads it (replay and review
// take one file: a directory is a usage error for them).
func TestVerdicts(t *testing.T) {
	dir := t.TempDir()
	inputs := verdictInputs(t, dir)
	commands := map[string]func(in string) []string{
		"import":   func(in string) []string { return []string{"import", in, "-o", filepath.Join(t.TempDir(), "out.cgn")} },
		"validate": func(in string) []string { return []string{"validate", in} },
		"ingest":   func(in string) []string { return []string{"ingest", "--db", filepath.Join(t.TempDir(), "t.db"), in} },
		"ingest (parquet)": func(in string) []string {
			return []string{"ingest", "--format", "parquet", "-o", filepath.Join(t.TempDir(), "pq"), in}
		},
		"select": func(in string) []string { return []string{"select", in} },
		"review": func(in string) []string { return []string{"review", in} },
		"replay": func(in string) []string { return []string{"replay", in} },
	}
	for _, row := range []struct {
		input string
		code  int    // in every command, but
		file  int    // replay and review, which read one file
		says  string // in every command's words, but replay's and review's of a directory
	}{
		{"log past its limit", exitUsage, exitUsage, "big.json: table log larger than 16 MiB (the limit): stopped reading"},
		{"save past its limit", exitUsage, exitUsage, "big.jcz: save larger than 16 MiB (the limit): stopped reading"},
		{"link past its limit", exitUsage, exitUsage, "...: link larger than 8 KiB (the limit): stopped reading"},
		{"link past its limit in list", exitUsage, exitUsage, "long.txt:1:1: link larger than 8 KiB (the limit): stopped reading"},
		{"truncated log", exitInvalid, exitInvalid, "truncated.json: line 7539, column 7: not a table log: unexpected end of JSON input"},
		{"corrupt save", exitInvalid, exitInvalid, "corrupt.jcz:1:2: malformed JSON"},
		{"malformed link", exitInvalid, exitInvalid, "character 40: '!' is not a character of the tiles"},
		{"no game format", exitInvalid, exitInvalid, "photo.png: no game format"},
		{"empty directory", exitInvalid, exitUsage, "empty: no game in the directory"},
		{"directory of logs only", exitInvalid, exitUsage, "1 .json file skipped (name them to read BoardGameArena table logs)"},
		{"links with a long comment", exitOK, exitOK, ""},
	} {
		for name, args := range commands {
			t.Run(row.input+"/"+name, func(t *testing.T) {
				want := row.code
				if name == "replay" || name == "review" {
					want = row.file
				}
				code, out, errOut := runCLI(t, args(inputs[row.input])...)
				says := row.says
				if want != row.code {
					says = "is a directory, not a file"
				}
				if code != want || !strings.Contains(out+errOut, says) || strings.Contains(errOut, "writing") {
					t.Errorf("code %d, want %d and %q\n%.600s%.600s", code, want, says, out, errOut)
				}
			})
		}
	}
}
