package analytics

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
)

// pickedGame is one game of the picker: what the charts of one game need.
type pickedGame struct {
	gid    int64
	label  string
	turns  int
	names  []string
	scores [][]int // [turn-1][seat]
	floors []growth
}

// gamePicker adds the charts of one game at a time (the score race and
// the tower heights) for every game of the selection, the latest first,
// up to pickerGames of them: the report's size stays bounded, and the
// note says how to reach the others.
func (r *report) gamePicker() error {
	var games []*pickedGame
	err := r.each(`SELECT g.gid, coalesce(g.date, 'no date'), coalesce(g.event, ''), g.turns
		FROM games g JOIN sel ON sel.gid = g.gid
		ORDER BY g.date DESC, g.gid DESC LIMIT ?`, []any{pickerGames}, func(rows *sql.Rows) error {
		g := &pickedGame{}
		var date, event string
		if err := rows.Scan(&g.gid, &date, &event, &g.turns); err != nil {
			return err
		}
		g.label = fmt.Sprintf("#%d · %s", g.gid, date)
		if event != "" {
			g.label += " · " + event
		}
		games = append(games, g)
		return nil
	})
	if err != nil || len(games) == 0 {
		return err
	}
	var selected int
	if err := r.conn.QueryRowContext(r.ctx, `SELECT count(*) FROM sel`).Scan(&selected); err != nil {
		return err
	}
	for _, g := range games {
		if err := r.loadGame(g); err != nil {
			return err
		}
	}
	race := chart{ID: "score-race", Title: "Score race", Height: 400,
		Note: "Every player's score after each turn, final scoring included in the last turn."}
	towers := chart{ID: "tower-heights", Title: "Tower heights over the game", Height: 400,
		Note: "The height of every tower after each turn, one line per tower, named by its square on the board (x to the east, y to the south)."}
	data := make([]map[string]json.RawMessage, len(games))
	var labels []string
	for i, g := range games {
		data[i] = map[string]json.RawMessage{
			race.ID:   json.RawMessage(scoreRaceChart(g.names, g.scores)),
			towers.ID: json.RawMessage(towerChart(g.turns, g.floors)),
		}
		labels = append(labels, g.label)
	}
	race.Options, towers.Options = string(data[0][race.ID]), string(data[0][towers.ID])
	packed, err := gzipJSON(data)
	if err != nil {
		return err
	}
	note := fmt.Sprintf("Choose any of the %d games of the selection, the latest first; #N is the game's ID for towerlog games.", len(games))
	if selected > len(games) {
		note = fmt.Sprintf("The selection holds %d games: the %d latest are offered here. Narrow it with the filters (--player, --event, --since, --until, ...) to reach the others, or write the report of any one game with towerlog games report ID.",
			selected, len(games))
	}
	r.page.Pickers = append(r.page.Pickers, picker{ID: "one-game", Title: "One game at a time",
		Note: note, Games: packed, Labels: labels, Charts: []chart{race, towers}})
	return nil
}

// loadGame reads the players, the scoring, the ransoms and the tower
// floors of one game and works out the scores after each turn.
func (r *report) loadGame(g *pickedGame) error {
	var finals []string
	err := r.each(`SELECT name, score FROM players WHERE game = ? ORDER BY seat`, []any{g.gid}, func(rows *sql.Rows) error {
		var name string
		var score int
		if err := rows.Scan(&name, &score); err != nil {
			return err
		}
		g.names = append(g.names, name)
		finals = append(finals, fmt.Sprintf("%s %d", name, score))
		return nil
	})
	if err != nil {
		return err
	}
	g.label += " · " + strings.Join(finals, ", ")
	delta := make([][]int, g.turns+1)
	for i := range delta {
		delta[i] = make([]int, len(g.names))
	}
	add := func(turn, seat, points int) {
		if turn >= 1 && turn <= g.turns && seat >= 0 && seat < len(g.names) {
			delta[turn][seat] += points
		}
	}
	err = r.each(`SELECT turn, seat, points FROM scores WHERE game = ?`, []any{g.gid}, func(rows *sql.Rows) error {
		var turn, seat, points int
		if err := rows.Scan(&turn, &seat, &points); err != nil {
			return err
		}
		add(turn, seat, points)
		return nil
	})
	if err != nil {
		return err
	}
	err = r.each(`SELECT turn, payer, payee, points FROM ransoms WHERE game = ?`, []any{g.gid}, func(rows *sql.Rows) error {
		var turn, payer, payee, points int
		if err := rows.Scan(&turn, &payer, &payee, &points); err != nil {
			return err
		}
		add(turn, payer, -points)
		add(turn, payee, points)
		return nil
	})
	if err != nil {
		return err
	}
	running := make([]int, len(g.names))
	for t := 1; t <= g.turns; t++ {
		for s := range running {
			running[s] += delta[t][s]
		}
		g.scores = append(g.scores, append([]int(nil), running...))
	}
	return r.each(`SELECT turn, target_x, target_y, height FROM turns WHERE game = ? AND action = 'floor' ORDER BY turn`,
		[]any{g.gid}, func(rows *sql.Rows) error {
			var f growth
			if err := rows.Scan(&f.Turn, &f.X, &f.Y, &f.Height); err != nil {
				return err
			}
			g.floors = append(g.floors, f)
			return nil
		})
}
