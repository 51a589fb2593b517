package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/luck"
)

// TestLuck: bigcity.cgn's turn 3 draws the E that closes a city of four
// tiles and two pennants, +9 points by hand (luck.TestBigCity); the
// annotated record validates, is canonical, and measured again keeps one
// comment per draw; the JSON lines carry the contract's names.
func TestLuck(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "luck.cgn")
	game := "../../luck/testdata/bigcity.cgn"
	code, stdout, errOut := runCLI(t, "luck", game, "--rollouts", "200", "-o", out)
	if code != exitOK || stdout != "wrote "+out+" (4 turns measured)\n" {
		t.Fatalf("luck: code %d\n%s%s", code, stdout, errOut)
	}
	if code, stdout, errOut := runCLI(t, "validate", out); code != exitOK {
		t.Fatalf("validate: code %d\n%s%s", code, stdout, errOut)
	}
	if code, stdout, errOut := runCLI(t, "fmt", "--check", out); code != exitOK {
		t.Fatalf("fmt --check: code %d\n%s%s", code, stdout, errOut)
	}
	again := filepath.Join(dir, "again.cgn")
	if code, _, errOut := runCLI(t, "luck", out, "--rollouts", "200", "-o", again); code != exitOK {
		t.Fatalf("luck again: code %d\n%s", code, errOut)
	}
	text, _ := os.ReadFile(again)
	if !strings.Contains(string(text), "3. Anna E@0,-3r180 {luck: +9.0 (very lucky), +49.4% of chance, the best of 2 tiles, exact} +C:S") ||
		strings.Count(string(text), "{luck: ") != 4 {
		t.Errorf("the annotated record:\n%s", text)
	}

	code, stdout, errOut = runCLI(t, "luck", game, "--rollouts", "200", "--json", "-j", "1")
	if code != exitOK {
		t.Fatalf("luck --json: code %d\n%s", code, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d JSON lines, want 5 (one per turn, then the players)", len(lines))
	}
	var turn struct {
		Turn       int      `json:"turn"`
		Player     string   `json:"player"`
		Tile       string   `json:"tile"`
		Luck       float64  `json:"luck"`
		LuckChance *float64 `json:"luck_chance"`
	}
	if err := json.Unmarshal([]byte(lines[2]), &turn); err != nil || turn.Turn != 3 || turn.Player != "Anna" || turn.Tile != "E" || turn.Luck != 9 || turn.LuckChance == nil {
		t.Errorf("turn 3: %+v (%v) from %s", turn, err, lines[2])
	}
	var closing struct {
		Players []struct {
			Player         string   `json:"player"`
			Luck           *float64 `json:"luck"`
			LuckChance     *float64 `json:"luck_chance"`
			Margin         *int     `json:"margin"`
			AdjustedMargin *float64 `json:"adjusted_margin"`
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(lines[4]), &closing); err != nil || len(closing.Players) != 2 {
		t.Fatalf("closing line %s: %v", lines[4], err)
	}
	for i, p := range closing.Players {
		if p.Player != []string{"Anna", "Bruno"}[i] || p.Luck == nil || p.LuckChance == nil || p.Margin == nil || p.AdjustedMargin == nil {
			t.Errorf("player %d: %s", i, lines[4])
		}
	}

	code, stdout, _ = runCLI(t, "luck", game, "--rollouts", "200")
	if code != exitOK || !strings.Contains(stdout, "\nresult 12–3; luck-adjusted ") || !strings.Contains(stdout, "very lucky") {
		t.Errorf("luck: code %d\n%s", code, stdout)
	}
}

// TestLuckPolicy: luck takes review's --policy, --temperature and
// --prior, and refuses what review refuses.
func TestLuckPolicy(t *testing.T) {
	game := "../../luck/testdata/bigcity.cgn"
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"--policy", "quick"}, exitOK},
		{[]string{"--policy", "learned", "--temperature", "1"}, exitOK},
		{[]string{"--policy", "greedy"}, exitUsage},
		{[]string{"--temperature", "0"}, exitUsage},
		{[]string{"--prior", "0"}, exitOK},
		{[]string{"--prior", "2"}, exitOK},
		{[]string{"--prior", "-1"}, exitUsage},
		{[]string{"--prior", "NaN"}, exitUsage},
	} {
		code, _, errOut := runCLI(t, append([]string{"luck", game, "--rollouts", "50", "--json"}, c.args...)...)
		if code != c.code {
			t.Errorf("luck %v: code %d, want %d\n%s", c.args, code, c.code, errOut)
		}
	}
}

// TestLuckUncalibrated: --json writes the evaluator's luck as luck_raw
// beside the calibrated luck, the calibration's factor times it (turn 1
// of bigcity.cgn: 4 tiles left of 5); --uncalibrated gives the
// evaluator's as luck; the exact turn 3 is +9 either way.
func TestLuckUncalibrated(t *testing.T) {
	game := "../../luck/testdata/bigcity.cgn"
	type line struct {
		Turn    int     `json:"turn"`
		Luck    float64 `json:"luck"`
		LuckRaw float64 `json:"luck_raw"`
	}
	read := func(args ...string) []line {
		t.Helper()
		code, stdout, errOut := runCLI(t, append([]string{"luck", game, "--rollouts", "200", "--json", "--seed", "3"}, args...)...)
		if code != exitOK {
			t.Fatalf("luck %v: code %d\n%s", args, code, errOut)
		}
		var out []line
		for _, s := range strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")[:4] {
			var l line
			if err := json.Unmarshal([]byte(s), &l); err != nil {
				t.Fatal(err)
			}
			out = append(out, l)
		}
		return out
	}
	cal, raw := read(), read("--uncalibrated")
	f := luck.DefaultScale().Factor(4, 5)
	if cal[0].LuckRaw != raw[0].LuckRaw || raw[0].Luck != raw[0].LuckRaw || cal[0].LuckRaw == 0 ||
		math.Abs(cal[0].Luck-f*cal[0].LuckRaw) > 0.1 {
		t.Errorf("turn 1: calibrated %+v, uncalibrated %+v, factor %v", cal[0], raw[0], f)
	}
	if cal[2].Turn != 3 || cal[2].Luck != 9 || raw[2].Luck != 9 || cal[2].LuckRaw != 9 {
		t.Errorf("turn 3: calibrated %+v, uncalibrated %+v; want +9 exactly", cal[2], raw[2])
	}
}
