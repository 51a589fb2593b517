package analytics

import (
	"github.com/towerlog/towerlog/replay"
)

// GameRows are the rows one replayed game adds to the tables, as values of
// the row types: what the ingest writes, and what writers of other formats
// read. A valid game has rows in games and its child tables, an invalid
// one in invalid_games and diagnostics. The rows' Game (and the games
// row's GID) is 0 until SetGame gives the game its key.
type GameRows struct {
	Valid       bool
	ID          string // games.id or invalid_games.id
	Game        GameRow
	Players     []PlayerRow
	Turns       []TurnRow
	Towers      []TowerRow
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
	r := &GameRows{Valid: g.Valid() && g.Record != nil && g.State != nil}
	if !r.Valid {
		r.fillInvalid(g)
		return r
	}
	r.fillGame(g)
	r.fillTurns(g)
	r.fillTowers()
	r.fillEvents(g)
	r.fillFigures()
	r.fillLuck(g.Record)
	return r
}

// tableRows gives, for each of Tables by index, the rows of a GameRows in
// that table, one at a time.
var tableRows = [len(Tables)]func(r *GameRows, f func(row)){
	tGames: func(r *GameRows, f func(row)) {
		if r.Valid {
			f(&r.Game)
		}
	},
	tPlayers:       func(r *GameRows, f func(row)) { each(r.Players, f) },
	tTurns:         func(r *GameRows, f func(row)) { each(r.Turns, f) },
	tTowers:        func(r *GameRows, f func(row)) { each(r.Towers, f) },
	tSecondFigures: func(r *GameRows, f func(row)) { each(r.Seconds, f) },
	tScores:        func(r *GameRows, f func(row)) { each(r.Scores, f) },
	tCaptures:      func(r *GameRows, f func(row)) { each(r.Captures, f) },
	tExchanges:     func(r *GameRows, f func(row)) { each(r.Exchanges, f) },
	tRansoms:       func(r *GameRows, f func(row)) { each(r.Ransoms, f) },
	tDiscards:      func(r *GameRows, f func(row)) { each(r.Discards, f) },
	tInvalid: func(r *GameRows, f func(row)) {
		if !r.Valid {
			f(&r.Invalid)
		}
	},
	tDiagnostics: func(r *GameRows, f func(row)) { each(r.Diagnostics, f) },
}

// each calls f with each row of rows.
func each[R any, P interface {
	*R
	row
}](rows []R, f func(row)) {
	for i := range rows {
		f(P(&rows[i]))
	}
}

// SetGame gives every row of a valid game the game's key, gid.
func (r *GameRows) SetGame(gid int64) {
	for t := tGames; t <= tDiscards; t++ {
		tableRows[t](r, func(x row) {
			if k, ok := x.(keyedRow); ok {
				k.setGame(gid)
			}
		})
	}
}

// keyedRow is a row of a valid game's table, whose first column is the
// game's key.
type keyedRow interface {
	row
	setGame(gid int64)
}

func (r *GameRow) setGame(gid int64)         { r.GID = gid }
func (r *PlayerRow) setGame(gid int64)       { r.Game = gid }
func (r *TurnRow) setGame(gid int64)         { r.Game = gid }
func (r *TowerRow) setGame(gid int64)        { r.Game = gid }
func (r *SecondFigureRow) setGame(gid int64) { r.Game = gid }
func (r *ScoreRow) setGame(gid int64)        { r.Game = gid }
func (r *CaptureRow) setGame(gid int64)      { r.Game = gid }
func (r *ExchangeRow) setGame(gid int64)     { r.Game = gid }
func (r *RansomRow) setGame(gid int64)       { r.Game = gid }
func (r *DiscardRow) setGame(gid int64)      { r.Game = gid }
