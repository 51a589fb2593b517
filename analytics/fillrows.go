package analytics

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"

	"github.com/towerlog/towerlog/analytics/identity"

	"golang.org/x/text/unicode/norm"

	"github.com/towerlog/towerlog/analytics/filter"
	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"

	"github.com/towerlog/towerlog/analytics/recordcodec"
)

// pending is a game on its way into the database: its rows, and their
// values as database/sql binds them, table by table, row after row in the
// order of the table's columns. It is built on the replay workers; the
// writer only sends the values. The first value of every row of a valid
// game is the game's key, nil until the writer gives the game one
// (setKey).
type pending struct {
	*GameRows
	values [len(Tables)][]any
}

// recordColumn is the index of games.record among the columns of games.
var recordColumn = slices.Index(Tables[tGames].Columns, "record")

// newPending turns a replayed game into rows and their values.
func newPending(g *replay.Game) *pending {
	p := &pending{GameRows: NewGameRows(g)}
	for t := range tableRows {
		n := 0
		tableRows[t](p.GameRows, func(row) { n++ })
		if n == 0 {
			continue
		}
		vals := make([]any, 0, n*len(Tables[t].Columns))
		tableRows[t](p.GameRows, func(x row) { vals = x.args(vals) })
		p.values[t] = vals
	}
	if p.Valid && p.Game.Record != nil {
		// The record is stored compressed against the game's rows.
		p.values[tGames][recordColumn] = recordcodec.Pack(*p.Game.Record, basisOf(p.GameRows))
	}
	return p
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

// tag returns a tag's value, nil when the tag is absent.
func tag(rg *record.Game, name string) *string {
	if v, ok := rg.Tag(name); ok {
		return &v
	}
	return nil
}

func (r *GameRows) fillGame(g *replay.Game) {
	rg := g.Record
	r.ID = identity.Of(g)
	game := &r.Game
	*game = GameRow{
		ID: r.ID, File: g.File, Index: int64(g.Index),
		Rules: g.Rules.String(), Seats: int64(len(g.Players)), Turns: int64(len(g.Turns)),
		Result: ptr(g.Result().String()),
	}
	setAnnotations(game, rg)
	if g.Finished() {
		game.Finished = 1
	}
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
		rank := place(scores, seat, g.Finished())
		if rank == 1 && winners == 1 {
			game.Winner = &name
		}
		var colour *string
		if p.Colour != "" {
			colour = &p.Colour
		}
		r.Players = append(r.Players, PlayerRow{Seat: int64(seat), Name: name, Colour: colour,
			Score: int64(scores[seat]), Rank: int64(rank)})
	}
}

// place is the place of seat among scores, 1 for the best, equal scores
// sharing a place; 0 when the game is unfinished, which gives no place.
func place(scores []int, seat int, finished bool) int {
	if !finished {
		return 0
	}
	rank := 1
	for _, s := range scores {
		if s > scores[seat] {
			rank++
		}
	}
	return rank
}

// setAnnotations sets the columns of a games row that the annotations
// of its record give: the Event, Site, Date and Round tags and
// the record itself, in canonical CGN.
func setAnnotations(game *GameRow, rg *record.Game) {
	game.Event, game.Site, game.Date, game.Round = tag(rg, "Event"), tag(rg, "Site"), filter.ISODate(rg), tag(rg, "Round")
	game.Record = ptr(string(record.AppendGame(nil, rg)))
}

func (r *GameRows) fillTurns(g *replay.Game) {
	events := g.Events()
	r.Turns = make([]TurnRow, 0, len(g.Turns))
	for i := range g.Turns {
		t := &g.Turns[i]
		row := TurnRow{Turn: int64(t.Number), Seat: int64(t.Seat)}
		if t.Action != replay.ActionNone {
			row.Action = ptr(t.Action.String())
		}
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
			row.Phantom = b2i(t.Phantom)
		}
		switch t.Second {
		case replay.ActionFollower:
			r.Seconds = append(r.Seconds, SecondFigureRow{Turn: row.Turn, Feature: t.SecondSpot.Kind.String(),
				X: int64(t.Pos.X), Y: int64(t.Pos.Y)})
		case replay.ActionTowerFollower:
			r.Seconds = append(r.Seconds, SecondFigureRow{Turn: row.Turn, Feature: "tower",
				X: int64(t.SecondTarget.X), Y: int64(t.SecondTarget.Y)})
		}
		if t.Action == replay.ActionFloor {
			for _, e := range events[t.EventsFrom:t.EventsTo] {
				if e.Kind == engine.EventFloor {
					row.Height = ptr(int64(e.Height))
				}
			}
		}
		r.Turns = append(r.Turns, row)
	}
}

