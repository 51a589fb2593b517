package site

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"runtime"
	"strconv"
	"strings"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/bga"
	"github.com/towerlog/towerlog/draw"
	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/internal/english"
	"github.com/towerlog/towerlog/internal/htmlpage"
	"github.com/towerlog/towerlog/internal/ordered"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
	"github.com/towerlog/towerlog/report"
	"github.com/towerlog/towerlog/review"
)

// gameView is the board section of a game page.
type gameView struct {
	Data           string // base64 of the gzipped JSON of gameData
	Turns          int
	CGN            string // the record's file
	Lab            string // a base game's CarcassonneLab link, "" for the others
	Tower, Phantom bool
	Reviewed       bool // the record carries a review: the board shows each reviewed turn's moves
}

// gameData is what the viewer lays the board out from.
type gameData struct {
	Bounds  [4]int        `json:"bounds"` // x0, y0, x1, y1 of the final board, in squares
	Colours []string      `json:"colours"`
	Tiles   [][4]any      `json:"tiles"` // tile, x, y, rotation in degrees, in the order played
	Boards  []boardStep   `json:"boards"`
	Turns   []report.Step `json:"turns"`
	// Reviewed is the turns the record's review reviewed, each with its
	// moves to mark on the board before it; none without a review.
	Reviewed []reviewedStep `json:"reviewed,omitempty"`
}

// reviewedStep is a reviewed turn for the viewer: the slider's step of
// the turn (the board before it is Boards[Step-1]), its title, the
// bounds of the board before it with its moves, the move played and the
// review's best move (nil when it was the move played) and the moves the
// review listed.
type reviewedStep struct {
	Step   int                 `json:"step"`
	Title  string              `json:"title"`
	Bounds [4]int              `json:"bounds"`
	Played markData            `json:"played"`
	Best   *markData           `json:"best,omitempty"`
	Moves  []report.ListedMove `json:"moves"`
}

// markData is a move drawn apart (draw.Mark): its tile (tile, x, y,
// rotation in degrees; nil when it placed none), its figures (x, y,
// scale in percent, seat, phantom 0/1) and the towers it built on (x, y),
// in board units.
type markData struct {
	Tile    *[4]any  `json:"t"`
	Figures [][5]int `json:"f,omitempty"`
	Floors  [][2]int `json:"w,omitempty"`
}

// reviewedSteps is the reviewed turns of rp for the viewer, each on the
// board before it grown to hold its moves.
func reviewedSteps(rp *replay.Game, turns []review.Summary) ([]reviewedStep, error) {
	var out []reviewedStep
	err := report.EachReviewed(rp, turns, func(r *report.Reviewed) error {
		st := reviewedStep{Step: r.Step, Title: r.Title, Bounds: tileBounds(r.Before.Tiles()), Moves: r.Moves}
		st.Played = markOf(r.Played, &st.Bounds)
		if r.Best != nil {
			m := markOf(*r.Best, &st.Bounds)
			st.Best = &m
		}
		out = append(out, st)
		return nil
	})
	return out, err
}

// tileBounds is x0, y0, x1, y1 of the squares the tiles cover.
func tileBounds(tiles []engine.PlacedTile) [4]int {
	b := [4]int{math.MaxInt32, math.MaxInt32, math.MinInt32, math.MinInt32}
	for _, t := range tiles {
		b = [4]int{min(b[0], t.Pos.X), min(b[1], t.Pos.Y), max(b[2], t.Pos.X), max(b[3], t.Pos.Y)}
	}
	return b
}

// markOf is m for the viewer; it grows bounds to hold m's tile.
func markOf(m draw.Mark, bounds *[4]int) markData {
	var d markData
	if m.Placed {
		d.Tile = &[4]any{m.Tile.String(), m.Pos.X, m.Pos.Y, m.Rot.Degrees()}
		*bounds = [4]int{min(bounds[0], m.Pos.X), min(bounds[1], m.Pos.Y), max(bounds[2], m.Pos.X), max(bounds[3], m.Pos.Y)}
	}
	for _, f := range m.Figures {
		d.Figures = append(d.Figures, [5]int{round(f.X), round(f.Y), round(100 * f.Scale), f.Seat, b2i(f.Phantom)})
	}
	for _, t := range m.Floors {
		d.Floors = append(d.Floors, [2]int{round(t.X), round(t.Y)})
	}
	return d
}

