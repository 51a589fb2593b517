package record

import (
	"strings"
	"testing"
	"time"
)

// parseOne parses src, which must hold one game without errors.
func parseOne(t *testing.T, src string) *Game {
	t.Helper()
	games, err := Parse(strings.NewReader(src), "t.cgn")
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	if len(games) != 1 {
		t.Fatalf("Parse(%q): %d games, want 1", src, len(games))
	}
	return games[0]
}

// movetext formats g's movetext only (the text after the tags).
func movetext(t *testing.T, g *Game) string {
	t.Helper()
	h := *g
	h.Tags = nil
	return format(t, []*Game{&h})
}

// TestTokens reads one turn per case and compares its canonical form.
func TestTokens(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"Number", "7. Anna", "7. Anna"},
		{"NumberNoSpace", "7.Anna", "7. Anna"},
		{"NumberLeadingZero", "007. Anna", "7. Anna"},
		{"NoNumber", "Anna", "1. Anna"},
		{"NoNumbers", "Anna\nBob\n", "1. Anna\n2. Bob"},
		{"NumberThenNone", "5. Anna\nBob", "5. Anna\n6. Bob"},
		{"TwoTurnsOneLine", "1. Anna U@1,0r0 2. Bob V@2,0r90", "1. Anna U@1,0r0\n2. Bob V@2,0r90"},
		{"BareNameChars", "1. Jean-Luc_2", "1. Jean-Luc_2"},
		{"BareNameUnicode", "1. Zoë", "1. Zoë"},
		{"BareNameMark", "1. नमस्ते", "1. नमस्ते"},
		{"QuotedName", `1. "Anna Maria"`, `1. "Anna Maria"`},
		{"QuotedBareName", `1. "Anna"`, "1. Anna"},
		{"QuotedNameEscapes", `1. "a\"b\\c\u{e9}"`, `1. "a\"b\\cé"`},
		{"QuotedDigitName", `1. "2nd"`, `1. "2nd"`},
		{"Ransom", "1. Anna $Bob", "1. Anna $Bob"},
		{"RansomOwner", "1. Anna $Carl@Bob", "1. Anna $Carl@Bob"},
		{"RansomQuoted", `1. Anna $"Bob B"@"C D"`, `1. Anna $"Bob B"@"C D"`},
		{"RansomTwice", "1. Anna $Bob $Carl", "1. Anna $Bob $Carl"},
		{"Discard", "1. Anna -W", "1. Anna -W"},
		{"DiscardLower", "1. Anna -t05 -x", "1. Anna -T05 -X"},
		{"Placement", "1. Anna V@2,-1r90", "1. Anna V@2,-1r90"},
		{"PlacementLax", "1. Anna v@02,-01R270", "1. Anna V@2,-1r270"},
		{"PlacementNegZero", "1. Anna V@-0,0r180", "1. Anna V@0,0r180"},
		{"TowerTile", "1. Anna T17@0,1r0", "1. Anna T17@0,1r0"},
		{"FollowerCity", "1. Anna E@0,1r0 +C:N", "1. Anna E@0,1r0 +C:N"},
		{"FollowerRoad", "1. Anna U@1,0r0 +R:WE", "1. Anna U@1,0r0 +R:WE"},
		{"FollowerRoadEW", "1. Anna U@1,0r0 +R:EW", "1. Anna U@1,0r0 +R:WE"},
		{"FollowerCityThree", "1. Anna R@1,0r0 +C:ESN", "1. Anna R@1,0r0 +C:_W"},
		{"FollowerCityUnderscore", "1. Anna R@1,0r0 +c:_s", "1. Anna R@1,0r0 +C:_S"},
		{"FollowerCityAll", "1. Anna C@1,0r0 +C:NESW", "1. Anna C@1,0r0 +C:NWSE"},
		{"FollowerLongCity", "1. Anna E@0,1r0 +city:n", "1. Anna E@0,1r0 +C:N"},
		{"FollowerLongRoad", "1. Anna U@1,0r0 +road:we", "1. Anna U@1,0r0 +R:WE"},
		{"FollowerField", "1. Anna V@1,0r0 +F:NL.NR.EL.ER.SL.WR", "1. Anna V@1,0r0 +F:NL.NR.EL.ER.SL.WR"},
		{"FollowerFieldOrder", "1. Anna V@1,0r0 +field:wr.sl.nr.nl", "1. Anna V@1,0r0 +F:NL.NR.SL.WR"},
		{"FollowerInner", "1. Anna T07@1,0r0 +F:I", "1. Anna T07@1,0r0 +F:I"},
		{"FollowerInnerLong", "1. Anna T07@1,0r0 +field:inner", "1. Anna T07@1,0r0 +F:I"},
		{"FollowerCloister", "1. Anna B@1,0r0 +M", "1. Anna B@1,0r0 +M"},
		{"FollowerCloisterLong", "1. Anna B@1,0r0 +cloister", "1. Anna B@1,0r0 +M"},
		{"FollowerMonastery", "1. Anna B@1,0r0 +Monastery", "1. Anna B@1,0r0 +M"},
		{"TowerFollower", "1. Anna U@1,0r0 +T@3,-1", "1. Anna U@1,0r0 +T@3,-1"},
		{"TowerFollowerLong", "1. Anna U@1,0r0 +tower@3,-1", "1. Anna U@1,0r0 +T@3,-1"},
		{"Floor", "1. Anna U@1,0r0 ^3,-1", "1. Anna U@1,0r0 ^3,-1"},
		{"Capture", "1. Anna U@1,0r0 ^3,-1 x4,-1:C:N", "1. Anna U@1,0r0 ^3,-1 x4,-1:C:N"},
		{"CaptureAttached", "1. Anna U@1,0r0 ^3,-1X4,-1:r:ew", "1. Anna U@1,0r0 ^3,-1 x4,-1:R:WE"},
		{"CaptureTower", "1. Anna U@1,0r0 ^3,-1 x3,1:T", "1. Anna U@1,0r0 ^3,-1 x3,1:T"},
		{"CaptureTowerLong", "1. Anna U@1,0r0 ^3,-1 x3,1:tower", "1. Anna U@1,0r0 ^3,-1 x3,1:T"},
		{"CaptureCloister", "1. Anna U@1,0r0 ^3,-1 x-3,-1:M", "1. Anna U@1,0r0 ^3,-1 x-3,-1:M"},
		{"CaptureField", "1. Anna U@1,0r0 ^3,-1 x3,0:F:SL.SR", "1. Anna U@1,0r0 ^3,-1 x3,0:F:SL.SR"},
		{"FloorWithoutPlacement", "1. Anna -W ^0,0", "1. Anna -W ^0,0"},
		{"Score", "1. Anna U@1,0r0 =57-43", "1. Anna U@1,0r0 =57-43"},
		{"ScoreOne", "1. Anna =0", "1. Anna =0"},
		{"ScoreLeadingZeros", "1. Anna =007-0", "1. Anna =7-0"},
		{"Clock", "1. Anna U@1,0r0 ~1:23.4", "1. Anna U@1,0r0 ~1:23.4"},
		{"ClockHours", "1. Anna ~1:02:03", "1. Anna ~1:02:03"},
		{"ClockMillis", "1. Anna ~0:05.120", "1. Anna ~0:05.12"},
		{"ClockZeroFraction", "1. Anna ~0:05.000", "1. Anna ~0:05"},
		{"ClockLongMinutes", "1. Anna ~75:00", "1. Anna ~1:15:00"},
		{"ClockZeroHours", "1. Anna ~0:00:07", "1. Anna ~0:07"},
		{"GlyphGood", "1. Anna U@1,0r0!", "1. Anna U@1,0r0!"},
		{"GlyphMistake", "1. Anna U@1,0r0 ?", "1. Anna U@1,0r0?"},
		{"GlyphBrilliant", "1. Anna U@1,0r0 !!", "1. Anna U@1,0r0!!"},
		{"GlyphBlunder", "1. Anna U@1,0r0??", "1. Anna U@1,0r0??"},
		{"GlyphInteresting", "1. Anna!?", "1. Anna!?"},
		{"GlyphDubious", "1. Anna ?!", "1. Anna?!"},
		{"GlyphOnScore", "1. Anna =1-2 !", "1. Anna =1-2!"},
		{"NotesOrder", "1. Anna U@1,0r0 {c} ~0:10 !", "1. Anna U@1,0r0! ~0:10 {c}"},
		{"Comment", "1. Anna {hello}", "1. Anna {hello}"},
		{"CommentTrimmed", "1. Anna {  hello  }", "1. Anna {hello}"},
		{"CommentEscapes", `1. Anna {a\}b\\c\[d\e}`, `1. Anna {a\}b\c[d\e}`},
		{"CommentEmpty", "1. Anna {}", "1. Anna {}"},
		{"CommentMultiLine", "1. Anna {one\ntwo} U@1,0r0", "1. Anna {one\ntwo} U@1,0r0"},
		{"CommentBracketLine", "1. Anna {one\n\\[two]}", "1. Anna {one\n\\[two]}"},
		{"CommentCR", "1. Anna {one\r\ntwo}", "1. Anna {one\ntwo}"},
		{"LineComment", "1. Anna U@1,0r0 ; so {there}", "1. Anna U@1,0r0 {so {there\\}}"},
		{"LineCommentRaw", "1. Anna ; a\\}b\\[\r0\r", "1. Anna {a\\\\\\}b\\\\[0}"},
		{"LineCommentThenTurn", "1. Anna ; x\n2. Bob", "1. Anna {x}\n2. Bob"},
		{"CommentOwnLine", "1. Anna U@1,0r0\n{later}\n2. Bob", "1. Anna U@1,0r0 {later}\n2. Bob"},
		{"ScoreOwnLine", "1. Anna U@1,0r0\n=1-0", "1. Anna U@1,0r0 =1-0"},
		{"GameComment", "{intro} ; more\n1. Anna", "{intro}\n{more}\n1. Anna"},
		{"EscapeLine", "1. Anna\n% ignored {\n2. Bob", "1. Anna\n2. Bob"},
		{"Variation", "1. Anna U@1,0r0 (1. Anna V@1,0r0) 2. Bob", "1. Anna U@1,0r0\n  (1. Anna V@1,0r0)\n2. Bob"},
		{"VariationNoNumbers", "Anna U@1,0r0\n(Anna V@1,0r0\nBob)\nBob", "1. Anna U@1,0r0\n  (1. Anna V@1,0r0\n  2. Bob)\n2. Bob"},
		{"VariationNested", "1. Anna (1. Anna U@1,0r0 (1. Anna V@1,0r0) {n}) !", "1. Anna\n  (1. Anna U@1,0r0\n    (1. Anna V@1,0r0) {n})!"},
		{"VariationsTwo", "1. Anna (1. Anna) (1. Anna =1)", "1. Anna\n  (1. Anna)\n  (1. Anna =1)"},
		{"VariationSpansLines", "1. Anna\n(\n1. Anna\n2. Bob\n)\n2. Bob", "1. Anna\n  (1. Anna\n  2. Bob)\n2. Bob"},
		{"FullTurn", "12. Anna $Bob -W -X V@2,-1r90 ^3,-1 x4,-1:C:N =57-43", "12. Anna $Bob -W -X V@2,-1r90 ^3,-1 x4,-1:C:N =57-43"},
		{"Spaces", "  12.\tAnna   $Bob\t-W   V@2,-1r90  +R:WE  ", "12. Anna $Bob -W V@2,-1r90 +R:WE"},
		{"CRLF", "1. Anna\r\n2. Bob\r\n", "1. Anna\n2. Bob"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := parseOne(t, tt.in)
			got := strings.TrimSuffix(movetext(t, g), "\n")
			if got != tt.want {
				t.Errorf("format(parse(%q)) =\n%q\nwant\n%q", tt.in, got, tt.want)
			}
		})
	}
}

