package main

import (
	"strings"
	"testing"
)

// TestNamesSortedAsPeopleDo: adrear and Vainiria each beat one player
// 4-0 in the Cup, and Yann and Zed each lost one 0-4: two pairs whose
// records (and ratings) are alike, so their names order them, without
// regard to case: adrear before Vainiria, where the bytes put V first.
// The margins are written with their signs, in stats as in standings.
func TestNamesSortedAsPeopleDo(t *testing.T) {
	game := func(winner, loser string) string {
		return "[Event \"Cup\"]\n[Round \"1\"]\n[Players \"" + winner + "; " + loser + "\"]\n[Bag \"order E\"]\n[Result \"4-0\"]\n\n1. " + winner + " E@0,-1r180 +C:S\n\n"
	}
	db := ingestCGN(t, game("Vainiria", "Zed")+game("adrear", "Yann"))
	names, margins := "adrear Vainiria Yann Zed", "+4 +4 -4 -4"
	for _, c := range []struct {
		args         []string
		name, margin int // the fields of the name and the margin in a line; -1 none
	}{
		{[]string{"stats"}, 1, 5},
		{[]string{"standings", "--event", "Cup"}, 1, 6},
		{[]string{"stats", "--rating"}, 1, -1},
	} {
		code, out, errOut := runCLI(t, append(c.args, "--db", db)...)
		if code != exitOK {
			t.Fatalf("%v: %d %s", c.args, code, errOut)
		}
		lines := strings.Split(out, "\n")
		if c.args[0] == "standings" {
			lines = lines[2:] // the title and a blank line
		}
		var gotNames, gotMargins []string
		for _, l := range lines[1:5] {
			f := strings.Fields(l)
			gotNames = append(gotNames, f[c.name])
			if c.margin >= 0 {
				gotMargins = append(gotMargins, f[c.margin])
			}
		}
		if strings.Join(gotNames, " ") != names || c.margin >= 0 && strings.Join(gotMargins, " ") != margins {
			t.Errorf("%v: %q %q, want %s, %s\n%s", c.args, gotNames, gotMargins, names, margins, out)
		}
	}
}
