package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestUsageInOwnWords checks that mistakes on the command line are told in
// towerlog's words, with the usage line, never in the flag library's.
func TestUsageInOwnWords(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"MissingPath", []string{"validate"}, "towerlog: validate needs at least one PATH; usage: towerlog validate PATH... [flags] (see towerlog validate --help)\n"},
		{"MissingFile", []string{"replay"}, "towerlog: replay needs a FILE; usage: towerlog replay FILE [flags] (see towerlog replay --help)\n"},
		{"TwoFiles", []string{"replay", "a.cgn", "b.cgn"}, "towerlog: replay takes one FILE, yet got 2 arguments; usage: towerlog replay FILE [flags] (see towerlog replay --help)\n"},
		{"StrayArgument", []string{"tiles", "x"}, `towerlog: tiles takes no arguments, yet got "x"; usage: towerlog tiles [flags] (see towerlog tiles --help)` + "\n"},
		{"TwoGames", []string{"report", "a.cgn", "b.cgn"}, "towerlog: report takes at most one GAME.cgn, yet got 2 arguments; usage: towerlog report [GAME.cgn] [flags] (see towerlog report --help)\n"},
		{"Exclusive", []string{"replay", "--json", "--svg", "b.svg", "a.cgn"}, "towerlog: --json and --svg cannot be used together; usage: towerlog replay FILE [flags] (see towerlog replay --help)\n"},
		{"FmtExclusive", []string{"fmt", "-w", "--check", "a.cgn"}, "towerlog: --write and --check cannot be used together; usage: towerlog fmt [-w | --check] [PATH...] [flags] (see towerlog fmt --help)\n"},
		{"UnknownFlag", []string{"validate", "--strict", "a.cgn"}, "towerlog: validate has no flag --strict; usage: towerlog validate PATH... [flags] (see towerlog validate --help)\n"},
		{"UnknownShorthand", []string{"validate", "-q", "a.cgn"}, "towerlog: validate has no flag -q; usage: towerlog validate PATH... [flags] (see towerlog validate --help)\n"},
		{"NoValue", []string{"generate", "--games"}, "towerlog: --games needs a value; usage: towerlog generate --games N --players P --seed S [--rules ...] [-o FILE|DIR] [flags] (see towerlog generate --help)\n"},
		{"NotANumber", []string{"generate", "--games", "many"}, `towerlog: --games "many": give a whole number` + "\n"},
		{"NegativeSeed", []string{"generate", "--seed", "-1"}, `towerlog: --seed "-1": give a whole number, 0 or more` + "\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, c.args...)
			if code != exitUsage || out != "" || errOut != c.want {
				t.Errorf("code %d, stdout %q, stderr\n%q\nwant 2 and\n%q", code, out, errOut, c.want)
			}
		})
	}
}

func TestVersionFlag(t *testing.T) {
	code, out, _ := runCLI(t, "--version")
	if code != exitOK || out != "towerlog "+version+"\n" {
		t.Errorf("--version: %d %q", code, out)
	}
}

// TestFmtStdin reads a record from standard input, as gofmt does.
func TestFmtStdin(t *testing.T) {
	lax := "[players \"Anna; Bob\"]\n\n1.   Anna   u@1,0R0\n"
	want := "[Players \"Anna; Bob\"]\n\n1. Anna U@1,0r0\n"
	if code, out, errOut := runCLIWith(t, lax, "fmt"); code != exitOK || out != want {
		t.Errorf("fmt: %d %q %q", code, out, errOut)
	}
	if code, out, _ := runCLIWith(t, lax, "fmt", "--check"); code != exitInvalid || out != "<standard input>\n" {
		t.Errorf("fmt --check: %d %q", code, out)
	}
	if code, out, _ := runCLIWith(t, want, "fmt", "--check"); code != exitOK || out != "" {
		t.Errorf("fmt --check of canonical text: %d %q", code, out)
	}
	if code, _, errOut := runCLIWith(t, lax, "fmt", "-w"); code != exitUsage || !strings.Contains(errOut, "standard input cannot be written back") {
		t.Errorf("fmt -w: %d %q", code, errOut)
	}
}

// TestFmtErrorsNameTurnAndPlayer checks that fmt and export report a
// syntax error as validate does: position, turn and player, the line and
// carets.
func TestFmtErrorsNameTurnAndPlayer(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.cgn")
	src := "[Players \"Anna; Bob\"]\n\n1. Anna U@1,0r0 +R:WE\n2. Bob E@0,-1r180 +Q:S\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, fmtErr := runCLI(t, "fmt", path)
	_, _, expErr := runCLI(t, "export", path)
	_, valErr, _ := runCLI(t, "validate", path)
	want := path + ":4:20: turn 2 (Bob): expected feature C, R, F or M, found \"Q:S\"\n" +
		"    2. Bob E@0,-1r180 +Q:S\n" +
		"                       ^^^\n"
	if !strings.HasPrefix(fmtErr, want) || !strings.HasPrefix(expErr, want) || !strings.HasPrefix(valErr, want) {
		t.Errorf("fmt:\n%s\nexport:\n%s\nvalidate:\n%s\nwant each to start\n%s", fmtErr, expErr, valErr, want)
	}
}

