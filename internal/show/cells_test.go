package show

import (
	"reflect"
	"testing"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/rating"
)

func TestCells(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{Signed(3), "+3"},
		{Signed(0), "0"},
		{Signed(-2), "-2"},
		{HeadToHead(analytics.HeadToHead{}), ""},
		{HeadToHead(analytics.HeadToHead{Ahead: 2, Behind: 1}), "2-1"},
		{HeadToHead(analytics.HeadToHead{Behind: 1, Level: 1}), "0-1-1"},
		{RoundCell(nil), ""},
		{RoundCell([]analytics.RoundGame{{Place: 1, Score: 57}}), "1st 57"},
		{RoundCell([]analytics.RoundGame{{Place: 2, Score: 40}, {Score: 12}}), "2nd 40, unfinished"},
		{RoundName(""), "?"},
		{RoundName("final"), "final"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}

// TestStandingsTables: two players who met twice, Anna ahead once and
// level once; Bruno sat out round 2, which Anna left unfinished.
func TestStandingsTables(t *testing.T) {
	st := &analytics.Standings{Rounds: []string{"1", ""}, Players: []analytics.Standing{
		{Rank: 1, Name: "Anna", Rounds: [][]analytics.RoundGame{{{Place: 1, Score: 30, Margin: 5}, {Place: 1, Score: 20}}, {{Score: 7}}},
			Record:  analytics.Record{Games: 2, Wins: 2, Margin: 5, Points: 50},
			Against: []analytics.HeadToHead{{}, {Ahead: 1, Level: 1}}},
		{Rank: 2, Name: "Bruno", Rounds: [][]analytics.RoundGame{{{Place: 2, Score: 25, Margin: -5}, {Place: 1, Score: 20}}, nil},
			Record:  analytics.Record{Games: 2, Wins: 1, Margin: -5, Points: 45},
			Against: []analytics.HeadToHead{{Behind: 1, Level: 1}, {}}},
	}}
	check := func(what string, head []string, rows [][]string, wantHead []string, wantRows [][]string) {
		t.Helper()
		if !reflect.DeepEqual(head, wantHead) || !reflect.DeepEqual(rows, wantRows) {
			t.Errorf("%s:\n%q\n%q\nwant\n%q\n%q", what, head, rows, wantHead, wantRows)
		}
	}
	head, rows := StandingsTable(st)
	check("standings", head, rows, []string{"#", "Player", "Round 1", "Round ?", "Games", "Wins", "Margin", "Points"}, [][]string{
		{"1", "Anna", "1st 30, 1st 20", "unfinished", "2", "2", "+5", "50"},
		{"2", "Bruno", "2nd 25, 1st 20", "", "2", "1", "-5", "45"},
	})
	head, rows = StandingsRows(st)
	check("rows", head, rows, []string{"player", "round", "place", "points", "margin"}, [][]string{
		{"Anna", "1", "1", "30", "5"}, {"Anna", "1", "1", "20", "0"}, {"Anna", "", "", "7", ""},
		{"Bruno", "1", "2", "25", "-5"}, {"Bruno", "1", "1", "20", "0"},
	})
	head, rows = Crosstable(st)
	check("crosstable", head, rows, []string{"No.", "Player", "1", "2"}, [][]string{
		{"1", "Anna", "×", "1-0-1"},
		{"2", "Bruno", "0-1-1", "×"},
	})
}

// TestRating: a rating is rounded, and marked "?" when its deviation is
// above 110.
func TestRating(t *testing.T) {
	for _, c := range []struct {
		r    rating.Rating
		want string
	}{
		{rating.Rating{R: 1619.5, RD: 60}, "1620"},
		{rating.Rating{R: 1480.2, RD: 110}, "1480"},
		{rating.Rating{R: 1480.2, RD: 110.1}, "1480?"},
	} {
		if got := Rating(c.r); got != c.want {
			t.Errorf("Rating(%+v) = %q, want %q", c.r, got, c.want)
		}
	}
}

func TestScores(t *testing.T) {
	g := &analytics.Game{Players: []analytics.GamePlayer{{Name: "Anna", Score: 57}, {Name: "Bruno", Score: 43}, {Name: "Carl", Score: 0}}}
	if got := Scores(g); got != "57-43-0" {
		t.Errorf("Scores = %q, want 57-43-0", got)
	}
}
