package analytics

import (
	"context"
	"database/sql"
	"fmt"
	"runtime"
	"strconv"
	"strings"

	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"

	"github.com/towerlog/towerlog/analytics/recordcodec"
	"github.com/towerlog/towerlog/internal/ordered"
)

// UnknownGameError is a reference to a game the database does not hold,
// or holds more than one of.
type UnknownGameError struct {
	Ref     string
	Matches int // 0, or how many games the reference fits
}

func (e *UnknownGameError) Error() string {
	if e.Matches > 1 {
		return fmt.Sprintf("%q fits %d games: give more of the id", e.Ref, e.Matches)
	}
	return fmt.Sprintf("no game %s in the database", e.Ref)
}

// minPrefix is the fewest hex digits of an id a reference may give.
const minPrefix = 6

// StoredRef is a game of the database: a valid game (GID > 0) or a record
// that failed validation (Failed set).
type StoredRef struct {
	GID    int64
	Failed *Failed
}

// FindGame finds the game ref names: a valid game's key (games.gid, as
// games list shows it), or else the start of a game's id (at least six
// hex digits) of a valid game or of a record that failed validation.
func (s *Store) FindGame(ctx context.Context, ref string) (StoredRef, error) {
	if gid, err := strconv.ParseInt(ref, 10, 64); err == nil && gid > 0 {
		var n int
		if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE gid = ?`, gid).Scan(&n); err != nil {
			return StoredRef{}, err
		}
		if n > 0 {
			return StoredRef{GID: gid}, nil
		}
	}
	p := strings.ToLower(ref)
	if len(p) < minPrefix || strings.Trim(p, "0123456789abcdef") != "" {
		return StoredRef{}, &UnknownGameError{Ref: ref}
	}
	var gids []int64
	rows, err := s.db.QueryContext(ctx, `SELECT gid FROM games WHERE substr(id, 1, ?) = ?`, len(p), p)
	if err != nil {
		return StoredRef{}, err
	}
	for rows.Next() {
		var gid int64
		if err := rows.Scan(&gid); err != nil {
			rows.Close()
			return StoredRef{}, err
		}
		gids = append(gids, gid)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return StoredRef{}, err
	}
	var first *Failed
	fits := 0
	err = eachFailed(ctx, s.db, p, 0, func(f Failed) error {
		if fits++; fits == 1 {
			first = &f
		}
		return nil
	})
	if err != nil {
		return StoredRef{}, err
	}
	switch n := len(gids) + fits; {
	case n == 0:
		return StoredRef{}, &UnknownGameError{Ref: ref}
	case n > 1:
		return StoredRef{}, &UnknownGameError{Ref: ref, Matches: n}
	case len(gids) == 1:
		return StoredRef{GID: gids[0]}, nil
	}
	return StoredRef{Failed: first}, nil
}

// Game returns the stored valid game of key gid.
func (s *Store) Game(ctx context.Context, gid int64) (*Game, error) {
	var out *Game
	_, err := selectWhere(ctx, s.db, "g.gid = ?", []any{gid}, true, func(g *Game) error {
		out = g
		return nil
	})
	if err == nil && out == nil {
		err = &UnknownGameError{Ref: strconv.FormatInt(gid, 10)}
	}
	return out, err
}

// NoRecordError is a game stored before records were kept in the
// database: its record is not there to show or replay.
type NoRecordError struct {
	GID   int64
	File  string
	Index int
}

func (e *NoRecordError) Error() string {
	return fmt.Sprintf("game %d (%s game %d) was stored before the database kept records: ingest %s again", e.GID, e.File, e.Index, e.File)
}

// ReplayGame replays a stored valid game from its record.
func (s *Store) ReplayGame(ctx context.Context, gid int64) (*replay.Game, error) {
	g, err := s.Game(ctx, gid)
	if err != nil {
		return nil, err
	}
	if g.Record == "" {
		return nil, &NoRecordError{GID: g.GID, File: g.File, Index: g.Index}
	}
	rg, err := record.NewParser().Parse(record.RawGame{Src: []byte(g.Record)})
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", gid, err)
	}
	return replay.Replay(g.File, g.Index, rg, replay.Options{Lenient: true}), nil
}

// Removed is a game RemoveGames deleted.
type Removed struct {
	Ref     string // as given
	GID     int64  // 0 for a record that had failed validation, and
	ID      string // its id
	File    string
	Index   int
	Players string
}

// RemoveGames deletes the games refs name (see FindGame) with all their
// rows (players, turns, events; for a failed record its diagnostics), in
// one transaction: all of them or, on an error, none.
func (s *Store) RemoveGames(ctx context.Context, refs []string) ([]Removed, error) {
	var found []Removed
	named := map[string]bool{} // each game once, however often named
	for _, ref := range refs {
		r, err := s.FindGame(ctx, ref)
		if err != nil {
			return nil, err
		}
		key := strconv.FormatInt(r.GID, 10)
		if r.Failed != nil {
			key = r.Failed.ID
		}
		if named[key] {
			continue
		}
		named[key] = true
		if r.Failed != nil {
			f := r.Failed
			found = append(found, Removed{Ref: ref, ID: f.ID, File: f.File, Index: f.Index, Players: f.Players})
			continue
		}
		g, err := s.Game(ctx, r.GID)
		if err != nil {
			return nil, err
		}
		found = append(found, Removed{Ref: ref, GID: g.GID, File: g.File, Index: g.Index, Players: g.PlayerNames()})
	}
	tx, err := beginWrite(ctx, ctx, s.db)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	for _, r := range found {
		var err error
		if r.GID > 0 {
			_, err = tx.ExecContext(ctx, `DELETE FROM games WHERE gid = ?`, r.GID)
		} else {
			_, err = tx.ExecContext(ctx, `DELETE FROM invalid_games WHERE id = ?`, r.ID)
		}
		if err != nil {
			return nil, err
		}
	}
	if err := tx.Commit(); err != nil {
		return nil, err
	}
	return found, s.refreshRatings(ctx)
}

// selectWhere calls emit with each stored game of the condition on games
// g, with its players, and with its record when records is true, in the
// order of their keys.
func selectWhere(ctx context.Context, db *sql.DB, where string, args []any, records bool, emit func(*Game) error) (int, error) {
	return selectOrdered(ctx, db, where, args, "g.gid", records, emit)
}

// selectOrdered is selectWhere in the order of the games that order, an
// ORDER BY list of columns of g that ends with a unique one, gives; the
// records are read only in the order of keys ("g.gid"), the order their
// rows are read in (basisStream). Everything is read in one read
// transaction: the games, their players, their records and the rows
// the records are compressed against are of one state of the database,
// whatever another connection commits meanwhile. The records are
// decompressed on every core, and emitted in order.
func selectOrdered(ctx context.Context, db *sql.DB, where string, args []any, order string, records bool, emit func(*Game) error) (int, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	return selectOrderedIn(ctx, tx, where, args, order, records, emit)
}

// selectOrderedIn is selectOrdered in the read transaction tx.
func selectOrderedIn(ctx context.Context, tx *sql.Tx, where string, args []any, order string, records bool, emit func(*Game) error) (int, error) {
	if records && order != "g.gid" {
		return 0, fmt.Errorf("records are read in the order of keys, not by %s", order)
	}
	n := 0
	if !records {
		err := eachSelected(ctx, tx, where, args, order, false, func(g *Game, _ []byte) error {
			n++
			return emit(g)
		})
		return n, err
	}
	bases, err := newBasisStream(ctx, tx, where, args)
	if err != nil {
		return 0, err
	}
	defer bases.close()
	// A game whose record is to be read back: its record as stored
	// and the basis it was compressed against (nil for a game stored
	// without a record).
	type stored struct {
		g      *Game
		record []byte
		b      *recordcodec.Basis
	}
	type read struct {
		g   *Game
		err error
	}
	err = ordered.Run(ctx, runtime.GOMAXPROCS(0), selectAhead, func(send func(stored) error) error {
		return eachSelected(ctx, tx, where, args, order, true, func(g *Game, record []byte) error {
			if record == nil {
				return send(stored{g: g})
			}
			// The game's players are read: its record's basis needs
			// only its rows.
			b := &recordcodec.Basis{Rules: g.Rules}
			for _, p := range g.Players {
				b.Names = append(b.Names, p.Name)
			}
			if err := bases.readRows(g.GID, b); err != nil {
				return err
			}
			return send(stored{g, record, b})
		})
	}, func() func(stored) read {
		return func(s stored) read {
			if s.record != nil {
				text, err := recordcodec.Unpack(s.record, s.b)
				if err != nil {
					return read{err: fmt.Errorf("game %d: %w", s.g.GID, err)}
				}
				s.g.Record = text
				s.g.Stamp = stampOf(s.record)
			}
			return read{g: s.g}
		}
	}, func(r read) error {
		if r.err != nil {
			return r.err
		}
		n++
		return emit(r.g)
	})
	return n, err
}

// selectAhead is the most games a selection holds between reading them
// and emitting them (see ordered.Run): some 4 KB each.
const selectAhead = 64

// selectQuery is the query of eachSelected: the games of where with
// their players, a row a player, in the order of order and seats.
func selectQuery(where, order string, record bool) string {
	recordCol := "NULL"
	if record {
		recordCol = "g.record"
	}
	return `SELECT g.gid, g.id, g.file, g.idx, g.event, g.site, g.date, g.round, g.rules,
			g.result, g.finished, g.winner, g.turns, ` + recordCol + `,
			p.name, p.colour, p.score, p.rank
		FROM games g JOIN players p ON p.game = g.gid
		WHERE ` + where + ` ORDER BY ` + order + `, p.seat`
}

// eachSelected calls fn with each stored game of the condition on games
// g in the given order, with its players, and with its record as stored
// when record is true (nil for a game stored without one).
func eachSelected(ctx context.Context, tx *sql.Tx, where string, args []any, order string, record bool, fn func(g *Game, stored []byte) error) error {
	// Scanned as the driver gives the values (see rowValues): into
	// *int and sql.Null values, database/sql converted the numbers
	// through strings and reflection.
	var v rowValues
	rows, err := queryValues(ctx, tx, selectQuery(where, order, record), args, &v)
	if err != nil {
		return err
	}
	defer rows.Close()
	var cur *Game
	var stored []byte // cur's record as stored
	for rows.Next() {
		if err := v.scan(rows); err != nil {
			return err
		}
		g := Game{GID: v.int(), ID: v.text(), File: v.text(), Index: int(v.int()), Event: v.orEmpty(), Site: v.orEmpty(),
			Date: v.orEmpty(), Round: v.orEmpty(), Rules: v.text(), Result: v.orEmpty(), Finished: v.int() != 0,
			Winner: v.orEmpty(), Turns: int(v.int())}
		rec, _ := column[[]byte](&v, true)
		p := GamePlayer{Name: v.text(), Colour: v.orEmpty(), Score: int(v.int()), Rank: int(v.int())}
		if v.err != nil {
			return fmt.Errorf("game %d: %w", g.GID, v.err)
		}
		if cur == nil || cur.GID != g.GID {
			if cur != nil {
				if err := fn(cur, stored); err != nil {
					return err
				}
			}
			cur, stored = &g, rec
		}
		cur.Players = append(cur.Players, p)
	}
	if err := rows.Err(); err != nil || cur == nil {
		return err
	}
	return fn(cur, stored)
}
