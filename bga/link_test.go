package bga

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
)

// TestPositions checks the tile table, turned by each ori, against
// BoardGameArena's 96 combinations listed in testdata/positions.txt.
func TestPositions(t *testing.T) {
	f, err := os.Open("../testdata/bga/positions.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		// "16/2: Ur180  1=R:WE 3=F:NL.NR.EL.WR 4=F:ER.SL.SR.WL"
		fields := strings.Fields(sc.Text())
		var typ, ori int
		if _, err := fmtSscanf(fields[0], "%d/%d:", &typ, &ori); err != nil {
			t.Fatalf("%q: %v", sc.Text(), err)
		}
		tile, rot := placement(typ, ori)
		if got := tile.String() + rot.String(); got != fields[1] {
			t.Errorf("type %d ori %d: %s, want %s", typ, ori, got, fields[1])
		}
		if got := oriOf(tile, rot); got != ori {
			t.Errorf("oriOf(%s, %s) = %d, want %d", tile, rot, got, ori)
		}
		want := map[int]string{}
		for _, f := range fields[2:] {
			var pos int
			var spot string
			p, s, _ := strings.Cut(f, "=")
			fmtSscanf(p, "%d", &pos)
			spot = s
			want[pos] = spot
		}
		for pos := 1; pos <= MaxPos; pos++ {
			s, ok := spotOf(typ, ori, pos)
			switch {
			case ok != (want[pos] != ""):
				t.Errorf("type %d ori %d pos %d: has a spot %v, want %q", typ, ori, pos, ok, want[pos])
			case ok && s.String() != want[pos]:
				t.Errorf("type %d ori %d pos %d: %s, want %s", typ, ori, pos, s, want[pos])
			case ok && posOf(typ, ori, s) != pos:
				t.Errorf("posOf(%d, %d, %s) = %d, want %d", typ, ori, s, posOf(typ, ori, s), pos)
			}
		}
		n++
	}
	if n != 96 {
		t.Errorf("%d combinations read, want 96", n)
	}
}

func TestTypeOfID(t *testing.T) {
	// Ids number the 72 tiles type by type: type 1 has id 1, type 2 ids
	// 2–3, type 3 ids 4–6, ... and type 24 the last, 72.
	for _, c := range []struct{ id, typ int }{{0, 0}, {1, 1}, {2, 2}, {3, 2}, {4, 3}, {6, 3}, {7, 4}, {72, 24}, {73, 0}} {
		if got := typeOfID(c.id); got != c.typ {
			t.Errorf("typeOfID(%d) = %d, want %d", c.id, got, c.typ)
		}
	}
}

// handLink is a game of one placement, worked out by hand: tiles 15 (the
// start) and 16 (U) are 14·24+15 = 351, octal 0537: "05" is F, "37" f;
// the move "2121" is |x| 1, |y| 0, rotation code 1 (ori 2, no sign) and
// pos 1: U at ori 2 is r180, its road W–E, where a follower stands.
const handLink = "https://www.carcassonnelab.com/#/0/0/Ff/2121?players=El%20Tomek,Bo&colors=red,blue"

func TestParseLink(t *testing.T) {
	l, err := ParseLink(handLink)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Types) != 2 || l.Types[0] != 15 || l.Types[1] != 16 {
		t.Errorf("types %v, want [15 16]", l.Types)
	}
	if len(l.Moves) != 1 || l.Moves[0] != (Move{X: 1, Y: 0, Ori: 2, Pos: 1}) {
		t.Errorf("moves %v, want [{1 0 2 1}]", l.Moves)
	}
	if strings.Join(l.Players, "|") != "El Tomek|Bo" || strings.Join(l.Colors, "|") != "red|blue" {
		t.Errorf("players %q colours %q", l.Players, l.Colors)
	}
	if got := l.String(); got != handLink {
		t.Errorf("String() = %s, want the link read", got)
	}
}

func TestNegativeMoves(t *testing.T) {
	// Rotation code b is 34 = 32 (y < 0) + 2 (ori 3); Z is 32 (y < 0,
	// ori 1); L is 19 = 16 (x < 0) + 3 (ori 4).
	moves, err := parseMoves("12b232Z022L1", 0)
	want := []Move{{X: 0, Y: -1, Ori: 3, Pos: 2}, {X: 2, Y: -1, Ori: 1}, {X: -1, Y: 1, Ori: 4, Pos: 1}}
	if err != nil || len(moves) != 3 || moves[0] != want[0] || moves[1] != want[1] || moves[2] != want[2] {
		t.Errorf("moves %v, %v; want %v", moves, err, want)
	}
	l, err := ParseLink("https://www.carcassonnelab.com/#/0/0/Ff/12b2?players=A,B")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []Move{{X: -2, Y: 1, Ori: 4}, {X: -1, Y: -57, Ori: 1, Pos: 8}} {
		l.Moves[0] = m
		back, err := ParseLink(l.String())
		if err != nil || back.Moves[0] != m {
			t.Errorf("%v written as %s reads back as %v, %v", m, l.String(), back, err)
		}
	}
}

