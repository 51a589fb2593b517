package show

import (
	"strconv"

	"github.com/towerlog/towerlog/analytics"
)

// StandingsHead is the head of the standings' table: rank, player, a
// column per round ("Round ?" for games without a Round tag), then the
// totals (StandingsTotals).
func StandingsHead(rounds []string) []string {
	head := []string{"#", "Player"}
	for _, r := range rounds {
		head = append(head, "Round "+RoundName(r))
	}
	return append(head, "Games", "Wins", "Margin", "Points")
}

// StandingsTotals are the last cells of a player's line of the
// standings: games, wins, margin and points.
func StandingsTotals(p *analytics.Standing) []string {
	return []string{strconv.Itoa(p.Games), strconv.Itoa(p.Wins), Signed(p.Margin), strconv.Itoa(p.Points)}
}

// StandingsTable writes the standings as a table: head and rows of text,
// a column per round.
func StandingsTable(st *analytics.Standings) (head []string, rows [][]string) {
	for _, p := range st.Players {
		row := []string{strconv.Itoa(p.Rank), p.Name}
		for _, r := range p.Rounds {
			row = append(row, RoundCell(r))
		}
		rows = append(rows, append(row, StandingsTotals(&p)...))
	}
	return StandingsHead(st.Rounds), rows
}

// StandingsRowsHead is the head of StandingsRows.
var StandingsRowsHead = []string{"player", "round", "place", "points", "margin"}

// StandingsRow is the row of StandingsRows of a player's game of a round:
// place and margin empty for an unfinished game.
func StandingsRow(name, round string, g analytics.RoundGame) []string {
	place, margin := "", ""
	if g.Place > 0 {
		place, margin = strconv.Itoa(g.Place), strconv.Itoa(g.Margin)
	}
	return []string{name, round, place, strconv.Itoa(g.Score), margin}
}

// StandingsRows writes the standings as one table a program can read: a
// row per player and game of a round (StandingsRow), in the standings'
// order and the rounds'.
func StandingsRows(st *analytics.Standings) (head []string, rows [][]string) {
	for _, p := range st.Players {
		for r, games := range p.Rounds {
			for _, g := range games {
				rows = append(rows, StandingsRow(p.Name, st.Rounds[r], g))
			}
		}
	}
	return StandingsRowsHead, rows
}

// Crosstable writes the head-to-head records as a table: a row and a
// column per player, numbered in the standings' order; a cell counts the
// row player's games with the column player as ahead-behind(-level).
func Crosstable(st *analytics.Standings) (head []string, rows [][]string) {
	head = []string{"No.", "Player"}
	for i := range st.Players {
		head = append(head, strconv.Itoa(i+1))
	}
	for i, p := range st.Players {
		row := []string{strconv.Itoa(i + 1), p.Name}
		for j, h := range p.Against {
			if i == j {
				row = append(row, "×")
				continue
			}
			row = append(row, HeadToHead(h))
		}
		rows = append(rows, row)
	}
	return head, rows
}
