package replay

import (
	"strings"
	"testing"

	"github.com/towerlog/towerlog/record"
)

// A name typed with a combining accent is the same player as the name
// with a precomposed letter, in turns, ransoms and the Players tag.
func TestNamesInNormalFormC(t *testing.T) {
	const nfc, nfd = "Chlo\u00e9", "Chloe\u0301"
	replay := func(src string) *Game {
		t.Helper()
		games, err := record.Parse(strings.NewReader(src), "names.cgn")
		if err != nil || len(games) != 1 {
			t.Fatalf("parse: %v", err)
		}
		return Replay("names.cgn", 1, games[0], Options{})
	}
	g := replay("[Players \"" + nfc + "; Bob\"]\n[Result \"*\"]\n\n1. " + nfd + " U@1,0r0 +R:WE\n2. Bob V@1,1r0\n")
	if !g.Valid() || len(g.Turns) != 2 {
		t.Fatalf("decomposed name in a turn: %v", g.Diagnostics)
	}
	g = replay("[Players \"" + nfd + "; " + nfc + "\"]\n[Result \"*\"]\n")
	if g.Valid() || !strings.Contains(g.Diagnostics[0].Message, "named twice") {
		t.Fatalf("the same name twice, composed and decomposed: %v", g.Diagnostics)
	}
}

func TestSameName(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"Ann", "Ann", true},
		{"Ann", "Anne", false},
		{"Ann", "ann", false}, // names are case-sensitive
		{"Chlo\u00e9", "Chloe\u0301", true},
		{"Chloe\u0301", "Chlo\u00e9", true},
		{"Chlo\u00e9", "Chloe", false},
		{"Zo\u00eb", "Zo\u00e9", false},
	} {
		if got := sameName(c.a, c.b); got != c.want {
			t.Errorf("sameName(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
