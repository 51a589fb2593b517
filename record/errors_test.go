package record

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestErrors compares every syntax error of each input, full message with
// position, in order.
func TestErrors(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"[Event", []string{"e.cgn:1:7: expected quoted tag value, found end of file"}},
		{"[1 \"x\"]", []string{"e.cgn:1:2: expected tag name, found \"1\""}},
		{"[Event x]", []string{"e.cgn:1:8: expected quoted tag value, found \"x]\""}},
		{"[Event \"x\"", []string{"e.cgn:1:11: expected \"]\" to close the tag, found end of file"}},
		{"[Event \"x\" junk", []string{"e.cgn:1:12: expected \"]\" to close the tag, found \"junk\""}},
		{"[Event \"x]", []string{"e.cgn:1:11: expected closing quote, found end of file"}},
		{"[Event \"a\\qb\"]", []string{"e.cgn:1:10: expected escape \\\", \\\\, \\n, \\t or \\u{hex}, found \"\\\\qb\\\"]\""}},
		{"[Event \"a\\u{D800}\"]", []string{"e.cgn:1:10: expected \\u{hex} holding a Unicode code point, found \"\\\\u{D800}\""}},
		{"[Event \"a\\u{110000}\"]", []string{"e.cgn:1:10: expected \\u{hex} holding a Unicode code point, found \"\\\\u{110000}\""}},
		{"[Event \"a\\u{}\"]", []string{"e.cgn:1:10: expected \\u{hex} holding a Unicode code point, found \"\\\\u{}\""}},
		{"[Event \"\xff\"]", []string{"e.cgn:1:9: expected UTF-8 text, found invalid byte 0xff"}},
		{"[Event \"x\"]\n[event \"y\"]", []string{"e.cgn:2:1: expected each tag once, found a second \"Event\" (first at 1:1)"}},
		{"[Event \"x\"] foo", []string{"e.cgn:1:13: expected end of line after a tag, found \"foo\""}},
		{"1 Anna", []string{"e.cgn:1:2: expected \".\" after the turn number, found space"}},
		{"1234567890. Anna", []string{"e.cgn:1:1: expected turn number of at most 9 digits, found \"1234567890.\""}},
		{"1. 2x", []string{"e.cgn:1:4: expected player, found \"2x\""}},
		{"1. Anna@", []string{"e.cgn:1:8: expected end of player name, found \"@\""}},
		{"1. \"\"", []string{"e.cgn:1:4: expected player, found empty name \"\""}},
		{"1. \"Anna", []string{"e.cgn:1:9: expected closing quote, found end of file"}},
		{"1. Anna Bob", []string{"e.cgn:1:9: expected turn number before a second turn on the line, found \"Bob\""}},
		{"1. Anna U@1,0r0 \"Bob\"", []string{"e.cgn:1:17: expected turn number before a second turn on the line, found \"\\\"Bob\\\"\""}},
		{"1. Anna $", []string{"e.cgn:1:10: expected player name after \"$\", found end of file"}},
		{"1. Anna $Bob@", []string{"e.cgn:1:14: expected player name after \"@\", found end of file"}},
		{"1. Anna $Bob.", []string{"e.cgn:1:13: expected end of ransom, found \".\""}},
		{"1. Anna -", []string{"e.cgn:1:10: expected tile id after \"-\", found end of file"}},
		{"1. Anna -1", []string{"e.cgn:1:10: expected tile id after \"-\", found \"1\""}},
		{"1. Anna -W.", []string{"e.cgn:1:11: expected end of discard, found \".\""}},
		{"1. Anna V@", []string{"e.cgn:1:11: expected x coordinate, found end of file"}},
		{"1. Anna V@x,1r0", []string{"e.cgn:1:11: expected x coordinate, found \"x,1r0\""}},
		{"1. Anna V@1;1r0", []string{"e.cgn:1:12: expected \",\" between the coordinates, found \";1r0\""}},
		{"1. Anna V@1,r0", []string{"e.cgn:1:13: expected y coordinate, found \"r0\""}},
		{"1. Anna V@1,1", []string{"e.cgn:1:14: expected rotation r0, r90, r180 or r270, found end of file"}},
		{"1. Anna V@1,1r45", []string{"e.cgn:1:14: expected rotation r0, r90, r180 or r270, found \"r45\""}},
		{"1. Anna V@1,1r900", []string{"e.cgn:1:14: expected rotation r0, r90, r180 or r270, found \"r900\""}},
		{"1. Anna V@1,1r90x", []string{"e.cgn:1:17: expected end of placement, found \"x\""}},
		{"1. Anna V@1234567890,1r0", []string{"e.cgn:1:11: expected x coordinate, found \"1234567890,1r0\""}},
		{"1. Anna V@1,1r0 +", []string{"e.cgn:1:18: expected feature C, R, F or M, found end of file"}},
		{"1. Anna V@1,1r0 +Q:N", []string{"e.cgn:1:18: expected feature C, R, F or M, found \"Q:N\""}},
		{"1. Anna V@1,1r0 +C", []string{"e.cgn:1:19: expected \":\" after the feature kind, found end of file"}},
		{"1. Anna V@1,1r0 +C:", []string{"e.cgn:1:20: expected edges such as N, NE, WE, _S or NWSE, found end of file"}},
		{"1. Anna V@1,1r0 +C:NN", []string{"e.cgn:1:20: expected edges such as N, NE, WE, _S or NWSE, found \"NN\""}},
		{"1. Anna V@1,1r0 +C:NX", []string{"e.cgn:1:20: expected edges such as N, NE, WE, _S or NWSE, found \"NX\""}},
		{"1. Anna V@1,1r0 +C:_", []string{"e.cgn:1:20: expected edges such as N, NE, WE, _S or NWSE, found \"_\""}},
		{"1. Anna V@1,1r0 +C:_NE", []string{"e.cgn:1:20: expected edges such as N, NE, WE, _S or NWSE, found \"_NE\""}},
		{"1. Anna V@1,1r0 +F:NX", []string{"e.cgn:1:20: expected half-edges such as NL.NR or I, found \"NX\""}},
		{"1. Anna V@1,1r0 +F:NL.NL", []string{"e.cgn:1:20: expected half-edges such as NL.NR or I, found \"NL.NL\""}},
		{"1. Anna V@1,1r0 +F:NL.", []string{"e.cgn:1:20: expected half-edges such as NL.NR or I, found \"NL.\""}},
		{"1. Anna V@1,1r0 +F:NLX", []string{"e.cgn:1:20: expected half-edges such as NL.NR or I, found \"NLX\""}},
		{"1. Anna V@1,1r0 +T", []string{"e.cgn:1:18: expected feature C, R, F or M, found \"T\""}},
		{"1. Anna V@1,1r0 +T@1", []string{"e.cgn:1:21: expected \",\" between the coordinates, found end of file"}},
		{"1. Anna V@1,1r0 +M:N", []string{"e.cgn:1:19: expected end of follower, found \":N\""}},
		{"1. Anna V@1,1r0 ^", []string{"e.cgn:1:18: expected x coordinate, found end of file"}},
		{"1. Anna V@1,1r0 ^1,1y", []string{"e.cgn:1:21: expected end of tower floor, found \"y\""}},
		{"1. Anna V@1,1r0 ^1,1 x", []string{"e.cgn:1:22: expected turn number before a second turn on the line, found \"x\""}},
		{"1. Anna V@1,1r0 ^1,1 x1,2", []string{"e.cgn:1:26: expected \":\" before the captured follower's spot, found end of file"}},
		{"1. Anna V@1,1r0 ^1,1 x1,2:Q", []string{"e.cgn:1:27: expected feature C, R, F, M or T, found \"Q\""}},
		{"1. Anna V@1,1r0 x1,2:T", []string{"e.cgn:1:17: expected capture right after a tower floor, found \"x1,2:T\""}},
		{"1. Anna V@1,1r0 ^1,1 x1,2:T x1,3:T", []string{"e.cgn:1:29: expected capture right after a tower floor, found \"x1,3:T\""}},
		{"1. Anna V@1,1r0 +C:N x1,2:T", []string{"e.cgn:1:22: expected capture right after a tower floor, found \"x1,2:T\""}},
		{"1. Anna V@1,1r0 -W", []string{"e.cgn:1:17: expected discard before the placement, found \"-W\""}},
		{"1. Anna V@1,1r0 $Bob", []string{"e.cgn:1:17: expected ransom before the placement, found \"$Bob\""}},
		{"1. Anna -W $Bob", []string{"e.cgn:1:12: expected ransom before the discards, found \"$Bob\""}},
		{"1. Anna V@1,1r0 U@1,2r0", []string{"e.cgn:1:17: expected one placement per turn, found \"U@1,2r0\""}},
		{"1. Anna +C:N *M ^1,1", []string{"e.cgn:1:17: expected at most two actions per turn (an action and the phantom), found \"^1,1\""}},
		{"1. Anna V@1,1r0 ^1,1 x1,2:T &", []string{"e.cgn:1:30: expected \"+\" or \"*\" after \"&\", found end of file"}},
		{"1. Anna V@1,1r0 ^1,1 x1,2:T &*x", []string{"e.cgn:1:31: expected end of exchange, found \"x\""}},
		{"1. Anna V@1,1r0 ^1,1 x1,2:T &* &+", []string{"e.cgn:1:32: expected exchange right after a capture, found \"&+\""}},
		{"1. Anna V@1,1r0 +C:N &*", []string{"e.cgn:1:22: expected exchange right after a capture, found \"&*\""}},
		{"1. Anna V@1,1r0 ^1,1 x1,2:T +C:N &*", []string{"e.cgn:1:34: expected exchange right after a capture, found \"&*\""}},
		{"1. Anna V@1,1r0 ^1,1 x1,2:*", []string{"e.cgn:1:28: expected feature C, R, F, M or T, found end of file"}},
		{"1. Anna V@1,1r0 *T", []string{"e.cgn:1:18: expected feature C, R, F or M, found \"T\""}},
		{"1. Anna V@1,1r0 *C:N x1,2:T", []string{"e.cgn:1:22: expected capture right after a tower floor, found \"x1,2:T\""}},
		{"1. Anna =1 *C:N", []string{"e.cgn:1:12: expected action before the score, found \"*C:N\""}},
		{"1. Anna +C:N *M $Bob", []string{"e.cgn:1:17: expected ransom before the second figure, found \"$Bob\""}},
		{"1. Anna +C:N V@1,1r0", []string{"e.cgn:1:14: expected placement before the action, found \"V@1,1r0\""}},
		{"1. Anna =1 +C:N", []string{"e.cgn:1:12: expected action before the score, found \"+C:N\""}},
		{"1. Anna =1 =2", []string{"e.cgn:1:12: expected one score per turn, found \"=2\""}},
		{"1. Anna (1. Bob) =2", []string{"e.cgn:1:18: expected score before the variations, found \"=2\""}},
		{"1. Anna (1. Bob) +C:N", []string{"e.cgn:1:18: expected action before the variations, found \"+C:N\""}},
		{"1. Anna\n+C:N", []string{"e.cgn:2:1: expected action on the line of its turn, found \"+C:N\""}},
		{"1. Anna\n-W", []string{"e.cgn:2:1: expected discard on the line of its turn, found \"-W\""}},
		{"1. Anna =", []string{"e.cgn:1:9: expected score \"=\" followed by points such as 57-43, found \"=\""}},
		{"1. Anna =x", []string{"e.cgn:1:9: expected score \"=\" followed by points such as 57-43, found \"=x\""}},
		{"1. Anna =1-", []string{"e.cgn:1:11: expected end of score, found \"-\""}},
		{"1. Anna =1x", []string{"e.cgn:1:11: expected end of score, found \"x\""}},
		{"1. Anna ~", []string{"e.cgn:1:9: expected clock ~[h:]m:ss[.fff], found \"~\""}},
		{"1. Anna ~1", []string{"e.cgn:1:9: expected clock ~[h:]m:ss[.fff], found \"~1\""}},
		{"1. Anna ~1:2", []string{"e.cgn:1:9: expected clock ~[h:]m:ss[.fff], found \"~1:2\""}},
		{"1. Anna ~1:60", []string{"e.cgn:1:9: expected clock ~[h:]m:ss[.fff], found \"~1:60\""}},
		{"1. Anna ~1:60:00", []string{"e.cgn:1:9: expected clock ~[h:]m:ss[.fff], found \"~1:60:00\""}},
		{"1. Anna ~1:00.1234", []string{"e.cgn:1:9: expected clock ~[h:]m:ss[.fff], found \"~1:00.1234\""}},
		{"1. Anna ~1:00.", []string{"e.cgn:1:9: expected clock ~[h:]m:ss[.fff], found \"~1:00.\""}},
		{"1. Anna ~1:00x", []string{"e.cgn:1:9: expected clock ~[h:]m:ss[.fff], found \"~1:00x\""}},
		{"1. Anna ~1:00 ~1:01", []string{"e.cgn:1:15: expected one clock per item, found \"~1:01\""}},
		{"1. Anna !!!", []string{"e.cgn:1:11: expected one glyph per item, found \"!\""}},
		{"1. Anna ! ?", []string{"e.cgn:1:11: expected one glyph per item, found \"?\""}},
		{"1. Anna {open", []string{"e.cgn:1:9: expected \"}\" to close the comment, found end of file"}},
		{"1. Anna {open\nmore\n", []string{"e.cgn:1:9: expected \"}\" to close the comment, found end of file"}},
		{"1. Anna {\xff}", []string{"e.cgn:1:10: expected UTF-8 text, found invalid byte 0xff"}},
		{"1. Anna (", []string{"e.cgn:1:9: expected \")\" to close the variation, found end of file"}},
		{"1. Anna (1. Bob\n2. Anna", []string{"e.cgn:1:9: expected \")\" to close the variation, found end of file"}},
		{"1. Anna (1. Bob V@1,1r7 \"x\" ) 2. Bob U@1,0r0\n3. Anna Q@0,0r0", []string{"e.cgn:1:22: expected rotation r0, r90, r180 or r270, found \"r7\""}},
		{"1. Anna (1. Bob V@1,1r7 {x} ) 2. Bob U@1,0r0\n3. Anna Q@0,0r0", []string{"e.cgn:1:22: expected rotation r0, r90, r180 or r270, found \"r7\""}},
		{"1. Anna ()", []string{"e.cgn:1:10: expected a turn in the variation, found \")\""}},
		{"1. Anna )", []string{"e.cgn:1:9: expected turn, found \")\" outside a variation"}},
		{")", []string{"e.cgn:1:1: expected turn, found \")\" outside a variation"}},
		{"=1", []string{"e.cgn:1:1: expected turn number or player, found \"=1\""}},
		{"+C:N", []string{"e.cgn:1:1: expected turn number or player, found \"+C:N\""}},
		{"1. Anna &", []string{"e.cgn:1:9: expected exchange right after a capture, found \"&\""}},
		{"1. Anna $*", []string{"e.cgn:1:11: expected player name after \"$\", found end of file"}},
		{"[Event \"a\"]\n1. Anna V@1,1r45\n2. Bob -W V@1,1r0 -X\n3. Carl X@0,0r0 4. Anna +C:NN\n[Event \"b\"]\n1. Anna\n", []string{"e.cgn:2:14: expected rotation r0, r90, r180 or r270, found \"r45\"", "e.cgn:3:19: expected discard before the placement, found \"-X\"", "e.cgn:4:28: expected edges such as N, NE, WE, _S or NWSE, found \"NN\""}},
		{"[Event \"a\"]\n1. Anna (1. Bob V@1,1rr)\n2. Bob (1. Anna\n", []string{"e.cgn:2:22: expected rotation r0, r90, r180 or r270, found \"rr)\"", "e.cgn:3:8: expected \")\" to close the variation, found end of file"}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tt.in), "e.cgn")
			var got []string
			var list ErrorList
			if errors.As(err, &list) {
				for _, e := range list {
					got = append(got, e.Error())
				}
			} else if err != nil {
				t.Fatalf("error %T %v", err, err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Parse(%q) errors\n%q\nwant\n%q", tt.in, got, tt.want)
			}
		})
	}
}

