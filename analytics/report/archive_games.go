package report

import (
	"bytes"
	"compress/gzip"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
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

// pickChunk is the number of picked games whose rows and charts are in
// memory at once: the charts of each chunk are packed into the page's
// compressed data before the next chunk is read. A variable so that tests
// can cross chunks with few games.
var pickChunk = 100

// chunkDrawn, if not nil, is called when a chunk of the picker's games is
// drawn and packed, its rows still held: tests measure the live heap then.
var chunkDrawn func()

// gamePicker adds the charts of one game at a time (the score race and
// the tower heights) for every game of the selection, the latest first,
// up to pickerGames of them: the report's size stays bounded, and the
// note says how to reach the others. The games are read and drawn
// pickChunk at a time, so that only their compressed charts and their
// labels stay in memory.
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
	race := chart{ID: "score-race", Title: "Score race", Height: 400,
		Note: "Every player's score after each turn, final scoring included in the last turn."}
	towers := chart{ID: "tower-heights", Title: "Tower heights over the game", Height: 400,
		Note: "The height of every tower after each turn, one line per tower, named by its square on the board (x to the east, y to the south)."}
	pack := newPackedJSON()
	labels := make([]string, 0, len(games))
	for start := 0; start < len(games); start += pickChunk {
		chunk := games[start:min(len(games), start+pickChunk)]
		if err := r.loadGames(chunk); err != nil {
			return err
		}
		for _, g := range chunk {
			charts := map[string]json.RawMessage{race.ID: json.RawMessage(scoreRaceChart(g.names, g.scores, r.colours))}
			if r.tower {
				charts[towers.ID] = json.RawMessage(towerChart(g.turns, g.floors))
			}
			if len(labels) == 0 {
				race.Options, towers.Options = string(charts[race.ID]), string(charts[towers.ID])
			}
			if err := pack.add(charts); err != nil {
				return err
			}
			labels = append(labels, g.label)
		}
		if chunkDrawn != nil {
			chunkDrawn()
		}
		for _, g := range chunk {
			*g = pickedGame{} // its rows are drawn: let them go
		}
	}
	packed, err := pack.close()
	if err != nil {
		return err
	}
	shown := []chart{race}
	if r.tower { // a base-game report has no tower chart
		shown = append(shown, towers)
	}
	note := fmt.Sprintf("Choose any of the %d games of the selection, the latest first; #N is the game's ID for towerlog games.", len(games))
	if selected > len(games) {
		note = fmt.Sprintf("The selection holds %d games: the %d latest are offered here. Narrow it with the filters (--player, --event, --since, --until, ...) to reach the others, or write the report of any one game with towerlog games report ID.",
			selected, len(games))
	}
	r.page.Pickers = append(r.page.Pickers, picker{ID: "one-game", Title: "One game at a time",
		Note: note, Games: packed, Labels: labels, Charts: shown})
	return nil
}

// The picked games' rows. Each query is a CROSS JOIN from pick, which
// SQLite reads as the order of its loops: for each picked game, that
// game's rows by their key. A plain join let SQLite scan the whole table
// once per chunk of picked games instead, every turn of the archive 20
// times over.
const (
	pickPlayers = `SELECT p.game, p.name, p.score FROM pick CROSS JOIN players p ON p.game = pick.gid ORDER BY p.game, p.seat`
	pickScores  = `SELECT s.game, s.turn, s.seat, s.points FROM pick CROSS JOIN scores s ON s.game = pick.gid`
	pickRansoms = `SELECT r.game, r.turn, r.payer, r.payee, r.points FROM pick CROSS JOIN ransoms r ON r.game = pick.gid`
	pickFloors  = `SELECT t.game, t.turn, t.target_x, t.target_y, t.height FROM pick CROSS JOIN turns t ON t.game = pick.gid
		WHERE t.action = 'floor' ORDER BY t.game, t.turn`
)

