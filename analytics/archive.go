package analytics

import (
	"context"
	"database/sql"

	"github.com/towerlog/towerlog/analytics/filter"
)

// EventInfo is one event of a selection of games: its Event tag (NoEvent
// for the games without one), the first and last dates of its games, and
// how many games, players and rounds it has.
type EventInfo struct {
	Name    string `json:"name"`
	First   string `json:"first,omitempty"` // YYYY-MM-DD, "" when no game has a date
	Last    string `json:"last,omitempty"`
	Games   int    `json:"games"`
	Players int    `json:"players"`
	Rounds  int    `json:"rounds"` // distinct Round tags, a game without one counting as one
	// Leader is the first of its players by RankingRule over the games
	// chosen (EventList only): the winner of a finished event.
	Leader string `json:"leader,omitempty"`
}

// NoEvent is the name of the pseudo-event of the games without an Event
// tag (filter.NoEvent): EventList lists them under it, and a filter's
// Event takes it. The site shows them under this name, as an event
// listed after the others whose page is that of the filter Event NoEvent.
const NoEvent = filter.NoEvent

// Events returns the events of the games f selects, the latest first
// (by their last date, then name); games without an Event tag are not
// in any. It reads one row per event: its memory grows with the
// events, not the games.
func (s *Store) Events(ctx context.Context, f filter.Filter) ([]EventInfo, error) {
	return s.events(ctx, f, false)
}

// EventList returns the events of the games f selects (f.Event aside) as
// Events does, then the pseudo-event NoEvent of the games without an
// Event tag if f selects any, each with its Leader (the first of its
// PlayerStatistics).
func (s *Store) EventList(ctx context.Context, f filter.Filter) ([]EventInfo, error) {
	f.Event = ""
	if _, err := s.CountGames(ctx, f); err != nil {
		return nil, err
	}
	events, err := s.events(ctx, f, true)
	if err != nil {
		return nil, err
	}
	for i := range events {
		f.Event = events[i].Name
		stats, err := s.PlayerStatistics(ctx, f)
		if err != nil {
			return nil, err
		}
		if len(stats) > 0 && stats[0].Games > 0 {
			events[i].Leader = stats[0].Name
		}
	}
	return events, nil
}

// events reads the events of the games f selects, with the pseudo-event
// NoEvent last when none is true.
func (s *Store) events(ctx context.Context, f filter.Filter, none bool) ([]EventInfo, error) {
	where, args, err := f.Where()
	if err != nil {
		return nil, err
	}
	tagged := "1"
	if !none {
		tagged = "g.event IS NOT NULL AND g.event <> ''"
	}
	var out []EventInfo
	err = eachRow(ctx, s.db, `SELECT coalesce(nullif(g.event, ''), '`+NoEvent+`'), coalesce(min(g.date), ''), coalesce(max(g.date), ''),
			count(DISTINCT g.gid), count(DISTINCT p.name), count(DISTINCT coalesce(g.round, ''))
		FROM games g JOIN players p ON p.game = g.gid WHERE `+tagged+` AND (`+where+`)
		GROUP BY nullif(g.event, '') ORDER BY nullif(g.event, '') IS NULL, 3 DESC, 1`, args, func(rows *sql.Rows) error {
		var e EventInfo
		if err := rows.Scan(&e.Name, &e.First, &e.Last, &e.Games, &e.Players, &e.Rounds); err != nil {
			return err
		}
		out = append(out, e)
		return nil
	})
	return out, err
}

// ArchiveFigures are the headline figures of a selection of games.
type ArchiveFigures struct {
	Games, Finished, Players, Events int
	First, Last                      string // dates, "" without one
}

// Figures returns the headline figures of the games f selects.
func (s *Store) Figures(ctx context.Context, f filter.Filter) (ArchiveFigures, error) {
	var a ArchiveFigures
	where, args, err := f.Where()
	if err != nil {
		return a, err
	}
	err = s.db.QueryRowContext(ctx, `WITH sel AS (SELECT g.gid FROM games g WHERE `+where+`)
		SELECT count(*), coalesce(sum(g.finished), 0), coalesce(min(g.date), ''), coalesce(max(g.date), ''),
			(SELECT count(DISTINCT p.name) FROM players p JOIN sel ON sel.gid = p.game),
			count(DISTINCT nullif(g.event, ''))
		FROM games g JOIN sel ON sel.gid = g.gid`, args...).Scan(&a.Games, &a.Finished, &a.First, &a.Last, &a.Players, &a.Events)
	return a, err
}

// LatestGames calls emit with the n latest games f selects (by date,
// then key), the latest first, with their players but not their records.
func (s *Store) LatestGames(ctx context.Context, f filter.Filter, n int, emit func(*Game) error) error {
	where, args, err := f.Where()
	if err != nil {
		return err
	}
	_, err = selectOrdered(ctx, s.db, `g.gid IN (SELECT g.gid FROM games g WHERE `+where+`
		ORDER BY coalesce(g.date, '') DESC, g.gid DESC LIMIT ?)`, append(append([]any{}, args...), n),
		"coalesce(g.date, '') DESC, g.gid DESC", false, emit)
	return err
}

// GamesByRound calls emit with each game f selects, with its players but
// not its record, by round (as people number them, games without a
// round last) and then by key. When f selects nothing, the error is a
// *filter.NoGamesError.
func (s *Store) GamesByRound(ctx context.Context, f filter.Filter, emit func(*Game) error) error {
	if _, err := s.CountGames(ctx, f); err != nil {
		return err
	}
	where, args, err := f.Where()
	if err != nil {
		return err
	}
	_, err = selectOrdered(ctx, s.db, where, args, "coalesce(g.round, '') = '', coalesce(g.round, '') COLLATE "+roundCollation+", g.gid", false, emit)
	return err
}

// SelectsGame reports whether f selects a stored game whose id starts
// with key (lower-case hex digits): the site asks it of the game pages it
// wrote before, one at a time, instead of holding every game's name.
func (s *Store) SelectsGame(ctx context.Context, f filter.Filter, key string) (bool, error) {
	where, args, err := f.Where()
	if err != nil {
		return false, err
	}
	// A range of the games_id index: every id that starts with key.
	var n int
	err = s.db.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1 FROM games g WHERE g.id >= ? AND g.id < ? AND (`+where+`) LIMIT 1)`,
		append([]any{key, key + "g"}, args...)...).Scan(&n)
	return n > 0, err
}
