package analytics

import (
	"context"
	"database/sql"
	"sort"

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

// EventList returns the events of the games f selects (f.Event aside),
// the latest first (by their last date, then name), then the pseudo-event
// NoEvent of the games without an Event tag if f selects any, each with
// its Leader (the first of its PlayerStatistics).
func (s *Store) EventList(ctx context.Context, f filter.Filter) ([]EventInfo, error) {
	f.Event = ""
	if _, err := s.CountGames(ctx, f); err != nil {
		return nil, err
	}
	events, err := s.events(ctx, f)
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
// NoEvent last. It reads one row per event: its memory grows with the
// events, not the games.
func (s *Store) events(ctx context.Context, f filter.Filter) ([]EventInfo, error) {
	where, args, err := f.Where()
	if err != nil {
		return nil, err
	}
	var out []EventInfo
	err = eachRow(ctx, s.db, `SELECT coalesce(nullif(g.event, ''), '`+NoEvent+`'), coalesce(min(g.date), ''), coalesce(max(g.date), ''),
			count(DISTINCT g.gid), count(DISTINCT p.name), count(DISTINCT coalesce(g.round, ''))
		FROM games g JOIN players p ON p.game = g.gid WHERE `+where+`
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

// Events returns the events of the snapshot's games, the latest first
// (by their last date, then name), then the pseudo-event NoEvent of the
// games without an Event tag, if any. It reads the games' seats once, in
// the order of the index on events (event by event, each game's seats
// together), and counts each event's players and rounds as it ends: its
// memory grows with the events and the players of one event, not with
// the games, and so does no step of it.
func (sn *Snapshot) Events(ctx context.Context) ([]EventInfo, error) {
	var out []EventInfo
	var cur *EventInfo
	players, rounds := map[string]bool{}, map[string]bool{}
	var game int64
	end := func() {
		if cur != nil {
			cur.Players, cur.Rounds = len(players), len(rounds)
			out = append(out, *cur)
		}
		clear(players)
		clear(rounds)
		cur = nil
	}
	add := func(rows *sql.Rows) error {
		var event, date, round, name string
		var gid int64
		if err := rows.Scan(&event, &date, &round, &gid, &name); err != nil {
			return err
		}
		if cur == nil || cur.Name != event {
			end()
			cur, game = &EventInfo{Name: event}, 0
		}
		if gid != game {
			game = gid
			cur.Games++
			rounds[round] = true
			if date != "" && (cur.First == "" || date < cur.First) {
				cur.First = date
			}
			cur.Last = max(cur.Last, date)
		}
		players[name] = true
		return nil
	}
	err := eachRow(ctx, sn.tx, `SELECT g.event, coalesce(g.date, ''), coalesce(g.round, ''), g.gid, p.name
		FROM games g INDEXED BY games_event CROSS JOIN players p ON p.game = g.gid
		WHERE g.event > '' AND (`+sn.where+`) ORDER BY g.event, g.gid`, sn.args, add)
	if err != nil {
		return nil, err
	}
	end()
	sort.Slice(out, func(i, j int) bool {
		if out[i].Last != out[j].Last {
			return out[i].Last > out[j].Last
		}
		return out[i].Name < out[j].Name
	})
	where, args := sn.eventWhere(NoEvent)
	err = eachRow(ctx, sn.tx, `SELECT '`+NoEvent+`', coalesce(g.date, ''), coalesce(g.round, ''), g.gid, p.name
		FROM games g CROSS JOIN players p ON p.game = g.gid
		WHERE `+where+` ORDER BY g.gid`, args, add)
	if err != nil {
		return nil, err
	}
	end()
	return out, nil
}

// ArchiveFigures are the headline figures of a selection of games.
type ArchiveFigures struct {
	Games, Finished, Players, Events int
	First, Last                      string // dates, "" without one
}

// Figures returns the headline figures of the snapshot's games.
func (sn *Snapshot) Figures(ctx context.Context) (ArchiveFigures, error) {
	var a ArchiveFigures
	err := sn.tx.QueryRowContext(ctx, `WITH sel AS (SELECT g.gid FROM games g WHERE `+sn.where+`)
		SELECT count(*), coalesce(sum(g.finished), 0), coalesce(min(g.date), ''), coalesce(max(g.date), ''),
			(SELECT count(DISTINCT p.name) FROM players p JOIN sel ON sel.gid = p.game),
			count(DISTINCT nullif(g.event, ''))
		FROM games g JOIN sel ON sel.gid = g.gid`, sn.args...).Scan(&a.Games, &a.Finished, &a.First, &a.Last, &a.Players, &a.Events)
	return a, err
}

// LatestGames calls emit with the n latest games of the snapshot (by
// date, then key), the latest first, with their players but not their
// records.
func (sn *Snapshot) LatestGames(ctx context.Context, n int, emit func(*Game) error) error {
	_, err := selectOrderedIn(ctx, sn.tx, `g.gid IN (SELECT g.gid FROM games g WHERE `+sn.where+`
		ORDER BY coalesce(g.date, '') DESC, g.gid DESC LIMIT ?)`, append(append([]any{}, sn.args...), n),
		"coalesce(g.date, '') DESC, g.gid DESC", false, emit)
	return err
}

// GamesByRound calls emit with each game of the snapshot's of the event
// named event, with its players but not its record, by round (as people
// number them, games without a round last) and then by key.
func (sn *Snapshot) GamesByRound(ctx context.Context, event string, emit func(*Game) error) error {
	where, args := sn.eventWhere(event)
	_, err := selectOrderedIn(ctx, sn.tx, where, args, "coalesce(g.round, '') = '', coalesce(g.round, '') COLLATE "+roundCollation+", g.gid", false, emit)
	return err
}

// SelectsGame reports whether the snapshot holds a game whose id starts
// with key (lower-case hex digits): the site asks it of the game pages it
// wrote before, one at a time, instead of holding every game's name.
func (sn *Snapshot) SelectsGame(ctx context.Context, key string) (bool, error) {
	// A range of the games_id index: every id that starts with key.
	var n int
	err := sn.tx.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1 FROM games g WHERE g.id >= ? AND g.id < ? AND (`+sn.where+`) LIMIT 1)`,
		append([]any{key, key + "g"}, sn.args...)...).Scan(&n)
	return n > 0, err
}
