package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/replay"
)

// generateFile writes n generated games into dir/name and returns the path.
func generateFile(t *testing.T, dir, name string, n int, players string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if code, _, errOut := runCLI(t, "generate", "--games", itoa(n), "--players", players, "--seed", "11", "-o", path); code != 0 {
		t.Fatalf("generate: %d %s", code, errOut)
	}
	return path
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestGenerateThenValidate(t *testing.T) {
	dir := t.TempDir()
	generateFile(t, dir, "a.cgn", 4, "2-6")
	generateFile(t, filepath.Join(dir, "sub"), "b.cgn", 2, "3")
	code, out, errOut := runCLI(t, "validate", dir)
	if code != exitOK || !strings.HasSuffix(out, "6 games, 6 valid, 0 invalid\n") {
		t.Fatalf("validate: code %d\n%s%s", code, out, errOut)
	}
}

func TestGenerateDeterministicAndDirectory(t *testing.T) {
	dir := t.TempDir()
	a := generateFile(t, dir, "a.cgn", 3, "4")
	b := generateFile(t, dir, "b.cgn", 3, "4")
	da, _ := os.ReadFile(a)
	db, _ := os.ReadFile(b)
	if string(da) != string(db) {
		t.Fatal("same seed, different files")
	}
	out := filepath.Join(dir, "many") + "/"
	if code, _, errOut := runCLI(t, "generate", "--games", "3", "--players", "2", "-o", out); code != 0 {
		t.Fatal(errOut)
	}
	entries, _ := os.ReadDir(out)
	if len(entries) != 3 || entries[0].Name() != "game-000001.cgn" {
		t.Fatalf("directory output: %v", entries)
	}
}

// TestGenerateClub checks that --pool and --event-games reach the
// games: the game of seed 12 in events of 10 games is round 2 of the
// second event, its players named as the pool names them.
func TestGenerateClub(t *testing.T) {
	code, out, errOut := runCLI(t, "generate", "--games", "1", "--seed", "12", "--pool", "100", "--event-games", "10")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errOut)
	}
	if !strings.HasPrefix(out, "[Event \"Club event 2\"]\n[Date \"2001.01.02\"]\n[Round \"2\"]\n[Players \"") {
		t.Errorf("tags:\n%s", out[:min(len(out), 200)])
	}
}

func TestGenerateUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"generate", "--players", "7"}, `--players "7": give a number of players from 1 to 6, or a range such as 2-6`},
		{[]string{"generate", "--rules", "tower dragons=yes"}, `--rules: rules: unknown flag "dragons"`},
		{[]string{"generate", "--event-games", "100"}, `--event-games needs --pool: the players of the events are drawn from it`},
		{[]string{"generate", "--pool", "3"}, `--pool 3: a pool of 3 players cannot seat a game of 4`},
		{[]string{"generate", "--pool", "-1"}, `--pool must be positive`},
		{[]string{"generate", "--pool", "10", "--event-games", "5", "--seed", "0"}, `--pool 10: games grouped into events are numbered by their seeds from 1: the seed must not be 0`},
	} {
		code, _, errOut := runCLI(t, c.args...)
		if code != exitUsage || !strings.Contains(errOut, c.msg) {
			t.Errorf("%v: code %d, stderr %q", c.args, code, errOut)
		}
	}
}