// boardStep is the board after a step: the tiles on it (the first N of
// Tiles), the figures (x, y, scale in percent, seat, phantom 0/1) and the
// towers (x, y, height, guard, closed 0/1), in whole board units (a
// square is 64).
type boardStep struct {
	N       int      `json:"n"`
	Figures [][5]int `json:"f,omitempty"`
	Towers  [][5]int `json:"w,omitempty"`
}

// gameInput is the hash of what a game page is built from: its game's
// identity and the stamp of its record as stored (which together fix the
// record, analytics.Game.Stamp), the page's template (with the parts it
// shares with the report) and pageVersion. It needs no record read.
func gameInput(g *analytics.Game) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00%s\x00", pageVersion, siteHTML, htmlpage.Parts(), g.ID, g.Stamp)
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// recordMeta is the content of a game page's towerlog-record line: the
// start of the SHA-256 of the record the page shows (the record file
// beside it holds that record while the sum matches), then " reviewed"
// when the record carries a review, whose figures the players' pages
// add up.
func recordMeta(record string, reviewed bool) string {
	sum := sha256.Sum256([]byte(record))
	m := hex.EncodeToString(sum[:16])
	if reviewed {
		m += " reviewed"
	}
	return m
}

// builtGame is a game page made by a worker, or the news that the page
// written before is up to date (page nil).
type builtGame struct {
	g       *analytics.Game
	page    []byte
	reviews []review.Summary // the review the record carries, if any
	err     error
}

// games writes a page and a record file for every game selected, in two
// ordered passes, their steps made on every core. The first reads no
// record: a game whose page was made from the same record (gameInput)
// and whose record file beside it is that record is counted as
// unchanged, and the store marks the others (and the reviewed games,
// whose figures the players' pages need). The second reads the records
// of the marked games alone and writes their pages. So a rerun with
// nothing changed reads no record and replays no game.
func (w *writer) games() error {
	workers := runtime.GOMAXPROCS(0)
	err := ordered.Run(w.ctx, workers, 2*workers,
		func(send func(*analytics.Game) error) error {
			return w.sn.EachStamp(w.ctx, send)
		},
		func() func(*analytics.Game) checkedGame { return w.checkGame },
		func(c checkedGame) error {
			if !c.made {
				return w.sn.MarkGame(w.ctx, c.g.GID)
			}
			w.nGames++
			w.out.unchanged += 2 // the page and the record file
			if w.progress != nil {
				w.progress()
			}
			return nil
		})
	if err != nil {
		return err
	}
	return ordered.Run(w.ctx, workers, 2*workers,
		func(send func(*analytics.Game) error) error {
			return w.sn.EachMarkedGame(w.ctx, send)
		},
		func() func(*analytics.Game) builtGame { return w.buildGame },
		func(b builtGame) error {
			w.nGames++
			if w.progress != nil {
				defer w.progress()
			}
			if b.err != nil {
				return b.err
			}
			w.addReviews(b.reviews)
			if err := w.out.write(recordFile(b.g.ID), []byte(b.g.Record)); err != nil {
				return err
			}
			if b.page == nil {
				w.out.unchanged++
				w.out.keep(gameFile(b.g.ID))
				return nil
			}
			return w.out.write(gameFile(b.g.ID), b.page)
		})
}

// checkedGame says whether a game's page and record file are made
// already (and its record unreviewed).
type checkedGame struct {
	g    *analytics.Game
	made bool
}

