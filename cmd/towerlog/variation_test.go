package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReplayVariation: replay --variation draws the board before a turn
// with its move played and a variation of it marked apart, and refuses,
// in its own words, a variation without --svg or --turn and a variation
// the turn lacks.
func TestReplayVariation(t *testing.T) {
	game := filepath.Join("..", "..", "testdata", "reviewed", "base-game.cgn")
	svg := filepath.Join(t.TempDir(), "v.svg")
	code, out, errOut := runCLI(t, "replay", game, "--turn", "3", "--variation", "1", "--svg", svg)
	if code != exitOK || out != "wrote "+svg+" (before turn 3, with its move played and variation 1)\n" {
		t.Fatalf("replay --variation: %d %q %q", code, out, errOut)
	}
	b, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<rect class="mark-played"`, `<rect class="mark-other"`, ">The move played on turn 3</text>", ">Variation 1 of turn 3</text>"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the drawing has no %s", want)
		}
	}
	usage := "towerlog: --variation N draws with --svg FILE the variation N (from 1) of the turn --turn T (from 1)\n"
	for _, c := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no --svg", []string{"--turn", "3", "--variation", "1"}, exitUsage, usage},
		{"no --turn", []string{"--variation", "1", "--svg", svg + "2"}, exitUsage, usage},
		{"no such variation", []string{"--turn", "3", "--variation", "2", "--svg", svg + "3"}, exitUsage,
			"towerlog: turn 3 of " + game + " game 1 has 1 variation, not a variation 2\n"},
	} {
		code, _, errOut := runCLI(t, append([]string{"replay", game}, c.args...)...)
		if code != c.code || errOut != c.want {
			t.Errorf("%s: code %d, %q; want %d, %q", c.name, code, errOut, c.code, c.want)
		}
	}
}