func TestScannerResumes(t *testing.T) {
	src := "[Event \"one\"]\n\n1. Anna V@1,0r45\n2. Bob U@1,0r0\n3. Anna -\n\n[Event \"two\"]\n\n1. Anna U@1,0r0\n"
	sc := NewScanner(strings.NewReader(src), "r.cgn")
	if !sc.Scan() {
		t.Fatal("no first game")
	}
	var list ErrorList
	if !errors.As(sc.Err(), &list) || len(list) != 2 {
		t.Fatalf("first game errors: %v", sc.Err())
	}
	if g := sc.Game(); len(g.Turns) != 3 || g.Turns[1].Placement == nil {
		t.Errorf("first game turns: %+v", g.Turns)
	}
	if !sc.Scan() {
		t.Fatal("no second game")
	}
	if sc.Err() != nil {
		t.Errorf("second game: %v", sc.Err())
	}
	if v, _ := sc.Game().Tag("event"); v != "two" || sc.Game().Turns[0].Pos.Line != 9 {
		t.Errorf("second game %q at line %d", v, sc.Game().Turns[0].Pos.Line)
	}
	if sc.Scan() || sc.Err() != nil {
		t.Errorf("third Scan: %v", sc.Err())
	}
}

type failingReader struct{ n int }

func (r *failingReader) Read(p []byte) (int, error) {
	if r.n > 0 {
		r.n--
		return copy(p, "[Event \"x\"]\n1. Anna\n"), nil
	}
	return 0, errors.New("disk on fire")
}

