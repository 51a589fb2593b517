package analytics

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"golang.org/x/text/unicode/norm"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// gameRows is one replayed game turned into the rows of every table,
// ready for the writer: each table's rows as the values database/sql
// binds, row after row in the order of the table's columns. They are
// built on the replay workers; the writer only sends them. The first
// column of every table of a valid game is the game's key, nil until the
// writer gives the game one (setGame).
type gameRows struct {
	valid  bool
	id     string // games.id or invalid_games.id
	values [len(Tables)][]any
	// stored is a valid game's row and its players' rows, for an ingest
	// that finds the game stored with other annotations.
	stored *storedRows
	typed  *GameRows // when not nil, it takes the rows instead of values
}

// put appends a row to its table's values, or hands it to r.typed.
func (r *gameRows) put(table int, row row) {
	if r.typed != nil {
		r.typed.add(row)
		return
	}
	r.values[table] = row.args(r.values[table])
}

// invalidID identifies a game that failed validation by where it was read
// and what it says, so that ingesting the same file again finds it.
func invalidID(g *replay.Game) string {
	h := sha256.New()
	fmt.Fprintf(h, "invalid\x00%s\x00%d\x00", g.File, g.Index)
	if g.Record != nil {
		h.Write(record.AppendGame(nil, g.Record))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// newRows turns a replayed game into rows.
func newRows(g *replay.Game) *gameRows { return buildRows(g, nil) }

// buildRows turns a replayed game into rows: values, or typed rows in
// typed when it is not nil.
func buildRows(g *replay.Game, typed *GameRows) *gameRows {
	r := &gameRows{valid: g.Valid() && g.Record != nil && g.State != nil, typed: typed}
	if !r.valid {
		r.fillInvalid(g)
		return r
	}
	r.fillGame(g)
	r.fillTurns(g)
	r.fillEvents(g)
	return r
}

// tag returns a tag's value, nil when the tag is absent.
func tag(rg *record.Game, name string) *string {
	if v, ok := rg.Tag(name); ok {
		return &v
	}
	return nil
}

func (r *gameRows) fillGame(g *replay.Game) {
	rg := g.Record
	r.id = Identity(g)
	r.stored = &storedRows{}
	game := &r.stored.game
	*game = GameRow{
		ID: r.id, File: g.File, Index: int64(g.Index),
		Rules: g.Rules.String(), Seats: int64(len(g.Players)), Turns: int64(len(g.Turns)),
	}
	setAnnotations(game, rg)
	scores := g.State.Scores()
	best, winners := -1<<31, 0
	for _, s := range scores {
		if s > best {
			best, winners = s, 0
		}
		if s == best {
			winners++
		}
	}
	for seat, p := range g.Players {
		// Stored in normal form C: a name typed with a combining accent
		// is the player of the precomposed one, as in replay, and the
		// leaderboard and the views group them together.
		name := norm.NFC.String(p.Name)
		rank := 1
		for _, s := range scores {
			if s > scores[seat] {
				rank++
			}
		}
		if rank == 1 && winners == 1 {
			game.Winner = &name
		}
		var colour *string
		if p.Colour != "" {
			colour = &p.Colour
		}
		r.stored.players = append(r.stored.players, PlayerRow{Seat: int64(seat), Name: name, Colour: colour,
			Score: int64(scores[seat]), Rank: int64(rank)})
		r.put(tPlayers, &r.stored.players[seat])
	}
	r.put(tGames, game)
}

// setAnnotations sets the columns of a games row that the annotations
// of its record give: the Event, Site, Date, Round and Result tags and
// the record itself, in canonical CGN.
func setAnnotations(game *GameRow, rg *record.Game) {
	game.Event, game.Site, game.Date, game.Round = tag(rg, "Event"), tag(rg, "Site"), isoDate(rg), tag(rg, "Round")
	game.Result = tag(rg, "Result")
	game.Record = ptr(string(record.AppendGame(nil, rg)))
}

// isoDate turns the Date tag into YYYY-MM-DD (00 for an unknown month or
// day), or nil when the tag is absent, malformed or has no year.
func isoDate(rg *record.Game) *string {
	d, err := rg.Date()
	if err != nil || d.Year == 0 {
		return nil
	}
	return ptr(fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day))
}

func (r *gameRows) fillTurns(g *replay.Game) {
	events := g.Events()
	prev := make([]int, len(g.Players))
	if r.typed == nil {
		r.values[tTurns] = make([]any, 0, len(g.Turns)*len(Tables[tTurns].Columns))
	}
	for i := range g.Turns {
		t := &g.Turns[i]
		points := 0
		if t.Seat < len(t.Scores) {
			points = t.Scores[t.Seat] - prev[t.Seat]
		}
		copy(prev, t.Scores)
		row := TurnRow{Turn: int64(t.Number), Seat: int64(t.Seat), Action: t.Action.String(), Points: int64(points)}
		if t.Placed {
			row.Tile = ptr(t.Tile.String())
			row.X, row.Y, row.Rotation = ptr(int64(t.Pos.X)), ptr(int64(t.Pos.Y)), ptr(int64(t.Rot.Degrees()))
		}
		switch t.Action {
		case replay.ActionFollower:
			row.Feature = ptr(t.Spot.Kind.String())
		case replay.ActionFloor, replay.ActionTowerFollower:
			row.TargetX, row.TargetY = ptr(int64(t.Target.X)), ptr(int64(t.Target.Y))
		}
		if t.Action == replay.ActionFollower || t.Action == replay.ActionTowerFollower {
			row.Figure = ptr(FigureName(t.Phantom))
		}
		switch t.Second {
		case replay.ActionFollower:
			r.put(tSecondFigures, &SecondFigureRow{Turn: row.Turn, Feature: t.SecondSpot.Kind.String(),
				X: int64(t.Pos.X), Y: int64(t.Pos.Y)})
		case replay.ActionTowerFollower:
			r.put(tSecondFigures, &SecondFigureRow{Turn: row.Turn, Feature: "tower",
				X: int64(t.SecondTarget.X), Y: int64(t.SecondTarget.Y)})
		}
		if t.Action == replay.ActionFloor {
			for _, e := range events[t.EventsFrom:t.EventsTo] {
				if e.Kind == engine.EventFloor {
					row.Height = ptr(int64(e.Height))
				}
			}
		}
		r.put(tTurns, &row)
	}
}

// fillEvents writes the events of each turn under that turn's number (the
// final scoring under the last turn, with final set). seq is the event's
// position in the game's events.
func (r *gameRows) fillEvents(g *replay.Game) {
	events := g.Events()
	for _, t := range g.Turns {
		turn := int64(t.Number)
		for i := t.EventsFrom; i < t.EventsTo; i++ {
			e := &events[i]
			seq := int64(i)
			switch e.Kind {
			case engine.EventScore:
				for seat := range g.Players {
					if e.Scored(seat) {
						r.put(tScores, &ScoreRow{Seq: seq, Seat: int64(seat), Turn: turn, Feature: e.Feature.String(),
							Size: int64(e.Size), Pennants: int64(e.Pennants), Points: int64(e.Points), Final: b2i(e.Final),
							Phantom: b2i(e.Phantom(seat))})
					}
				}
			case engine.EventCapture:
				r.put(tCaptures, &CaptureRow{Seq: seq, Turn: turn, Captor: int64(e.Player), Victim: int64(e.Other),
					TowerX: int64(e.Pos.X), TowerY: int64(e.Pos.Y), Height: int64(e.Height), Distance: int64(e.Distance),
					VictimX: int64(e.Target.X), VictimY: int64(e.Target.Y), StoodOn: e.Feature.String(),
					Figure: FigureName(e.Phantom(e.Other))})
			case engine.EventExchange:
				r.put(tExchanges, &ExchangeRow{Seq: seq, Turn: turn, A: int64(e.Player), B: int64(e.Other),
					AFigure: FigureName(e.Phantom(e.Player)), BFigure: FigureName(e.Phantom(e.Other))})
			case engine.EventRansom:
				r.put(tRansoms, &RansomRow{Seq: seq, Turn: turn, Payer: int64(e.Player), Payee: int64(e.Other),
					Points: int64(e.Points), Figure: FigureName(e.Phantom(e.Player))})
			case engine.EventDiscard:
				r.put(tDiscards, &DiscardRow{Seq: seq, Turn: turn, Seat: int64(e.Player), Tile: e.Tile.String()})
			}
		}
	}
}

// FigureName is the figure as the store writes it in the figure columns:
// "phantom" or "follower".
func FigureName(phantom bool) string {
	if phantom {
		return "phantom"
	}
	return "follower"
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func (r *gameRows) fillInvalid(g *replay.Game) {
	id := invalidID(g)
	r.id = id
	invalid := InvalidGameRow{ID: id, File: g.File, Index: int64(g.Index)}
	if g.Record != nil {
		invalid.Event = tag(g.Record, "Event")
		invalid.Players = tag(g.Record, "Players")
	}
	for i, d := range g.Diagnostics {
		if d.Severity == replay.Error {
			invalid.Errors++
		}
		row := DiagnosticRow{Game: id, Seq: int64(i), Code: d.Code, Severity: d.Severity.String(), Message: d.Message}
		if d.Pos.Filename != "" {
			row.File = &d.Pos.Filename
		}
		if d.Pos.Line > 0 {
			row.Line, row.Col = ptr(int64(d.Pos.Line)), ptr(int64(d.Pos.Column))
		}
		if d.Turn > 0 {
			row.Turn = ptr(int64(d.Turn))
		}
		if d.Player != "" {
			row.Player = &d.Player
		}
		r.put(tDiagnostics, &row)
	}
	r.put(tInvalid, &invalid)
}

// setGame gives every row of a valid game the game's key.
func (r *gameRows) setGame(gid int64) {
	key := any(gid)
	for t := tGames; t <= tDiscards; t++ {
		vals, cols := r.values[t], len(Tables[t].Columns)
		for i := 0; i < len(vals); i += cols {
			vals[i] = key
		}
	}
}

// rowCount is the number of rows the game adds to the database.
func (r *gameRows) rowCount() int {
	n := 0
	for t := range r.values {
		n += len(r.values[t]) / len(Tables[t].Columns)
	}
	return n
}
