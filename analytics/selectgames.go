package analytics

import (
	"context"
	"strings"

	"github.com/towerlog/towerlog/analytics/filter"
	"github.com/towerlog/towerlog/replay"
)

// Game is a valid game a selection found, from the database or a file.
type Game struct {
	GID     int64        `json:"gid,omitempty"` // its key in the database (0 for a game of a file)
	ID      string       `json:"id"`            // its Identity
	File    string       `json:"file"`          // where it was (last) read
	Index   int          `json:"index"`         // its position there, from 1
	Event   string       `json:"event,omitempty"`
	Site    string       `json:"site,omitempty"`
	Date    string       `json:"date,omitempty"` // YYYY-MM-DD, 00 for an unknown month or day
	Round   string       `json:"round,omitempty"`
	Rules   string       `json:"rules"`
	Players []GamePlayer `json:"players"` // by seat
	// Result is the engine's: the final scores ("96-70") of a finished
	// game, "*" for an unfinished one, whatever its Result tag says.
	Result   string `json:"result,omitempty"`
	Finished bool   `json:"finished"`         // the engine played it to its end and scored it
	Winner   string `json:"winner,omitempty"` // "" when unfinished or first place is shared
	Turns    int    `json:"turns"`
	// Record is the game's record in canonical CGN, annotations
	// included; "" for a game stored before records were kept.
	Record string `json:"record"`
	// Stamp is a fingerprint of the record as the store holds it, set
	// by the reads that give it (Snapshot.EachGame, EachStamp, ...): ""
	// for a game without a record. Two stamps of one game are equal
	// exactly when its record is; see stampOf.
	Stamp string `json:"-"`
}

// GamePlayer is a seat of a Game.
type GamePlayer struct {
	Name   string `json:"name"`
	Colour string `json:"colour,omitempty"`
	Score  int    `json:"score"`
	Rank   int    `json:"rank"` // 1 for the winner(s); 0 in an unfinished game
}

// Failed is a record that failed validation, with its first error.
type Failed struct {
	ID    string `json:"id,omitempty"` // invalid_games.id, for a stored record
	File  string `json:"file"`
	Index int    `json:"index"`
	Event string `json:"event,omitempty"`
	// Players is the Players tag as written.
	Players string `json:"players,omitempty"`
	Errors  int    `json:"errors"`
	// First is the first error, as file:line:col: message.
	First string `json:"first"`
}

// KeptFailed is the most records that failed validation an ingest or a
// selection describes (IngestStats.Failed, SelectStats.Failed): the first
// ones in file order. Their count has them all, so that the memory of an
// archive of broken records stays bounded.
const KeptFailed = 20

// SelectStats counts what a selection read.
type SelectStats struct {
	Read       int // valid games read (for the database: stored)
	Selected   int // games the filter selected, duplicates dropped
	Duplicates int // later copies of a selected game dropped (fileselect.Options.Dedupe)
	Invalid    int // records that failed validation
	// Failed are the first KeptFailed of those records, in file order.
	Failed []Failed
}

// GameOf describes a valid replayed game as the database would store it.
func GameOf(g *replay.Game) *Game {
	r := NewGameRows(g)
	out := &Game{ID: r.Game.ID, File: g.File, Index: g.Index, Event: deref(r.Game.Event), Site: deref(r.Game.Site),
		Date: deref(r.Game.Date), Round: deref(r.Game.Round), Rules: r.Game.Rules, Result: deref(r.Game.Result),
		Finished: r.Game.Finished == 1, Winner: deref(r.Game.Winner), Turns: int(r.Game.Turns), Record: deref(r.Game.Record)}
	for _, p := range r.Players {
		out.Players = append(out.Players, GamePlayer{Name: p.Name, Colour: deref(p.Colour), Score: int(p.Score), Rank: int(p.Rank)})
	}
	return out
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// FailedOf describes a replayed game that failed validation: its file,
// index, event, players and first error.
func FailedOf(g *replay.Game) Failed {
	f := Failed{File: g.File, Index: g.Index}
	if g.Record != nil {
		f.Event = deref(tag(g.Record, "Event"))
		f.Players = deref(tag(g.Record, "Players"))
	}
	for i := range g.Diagnostics {
		if d := &g.Diagnostics[i]; d.Severity == replay.Error {
			if f.Errors == 0 {
				f.First = d.Error()
			}
			f.Errors++
		}
	}
	return f
}

// SelectGames calls emit with each stored game f selects, in the order
// of their keys (the order they were first stored in), with its record
// when records is true (reading a record reads the game's rows: see
// RecordReader). When f selects nothing, the error is a
// *filter.NoGamesError.
func (s *Store) SelectGames(ctx context.Context, f filter.Filter, records bool, emit func(*Game) error) (SelectStats, error) {
	var st SelectStats
	n, err := s.CountGames(ctx, f)
	if err != nil {
		return st, err
	}
	where, args, err := f.Where()
	if err != nil {
		return st, err
	}
	// Without a condition the count is that of every game: a count
	// reads a whole index, which the first line of games list waits for.
	st.Read = n
	if where != "1" {
		if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM games`).Scan(&st.Read); err != nil {
			return st, err
		}
	}
	st.Selected, err = selectWhere(ctx, s.db, where, args, records, emit)
	return st, err
}

// PlayerNames returns the names of a game's players joined by "; ", in
// seat order, as the Players tag lists them without their colours: what
// the store keeps of a failed record's players, and says of a removed
// game.
func (g *Game) PlayerNames() string {
	names := make([]string, len(g.Players))
	for i, p := range g.Players {
		names[i] = p.Name
	}
	return strings.Join(names, "; ")
}
