package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReviewWritesAValidRecord reviews a real game into an annotated
// record that validate accepts and fmt leaves unchanged, with glyphs,
// comments and variations; --json gives one object per reviewed turn.
func TestReviewWritesAValidRecord(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "reviewed.cgn")
	game := "../../testdata/cgn/tower-exchange-ransom.cgn"
	code, stdout, errOut := runCLI(t, "review", game, "--rollouts", "80", "-o", out)
	if code != exitOK || stdout != "wrote "+out+" (18 turns reviewed)\n" {
		t.Fatalf("review: code %d\n%s%s", code, stdout, errOut)
	}
	if code, stdout, errOut := runCLI(t, "validate", out); code != exitOK {
		t.Fatalf("validate: code %d\n%s%s", code, stdout, errOut)
	}
	if code, stdout, errOut := runCLI(t, "fmt", "--check", out); code != exitOK {
		t.Fatalf("fmt --check: code %d\n%s%s", code, stdout, errOut)
	}
	text, _ := os.ReadFile(out)
	for _, want := range []string{`[Annotator "towerlog review --seed 1 --rollouts 80"]`, "{review: played ", "\n  (2. Bob "} {
		if !strings.Contains(string(text), want) {
			t.Errorf("the reviewed record lacks %q:\n%s", want, text)
		}
	}
	code, stdout, errOut = runCLI(t, "review", game, "--rollouts", "80", "--json", "-j", "1")
	if code != exitOK {
		t.Fatalf("review --json: code %d\n%s", code, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != 18 {
		t.Fatalf("%d JSON lines, want 18 (one per turn)", len(lines))
	}
	var first struct {
		Turn   int    `json:"turn"`
		Player string `json:"player"`
		Played struct {
			Move string `json:"move"`
		} `json:"played"`
		Win []struct {
			Player string `json:"player"`
		} `json:"win"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &first); err != nil {
		t.Fatal(err)
	}
	if first.Turn != 1 || first.Player != "Anna" || first.Played.Move != "V@1,0r0 +R:SW" || len(first.Win) != 2 {
		t.Errorf("first line %s", lines[0])
	}
}

func TestReviewErrors(t *testing.T) {
	dir := t.TempDir()
	existing := filepath.Join(dir, "old.cgn")
	if err := os.WriteFile(existing, []byte("kept"), 0o644); err != nil {
		t.Fatal(err)
	}
	game := "../../testdata/cgn/tower-exchange-ransom.cgn"
	for _, c := range []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"BudgetAndRollouts", []string{game, "--budget", "1s", "--rollouts", "5"}, exitUsage,
			"towerlog: --budget and --rollouts cannot be used together; usage: towerlog review GAME.cgn [flags] (see towerlog review --help)\n"},
		{"NoRollouts", []string{game, "--rollouts", "0"}, exitUsage, "towerlog: --rollouts 0: give at least 1\n"},
		{"OutputExists", []string{game, "-o", existing}, exitUsage,
			"towerlog: " + existing + " already exists: use --force to replace it\n"},
		{"NoSuchGame", []string{game, "--game", "2"}, exitUsage, "towerlog: " + game + " has 1 game, not 2\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, _, errOut := runCLI(t, append([]string{"review"}, c.args...)...)
			if code != c.code || errOut != c.msg {
				t.Errorf("code %d, stderr %q; want %d, %q", code, errOut, c.code, c.msg)
			}
		})
	}
	if b, _ := os.ReadFile(existing); string(b) != "kept" {
		t.Error("an existing file was overwritten")
	}
	// An illegal game is invalid input: its error is shown, nothing reviewed.
	code, _, errOut := runCLI(t, "review", "../../testdata/invalid/follower-occupied.cgn")
	if code != exitInvalid || !strings.HasSuffix(errOut, "towerlog: ../../testdata/invalid/follower-occupied.cgn game 1 is invalid: only a valid game can be reviewed\n") {
		t.Errorf("invalid game: code %d, stderr %s", code, errOut)
	}
}
