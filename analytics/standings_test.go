package analytics

import (
	"reflect"
	"testing"
)

// standingsGame makes a stored game of a round: names with final scores, ranked
// by score.
func standingsGame(gid int64, round string, players ...any) *Game {
	g := &Game{GID: gid, Round: round, Finished: true}
	for i := 0; i < len(players); i += 2 {
		g.Players = append(g.Players, GamePlayer{Name: players[i].(string), Score: players[i+1].(int)})
	}
	for i := range g.Players {
		g.Players[i].Rank = 1
		for _, o := range g.Players {
			if o.Score > g.Players[i].Score {
				g.Players[i].Rank++
			}
		}
	}
	return g
}

// TestStandings works out a small event by hand: four players over rounds
// 1, 2 and 10 (ordered as numbers), one game a table of three.
func TestStandings(t *testing.T) {
	games := []*Game{
		standingsGame(1, "1", "Anna", 50, "Bruno", 40),
		standingsGame(2, "1", "Chloé", 30, "Dmitri", 30),
		standingsGame(3, "2", "Anna", 20, "Chloé", 35),
		standingsGame(4, "2", "Bruno", 44, "Dmitri", 41),
		standingsGame(5, "10", "Anna", 60, "Bruno", 60, "Chloé", 10),
	}
	st := standingsOf(games)
	// Anna: wins in 1 and 10 (shared), margin 10 - 15 + 0 = -5, points 130.
	// Bruno: wins in 2 and 10, margin -10 + 3 + 0 = -7, points 144.
	// Chloé: wins in 1 (level) and 2, margin 0 + 15 - 50 = -35, points 75.
	// Dmitri: a win in 1 (level), margin 0 - 3 = -3, points 71.
	type line struct {
		rank              int
		name              string
		places, scores    [3]int // by round; place 0 when the player sat it out
		wins, margin, pts int
		against           []HeadToHead
	}
	none, lvl := HeadToHead{}, HeadToHead{Level: 1}
	want := []line{
		{1, "Anna", [3]int{1, 2, 1}, [3]int{50, 20, 60}, 2, -5, 130, []HeadToHead{none, {Ahead: 1, Level: 1}, {Ahead: 1, Behind: 1}, none}},
		{2, "Bruno", [3]int{2, 1, 1}, [3]int{40, 44, 60}, 2, -7, 144, []HeadToHead{{Behind: 1, Level: 1}, none, {Ahead: 1}, {Ahead: 1}}},
		{3, "Chloé", [3]int{1, 1, 3}, [3]int{30, 35, 10}, 2, -35, 75, []HeadToHead{{Ahead: 1, Behind: 1}, {Behind: 1}, none, lvl}},
		{4, "Dmitri", [3]int{1, 2, 0}, [3]int{30, 41, 0}, 1, -3, 71, []HeadToHead{none, {Behind: 1}, lvl, none}},
	}
	if !reflect.DeepEqual(st.Rounds, []string{"1", "2", "10"}) {
		t.Errorf("rounds %q, want 1, 2, 10", st.Rounds)
	}
	if len(st.Players) != len(want) {
		t.Fatalf("%d players, want %d", len(st.Players), len(want))
	}
	for i, w := range want {
		p := st.Players[i]
		var got line
		got.rank, got.name, got.wins, got.margin, got.pts, got.against = p.Rank, p.Name, p.Wins, p.Margin, p.Points, p.Against
		for r, games := range p.Rounds {
			for _, g := range games {
				got.places[r], got.scores[r] = g.Place, g.Score
			}
		}
		if !reflect.DeepEqual(got, w) {
			t.Errorf("line %d: %+v\nwant %+v", i+1, got, w)
		}
	}
}

func TestRoundLess(t *testing.T) {
	want := []string{"2", "3.1", "3.2", "10", "final", "semi", ""}
	for i := range want {
		for j := range want {
			if got := roundLess(want[i], want[j]); got != (i < j) {
				t.Errorf("roundLess(%q, %q) = %v", want[i], want[j], got)
			}
		}
	}
}
