package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// copyFixture copies a save of testdata/jcz into dir.
func copyFixture(t *testing.T, dir, name string) string {
	t.Helper()
	return copyTestdata(t, dir, filepath.Join("jcz", name), name)
}

// copyTestdata copies the file src of testdata into dir, as name.
func copyTestdata(t *testing.T, dir, src, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", src))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestImportNextToInput(t *testing.T) {
	dir := t.TempDir()
	src := copyFixture(t, dir, "ransom.jcz")
	code, out, errOut := runCLI(t, "import", src)
	if code != exitOK {
		t.Fatalf("import: code %d, stderr %s", code, errOut)
	}
	cgn := filepath.Join(dir, "ransom.cgn")
	if out != "wrote "+cgn+" (from "+src+")\n" {
		t.Errorf("stdout %q", out)
	}
	want, _ := os.ReadFile(filepath.Join("..", "..", "testdata", "jcz", "ransom.cgn"))
	got, err := os.ReadFile(cgn)
	if err != nil || string(got) != string(want) {
		t.Fatalf("ransom.cgn: %v\n%s", err, got)
	}
	if code, _, errOut := runCLI(t, "validate", cgn); code != exitOK {
		t.Fatalf("validate: %d %s", code, errOut)
	}
}

func TestImportAllIntoOneFileWithARefusal(t *testing.T) {
	dir := t.TempDir()
	a := copyFixture(t, dir, "capture.jcz")
	b := copyFixture(t, dir, "exchange.jcz")
	bad := filepath.Join(dir, "old.jcz")
	if err := os.WriteFile(bad, []byte(`{"appVersion": "4.4.1"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "all.cgn")
	code, _, errOut := runCLI(t, "import", a, bad, b, "-o", out)
	if code != exitInvalid {
		t.Fatalf("code %d, want %d", code, exitInvalid)
	}
	wantErr := bad + ":1:16: appVersion: version 4.4.1 is older than 5.7, whose save format towerlog reads (unsupported)\ntowerlog: 1 of 3 games were refused\n"
	if errOut != wantErr {
		t.Errorf("stderr\n%s\nwant\n%s", errOut, wantErr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "[Players "); n != 2 {
		t.Fatalf("%d games in %s", n, out)
	}
	if code, _, errOut := runCLI(t, "validate", out); code != exitOK {
		t.Fatalf("validate: %d %s", code, errOut)
	}
}

func TestImportToStdout(t *testing.T) {
	src := copyFixture(t, t.TempDir(), "tower-floor.jcz")
	code, out, _ := runCLI(t, "import", src, "-o", "-")
	if code != exitOK || !strings.Contains(out, "3. Anna T08@-1,0r180 ^-1,0 =3-2\n") {
		t.Fatalf("code %d, out %s", code, out)
	}
}

func TestImportMissingFile(t *testing.T) {
	code, _, errOut := runCLI(t, "import", filepath.Join(t.TempDir(), "none.jcz"))
	if code != exitUsage || !strings.Contains(errOut, "no such file") {
		t.Fatalf("code %d, stderr %s", code, errOut)
	}
}

// validate and replay read .jcz saves directly.
func TestValidateReadsSaves(t *testing.T) {
	dir := t.TempDir()
	src := copyFixture(t, dir, "exchange.jcz")
	if code, out, errOut := runCLI(t, "validate", dir); code != exitOK || !strings.Contains(out, "1 game, 1 valid") {
		t.Fatalf("validate: %d %s %s", code, out, errOut)
	}
	if code, _, errOut := runCLI(t, "replay", src); code != exitOK {
		t.Fatalf("replay: %d %s", code, errOut)
	}
}

// editSave writes into dir a copy of a save of testdata/jcz with the
// first occurrence of old replaced by new.
func editSave(t *testing.T, dir, name, fixture, old, new string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "jcz", fixture))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s holds no %q", fixture, old)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// The first tile of tower-floor.jcz, moved where it touches nothing.
const (
	firstTileAt = "\"position\": [\n          1,\n          0\n        ]\n      }\n    },"
	farAway     = "\"position\": [\n          7,\n          7\n        ]\n      }\n    },"
)

// A save with an illegal move is an invalid game: exit 1, with the rule,
// the turn, the player's name and the place of the move.
func TestValidateIllegalSave(t *testing.T) {
	dir := t.TempDir()
	path := editSave(t, dir, "illegal.jcz", "tower-floor.jcz", firstTileAt, farAway)
	code, out, errOut := runCLI(t, "validate", "--json", path)
	if code != exitInvalid || !strings.HasPrefix(errOut, "1 game, 0 valid, 1 invalid\n") {
		t.Fatalf("code %d, stderr %q", code, errOut)
	}
	var rep struct{ Diagnostics json.RawMessage }
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	d := rep.Diagnostics
	want := `[{"code":"placement","severity":"error","file":"` + path + `","line":40,"col":5,"game":1,"turn":1,"player":"Anna","message":"replay[0] PLACE_TILE: tile U at (7,7) is not next to any tile"}]`
	if string(d) != want {
		t.Fatalf("diagnostics\n%s\nwant\n%s", d, want)
	}
	code, out, _ = runCLI(t, "validate", path)
	wantText := path + ":40:5: turn 1 (Anna): replay[0] PLACE_TILE: tile U at (7,7) is not next to any tile\n        {\n        ^\n1 game, 0 valid, 1 invalid\n"
	if code != exitInvalid || out != wantText {
		t.Fatalf("code %d, out\n%s\nwant\n%s", code, out, wantText)
	}
	if code, _, errOut := runCLI(t, "replay", path); code != exitInvalid || !strings.Contains(errOut, "not next to any tile") {
		t.Fatalf("replay: code %d, stderr %s", code, errOut)
	}
}

// A save of a game towerlog does not play has its own count; a file that
// is not JSON is an invalid game (it was read: it is no I/O error); a
// save that stops inside a turn is valid with a warning.
func TestValidateUnsupportedUnreadablePartial(t *testing.T) {
	dir := t.TempDir()
	editSave(t, dir, "abbot.jcz", "tower-floor.jcz", `"farmers": true`, `"farmers": true, "abbot": 1`)
	copyFixture(t, dir, "exchange.jcz")
	code, out, errOut := runCLI(t, "validate", dir)
	if code != exitInvalid || !strings.HasSuffix(out, "2 games, 1 valid, 0 invalid, 1 unsupported\n") ||
		!strings.Contains(out, `setup.elements: element "abbot" is not supported`) {
		t.Fatalf("code %d\n%s%s", code, out, errOut)
	}
	if code, _, _ := runCLI(t, "replay", filepath.Join(dir, "abbot.jcz")); code != exitInvalid {
		t.Fatalf("replay of an unsupported save: code %d", code)
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.jcz"), []byte("not a save\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runCLI(t, "validate", dir)
	if code != exitInvalid || !strings.HasSuffix(out, "3 games, 1 valid, 1 invalid, 1 unsupported\n") {
		t.Fatalf("code %d\n%s", code, out)
	}
	lastCommit := "},\n    {\n      \"type\": \"COMMIT\",\n      \"payload\": {\n        \"random\": 0.0\n      }\n    }\n  ],"
	partial := editSave(t, t.TempDir(), "partial.jcz", "tower-floor.jcz", lastCommit, "}\n  ],")
	code, out, errOut = runCLI(t, "validate", partial)
	if code != exitOK || !strings.Contains(out, partial+":102:5: warning: turn 3 (Anna): replay[6] PLACE_TILE: the save stops inside a turn: the last 2 moves") ||
		!strings.HasSuffix(out, "1 game, 1 valid, 0 invalid\n") {
		t.Fatalf("code %d\n%s%s", code, out, errOut)
	}
}

// import -o OUT writes OUT only when it has a game to put there, and only
// whole; a file that is not JSON is an I/O error; a save that stops inside
// a turn is imported with a warning.
func TestImportOutputs(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "old.jcz")
	if err := os.WriteFile(old, []byte(`{"appVersion": "5.6.0"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.cgn")
	if code, _, errOut := runCLI(t, "import", old, "-o", out); code != exitInvalid || !strings.Contains(errOut, "older than 5.7") {
		t.Fatalf("code %d, stderr %s", code, errOut)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("%s was written: %v", out, err)
	}
	notJSON := filepath.Join(dir, "notes.jcz")
	if err := os.WriteFile(notJSON, []byte("not a save"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI(t, "import", notJSON, "-o", out)
	if code != exitInvalid || !strings.Contains(errOut, notJSON+":1:2: malformed JSON: invalid character 'o' in literal null (expecting 'u')") {
		t.Fatalf("code %d, stderr %s", code, errOut)
	}
	lastCommit := "},\n    {\n      \"type\": \"COMMIT\",\n      \"payload\": {\n        \"random\": 0.0\n      }\n    }\n  ],"
	partial := editSave(t, dir, "partial.jcz", "tower-floor.jcz", lastCommit, "}\n  ],")
	code, stdout, errOut := runCLI(t, "import", partial, "-o", "-")
	if code != exitOK || !strings.Contains(errOut, "warning: the save stops inside a turn: the last 2 moves") ||
		!strings.Contains(stdout, "[Result \"*\"]") || !strings.HasSuffix(stdout, "2. Bob N@0,-1r180 +C:SE =0-0\n") {
		t.Fatalf("code %d\n%s\n%s", code, stdout, errOut)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if got := strings.Join(names, " "); got != "notes.jcz old.jcz partial.jcz" {
		t.Errorf("files left: %s", got)
	}
}

// TestImportSameOutputTwice: two inputs whose outputs would be one file
// (a.jcz and a/../a.jcz, or g.jcz and g.json) are refused before
// anything is written, even with --force, so that neither replaces the
// other's games.
func TestImportSameOutputTwice(t *testing.T) {
	dir := t.TempDir()
	src := copyFixture(t, dir, "ransom.jcz")
	log, err := os.ReadFile("../../testdata/bga/366166200.json")
	if err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "ransom.json")
	if err := os.WriteFile(other, log, 0o644); err != nil {
		t.Fatal(err)
	}
	cgn := filepath.Join(dir, "ransom.cgn")
	code, out, errOut := runCLI(t, "import", "--force", src, other)
	want := src + " and " + other + " would both be written to " + cgn + ": give -o, or import them one at a time"
	if code != exitUsage || out != "" || !strings.Contains(errOut, want) {
		t.Errorf("code %d, stdout %q, stderr %q; want %d and %q", code, out, errOut, exitUsage, want)
	}
	if _, err := os.Stat(cgn); !os.IsNotExist(err) {
		t.Errorf("%s was written: %v", cgn, err)
	}
}
