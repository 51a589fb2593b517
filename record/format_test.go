package record

import (
	"io"
	"testing"
)

func TestFormatFileRefusesAmbiguousGames(t *testing.T) {
	tagged := &Game{Tags: []*Tag{{Name: "Event", Value: "x"}}}
	withTurn := &Game{Turns: []*Turn{{Number: 1, Player: Name{Text: "Anna"}}}}
	if err := FormatFile(io.Discard, []*Game{withTurn, withTurn}); err == nil || err.Error() != "record: game 2 has no tags: only the first game of a file may have none" {
		t.Errorf("untagged second game: %v", err)
	}
	if err := FormatFile(io.Discard, []*Game{tagged, tagged}); err == nil || err.Error() != "record: game 1 has no movetext: only the last game of a file may have none" {
		t.Errorf("first game without movetext: %v", err)
	}
}

func TestFormatBuiltGame(t *testing.T) {
	g := &Game{}
	g.SetTag("players", FormatPlayers([]Player{{Name: "Anna Maria", Colour: "red"}, {Name: "Bob;1"}}))
	g.SetTag("Event", "Built")
	g.SetTag("Result", (&Result{Scores: []int{3, 4}}).String())
	g.Turns = []*Turn{{
		Number:    1,
		Player:    Name{Text: "Anna Maria"},
		Placement: &Placement{Tile: "V", X: -1, Y: 2, Rotation: 270},
		Action:    &TowerFloor{X: 3, Y: 4, Capture: &Capture{X: 3, Y: 5, Spot: Spot{Kind: Tower}}},
		Score:     &Score{Points: []int{3, 4}},
		Notes:     &Notes{Glyph: Dubious, Comments: []*Comment{{Text: "a}b\\"}}},
	}}
	want := "[Event \"Built\"]\n[Players \"Anna Maria:red; Bob\\\\;1\"]\n[Result \"3-4\"]\n\n" +
		"1. \"Anna Maria\"?! {a\\}b\\\\} V@-1,2r270 ^3,4 x3,5:T =3-4\n"
	if got := format(t, []*Game{g}); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if QuoteName("Bob") != "Bob" || QuoteName("2nd") != `"2nd"` || Quote("a\"\x7f") != `"a\"\u{7F}"` {
		t.Error("QuoteName/Quote")
	}
}
