package show

import (
	"strconv"

	"github.com/towerlog/towerlog/analytics"
)

// StandingsTable writes the standings as a table: head and rows of text,
// a column per round.
func StandingsTable(st *analytics.Standings) (head []string, rows [][]string) {
	head = []string{"#", "Player"}
	for _, r := range st.Rounds {
		head = append(head, "Round "+RoundName(r))
	}
	head = append(head, "Games", "Wins", "Margin", "Points")
	for _, p := range st.Players {
		row := []string{strconv.Itoa(p.Rank), p.Name}
		for _, r := range p.Rounds {
			row = append(row, RoundCell(r))
		}
		row = append(row, strconv.Itoa(p.Games), strconv.Itoa(p.Wins), Signed(p.Margin), strconv.Itoa(p.Points))
		rows = append(rows, row)
	}
	return head, rows
}

// StandingsRows writes the standings as one table a program can read: a row per
// player and game of a round, in the standings' order and the rounds',
// with the columns player, round, place, points and margin (place and
// margin empty for an unfinished game).
func StandingsRows(st *analytics.Standings) (head []string, rows [][]string) {
	head = []string{"player", "round", "place", "points", "margin"}
	for _, p := range st.Players {
		for r, games := range p.Rounds {
			for _, g := range games {
				place, margin := "", ""
				if g.Place > 0 {
					place, margin = strconv.Itoa(g.Place), strconv.Itoa(g.Margin)
				}
				rows = append(rows, []string{p.Name, st.Rounds[r], place, strconv.Itoa(g.Score), margin})
			}
		}
	}
	return head, rows
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
