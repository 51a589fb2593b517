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

// gameRows is one replayed game turned into the rows of every table, ready
// for the writer. Integer columns are held as int64 in table order.
type gameRows struct {
	id      string // sha256 of the canonical record, hex
	valid   bool
	game    gameRow
	players [][]any           // seat, name, colour, score, rank
	tables  [numChild][]int64 // flattened integer rows of the child tables
	invalid invalidRow
	diags   [][]any
}

// gameRow holds the text columns of the games table.
type gameRow struct {
	file                             string
	idx                              int
	event, site, date, round, result any // nil when the tag is absent
	rules                            string
	winner                           any
	seats, turns                     int
}

type invalidRow struct {
	file    string
	idx     int
	event   any
	players any
	errors  int
}

// The child tables whose columns are all integers, written from
// gameRows.tables; the game key goes in front of each row.
const (
	tTurns = iota
	tScores
	tCaptures
	tExchanges
	tRansoms
	tDiscards
	numChild
)

// childTables lists each integer table's name and columns (after game).
var childTables = [numChild]struct {
	name string
	cols []string
}{
	tTurns:     {"turns_packed", []string{"turn", "code", "target", "points"}},
	tScores:    {"scores", []string{"seq", "turn", "feature", "size", "pennants", "points", "scorers", "final"}},
	tCaptures:  {"captures", []string{"seq", "turn", "captor", "victim", "tower_x", "tower_y", "height", "distance", "victim_x", "victim_y", "stood_on"}},
	tExchanges: {"exchanges", []string{"seq", "turn", "a", "b"}},
	tRansoms:   {"ransoms", []string{"seq", "turn", "payer", "payee", "points"}},
	tDiscards:  {"discards", []string{"seq", "turn", "seat", "tile"}},
}

// null marks a NULL in an integer row (no real column value is this).
const null = -1 << 62

// gameID returns the identifier of a record: the SHA-256 of its canonical
// form, so that the same game stored twice, however it was written, is one.
func gameID(rg *record.Game, buf []byte) (string, []byte) {
	buf = record.AppendGame(buf[:0], rg)
	sum := sha256.Sum256(buf)
	return hex.EncodeToString(sum[:]), buf
}

// invalidID identifies a game that failed validation by where it was read
// and what it says, so that ingesting the same file again finds it.
func invalidID(g *replay.Game, buf []byte) (string, []byte) {
	h := sha256.New()
	fmt.Fprintf(h, "invalid\x00%s\x00%d\x00", g.File, g.Index)
	if g.Record != nil {
		buf = record.AppendGame(buf[:0], g.Record)
		h.Write(buf)
	}
	return hex.EncodeToString(h.Sum(nil)), buf
}

// newRows turns a replayed game into rows. buf is scratch space for the
// canonical record and is returned for reuse.
func newRows(g *replay.Game, buf []byte) (*gameRows, []byte) {
	r := &gameRows{valid: g.Valid() && g.Record != nil && g.State != nil}
	if !r.valid {
		r.id, buf = invalidID(g, buf)
		r.fillInvalid(g)
		return r, buf
	}
	r.id, buf = gameID(g.Record, buf)
	r.fillGame(g)
	r.fillTurns(g)
	r.fillEvents(g)
	return r, buf
}

func tagOrNil(rg *record.Game, name string) any {
	if v, ok := rg.Tag(name); ok {
		return v
	}
	return nil
}

func (r *gameRows) fillGame(g *replay.Game) {
	rg := g.Record
	r.game = gameRow{
		file: g.File, idx: g.Index,
		event: tagOrNil(rg, "Event"), site: tagOrNil(rg, "Site"), round: tagOrNil(rg, "Round"),
		result: tagOrNil(rg, "Result"), date: isoDate(rg),
		rules: g.Rules.String(), seats: len(g.Players), turns: len(g.Turns),
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
		rank := 1
		for _, s := range scores {
			if s > scores[seat] {
				rank++
			}
		}
		if rank == 1 && winners == 1 {
			r.game.winner = name
		}
		var colour any
		if p.Colour != "" {
			colour = p.Colour
		}
		r.players = append(r.players, []any{seat, name, colour, scores[seat], rank})
	}
}

// isoDate turns the Date tag into YYYY-MM-DD (00 for an unknown month or
// day), or nil when the tag is absent, malformed or has no year.
func isoDate(rg *record.Game) any {
	d, err := rg.Date()
	if err != nil || d.Year == 0 {
		return nil
	}
	return fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day)
}