func TestScannerReadError(t *testing.T) {
	sc := NewScanner(&failingReader{n: 1}, "f.cgn")
	n := 0
	for sc.Scan() {
		n++
	}
	if n != 1 || sc.Err() == nil || sc.Err().Error() != "disk on fire" {
		t.Errorf("%d games, err %v", n, sc.Err())
	}
}

func TestExcerpt(t *testing.T) {
	_, err := Parse(strings.NewReader("[Event \"x\"]\n\n7. Anna\tV@2,-1r45 +R:WE\n"), "games.cgn")
	var list ErrorList
	if !errors.As(err, &list) {
		t.Fatal(err)
	}
	want := "games.cgn:3:15: expected rotation r0, r90, r180 or r270, found \"r45\"\n" +
		"    3 | 7. Anna\tV@2,-1r45 +R:WE\n" +
		"      |        \t      ^^^"
	if got := list.Excerpt(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := list.Error(); got != "games.cgn:3:15: expected rotation r0, r90, r180 or r270, found \"r45\"" {
		t.Errorf("Error() = %q", got)
	}
}

func TestTooManyErrors(t *testing.T) {
	src := strings.Repeat("1. Anna V@0,0r1\n", 60)
	_, err := Parse(strings.NewReader(src), "m.cgn")
	var list ErrorList
	if !errors.As(err, &list) || len(list) != maxErrors+1 {
		t.Fatalf("%d errors", len(list))
	}
	if got := list[maxErrors].Error(); got != "m.cgn:50:14: expected fewer errors, found too many: skipping the rest of the game" {
		t.Errorf("last error %q", got)
	}
}

// TestTagAccessors checks the typed tag values and their positioned errors.
func TestTagAccessors(t *testing.T) {
	g := parseOne(t, `[Players "Anna:red; Bob : blue ;Carl\\;Jr"]
[Rules "tower range=diagonal"]
[Result "57-43-12"]
[Bag "subset A:2 t15:1"]
[Start "D@0,0r90"]
[Date "2026.11.??"]
`)
	pl, err := g.Players()
	want := []Player{{Name: "Anna", Colour: "red"}, {Name: "Bob", Colour: "blue"}, {Name: "Carl;Jr"}}
	if err != nil || len(pl) != 3 {
		t.Fatalf("Players: %v %v", pl, err)
	}
	for i := range want {
		if pl[i].Name != want[i].Name || pl[i].Colour != want[i].Colour {
			t.Errorf("player %d = %+v, want %+v", i, pl[i], want[i])
		}
	}
	if p := pl[1].Pos; p.Line != 1 || p.Column != 21 {
		t.Errorf("Bob at %v", p)
	}
	rules, err := g.Rules()
	if err != nil || len(rules) != 2 || rules[0].Key != "tower" || rules[1].Key != "range" || rules[1].Value != "diagonal" {
		t.Errorf("Rules: %+v %v", rules, err)
	}
	res, err := g.Result()
	if err != nil || res.Unfinished() || !reflect.DeepEqual(res.Scores, []int{57, 43, 12}) {
		t.Errorf("Result: %+v %v", res, err)
	}
	bag, err := g.Bag()
	if err != nil || bag.Kind != BagSubset || len(bag.Tiles) != 2 || bag.Tiles[1].Tile != "T15" || bag.Tiles[0].Count != 2 {
		t.Errorf("Bag: %+v %v", bag, err)
	}
	st, err := g.Start()
	if err != nil || st.Tile != "D" || st.Rotation != 90 || st.Pos.Line != 5 || st.Pos.Column != 9 {
		t.Errorf("Start: %+v %v", st, err)
	}
	d, err := g.Date()
	if err != nil || d != (Date{2026, 11, 0}) {
		t.Errorf("Date: %+v %v", d, err)
	}
}

func TestTagAccessorErrors(t *testing.T) {
	tests := []struct {
		tag, value string
		get        func(*Game) error
		want       string
	}{
		{"Players", "Anna;;Bob", func(g *Game) error { _, err := g.Players(); return err }, `a.cgn:1:16: expected player name, found ";Bob"`},
		{"Players", "Anna;", func(g *Game) error { _, err := g.Players(); return err }, `a.cgn:1:16: expected player name, found end of value`},
		{"Players", "Anna: ;Bob", func(g *Game) error { _, err := g.Players(); return err }, `a.cgn:1:17: expected colour after ":", found ";Bob"`},
		{"Players", `Zoë\t;`, func(g *Game) error { _, err := g.Players(); return err }, `a.cgn:1:18: expected player name, found end of value`},
		{"Rules", "tower =x", func(g *Game) error { _, err := g.Rules(); return err }, `a.cgn:1:15: expected rule name before "=", found "=x"`},
		{"Rules", "farmers=", func(g *Game) error { _, err := g.Rules(); return err }, `a.cgn:1:17: expected value after "=", found end of value`},
		{"Result", "57-", func(g *Game) error { _, err := g.Result(); return err }, `a.cgn:1:12: expected end of result, found "-"`},
		{"Result", "won", func(g *Game) error { _, err := g.Result(); return err }, `a.cgn:1:10: expected result such as 57-43 or "*", found "won"`},
		{"Bag", "all", func(g *Game) error { _, err := g.Bag(); return err }, `a.cgn:1:7: expected "order" or "subset", found "all"`},
		{"Bag", "subset A", func(g *Game) error { _, err := g.Bag(); return err }, `a.cgn:1:15: expected ":" and a count after the tile id, found end of value`},
		{"Bag", "subset A:0", func(g *Game) error { _, err := g.Bag(); return err }, `a.cgn:1:16: expected a count of at least 1, found "0"`},
		{"Bag", "subset A:1 a:2", func(g *Game) error { _, err := g.Bag(); return err }, `a.cgn:1:18: expected each tile id once, found "A" again`},
		{"Bag", "order E,U", func(g *Game) error { _, err := g.Bag(); return err }, `a.cgn:1:14: expected space between bag entries, found ",U"`},
		{"Start", "D@0,0", func(g *Game) error { _, err := g.Start(); return err }, `a.cgn:1:14: expected rotation r0, r90, r180 or r270, found end of value`},
		{"Start", "D@0,0r0 x", func(g *Game) error { _, err := g.Start(); return err }, `a.cgn:1:17: expected end of start placement, found "x"`},
		{"Date", "2026.13.01", func(g *Game) error { _, err := g.Date(); return err }, `a.cgn:1:8: expected date such as 2026.11.20, found "2026.13.01"`},
	}
	for _, tt := range tests {
		t.Run(tt.tag+"/"+tt.value, func(t *testing.T) {
			games, err := Parse(strings.NewReader("["+tt.tag+" \""+tt.value+"\"]"), "a.cgn")
			if err != nil {
				t.Fatal(err)
			}
			err = tt.get(games[0])
			if err == nil || err.Error() != tt.want {
				t.Errorf("got %v\nwant %s", err, tt.want)
			}
		})
	}
}

func TestCaret(t *testing.T) {
	long := strings.Repeat("x", 300) + "BAD" + strings.Repeat("y", 300)
	for _, c := range []struct {
		src       string
		col, span int
		line      string
		marks     string
	}{
		{"2. Bob V@1,0r45", 13, 3, "2. Bob V@1,0r45", "            ^^^"},
		{"2. Chloé V@2,0r45", 16, 3, "2. Chloé V@2,0r45", "              ^^^"},
		{"\tA U@1;0", 7, 1, "\tA U@1;0", "\t     ^"},
		{"1. A \x00\x01 U", 6, 2, "1. A ?? U", "     ^^"},
		{"1. A U@1,0r0", 13, 1, "1. A U@1,0r0", "            ^"},
		{long, 301, 3, "..." + strings.Repeat("x", 33) + "BAD" + strings.Repeat("y", 64) + "...", "   " + strings.Repeat(" ", 33) + "^^^"},
		// Columns outside the line mark its start or its end.
		{"1. A", 0, 1, "1. A", "^"},
		{"1. A", 4617, 1, "1. A", "    ^"},
		{strings.Repeat("y", 4096), 4617, 5, "..." + strings.Repeat("y", 33), "   " + strings.Repeat(" ", 33) + "^"},
	} {
		line, marks := Caret(c.src, c.col, c.span)
		if line != c.line || marks != c.marks {
			t.Errorf("Caret(%q, %d, %d):\n got %q\n     %q\nwant %q\n     %q", c.src, c.col, c.span, line, marks, c.line, c.marks)
		}
	}
}

// TestCaretFrom: a piece of a long line is shown with the error where the
// whole line has it, cut before.
func TestCaretFrom(t *testing.T) {
	piece := strings.Repeat("x", 50) + "BAD" // columns 5001 to 5053 of a line
	line, marks := CaretFrom(piece, 5001, 5051, 3)
	if want := "..." + strings.Repeat("x", 50) + "BAD"; line != want {
		t.Errorf("line %q, want %q", line, want)
	}
	if want := "   " + strings.Repeat(" ", 50) + "^^^"; marks != want {
		t.Errorf("marks %q, want %q", marks, want)
	}
}

// A syntax error names the turn it lies in and that turn's player, when
// they could be read; errors among the tags name none.
func TestSyntaxErrorTurn(t *testing.T) {
	src := "[Players \"Anna; Bob\"]\n[Round x\n\n1. Anna U@1,0r0 +R:WE\n2. Bob V@1,1r45\n3. Anna E@0,-1r0 (3. Anna X@0,-1r0 +Q:N) {note}\n4. \"Bob\n"
	_, err := Parse(strings.NewReader(src), "turns.cgn")
	var list ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("got %v, want syntax errors", err)
	}
	var got []string
	for _, e := range list {
		got = append(got, fmt.Sprintf("%d:%d %s", e.Pos.Line, e.Turn, e.Player))
	}
	want := []string{"2:0 ", "5:2 Bob", "6:3 Anna", "7:4 "}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("errors at (line:turn player) %v, want %v\n%v", got, want, err)
	}
}