// TestGenerateWriteErrors checks that a failed write is an error: a full
// device, a directory in the way.
func TestGenerateWriteErrors(t *testing.T) {
	if runtime.GOOS == "linux" {
		code, _, errOut := runCLI(t, "generate", "--games", "1", "-o", "/dev/full")
		if code != exitUsage || errOut != "towerlog: writing /dev/full: no space left on device\n" {
			t.Errorf("-o /dev/full: %d %q", code, errOut)
		}
	}
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	if err := os.WriteFile(blocker, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI(t, "generate", "--games", "1", "-o", filepath.Join(blocker, "g.cgn")); code != exitUsage || errOut == "" {
		t.Errorf("-o under a file: %d %q", code, errOut)
	}
}

// TestNotText checks that a file that is no UTF-8 text gets one error.
func TestNotText(t *testing.T) {
	dir := t.TempDir()
	utf16 := filepath.Join(dir, "utf16.cgn")
	// "[Players" in UTF-16LE with its byte order mark.
	if err := os.WriteFile(utf16, []byte("\xff\xfe[\x00P\x00l\x00a\x00y\x00e\x00r\x00s\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	binary := filepath.Join(dir, "binary.cgn")
	data := make([]byte, 4096)
	for i := range data {
		data[i] = byte(i * 7)
	}
	if err := os.WriteFile(binary, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, why string }{
		{utf16, "it starts with a UTF-16 byte order mark"},
		{binary, "a NUL byte at offset 0: binary data or UTF-16"},
	} {
		want := c.path + ":1:1: not UTF-8 text (" + c.why + "): CGN files are UTF-8 text\n"
		for _, cmd := range []string{"validate", "fmt"} {
			_, out, errOut := runCLI(t, cmd, c.path)
			if cmd == "validate" {
				errOut = out // validate reports on standard output
			}
			lines := strings.SplitAfter(errOut, "\n")
			if len(lines) < 2 || lines[0] != want {
				t.Errorf("%s %s:\n%s\nwant it to start with\n%s", cmd, filepath.Base(c.path), errOut, want)
			}
			if len(lines) > 3 {
				t.Errorf("%s %s: %d lines of errors", cmd, filepath.Base(c.path), len(lines)-1)
			}
		}
	}
}

// TestValidateVerdictOnce checks that validate gives its verdict once: the
// summary line, with no second message on standard error.
func TestValidateVerdictOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.cgn")
	if err := os.WriteFile(path, []byte("[Players \"Anna; Bob\"]\n[Result \"*\"]\n\n1. Anna U@5,5r0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "validate", path)
	if code != exitInvalid || errOut != "" || strings.Count(out, "invalid") != 1 || !strings.HasSuffix(out, "\n1 game, 0 valid, 1 invalid\n") {
		t.Errorf("code %d, stdout\n%s\nstderr %q", code, out, errOut)
	}
}

// TestIngestInterrupted checks the exit status of an interrupted ingest:
// 130, as shells report a command stopped by Ctrl-C, not the usage code.
func TestIngestInterrupted(t *testing.T) {
	dir := t.TempDir()
	games := generateFile(t, dir, "games.cgn", 3, "2")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	code := run(ctx, []string{"ingest", "--db", filepath.Join(dir, "t.db"), games}, strings.NewReader(""), &out, &errOut)
	if code != exitInterrupted || !strings.HasPrefix(errOut.String(), "towerlog: interrupted") {
		t.Errorf("code %d, stdout %q, stderr %q", code, out.String(), errOut.String())
	}
}

// TestReportMissingFile checks that a file that cannot be read is an I/O
// error (2), not an invalid game (1).
func TestReportMissingFile(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.cgn")
	code, out, errOut := runCLI(t, "report", missing, "-o", filepath.Join(dir, "r.html"))
	if code != exitUsage || out != "" || !strings.HasPrefix(errOut, "towerlog: open "+missing+": ") {
		t.Errorf("code %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// TestCaretUnderQuotedName checks that the carets under a quoted name
// mark all of it, spaces included.
func TestCaretUnderQuotedName(t *testing.T) {
	path := filepath.Join(t.TempDir(), "q.cgn")
	if err := os.WriteFile(path, []byte("[Players \"Anna Maria; Bob\"]\n[Result \"*\"]\n\n1. \"Anna Marie\" U@1,0r0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, out, _ := runCLI(t, "validate", path)
	want := path + ":4:4: turn 1 (Anna Marie): \"Anna Marie\" is not a player of this game (Players: Anna Maria, Bob)\n" +
		"    1. \"Anna Marie\" U@1,0r0\n" +
		"       ^^^^^^^^^^^^\n"
	if !strings.HasPrefix(out, want) {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

// TestCountGames checks the progress total: every game of every file,
// however small the files.
func TestCountGames(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for i := range 30 {
		files = append(files, generateFile(t, dir, fmt.Sprintf("g%02d.cgn", i), 1+i%3, "2"))
	}
	files = append(files, filepath.Join(dir, "save.jcz"), filepath.Join(dir, "missing.cgn"))
	// 30 files of 1, 2, 3 games in turn: 10 × 6 = 60 games, and one each
	// for the save and the missing file.
	if got := countGames(files); got != 62 {
		t.Errorf("countGames = %d, want 62", got)
	}
}

// TestSuccessMessages checks that every command that writes a file says
// so the same way, "wrote FILE", and that outputs derived from one input
// land next to it.
func TestSuccessMessages(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "sub", "g.cgn")
	code, out, errOut := runCLI(t, "generate", "--games", "2", "--players", "2", "-o", games)
	if code != exitOK || out != "wrote "+games+" (2 games)\n" {
		t.Fatalf("generate: %d %q %q", code, out, errOut)
	}
	corpus := filepath.Join(dir, "corpus") + string(filepath.Separator)
	if code, out, _ := runCLI(t, "generate", "--games", "1", "-o", corpus); code != exitOK || out != "wrote "+corpus+" (1 game)\n" {
		t.Errorf("generate into a directory: %d %q", code, out)
	}
	save := filepath.Join(dir, "sub", "g.jcz")
	if code, out, errOut := runCLI(t, "export", "--game", "1", games); code != exitOK || out != "wrote "+save+"\n" {
		t.Errorf("export: %d %q %q", code, out, errOut)
	}
	page := filepath.Join(dir, "sub", "g.html")
	if code, out, errOut := runCLI(t, "report", games); code != exitOK || out != "wrote "+page+"\n" {
		t.Errorf("report: %d %q %q", code, out, errOut)
	}
	svg := filepath.Join(dir, "b.svg")
	if code, out, errOut := runCLI(t, "replay", games, "--turn", "3", "--svg", svg); code != exitOK || out != "wrote "+svg+" (after turn 3)\n" {
		t.Errorf("replay --svg: %d %q %q", code, out, errOut)
	}
	back := filepath.Join(dir, "back.cgn")
	if code, out, errOut := runCLI(t, "import", save, "-o", back); code != exitOK || out != "wrote "+back+" (1 game)\n" {
		t.Errorf("import -o: %d %q %q", code, out, errOut)
	}
}

func TestUnknownCommandInOwnWords(t *testing.T) {
	code, out, errOut := runCLI(t, "validat", "x.cgn")
	want := "towerlog: unknown command \"validat\" (did you mean validate?); the commands are listed by towerlog --help\n"
	if code != exitUsage || out != "" || errOut != want {
		t.Errorf("code %d, stdout %q, stderr %q", code, out, errOut)
	}
	if code, out, _ := runCLI(t, "__complete", "vali"); code != exitOK || !strings.HasPrefix(out, "validate") {
		t.Errorf("shell completion: %d %q", code, out)
	}
}

// TestGenerateKeepsExistingFiles checks that generate replaces no record
// it did not write unless told to with --force.
func TestGenerateKeepsExistingFiles(t *testing.T) {
	dir := t.TempDir()
	mine := filepath.Join(dir, "game-000002.cgn")
	if err := os.WriteFile(mine, []byte("[Event \"mine\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI(t, "generate", "--games", "3", "-o", dir)
	if code != exitUsage || errOut != "towerlog: "+mine+" already exists: use --force to replace it\n" {
		t.Errorf("code %d, stderr %q", code, errOut)
	}
	if b, _ := os.ReadFile(mine); string(b) != "[Event \"mine\"]\n" {
		t.Errorf("the file was changed: %q", b)
	}
	if _, err := os.Stat(filepath.Join(dir, "game-000001.cgn")); err == nil {
		t.Error("game 1 was written before the refusal")
	}
	if code, _, errOut := runCLI(t, "generate", "--games", "3", "-o", dir, "--force"); code != exitOK {
		t.Errorf("--force: %d %q", code, errOut)
	}
}

// TestStdoutWriteErrors checks that a failed write to standard output is an
// error too, for the data and for the messages alike.
func TestStdoutWriteErrors(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("/dev/full is a Linux device")
	}
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer full.Close()
	dir := t.TempDir()
	games := generateFile(t, dir, "g.cgn", 2, "2")
	for _, args := range [][]string{
		{"generate", "--games", "1"},
		{"validate", games},
		{"replay", games},
		{"fmt", games},
		{"report", games, "-o", filepath.Join(dir, "g.html")},
	} {
		var errOut bytes.Buffer
		code := run(context.Background(), args, strings.NewReader(""), full, &errOut)
		if code != exitUsage || !strings.Contains(errOut.String(), "no space left on device") {
			t.Errorf("%v: code %d, stderr %q", args, code, errOut.String())
		}
	}
}