func TestTags(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"One", `[Event "x"]`, `[Event "x"]`},
		{"CaseInsensitive", `[eVENT "x"]`, `[Event "x"]`},
		{"Spaces", "[  Site\t \"x\"  ]", `[Site "x"]`},
		{"SeveralOnALine", `[Site "s"] [Event "e"]`, "[Event \"e\"]\n[Site \"s\"]"},
		{"RosterOrder", "[Zed \"z\"]\n[Annotator \"a\"]\n[abc \"b\"]\n[Result \"*\"]\n[Event \"e\"]", "[Event \"e\"]\n[Result \"*\"]\n[Annotator \"a\"]\n[abc \"b\"]\n[Zed \"z\"]"},
		{"ExtraKeepsSpelling", `[myTag "x"]`, `[myTag "x"]`},
		{"UnicodeName", `[Ort "Köln"]`, `[Ort "Köln"]`},
		{"Escapes", `[Event "a\"b\\c\nd\te\u{1F600}\u{7}"]`, `[Event "a\"b\\c\nd\te` + "\U0001F600" + `\u{7}"]`},
		{"ControlRaw", "[Event \"a\x01b\"]", `[Event "a\u{1}b"]`},
		{"Empty", `[Event ""]`, `[Event ""]`},
		{"BlankLines", "\n\n[Event \"e\"]\n\n[Site \"s\"]\n", "[Event \"e\"]\n[Site \"s\"]"},
		{"EscapeLine", "%x\n[Event \"e\"]\n%y\n[Site \"s\"]", "[Event \"e\"]\n[Site \"s\"]"},
		{"PlayersCanonical", `[Players " Anna : red ;Bob;Carl:blue "]`, `[Players "Anna:red; Bob; Carl:blue"]`},
		{"PlayersEscapes", `[Players "A\\;B:c\\:d; E\\\\F"]`, `[Players "A\\;B:c\\:d; E\\\\F"]`},
		{"PlayersInvalidKept", `[Players "Anna;;Bob"]`, `[Players "Anna;;Bob"]`},
		{"RulesCanonical", "[Rules \"  tower   range=diagonal\\tfarmers=off \"]", `[Rules "tower range=diagonal farmers=off"]`},
		{"ResultCanonical", `[Result " 057-3 "]`, `[Result "57-3"]`},
		{"ResultUnfinished", `[Result "*"]`, `[Result "*"]`},
		{"BagOrder", `[Bag "ORDER e u  t05"]`, `[Bag "order E U T05"]`},
		{"BagSubset", `[Bag "subset a:2 T15:01"]`, `[Bag "subset A:2 T15:1"]`},
		{"Start", `[Start " d@0,0R0 "]`, `[Start "D@0,0r0"]`},
		{"Date", `[Date "2026.1.5"]`, `[Date "2026.01.05"]`},
		{"DateUnknown", `[Date "??.??.??"]`, `[Date "????.??.??"]`},
		{"DateInvalidKept", `[Date "yesterday"]`, `[Date "yesterday"]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := parseOne(t, tt.in)
			got := strings.TrimSuffix(format(t, []*Game{g}), "\n")
			if got != tt.want {
				t.Errorf("format(parse(%q)) =\n%s\nwant\n%s", tt.in, got, tt.want)
			}
		})
	}
}

func TestFiles(t *testing.T) {
	tests := []struct {
		name, in, want string
		games          int
	}{
		{"Empty", "", "", 0},
		{"Blank", "\n \n\t\n", "", 0},
		{"OnlyEscape", "% x\n", "", 0},
		{"BOM", "\uFEFF[Event \"e\"]\n", "[Event \"e\"]\n", 1},
		{"NoTags", "1. Anna\n", "1. Anna\n", 1},
		{"TagsOnly", "[Event \"e\"]", "[Event \"e\"]\n", 1},
		{"TwoGames", "[Event \"a\"]\n1. Anna\n[Event \"b\"]\n1. Bob", "[Event \"a\"]\n\n1. Anna\n\n[Event \"b\"]\n\n1. Bob\n", 2},
		{"TwoTagOnlyGames", "[Event \"a\"]\n[Site \"b\"]\n", "[Event \"a\"]\n[Site \"b\"]\n", 1},
		{"IndentedBracketIsNotAGame", "[Event \"a\"]\n1. Anna {x\n [y}\n", "[Event \"a\"]\n\n1. Anna {x\n [y}\n", 1},
		{"CRLFFile", "[Event \"a\"]\r\n\r\n1. Anna\r\n\r\n[Event \"b\"]\r\n\r\n1. Bob\r\n", "[Event \"a\"]\n\n1. Anna\n\n[Event \"b\"]\n\n1. Bob\n", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, err := Parse(strings.NewReader(tt.in), "t.cgn")
			if err != nil {
				t.Fatal(err)
			}
			if len(games) != tt.games {
				t.Errorf("%d games, want %d", len(games), tt.games)
			}
			if got := format(t, games); got != tt.want {
				t.Errorf("got\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

// TestAST checks the values and positions the parser records.
func TestAST(t *testing.T) {
	src := "[Players \"Anna; Bob\"]\n\n3. Anna $Carl@Bob -W V@2,-1r90 ^3,-1 x4,-1:F:NL.NR =5-7! ~1:02.5 {c}\n  Bob +T@1,2\n"
	g := parseOne(t, src)
	if len(g.Turns) != 2 {
		t.Fatalf("%d turns", len(g.Turns))
	}
	tn := g.Turns[0]
	check := func(what string, got Position, line, col int) {
		t.Helper()
		if int(got.Line) != line || int(got.Column) != col || got.Filename != "t.cgn" {
			t.Errorf("%s at %v, want t.cgn:%d:%d", what, got, line, col)
		}
		if want := strings.Index(src, strings.Split(src, "\n")[line-1]) + col - 1; got.Offset != want {
			t.Errorf("%s at offset %d, want %d", what, got.Offset, want)
		}
	}
	check("turn", tn.Pos, 3, 1)
	check("player", tn.Player.Pos, 3, 4)
	check("ransom", tn.Ransoms[0].Pos, 3, 9)
	check("ransom owner", tn.Ransoms[0].Owner.Pos, 3, 10)
	check("ransom holder", tn.Ransoms[0].Holder.Pos, 3, 15)
	check("discard", tn.Discards[0].Pos, 3, 19)
	check("placement", tn.Placement.Pos, 3, 22)
	floor := tn.Action.(*TowerFloor)
	check("floor", floor.Pos, 3, 32)
	check("capture", floor.Capture.Pos, 3, 38)
	check("score", tn.Score.Pos, 3, 52)
	check("glyph", tn.Score.Notes.GlyphPos, 3, 56)
	check("clock", tn.Score.Notes.Clock.Pos, 3, 58)
	check("comment", tn.Score.Notes.Comments[0].Pos, 3, 66)
	check("second turn", g.Turns[1].Pos, 4, 3)
	check("tower follower", g.Turns[1].Action.Position(), 4, 7)
	check("tag", g.Tags[0].Pos, 1, 1)
	check("tag value", g.Tags[0].ValuePos, 1, 10)

	if tn.Number != 3 || !tn.Numbered || g.Turns[1].Number != 4 || g.Turns[1].Numbered {
		t.Errorf("numbers %d %v, %d %v", tn.Number, tn.Numbered, g.Turns[1].Number, g.Turns[1].Numbered)
	}
	if tn.Player.Text != "Anna" || tn.Ransoms[0].Owner.Text != "Carl" || tn.Ransoms[0].Holder.Text != "Bob" {
		t.Errorf("names %+v", tn.Ransoms[0])
	}
	pl := tn.Placement
	if pl.Tile != "V" || pl.X != 2 || pl.Y != -1 || pl.Rotation != 90 {
		t.Errorf("placement %+v", pl)
	}
	if floor.X != 3 || floor.Y != -1 || floor.Capture.X != 4 || floor.Capture.Y != -1 {
		t.Errorf("floor %+v capture %+v", floor, floor.Capture)
	}
	if sp := floor.Capture.Spot; sp.Kind != Field || sp.Halves != HalfNL|HalfNR || sp.Inner {
		t.Errorf("spot %+v", sp)
	}
	n := tn.Score.Notes
	if n.Glyph != Good || n.Clock.Elapsed != time.Minute+2500*time.Millisecond || n.Comments[0].Text != "c" {
		t.Errorf("notes %+v", n)
	}
	if got := tn.Score.Points; len(got) != 2 || got[0] != 5 || got[1] != 7 {
		t.Errorf("score %v", got)
	}
	tf := g.Turns[1].Action.(*TowerFollower)
	if tf.X != 1 || tf.Y != 2 {
		t.Errorf("tower follower %+v", tf)
	}
}

func TestBOMPositions(t *testing.T) {
	g := parseOne(t, "\uFEFF[Event \"e\"]\n1. Anna\n")
	if p := g.Tags[0].Pos; p.Offset != 3 || p.Line != 1 || p.Column != 1 {
		t.Errorf("tag at %+v", p)
	}
	if p := g.Turns[0].Pos; p.Offset != 15 || p.Line != 2 || p.Column != 1 {
		t.Errorf("turn at %+v", p)
	}
}

func TestSpot(t *testing.T) {
	for e := EdgeSet(1); e < 16; e++ {
		s := Spot{Kind: City, Edges: e}
		got, err := ParseSpot(s.String())
		if err != nil || got != s {
			t.Errorf("ParseSpot(%q) = %+v, %v", s.String(), got, err)
		}
	}
	for h := 1; h < 256; h++ {
		s := Spot{Kind: Field, Halves: HalfSet(h)}
		got, err := ParseSpot(s.String())
		if err != nil || got != s {
			t.Errorf("ParseSpot(%q) = %+v, %v", s.String(), got, err)
		}
	}
	for _, s := range []Spot{{Kind: Field, Inner: true}, {Kind: Cloister}, {Kind: Tower}, {Kind: Road, Edges: EdgeS}} {
		got, err := ParseSpot(s.String())
		if err != nil || got != s {
			t.Errorf("ParseSpot(%q) = %+v, %v", s.String(), got, err)
		}
	}
	if _, err := ParseSpot("C:NN"); err == nil || err.Error() != `1:3: expected edges such as N, NE, WE, _S or NWSE, found "NN"` {
		t.Errorf("ParseSpot(C:NN) error %v", err)
	}
	if _, err := ParseSpot("M:x"); err == nil || err.Error() != `1:2: expected end of spot, found ":x"` {
		t.Errorf("ParseSpot(M:x) error %v", err)
	}
}