// fillEvents writes the events of each turn under that turn's number (the
// final scoring under the last turn, with final set). seq is the event's
// position in the game's events.
func (r *GameRows) fillEvents(g *replay.Game) {
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
						r.Scores = append(r.Scores, ScoreRow{Seq: seq, Seat: int64(seat), Turn: turn, Feature: e.Feature.String(),
							Size: int64(e.Size), Pennants: int64(e.Pennants), Points: int64(e.Points), Final: b2i(e.Final),
							Phantom: b2i(e.Phantom(seat))})
					}
				}
			case engine.EventCapture:
				r.Captures = append(r.Captures, CaptureRow{Seq: seq, Turn: turn, Captor: int64(e.Player), Victim: int64(e.Other),
					TowerX: int64(e.Pos.X), TowerY: int64(e.Pos.Y), Height: int64(e.Height), Distance: int64(e.Distance),
					VictimX: int64(e.Target.X), VictimY: int64(e.Target.Y), StoodOn: e.Feature.String(),
					Phantom: b2i(e.Phantom(e.Other))})
			case engine.EventExchange:
				r.Exchanges = append(r.Exchanges, ExchangeRow{Seq: seq, Turn: turn, A: int64(e.Player), B: int64(e.Other),
					APhantom: b2i(e.Phantom(e.Player)), BPhantom: b2i(e.Phantom(e.Other))})
			case engine.EventRansom:
				r.Ransoms = append(r.Ransoms, RansomRow{Seq: seq, Turn: turn, Payer: int64(e.Player), Payee: int64(e.Other),
					Points: int64(e.Points), Phantom: b2i(e.Phantom(e.Player))})
			case engine.EventDiscard:
				r.Discards = append(r.Discards, DiscardRow{Seq: seq, Turn: turn, Seat: int64(e.Player), Tile: e.Tile.String()})
			}
		}
	}
}

// fillFigures sums each seat's figures of the players rows (PlayerRow,
// from Margin on) from the game's other rows, which fillTurns and
// fillEvents have made.
func (r *GameRows) fillFigures() {
	players := r.Players
	for i := range players {
		p := &players[i]
		best, others := int64(-1<<62), false
		for j := range players {
			if j != i {
				best, others = max(best, players[j].Score), true
			}
		}
		if others {
			p.Margin = p.Score - best
		}
	}
	for _, t := range r.Turns {
		p := &players[t.Seat]
		switch {
		case t.Action == nil:
		case *t.Action == "floor":
			p.FloorsBuilt++
		case t.Phantom == 1 && *t.Action == "tower-follower":
			p.PhantomTower++
		case t.Phantom == 1:
			*p.phantomOn(*t.Feature)++
		}
	}
	// Turns and second figures come in the order of the turns.
	t := 0
	for _, s := range r.Seconds {
		for r.Turns[t].Turn != s.Turn {
			t++
		}
		p := &players[r.Turns[t].Seat]
		p.PhantomSecond++
		*p.phantomOn(s.Feature)++
	}
	for _, s := range r.Scores {
		p := &players[s.Seat]
		*p.pointsOf(s.Feature) += s.Points
		if s.Phantom == 1 {
			p.PhantomPoints += s.Points
		}
	}
	for _, c := range r.Captures {
		captor, victim := &players[c.Captor], &players[c.Victim]
		if c.Captor == c.Victim {
			captor.OwnTakenBack++
			continue
		}
		captor.CapturesMade++
		victim.CapturesSuffered++
		if c.Phantom == 1 {
			captor.PhantomTaken++
			victim.PhantomLost++
		}
	}
	for _, x := range r.Ransoms {
		payer := &players[x.Payer]
		payer.RansomsPaid += x.Points
		players[x.Payee].RansomsReceived += x.Points
		payer.PhantomRansomed += x.Phantom
	}
	for _, x := range r.Exchanges {
		players[x.A].PhantomExchanged += x.APhantom
		players[x.B].PhantomExchanged += x.BPhantom
	}
}

// pointsOf is the field of the points from a kind of feature.
func (p *PlayerRow) pointsOf(feature string) *int64 {
	switch feature {
	case "city":
		return &p.CityPoints
	case "road":
		return &p.RoadPoints
	case "cloister":
		return &p.CloisterPoints
	}
	return &p.FieldPoints
}

// phantomOn is the field of the phantoms placed where: a kind of feature
// of a tile, or "tower".
func (p *PlayerRow) phantomOn(where string) *int64 {
	switch where {
	case "city":
		return &p.PhantomCity
	case "road":
		return &p.PhantomRoad
	case "cloister":
		return &p.PhantomCloister
	case "tower":
		return &p.PhantomTower
	}
	return &p.PhantomField
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

func (r *GameRows) fillInvalid(g *replay.Game) {
	id := invalidID(g)
	r.ID = id
	invalid := &r.Invalid
	*invalid = InvalidGameRow{ID: id, File: g.File, Index: int64(g.Index)}
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
		r.Diagnostics = append(r.Diagnostics, row)
	}
}

// setKey gives every row's values of a valid game the game's key.
func (r *pending) setKey(gid int64) {
	key := any(gid)
	for t := tGames; t <= tDiscards; t++ {
		vals, cols := r.values[t], len(Tables[t].Columns)
		for i := 0; i < len(vals); i += cols {
			vals[i] = key
		}
	}
}

// rowCount is the number of rows the game adds to the database.
func (r *pending) rowCount() int {
	n := 0
	for t := range r.values {
		n += len(r.values[t]) / len(Tables[t].Columns)
	}
	return n
}