// checkGame looks at the page and the record file of g written before:
// made when the page was made from g's record (its input line) with no
// review in it, and the record file holds the record the page shows
// (its record line), read from the disk.
func (w *writer) checkGame(g *analytics.Game) checkedGame {
	head := w.out.head(gameFile(g.ID), inputHead)
	if !bytes.Contains(head, []byte(`<meta name="towerlog-input" content="`+gameInput(g)+`">`)) {
		return checkedGame{g: g}
	}
	_, rest, ok := bytes.Cut(head, []byte(`<meta name="towerlog-record" content="`))
	sum, _, closed := bytes.Cut(rest, []byte(`"`))
	if !ok || !closed {
		return checkedGame{g: g}
	}
	rec, err := w.out.read(recordFile(g.ID), maxRecordFile)
	made := err == nil && recordMeta(string(rec), false) == string(sum)
	return checkedGame{g: g, made: made}
}

// maxRecordFile is the most bytes of a record file checkGame reads: a
// larger one (no game's record is near it) is written again.
const maxRecordFile = 1 << 20

// buildGame makes the page of g, unless the page written before was made
// from the same record by the same version.
func (w *writer) buildGame(g *analytics.Game) builtGame {
	out := builtGame{g: g}
	input := gameInput(g)
	// Only a reviewed record holds the review's comments: another
	// record whose page is made already is not even parsed.
	reviewed := strings.Contains(g.Record, "{review: ")
	made := bytes.Contains(w.out.head(gameFile(g.ID), inputHead), []byte(`<meta name="towerlog-input" content="`+input+`">`))
	if made && !reviewed {
		return out
	}
	rg, err := record.NewParser().Parse(record.RawGame{Src: []byte(g.Record)})
	if err != nil {
		return builtGame{g: g, err: fmt.Errorf("game %d: %w", g.GID, err)}
	}
	if reviewed {
		names := make([]string, len(g.Players))
		for i, p := range g.Players {
			names[i] = p.Name
		}
		out.reviews = review.Read(rg, names)
	}
	if made {
		return out
	}
	p, err := gamePage(g, rg, input)
	if err == nil {
		p.Record = recordMeta(g.Record, reviewed)
		out.page, err = renderPage(p)
	}
	out.err = err
	return out
}

// gamePage builds the page of a stored game from its record.
func gamePage(g *analytics.Game, rg *record.Game, input string) (page, error) {
	var steps []boardStep
	start := boardStep{N: 1}
	steps = append(steps, start)
	rp := replay.Replay(g.File, g.Index, rg, replay.Options{Lenient: true, AfterTurn: func(_ *replay.Turn, state *engine.Game) {
		steps = append(steps, piecesOf(state))
	}})
	if !rp.Valid() || rp.State == nil {
		return page{}, &report.InvalidGameError{Game: rp.String(), Diagnostics: rp.Diagnostics}
	}
	data := gameData{Turns: report.Steps(rp)}
	tiles := rp.State.Tiles()
	for _, t := range tiles {
		data.Tiles = append(data.Tiles, [4]any{t.Tile.String(), t.Pos.X, t.Pos.Y, t.Rot.Degrees()})
	}
	data.Bounds = tileBounds(tiles)
	data.Boards = steps
	names := make([]string, len(rp.Players))
	for i, p := range rp.Players {
		data.Colours = append(data.Colours, draw.SeatFill(p.Colour, i))
		names[i] = p.Name
	}
	var reviewed []review.Summary
	if strings.Contains(g.Record, "{review: ") {
		reviewed = review.Read(rg, names)
		var err error
		if data.Reviewed, err = reviewedSteps(rp, reviewed); err != nil {
			return page{}, err
		}
	}
	packed, err := report.PackJSON(data)
	if err != nil {
		return page{}, err
	}
	p := page{Input: input, Title: "Game: " + strings.Join(names, ", "), Subtitle: gameSubtitle(g),
		Game: &gameView{Data: packed, Turns: len(rp.Turns), CGN: recordFile(g.ID), Tower: rp.Rules.Tower(), Phantom: rp.Rules.Phantom, Reviewed: len(data.Reviewed) > 0}}
	if l, err := bga.ExportLink(rp); err == nil {
		p.Game.Lab = l.String()
	}
	if g.Event != "" {
		p.Facts = append(p.Facts, fact{Label: "Event", Text: g.Event, Href: eventFile(g.Event)})
	}
	for _, f := range [][2]string{{"Date", g.Date}, {"Round", g.Round}, {"Site", g.Site}} {
		if f[1] != "" {
			p.Facts = append(p.Facts, fact{Label: f[0], Text: f[1]})
		}
	}
	result := "unfinished"
	if g.Finished {
		result = g.Result
	}
	p.Facts = append(p.Facts, fact{Label: "Result", Text: result}, fact{Label: "Turns", Text: strconv.Itoa(g.Turns)},
		fact{Label: "Rules", Text: g.Rules})
	t := &table{Head: []string{"Seat", "Player", "Place", "Score"}, Key: 1}
	for i, pl := range g.Players {
		place := "unfinished"
		if g.Finished {
			place = english.Ordinal(pl.Rank)
		}
		t.Rows = append(t.Rows, []cell{text(strconv.Itoa(i + 1)), {Text: pl.Name, Href: playerFile(pl.Name)}, text(place), text(strconv.Itoa(pl.Score))})
	}
	p.Sections = append(p.Sections, section{ID: "players", Title: "Players", Table: t},
		section{ID: "race", Title: "Score race", Note: "Every player's score after each turn; the last turn includes the final scoring.",
			Chart: &chart{ID: "score-race", Height: 360, Options: scoreRace(names, data.Colours, rp.Turns)}})
	if reviewed != nil {
		p.Sections = append(p.Sections, reviewSections(reviewed, names, data.Colours, len(rp.Turns))...)
	}
	if rp.State != nil {
		p.Sections = append(p.Sections, luckSections(rg, names, data.Colours, len(rp.Turns), rp.State.Scores(), g.Finished)...)
	}
	return p, nil
}