// loadGames reads the players, the scoring, the ransoms and the tower
// floors of the picked games, each table in one query over them all, and
// works out the scores after each turn.
func (r *report) loadGames(games []*pickedGame) error {
	if err := r.exec(`DROP TABLE IF EXISTS temp.pick`); err != nil {
		return err
	}
	if err := r.exec(`CREATE TEMP TABLE pick (gid INTEGER PRIMARY KEY)`); err != nil {
		return err
	}
	defer r.exec(`DROP TABLE IF EXISTS temp.pick`)
	byGID := make(map[int64]*pickedGame, len(games))
	// picked is the game of a row read: a damaged database may give a
	// row of a game not picked.
	picked := func(gid int64) (*pickedGame, error) {
		if g := byGID[gid]; g != nil {
			return g, nil
		}
		return nil, fmt.Errorf("a row of game %d among the rows of other games", gid)
	}
	for _, g := range games {
		byGID[g.gid] = g
		if err := r.exec(`INSERT INTO pick (gid) VALUES (?)`, g.gid); err != nil {
			return err
		}
	}
	finals := map[int64][]string{}
	err := r.each(pickPlayers, nil,
		func(rows *sql.Rows) error {
			var gid int64
			var name string
			var score int
			if err := rows.Scan(&gid, &name, &score); err != nil {
				return err
			}
			g, err := picked(gid)
			if err != nil {
				return err
			}
			g.names = append(g.names, name)
			finals[gid] = append(finals[gid], fmt.Sprintf("%s %d", name, score))
			return nil
		})
	if err != nil {
		return err
	}
	delta := make(map[int64][][]int, len(games))
	for _, g := range games {
		g.label += " · " + strings.Join(finals[g.gid], ", ")
		d := make([][]int, g.turns+1)
		for i := range d {
			d[i] = make([]int, len(g.names))
		}
		delta[g.gid] = d
	}
	add := func(gid int64, turn, seat, points int) error {
		g, err := picked(gid)
		if err != nil {
			return err
		}
		if d := delta[gid]; turn >= 1 && turn <= g.turns && seat >= 0 && seat < len(g.names) {
			d[turn][seat] += points
		}
		return nil
	}
	err = r.each(pickScores, nil, func(rows *sql.Rows) error {
		var gid int64
		var turn, seat, points int
		if err := rows.Scan(&gid, &turn, &seat, &points); err != nil {
			return err
		}
		return add(gid, turn, seat, points)
	})
	if err != nil {
		return err
	}
	err = r.each(pickRansoms, nil, func(rows *sql.Rows) error {
		var gid int64
		var turn, payer, payee, points int
		if err := rows.Scan(&gid, &turn, &payer, &payee, &points); err != nil {
			return err
		}
		if err := add(gid, turn, payer, -points); err != nil {
			return err
		}
		return add(gid, turn, payee, points)
	})
	if err != nil {
		return err
	}
	for _, g := range games {
		running := make([]int, len(g.names))
		for t := 1; t <= g.turns; t++ {
			for s := range running {
				running[s] += delta[g.gid][t][s]
			}
			g.scores = append(g.scores, append([]int(nil), running...))
		}
	}
	return r.each(pickFloors, nil, func(rows *sql.Rows) error {
		var gid int64
		var f growth
		if err := rows.Scan(&gid, &f.Turn, &f.X, &f.Y, &f.Height); err != nil {
			return err
		}
		g, err := picked(gid)
		if err != nil {
			return err
		}
		g.floors = append(g.floors, f)
		return nil
	})
}

// packedJSON writes a JSON array one element at a time into gzip, at the
// default level (the picker's thousands of charts are worth no slower
// compression), into base64: the array is never whole in memory, only
// its compressed text.
type packedJSON struct {
	out bytes.Buffer
	b64 io.WriteCloser
	zw  *gzip.Writer
	n   int // elements written
}

func newPackedJSON() *packedJSON {
	p := &packedJSON{}
	p.b64 = base64.NewEncoder(base64.StdEncoding, &p.out)
	p.zw = gzip.NewWriter(p.b64)
	return p
}

// add writes v, as json.Marshal encodes it, as the array's next element.
func (p *packedJSON) add(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	sep := ","
	if p.n == 0 {
		sep = "["
	}
	p.n++
	if _, err := io.WriteString(p.zw, sep); err != nil {
		return err
	}
	_, err = p.zw.Write(b)
	return err
}

// close ends the array, as json.Encoder does with a newline, and returns
// the base64 text of the gzipped array.
func (p *packedJSON) close() (string, error) {
	end := "]\n"
	if p.n == 0 {
		end = "[]\n"
	}
	if _, err := io.WriteString(p.zw, end); err != nil {
		return "", err
	}
	if err := p.zw.Close(); err != nil {
		return "", err
	}
	if err := p.b64.Close(); err != nil {
		return "", err
	}
	return p.out.String(), nil
}