func TestValidateInvalidGame(t *testing.T) {
	dir := t.TempDir()
	path := generateFile(t, dir, "g.cgn", 1, "2")
	src, _ := os.ReadFile(path)
	// Move turn 3's tile far away.
	lines := strings.Split(string(src), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "3. ") {
			at := strings.Index(l, "@")
			lines[i] = l[:at+1] + "50,50" + l[strings.Index(l, "r"):]
			if strings.Index(l, "r") < at {
				t.Fatalf("unexpected line %q", l)
			}
		}
	}
	os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644)
	code, out, _ := runCLI(t, "validate", path)
	if code != exitInvalid || !strings.Contains(out, "g.cgn:10:9: turn 3 (Anna): tile ") ||
		!strings.Contains(out, "is not next to any tile") || !strings.Contains(out, "^") ||
		!strings.HasSuffix(out, "1 game, 0 valid, 1 invalid\n") {
		t.Fatalf("code %d:\n%s", code, out)
	}
	code, out, _ = runCLI(t, "validate", "--json", path)
	var rep replay.Verdict
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != exitInvalid || rep.Valid || len(rep.Diagnostics) != 1 {
		t.Fatalf("json: code %d %v %s", code, err, out)
	}
	var raw map[string]any
	json.Unmarshal([]byte(out), &raw)
	d := raw["diagnostics"].([]any)[0].(map[string]any)
	for _, k := range []string{"code", "severity", "line", "col", "turn", "player", "message"} {
		if _, ok := d[k]; !ok {
			t.Errorf("diagnostic JSON lacks %q: %v", k, d)
		}
	}
	if d["code"] != "placement" || d["line"] != float64(10) || d["turn"] != float64(3) {
		t.Errorf("diagnostic %v", d)
	}
}

func TestValidateUsage(t *testing.T) {
	if code, _, _ := runCLI(t, "validate", "no/such/file.cgn"); code != exitUsage {
		t.Fatalf("missing file: code %d", code)
	}
	if code, _, _ := runCLI(t, "validate"); code != exitUsage {
		t.Fatalf("no argument: code %d", code)
	}
}

func TestFmt(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.cgn")
	lax := "[players \"Anna; Bob\"]\n[Result \"*\"]\n\n1.   Anna   u@1,0R0\nBob V@2,0r0 {nice}\n"
	os.WriteFile(path, []byte(lax), 0o644)
	code, out, _ := runCLI(t, "fmt", "--check", path)
	if code != exitInvalid || out != path+"\n" {
		t.Fatalf("check: %d %q", code, out)
	}
	code, out, _ = runCLI(t, "fmt", path)
	want := "[Players \"Anna; Bob\"]\n[Result \"*\"]\n\n1. Anna U@1,0r0\n2. Bob V@2,0r0 {nice}\n"
	if code != 0 || out != want {
		t.Fatalf("fmt: %d\n%s", code, out)
	}
	if code, _, _ = runCLI(t, "fmt", "-w", path); code != 0 {
		t.Fatal("fmt -w failed")
	}
	if got, _ := os.ReadFile(path); string(got) != want {
		t.Fatalf("after -w:\n%s", got)
	}
	if code, out, _ = runCLI(t, "fmt", "--check", path); code != 0 || out != "" {
		t.Fatalf("check after -w: %d %q", code, out)
	}
	broken := filepath.Join(dir, "broken.cgn")
	os.WriteFile(broken, []byte("[Players \"A\"]\n\n1. A U@1;0r0\n"), 0o644)
	code, _, errOut := runCLI(t, "fmt", "-w", broken)
	if got, _ := os.ReadFile(broken); code != exitInvalid || string(got) != "[Players \"A\"]\n\n1. A U@1;0r0\n" || !strings.Contains(errOut, "broken.cgn:3:") {
		t.Fatalf("broken file: %d %q %q", code, got, errOut)
	}
}

func TestTiles(t *testing.T) {
	code, out, _ := runCLI(t, "tiles")
	if code != 0 || !strings.Contains(out, "T05") || strings.Count(out, "\n") != 42 {
		t.Fatalf("tiles: %d\n%s", code, out)
	}
	code, out, _ = runCLI(t, "tiles", "--json")
	var tiles []tileJSON
	if err := json.Unmarshal([]byte(out), &tiles); err != nil || code != 0 || len(tiles) != 41 {
		t.Fatalf("tiles --json: %v", err)
	}
	total := 0
	for _, tl := range tiles {
		total += tl.Count
	}
	if total != 90 || tiles[3].ID != "D" || tiles[3].JCZ != "BA/RCr" {
		t.Fatalf("catalog: %d tiles, %+v", total, tiles[3])
	}
}