// reviewSections are the review a record carries (towerlog review -o):
// each player's chance of winning after every reviewed turn, and the
// verdict on each turn the review marked with a glyph. None without a
// review.
func reviewSections(turns []review.Summary, names, colours []string, n int) []section {
	if len(turns) == 0 {
		return nil
	}
	data := make([][][2]float64, len(names))
	for seat := range names {
		for _, t := range turns {
			if seat < len(t.Win) {
				data[seat] = append(data[seat], [2]float64{float64(t.Number), math.Round(100 * t.Win[seat])})
			}
		}
	}
	opts := turnLines(names, colours, n, map[string]any{"type": "value", "name": "%", "min": 0, "max": 100}, "", data)
	verdicts := &table{Head: []string{"Turn", "Player", "Verdict", "Move played", "Best move", "Points given away"}}
	for _, t := range turns {
		if t.Glyph == record.NoGlyph {
			continue
		}
		best, given := "", ""
		if t.BestMove != "" {
			best = review.MoveText(t.BestMove, t.Best, t.BestWords)
		}
		if t.GivenAway > 0 {
			given = fmt.Sprintf("%.1f", t.GivenAway)
		}
		verdicts.Rows = append(verdicts.Rows, []cell{{Text: strconv.Itoa(t.Number), Href: "#turn-" + strconv.Itoa(t.Number)}, {Text: t.Player, Href: playerFile(t.Player)}, text(t.Glyph.String()),
			text(review.MoveText(t.PlayedMove, t.Played, t.PlayedWords)), text(best), text(given)})
	}
	accuracy := &table{Head: []string{"Player", "Accuracy"}, Key: 0}
	for seat, a := range report.GameAccuracy(turns, names) {
		v := "-"
		if !math.IsNaN(a) {
			v = fmt.Sprintf("%.1f%%", a)
		}
		accuracy.Rows = append(accuracy.Rows, []cell{{Text: names[seat], Href: playerFile(names[seat])}, text(v)})
	}
	return []section{
		{ID: "accuracy", Title: "Accuracy", Table: accuracy,
			Note: "Each player's accuracy in percent over their reviewed turns, from the chance of winning each move lost, by lichess's formula, as towerlog report shows it (docs/review.md); - for a player without a graded turn."},
		{ID: "chance", Title: "Chance of winning", Chart: &chart{ID: "win-probability", Height: 360, Options: opts},
			Note: "Each player's chance of winning after every reviewed turn, as the review estimated it: the share of the games played to the end from there that the player won."},
		{ID: "verdicts", Title: "The review's verdicts", Table: verdicts,
			Note: "The turns the review marked: the move played and its value, the best move the review found and its value, each in CGN and in words, and the points given away where the review found them clearly. Choose a turn to see on the board, before the move, the move played and the best move, with the best moves the review listed."},
	}
}

