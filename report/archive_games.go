package report

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/towerlog/towerlog/analytics"
)

// pickedGame is one game of the picker: what the charts of one game need.
type pickedGame struct {
	analytics.GameHead
	analytics.GameCourse
	label string
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
// note says how to reach the others. It opens on the latest finished
// game, not on an unfinished one that may have no turn to show. The games are read and drawn
// pickChunk at a time, so that only their compressed charts and their
// labels stay in memory.
func (r *report) gamePicker() error {
	heads, err := r.sel.Latest(r.ctx, pickerGames)
	if err != nil || len(heads) == 0 {
		return err
	}
	games := make([]*pickedGame, len(heads))
	for i, h := range heads {
		g := &pickedGame{GameHead: h, label: fmt.Sprintf("#%d · %s", h.GID, cmp.Or(h.Date, "no date"))}
		if h.Event != "" {
			g.label += " · " + h.Event
		}
		games[i] = g
	}
	selected := r.sum.Games
	race := chart{ID: "score-race", Title: "Score race", Height: 400,
		Note: "Every player's score after each turn, final scoring included in the last turn."}
	towers := chart{ID: "tower-heights", Title: "Tower heights over the game", Height: 400,
		Note: "The height of every tower after each turn, one line per tower, named by its square on the board (x to the east, y to the south)."}
	pack := newPackedJSON()
	labels := make([]string, 0, len(games))
	opens, finished := 0, false // the game the picker opens on, and whether it is finished
	for start := 0; start < len(games); start += pickChunk {
		chunk := games[start:min(len(games), start+pickChunk)]
		if err := r.loadGames(chunk); err != nil {
			return err
		}
		for _, g := range chunk {
			charts := map[string]json.RawMessage{race.ID: json.RawMessage(scoreRaceChart(g.Names, g.Scores, r.colours))}
			if r.floorsBuilt() {
				charts[towers.ID] = json.RawMessage(towerChart(g.Turns, g.Floors))
			}
			if len(labels) == 0 || g.Finished && !finished {
				race.Options, towers.Options = string(charts[race.ID]), string(charts[towers.ID])
				opens, finished = len(labels), g.Finished
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
	if r.floorsBuilt() { // a report of games without a floor has no tower chart
		shown = append(shown, towers)
	}
	note := fmt.Sprintf("Choose any of the %d games of the selection, the latest first; the latest finished game is shown first. #N is the game's ID for towerlog games.", len(games))
	if selected > len(games) {
		note = fmt.Sprintf("The selection holds %d games: the %d latest are offered here. Narrow it with the filters (--player, --event, --since, --until, ...) to reach the others, or write the report of any one game with towerlog games report ID.",
			selected, len(games))
	}
	r.page.Pickers = append(r.page.Pickers, picker{ID: "one-game", Title: "One game at a time",
		Note: note, Games: packed, Labels: labels, Opens: opens, Charts: shown})
	return nil
}

// loadGames reads the course of the picked games from the selection and
// ends their labels with the final scores.
func (r *report) loadGames(games []*pickedGame) error {
	heads := make([]analytics.GameHead, len(games))
	for i, g := range games {
		heads[i] = g.GameHead
	}
	courses, err := r.sel.Courses(r.ctx, heads)
	if err != nil {
		return err
	}
	for i, g := range games {
		g.GameCourse = courses[i]
		finals := make([]string, len(g.Names))
		for seat, name := range g.Names {
			finals[seat] = fmt.Sprintf("%s %d", name, g.Finals[seat])
		}
		g.label += " · " + strings.Join(finals, ", ")
	}
	return nil
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