func TestHelpHasExamples(t *testing.T) {
	root, _ := newRootCmd()
	for _, c := range root.Commands() {
		if c.Name() == "help" || c.Name() == "completion" {
			continue
		}
		if c.Example == "" {
			t.Errorf("%s has no examples", c.Name())
		}
	}
	if code, out, _ := runCLI(t, "completion", "bash"); code != 0 || !strings.Contains(out, "towerlog") {
		t.Errorf("completion: %d", code)
	}
}

func TestReplayCommand(t *testing.T) {
	dir := t.TempDir()
	path := generateFile(t, dir, "g.cgn", 2, "3")
	code, out, _ := runCLI(t, "replay", path, "--game", "2", "--turn", "10")
	if code != 0 || !strings.Contains(out, "game 2, after turn 10 of 89:") || !strings.Contains(out, "Tiles left: 79") {
		t.Fatalf("text: %d\n%s", code, out)
	}
	code, out, _ = runCLI(t, "replay", path, "--json")
	var st struct {
		Turn    int `json:"turn"`
		Players []struct {
			Name      string         `json:"name"`
			Score     int            `json:"score"`
			Followers int            `json:"followers"`
			Floors    int            `json:"floors"`
			Prisoners map[string]int `json:"prisoners"`
		} `json:"players"`
		Towers    []map[string]any `json:"towers"`
		Followers []map[string]any `json:"followers"`
		Tiles     []map[string]any `json:"tiles"`
		Remaining *int             `json:"remaining"`
	}
	if err := json.Unmarshal([]byte(out), &st); err != nil || code != 0 {
		t.Fatalf("json: %v\n%s", err, out)
	}
	if st.Turn != 89 || len(st.Players) != 3 || st.Players[0].Name != "Anna" || len(st.Tiles) != 90 || st.Remaining == nil || *st.Remaining != 0 {
		t.Fatalf("state %+v", st)
	}
	for _, tw := range st.Towers {
		for _, k := range []string{"x", "y", "height", "guard"} {
			if _, ok := tw[k]; !ok {
				t.Fatalf("tower lacks %s: %v", k, tw)
			}
		}
	}
	code, out, _ = runCLI(t, "replay", path, "--turn", "0", "--json")
	if !strings.Contains(out, `"turn": 0`) || !strings.Contains(out, `"remaining": 89`) || code != 0 {
		t.Fatalf("--turn 0: %d\n%s", code, out)
	}
	svg := filepath.Join(dir, "b.svg")
	if code, _, errOut := runCLI(t, "replay", path, "--svg", svg); code != 0 {
		t.Fatal(errOut)
	}
	if b, _ := os.ReadFile(svg); !strings.Contains(string(b), "<svg") {
		t.Fatal("no svg written")
	}
	if code, _, errOut := runCLI(t, "replay", path, "--game", "3"); code != exitUsage || !strings.Contains(errOut, "has 2 games, not 3") {
		t.Fatalf("game 3: %d %s", code, errOut)
	}
	if code, _, errOut := runCLI(t, "replay", path, "--turn", "200"); code != exitUsage || !strings.Contains(errOut, "has 89 turns, not 200") {
		t.Fatalf("turn 200: %d %s", code, errOut)
	}
}

// The example game in the README is a valid record in canonical form.
func TestReadmeExample(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(readme), "A game in CGN reads like this")
	if !ok {
		t.Fatal("README has no example game")
	}
	var lines []string
	for _, l := range strings.Split(after, "\n")[1:] {
		if strings.HasPrefix(l, "## ") {
			break
		}
		lines = append(lines, strings.TrimPrefix(l, "    "))
	}
	game := strings.TrimSpace(strings.Join(lines, "\n")) + "\n"
	path := filepath.Join(t.TempDir(), "readme.cgn")
	os.WriteFile(path, []byte(game), 0o644)
	if code, out, _ := runCLI(t, "validate", path); code != 0 {
		t.Fatalf("README example: %s", out)
	}
	if code, out, _ := runCLI(t, "fmt", "--check", path); code != 0 {
		t.Fatalf("README example not canonical: %s", out)
	}
}

