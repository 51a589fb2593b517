package recordcodec

import "testing"

// TestRecordDict pins the dictionary of a game's records, which is part
// of the stored format: every record stored reads back only against the
// same text. The expected text is written from the notation and the tile
// catalog: U's first field (Nw Ne En Wn) turned a quarter clockwise lies
// on NR, EL, ER and SL; E's city (N) turned a half, on S.
func TestRecordDict(t *testing.T) {
	str := func(s string) *string { return &s }
	num := func(n int64) *int64 { return &n }
	b := &Basis{
		Names: []string{"Anna", "Bruno"},
		Rules: "tower",
		Turns: []Turn{
			{Turn: 1, Seat: 0, Tile: str("U"), X: num(1), Y: num(0), Rotation: num(90), Action: str("follower"), Feature: str("field")},
			{Turn: 2, Seat: 1, Tile: str("E"), X: num(0), Y: num(-1), Rotation: num(180), Action: str("follower"), Feature: str("city")},
			{Turn: 3, Seat: 0, Tile: str("V"), X: num(2), Y: num(1), Rotation: num(0), Action: str("floor"),
				TargetX: num(2), TargetY: num(0)},
			{Turn: 4, Seat: 1, Tile: str("A"), X: num(-1), Y: num(0), Rotation: num(0), Action: str("follower"), Feature: str("cloister"), Phantom: 1},
			{Turn: 5, Seat: 0},
		},
		Scores:   []Score{{Turn: 2, Seat: 1, Points: 4}, {Turn: 5, Seat: 0, Points: 2}},
		Ransoms:  []Ransom{{Turn: 4, Payer: 1, Payee: 0, Points: 3}},
		Captures: []Capture{{Turn: 3, VictimX: 1, VictimY: 0, StoodOn: "field"}},
	}
	want := `[Event ""]
[Site ""]
[Date ""]
[Round ""]
[Players "Anna:red; Bruno:blue"]
[Rules "tower"]

1. Anna U@1,0r90 +F:NR.EL.ER.SL =0-0
2. Bruno E@0,-1r180 +C:S =0-4
3. Anna V@2,1r0 ^2,0 x1,0:F:NR.EL.ER.SL =0-4
4. Bruno $Anna A@-1,0r0 *M =3-1
5. Anna =5-1
[Result "5-1"]
[Source "`
	if got := string(Dict(b)); got != want {
		t.Errorf("dictionary\n%s\nwant\n%s", got, want)
	}
}
