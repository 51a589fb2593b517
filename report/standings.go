package report

import (
	"fmt"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/internal/show"
)

// standingsRounds is the number of rounds the standings table shows a
// column for, the latest: a column per round of an event of thousands
// would make a page nobody reads. The totals count every round, and
// towerlog standings --csv lists them all. A variable so that tests can
// cap few rounds.
var standingsRounds = 50

// standingsTables adds the standings and the crosstable of the selected
// games to a report of one event. It ranks the players in one pass over
// their rows (Store.EventSummary), then reads one player's games at a
// time, round by round, keeping those of the rounds shown.
func (r *report) standingsTables() error {
	if r.f.Event == "" {
		return nil
	}
	st, err := r.s.EventSummary(r.ctx, r.f)
	if err != nil {
		return err
	}
	first := max(0, len(st.Rounds)-standingsRounds)
	shown := &analytics.Standings{Rounds: st.Rounds[first:], Players: make([]analytics.Standing, len(st.Players))}
	for i, p := range st.Players {
		p.Rounds = make([][]analytics.RoundGame, len(shown.Rounds))
		err := r.s.EachRoundGames(r.ctx, r.f, st, p.Name, func(round int, games []analytics.RoundGame) error {
			if round >= first {
				// EachRoundGames reuses games for the next round.
				p.Rounds[round-first] = append([]analytics.RoundGame(nil), games...)
			}
			return nil
		})
		if err != nil {
			return err
		}
		shown.Players[i] = p
	}
	head, rows := show.StandingsTable(shown)
	t := table{ID: "standings", Title: "Standings of " + r.f.Event, Head: head, Rows: rows,
		Note: "Each round's cell gives the player's place at the table and final score. An unfinished game gives no place. Players are ranked by " + analytics.RankingRule + "; a player's margin is the sum, over their finished games, of their score minus the best score of the others at the table."}
	if first > 0 {
		t.Note += fmt.Sprintf(" The last %d of %d rounds are shown, from round %s; the games, wins, margin and points count them all, and towerlog standings --csv lists every round.",
			len(shown.Rounds), len(st.Rounds), show.RoundName(shown.Rounds[0]))
	}
	r.page.Tables = append(r.page.Tables, t)
	head, rows = show.Crosstable(st)
	r.page.Tables = append(r.page.Tables, table{ID: "crosstable", Title: "Head to head", Head: head, Rows: rows,
		Note: "Each cell counts the games the player of the row played with the player of the column (numbered as in the rows): finished ahead, behind, and level if any were."})
	return nil
}
