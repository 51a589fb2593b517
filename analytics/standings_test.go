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
	head, rows := st.Table()
	wantHead := []string{"#", "Player", "Round 1", "Round 2", "Round 10", "Games", "Wins", "Margin", "Points"}
	wantRows := [][]string{
		{"1", "Anna", "1st 50", "2nd 20", "1st 60", "3", "2", "-5", "130"},
		{"2", "Bruno", "2nd 40", "1st 44", "1st 60", "3", "2", "-7", "144"},
		{"3", "Chloé", "1st 30", "1st 35", "3rd 10", "3", "2", "-35", "75"},
		{"4", "Dmitri", "1st 30", "2nd 41", "", "2", "1", "-3", "71"},
	}
	if !reflect.DeepEqual(head, wantHead) || !reflect.DeepEqual(rows, wantRows) {
		t.Errorf("standings:\n%q\n%q\nwant\n%q\n%q", head, rows, wantHead, wantRows)
	}
	head, rows = st.Crosstable()
	wantHead = []string{"No.", "Player", "1", "2", "3", "4"}
	wantRows = [][]string{
		{"1", "Anna", "×", "1-0-1", "1-1", ""},
		{"2", "Bruno", "0-1-1", "×", "1-0", "1-0"},
		{"3", "Chloé", "1-1", "0-1", "×", "0-0-1"},
		{"4", "Dmitri", "", "0-1", "0-0-1", "×"},
	}
	if !reflect.DeepEqual(head, wantHead) || !reflect.DeepEqual(rows, wantRows) {
		t.Errorf("crosstable:\n%q\n%q\nwant\n%q\n%q", head, rows, wantHead, wantRows)
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