// piecesOf is the board of state for the viewer.
func piecesOf(state *engine.Game) boardStep {
	figs, towers := draw.Pieces(state)
	b := boardStep{N: state.NumTiles()}
	for _, f := range figs {
		b.Figures = append(b.Figures, [5]int{round(f.X), round(f.Y), round(100 * f.Scale), f.Seat, b2i(f.Phantom)})
	}
	for _, t := range towers {
		b.Towers = append(b.Towers, [5]int{round(t.X), round(t.Y), t.Height, t.Guard, b2i(t.Closed)})
	}
	return b
}

func round(v float64) int { return int(math.Round(v)) }

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func gameSubtitle(g *analytics.Game) string {
	var parts []string
	for _, v := range []string{g.Event, g.Site, g.Date, g.Round} {
		if v != "" {
			parts = append(parts, v)
		}
	}
	return strings.Join(parts, " · ")
}

// scoreRace is the ECharts options of every player's score after each
// turn, in the players' colours.
func scoreRace(names, colours []string, turns []replay.Turn) string {
	type series struct {
		Name       string         `json:"name"`
		Type       string         `json:"type"`
		ShowSymbol bool           `json:"showSymbol"`
		Data       []int          `json:"data"`
		LineStyle  map[string]any `json:"lineStyle"`
		ItemStyle  map[string]any `json:"itemStyle"`
	}
	axis := make([]int, len(turns))
	var ss []series
	for seat, name := range names {
		s := series{Name: name, Type: "line", Data: make([]int, len(turns)),
			LineStyle: map[string]any{"color": colours[seat]}, ItemStyle: map[string]any{"color": colours[seat]}}
		for i, t := range turns {
			axis[i] = t.Number
			if seat < len(t.Scores) {
				s.Data[i] = t.Scores[seat]
			}
		}
		ss = append(ss, s)
	}
	opts := map[string]any{
		"animation": false,
		"tooltip":   map[string]any{"trigger": "axis"},
		"legend":    map[string]any{"type": "scroll"},
		"grid":      map[string]any{"left": 50, "right": 20, "top": 40, "bottom": 40},
		"xAxis":     map[string]any{"type": "category", "name": "Turn", "data": axis},
		"yAxis":     map[string]any{"type": "value", "name": "Score"},
		"series":    ss,
	}
	b, _ := json.Marshal(opts)
	return string(b)
}

// reviewTally is a player's reviewed turns over the games of the site.
type reviewTally struct {
	games, turns int
	givenAway    float64
	best         int     // turns where the move played was the best the review found
	mistakes     int     // turns marked ?!, ? or ??
	graded       int     // turns the review graded
	accuracy     float64 // the sum of the graded turns' move accuracies
}

// addReviews counts a game's review in its players' tallies.
func (w *writer) addReviews(turns []review.Summary) {
	seen := map[string]bool{}
	for _, t := range turns {
		r := w.reviews[t.Player]
		if r == nil {
			r = &reviewTally{}
			w.reviews[t.Player] = r
		}
		if !seen[t.Player] {
			seen[t.Player] = true
			r.games++
		}
		r.turns++
		r.givenAway += t.GivenAway
		if t.BestMove == "" {
			r.best++
		}
		if t.Glyph == record.Dubious || t.Glyph == record.Mistake || t.Glyph == record.Blunder {
			r.mistakes++
		}
		if t.Grade != "" {
			r.graded++
			r.accuracy += review.MoveAccuracy(t.Drop)
		}
	}
}