func (r *gameRows) fillTurns(g *replay.Game) {
	events := g.Events()
	prev := make([]int, len(g.Players))
	for _, t := range g.Turns {
		points := 0
		if t.Seat < len(t.Scores) {
			points = t.Scores[t.Seat] - prev[t.Seat]
		}
		copy(prev, t.Scores)
		r.add(tTurns, int64(t.Number), turnCode(&t, events), turnTarget(&t), int64(points))
	}
}

// coord offsets a board coordinate into 16 bits (the engine keeps them
// within ±16000).
func coord(v int) int64 { return int64(v+32768) & 0xffff }

// turnCode packs a turn as the code column of the turns table documents.
func turnCode(t *replay.Turn, events []engine.Event) int64 {
	c := int64(t.Seat&7) | int64(t.Action&3)<<3
	if t.Placed {
		c |= int64(t.Rot&3)<<5 | 1<<7 | int64(t.Tile&127)<<8 | coord(t.Pos.X)<<26 | coord(t.Pos.Y)<<42
	}
	switch t.Action {
	case replay.ActionFollower:
		c |= int64(t.Spot.Kind&7) << 15
	case replay.ActionFloor:
		for _, e := range events[t.EventsFrom:t.EventsTo] {
			if e.Kind == engine.EventFloor {
				c |= int64(min(e.Height, 255)) << 18
			}
		}
	}
	return c
}

// turnTarget packs the tower square of a tower action, or gives null.
func turnTarget(t *replay.Turn) int64 {
	if t.Action != replay.ActionFloor && t.Action != replay.ActionTowerFollower {
		return null
	}
	return coord(t.Target.X)<<16 | coord(t.Target.Y)
}

// fillEvents writes the events of each turn under that turn's number (the
// final scoring under the last turn, with final set).
func (r *gameRows) fillEvents(g *replay.Game) {
	events := g.Events()
	for _, t := range g.Turns {
		turn := int64(t.Number)
		for i := t.EventsFrom; i < t.EventsTo; i++ {
			e := &events[i]
			seq := int64(i)
			switch e.Kind {
			case engine.EventScore:
				r.add(tScores, seq, turn, int64(e.Feature), int64(e.Size), int64(e.Pennants), int64(e.Points), int64(e.Scorers), b2i(e.Final))
			case engine.EventCapture:
				r.add(tCaptures, seq, turn, int64(e.Player), int64(e.Other), int64(e.Pos.X), int64(e.Pos.Y), int64(e.Height), int64(e.Distance),
					int64(e.Target.X), int64(e.Target.Y), int64(e.Feature))
			case engine.EventExchange:
				r.add(tExchanges, seq, turn, int64(e.Player), int64(e.Other))
			case engine.EventRansom:
				r.add(tRansoms, seq, turn, int64(e.Player), int64(e.Other), int64(e.Points))
			case engine.EventDiscard:
				r.add(tDiscards, seq, turn, int64(e.Player), int64(e.Tile))
			}
		}
	}
}

func (r *gameRows) add(table int, vals ...int64) {
	r.tables[table] = append(r.tables[table], vals...)
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func (r *gameRows) fillInvalid(g *replay.Game) {
	r.invalid = invalidRow{file: g.File, idx: g.Index}
	if g.Record != nil {
		r.invalid.event = tagOrNil(g.Record, "Event")
		r.invalid.players = tagOrNil(g.Record, "Players")
	}
	for i, d := range g.Diagnostics {
		if d.Severity == replay.Error {
			r.invalid.errors++
		}
		var file, line, col, turn, player any
		if d.Pos.Filename != "" {
			file = d.Pos.Filename
		}
		if d.Pos.Line > 0 {
			line, col = int64(d.Pos.Line), int64(d.Pos.Column)
		}
		if d.Turn > 0 {
			turn = d.Turn
		}
		if d.Player != "" {
			player = d.Player
		}
		r.diags = append(r.diags, []any{i, d.Code, d.Severity.String(), file, line, col, turn, player, d.Message})
	}
}

// rowCount is the number of rows the game adds to the database.
func (r *gameRows) rowCount() int {
	if !r.valid {
		return 1 + len(r.diags)
	}
	n := 1 + len(r.players)
	for t := range r.tables {
		n += len(r.tables[t]) / len(childTables[t].cols)
	}
	return n
}