func TestLinkErrors(t *testing.T) {
	const pre = "https://www.carcassonnelab.com/#/0/"
	for _, c := range []struct{ link, want string }{
		{"https://example.com/#/0/0/Ff/2121?players=A,B", "character 1: not a CarcassonneLab link (https://www.carcassonnelab.com/#/0/0/TILES/MOVES?players=...)"},
		{pre + "0/Ff?players=A", "character 34: expected 4 parts after #/ (0/DISCARDS/TILES/MOVES), found 3"},
		{pre + "x/Ff/2121?players=A", "character 36: expected 0 or 0.k (discards), found \"x\""},
		{pre + "0.a/Ff/2121?players=A", "character 38: expected a discard's draw position (a number), found \"a\""},
		{pre + "0.3.1/Ff/2121?players=A", "character 40: discard 1 comes after discard 3"},
		{pre + "0/F*/2121?players=A", "character 39: '*' is not a character of the tiles"},
		{pre + "0/QF/2121?players=A", "character 38: the tiles do not begin with the start tile (type 15)"},
		{pre + "0/Ff/21211?players=A", "character 45: the moves are 5 characters, not a multiple of 4"},
		{pre + "0/Ff/2I21?players=A", "character 42: 'I' is not a character of a move"},
		{pre + "0/Ff/2151?players=A", "character 43: '5' is not a rotation code"},
		{pre + "0/Ff/212x?players=A", "character 44: 'x' is not a follower's feature (0 to 8)"},
		{pre + "0/Ff/11H1?players=A", "character 43: 'H' makes a coordinate 0 negative"},
		{pre + "0/Ff/2121?colors=red", "character 46: the players are missing (players=A,B)"},
		{pre + "0/Ff/2121?players=A,B&colors=red", "character 58: 1 colours for 2 players"},
		{pre + "0/Ff/21212121?players=A", "character 38: the tiles are 2, but the start tile, 2 placements and 0 discards make 3"},
		{pre + "0.2/Ff/2121?players=A", "character 36: discard 2 comes after the last of the 1 placements"},
		{pre + "0/Ff/2121?players=A%zz", "character 54: players: invalid URL escape \"%zz\""},
		{pre + strings.Repeat("A", MaxLinkBytes), "character 8193: the link is longer than 8192 bytes (the limit)"},
	} {
		_, err := ParseLink(c.link)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s:\n got %v\nwant %s", c.link, err, c.want)
		}
	}
}

func TestImportLink(t *testing.T) {
	rg, ws, err := ImportLink(handLink, "", "", map[string]string{"Event": "Hand"})
	if err != nil || len(ws) != 1 {
		t.Fatalf("%v %v", ws, err)
	}
	if want := "the game stops after turn 1 with 70 tiles left: imported unfinished"; ws[0].String() != "warning: "+want {
		t.Errorf("warning %q, want %q", ws[0].String(), want)
	}
	want := `[Event "Hand"]
[Players "El Tomek:red; Bo:blue"]
[Rules "base"]
[Result "*"]

1. "El Tomek" U@1,0r180 +R:WE
`
	if got := formatGame(t, rg); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func formatGame(t *testing.T, rg *record.Game) string {
	t.Helper()
	var b strings.Builder
	if err := record.FormatFile(&b, []*record.Game{rg}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestImportLinkIllegal(t *testing.T) {
	// U at ori 1 is r90: its road runs N–S and its west edge, a field,
	// meets the start tile's road.
	_, _, err := ImportLink("https://www.carcassonnelab.com/#/0/0/Ff/2111?players=A,B", "games.txt", "line 3", nil)
	want := "games.txt: line 3, placement 1 (character 41): turn 1 (A): tile U at (1,0) r90: its west edge (field) meets the road of D at (0,0)"
	if err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
	var e *Error
	if !errorsAs(err, &e) || e.Kind != Invalid || e.Rule != engine.ViolationPlacement.String() {
		t.Errorf("%#v, want an Invalid placement", err)
	}
}

// TestImportLinkPlayers: players a Players tag cannot hold are refused
// as invalid, with the reason replay would give for such a record.
func TestImportLinkPlayers(t *testing.T) {
	const tiles = "https://www.carcassonnelab.com/#/0/0/Ff/2121?"
	for _, c := range []struct{ query, want string }{
		{"players=A,A", `player "A" is named twice`},
		{"players=%20A,B", `player 1's name " A" is empty or has spaces around it`},
		{"players=A,B&colors=red,red", "A and B both play red"},
		{"players=A,B&colors=Red,x", `unknown colour "x" for B: the colours are black, blue, brown, gray, green, grey, orange, pink, purple, red, white, yellow`},
	} {
		_, _, err := ImportLink(tiles+c.query, "", "", nil)
		e, ok := err.(*Error)
		if !ok || e.Kind != Invalid || e.Msg != c.want {
			t.Errorf("%s: got %v, want %s (invalid)", c.query, err, c.want)
		}
	}
}