// Commands never write over their input, nor over an existing record
// without --force.
func TestOutputsNeverClobberInputs(t *testing.T) {
	dir := t.TempDir()
	path := generateFile(t, dir, "g.cgn", 1, "2")
	before, _ := os.ReadFile(path)
	for _, args := range [][]string{
		{"export", "--format", "jcz", path, "-o", path},
		{"report", path, "-o", path},
	} {
		code, _, errOut := runCLI(t, args...)
		if code != exitUsage || !strings.Contains(errOut, "is also an input") {
			t.Errorf("%v: code %d, %q", args, code, errOut)
		}
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Fatal("the input was overwritten")
	}
	jczPath := filepath.Join(dir, "g.jcz")
	if code, _, errOut := runCLI(t, "export", "--format", "jcz", path); code != 0 {
		t.Fatal(errOut)
	}
	if code, _, errOut := runCLI(t, "import", jczPath, "-o", jczPath); code != exitUsage || !strings.Contains(errOut, "is also an input") {
		t.Errorf("import over its input: %d %q", code, errOut)
	}
	// Importing g.jcz would write g.cgn, which exists.
	if code, _, errOut := runCLI(t, "import", jczPath); code != exitUsage || !strings.Contains(errOut, "already exists: use --force") {
		t.Errorf("import over an existing record: %d %q", code, errOut)
	}
	if code, _, errOut := runCLI(t, "import", "--force", jczPath); code != 0 {
		t.Errorf("import --force: %d %q", code, errOut)
	}
}

func TestFmtKeepsSymlinks(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.cgn")
	os.WriteFile(real, []byte("[Players \"A; B\"]\n\n1.  A U@1,0r0\n"), 0o644)
	link := filepath.Join(dir, "link.cgn")
	if err := os.Symlink(real, link); err != nil {
		t.Skip("no symlinks here")
	}
	if code, _, errOut := runCLI(t, "fmt", "-w", link); code != 0 {
		t.Fatal(errOut)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Fatal("fmt -w replaced the link by a file")
	}
	if got, _ := os.ReadFile(real); string(got) != "[Players \"A; B\"]\n\n1. A U@1,0r0\n" {
		t.Fatalf("target not formatted: %q", got)
	}
}

func TestFmtErrorsEndLines(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.cgn")
	os.WriteFile(a, []byte("[Players \"A\"]\n\n1. A U@1,0r45\n"), 0o644)
	_, _, errOut := runCLI(t, "fmt", "--check", a, a)
	if strings.Contains(errOut, "^^^"+a) || strings.Contains(errOut, "^towerlog") {
		t.Fatalf("caret line not ended:\n%s", errOut)
	}
}

// A missing path is reported, and the other paths are still checked.
func TestValidateGoesOnAfterMissingPath(t *testing.T) {
	dir := t.TempDir()
	path := generateFile(t, dir, "g.cgn", 2, "2")
	code, out, errOut := runCLI(t, "validate", path, filepath.Join(dir, "missing.cgn"))
	if code != exitUsage || !strings.Contains(out, "2 games, 2 valid, 0 invalid, 1 path unreadable") || !strings.Contains(errOut, "missing.cgn") {
		t.Fatalf("code %d\n%s%s", code, out, errOut)
	}
}

func TestFlagMisuse(t *testing.T) {
	dir := t.TempDir()
	path := generateFile(t, dir, "g.cgn", 1, "2")
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"validate", "-j", "-3", path}, "--jobs -3: give a positive number"},
		{[]string{"report", path, "--player", "Anna"}, "--player applies to the archive report"},
		{[]string{"report", "--game", "3"}, "--game applies to the report of one game"},
		{[]string{"export", "--format", "jcz", "--game", "0", path}, "--game counts from 1"},
	} {
		code, _, errOut := runCLI(t, c.args...)
		if code != exitUsage || !strings.Contains(errOut, c.msg) {
			t.Errorf("%v: code %d, %q", c.args, code, errOut)
		}
	}
}
