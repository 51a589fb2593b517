package replay

import (
	"strings"
	"testing"

	"github.com/towerlog/towerlog/record"
)

// TestResultEdit: a game whose bag of four tiles is played out ends 0-3
// (Bob's tower captures Anna's thief, his city scores 3 at the end); the
// edit writes that into a Result tag "*" or missing, keeps a tag already
// given, and leaves a game cut before its last tile "*".
func TestResultEdit(t *testing.T) {
	const moves = "1. Anna U@1,0r0 +R:WE\n2. Bob N@0,-1r180 +C:SE\n3. Anna T08@-1,0r180 ^-1,0\n"
	const last = "4. Bob T04@1,-1r0 ^1,-1 x1,0:R:WE\n"
	game := func(result, moves string) *record.Game {
		text := "[Players \"Anna:red; Bob:blue\"]\n[Rules \"tower\"]\n[Bag \"order U N T08 T04\"]\n" + result + "\n" + moves
		gs, err := record.Parse(strings.NewReader(text), "t.cgn")
		if err != nil || len(gs) != 1 {
			t.Fatalf("parse: %v", err)
		}
		return gs[0]
	}
	for _, c := range []struct {
		name, tag, moves, want string
	}{
		{"unknown result", `[Result "*"]`, moves + last, "0-3"},
		{"no Result tag", "", moves + last, "0-3"},
		{"a result given", `[Result "1-2"]`, moves + last, "1-2"},
		{"unfinished", `[Result "*"]`, moves, "*"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := ResultEdit("t.cgn")(0, game(c.tag, c.moves))
			if got, _ := g.Tag("Result"); got != c.want {
				t.Errorf("Result %q, want %q", got, c.want)
			}
		})
	}
}
