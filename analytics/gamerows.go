package analytics

import (
	"fmt"

	"github.com/towerlog/towerlog/replay"
)

// GameRows are the rows one replayed game adds to the tables, built as
// the ingest builds them, as values of the row types, for writers of
// other formats. A valid game has rows in games and its child tables, an
// invalid one in invalid_games and diagnostics. The rows' Game (and the
// games row's GID) is 0 until SetGame gives the game its key.
type GameRows struct {
	Valid       bool
	ID          string // games.id or invalid_games.id
	Game        GameRow
	Players     []PlayerRow
	Turns       []TurnRow
	Seconds     []SecondFigureRow
	Scores      []ScoreRow
	Captures    []CaptureRow
	Exchanges   []ExchangeRow
	Ransoms     []RansomRow
	Discards    []DiscardRow
	Invalid     InvalidGameRow
	Diagnostics []DiagnosticRow
}

// NewGameRows turns a replayed game into rows.
func NewGameRows(g *replay.Game) *GameRows {
	r := &GameRows{}
	b := buildRows(g, r)
	r.Valid, r.ID = b.valid, b.id
	return r
}

// add keeps a row built by gameRows.put.
func (r *GameRows) add(x row) {
	switch x := x.(type) {
	case *GameRow:
		r.Game = *x
	case *PlayerRow:
		r.Players = append(r.Players, *x)
	case *TurnRow:
		r.Turns = append(r.Turns, *x)
	case *SecondFigureRow:
		r.Seconds = append(r.Seconds, *x)
	case *ScoreRow:
		r.Scores = append(r.Scores, *x)
	case *CaptureRow:
		r.Captures = append(r.Captures, *x)
	case *ExchangeRow:
		r.Exchanges = append(r.Exchanges, *x)
	case *RansomRow:
		r.Ransoms = append(r.Ransoms, *x)
	case *DiscardRow:
		r.Discards = append(r.Discards, *x)
	case *InvalidGameRow:
		r.Invalid = *x
	case *DiagnosticRow:
		r.Diagnostics = append(r.Diagnostics, *x)
	default:
		panic("analytics: GameRows has no place for a " + fmt.Sprintf("%T", x))
	}
}

// SetGame gives every row of a valid game the game's key, gid.
func (r *GameRows) SetGame(gid int64) {
	r.Game.GID = gid
	for i := range r.Players {
		r.Players[i].Game = gid
	}
	for i := range r.Turns {
		r.Turns[i].Game = gid
	}
	for i := range r.Seconds {
		r.Seconds[i].Game = gid
	}
	for i := range r.Scores {
		r.Scores[i].Game = gid
	}
	for i := range r.Captures {
		r.Captures[i].Game = gid
	}
	for i := range r.Exchanges {
		r.Exchanges[i].Game = gid
	}
	for i := range r.Ransoms {
		r.Ransoms[i].Game = gid
	}
	for i := range r.Discards {
		r.Discards[i].Game = gid
	}
}
