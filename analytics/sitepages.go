package analytics

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"sort"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/towerlog/towerlog/analytics/filter"
	"github.com/towerlog/towerlog/analytics/rating"
	"github.com/towerlog/towerlog/internal/collation"
)

// OpenShared opens the database file at path for reading only, as
// OpenReadOnly does, but shares the log of the writers even when none is
// writing (no -wal file beside it): SQLite then makes the -wal and -shm
// files beside the database, so that a read transaction (a Snapshot) sees
// one state of the database while an ingest or a removal writes, which
// an immutable file cannot promise. Where they cannot be made (a
// read-only directory or mount), it opens the file as OpenReadOnly does.
func OpenShared(ctx context.Context, path string) (*Store, error) {
	if err := checkFile(ctx, path, true); err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite", dsn(path, readPragmas+"&mode=ro"))
	if err != nil {
		return nil, err
	}
	if err := checkMigrated(ctx, db, path); err != nil {
		db.Close()
		var se *sqlite.Error
		if errors.As(err, &se) && (se.Code()&0xff == sqlite3.SQLITE_READONLY || se.Code()&0xff == sqlite3.SQLITE_CANTOPEN) {
			return OpenReadOnly(ctx, path)
		}
		return nil, err
	}
	return &Store{db: db, path: path}, nil
}

// A Snapshot is the games a filter selects as one state of the store:
// everything read from it is read in one read transaction, so that what
// it says of the games, the events and the players agrees, whatever
// another connection commits meanwhile (with a store of OpenShared or
// Open; a store of OpenReadOnly opened immutable is not to be written
// meanwhile). It answers the site's questions, each read in one ordered
// pass over an index, so that no step of it costs more as the selection
// grows. Its methods are to be called one at a time. Close it when done.
type Snapshot struct {
	tx    *sql.Tx
	where string
	args  []any
	games int
	// history: temp.rating_history holds the players' rating histories
	// (Ratings).
	history bool
	// marked: temp.marked holds the keys of the games MarkGame marked.
	marked bool
}

// Snapshot opens the snapshot of the games f selects. When f selects
// nothing, the error is a *filter.NoGamesError.
func (s *Store) Snapshot(ctx context.Context, f filter.Filter) (*Snapshot, error) {
	where, args, err := f.Where()
	if err != nil {
		return nil, err
	}
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	sn := &Snapshot{tx: tx, where: where, args: args}
	// The first read fixes the state that the transaction reads.
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM games g WHERE `+where, args...).Scan(&sn.games); err != nil {
		tx.Rollback()
		return nil, err
	}
	if sn.games == 0 && !f.IsZero() {
		tx.Rollback()
		return nil, s.NoGames(ctx, f)
	}
	return sn, nil
}

// Close ends the snapshot's transaction; what it made (temporary tables)
// goes with it.
func (sn *Snapshot) Close() error { return sn.tx.Rollback() }

// Games is the number of games of the snapshot.
func (sn *Snapshot) Games() int { return sn.games }

// EachGame calls emit with each game of the snapshot, with its players
// and its record, in the order of their keys (see SelectGames).
func (sn *Snapshot) EachGame(ctx context.Context, emit func(*Game) error) error {
	_, err := selectOrderedIn(ctx, sn.tx, sn.where, sn.args, "g.gid", true, emit)
	return err
}

// EachStamp calls emit with each game of the snapshot, with its players
// and the Stamp of its record but not the record, in the order of their
// keys: what tells a game whose page is made already from one whose
// record changed, at a small part of the cost of reading the records
// (their texts are uncompressed against rows that EachStamp does not
// read). Mark the games whose records are needed, and read them with
// EachMarkedGame.
func (sn *Snapshot) EachStamp(ctx context.Context, emit func(*Game) error) error {
	return eachSelected(ctx, sn.tx, sn.where, sn.args, "g.gid", true, func(g *Game, stored []byte) error {
		g.Stamp = stampOf(stored)
		return emit(g)
	})
}

// MarkGame marks the game of key gid for EachMarkedGame.
func (sn *Snapshot) MarkGame(ctx context.Context, gid int64) error {
	if !sn.marked {
		if _, err := sn.tx.ExecContext(ctx, `CREATE TEMP TABLE marked (gid INTEGER PRIMARY KEY)`); err != nil {
			return err
		}
		sn.marked = true
	}
	_, err := sn.tx.ExecContext(ctx, `INSERT OR IGNORE INTO temp.marked (gid) VALUES (?)`, gid)
	return err
}

// EachMarkedGame is EachGame of the games marked by MarkGame alone: their
// rows and records are read in one ordered pass, as EachGame reads all.
func (sn *Snapshot) EachMarkedGame(ctx context.Context, emit func(*Game) error) error {
	if !sn.marked {
		return nil
	}
	_, err := selectOrderedIn(ctx, sn.tx, "("+sn.where+") AND g.gid IN (SELECT gid FROM temp.marked)", sn.args, "g.gid", true, emit)
	return err
}

// stampOf is the Stamp of a record as stored: the start of its SHA-256.
// The stored bytes and the game's identity fix the record's text (the
// dictionary a record is compressed against is built from rows that the
// identity fixes, recordcodec), so a page made from a game of the same
// identity and stamp shows the same record.
func stampOf(stored []byte) string {
	if stored == nil {
		return ""
	}
	sum := sha256.Sum256(stored)
	return hex.EncodeToString(sum[:16])
}

// eventWhere is the condition of the snapshot's games of one event, or
// of the games without an Event tag for the pseudo-event NoEvent.
func (sn *Snapshot) eventWhere(event string) (string, []any) {
	if event == NoEvent {
		return "(" + sn.where + ") AND (g.event IS NULL OR g.event = '')", sn.args
	}
	return "(" + sn.where + ") AND g.event = ?", append(append([]any{}, sn.args...), event)
}

// EventSummary is Store.EventSummary of the snapshot's games of the
// event named event.
func (sn *Snapshot) EventSummary(ctx context.Context, event string) (*Standings, error) {
	where, args := sn.eventWhere(event)
	return eventSummary(ctx, sn.tx, where, args)
}

// EachPlayerRoundGames is Store.EachRoundGames of every player of the
// snapshot's games of the event named event, in one query: emit is
// called with each player's games, a player at a time (in the order of
// their names) and round by round.
func (sn *Snapshot) EachPlayerRoundGames(ctx context.Context, event string, st *Standings,
	emit func(player string, round int, games []RoundGame) error) error {
	where, args := sn.eventWhere(event)
	return playersRoundGames(ctx, sn.tx, where, args, st, emit)
}

// PlayerStatistics is Store.PlayerStatistics of the snapshot's games.
func (sn *Snapshot) PlayerStatistics(ctx context.Context) ([]PlayerStats, error) {
	return playerStatistics(ctx, sn.tx, sn.where, sn.args)
}

// Ratings returns the Glicko-2 ladder of the snapshot's finished games
// (Store.Ladder's), and keeps every player's rating history, every point
// of it, in a temporary table of the snapshot that EachPlayer reads: the
// ladder's memory grows with the players, not with their periods.
func (sn *Snapshot) Ratings(ctx context.Context) (*rating.Ladder, error) {
	for _, q := range []string{`DROP TABLE IF EXISTS temp.rating_history`,
		`CREATE TEMP TABLE rating_history (name TEXT NOT NULL, period INTEGER NOT NULL, date TEXT NOT NULL,
			round TEXT NOT NULL, r REAL NOT NULL, rd REAL NOT NULL, volatility REAL NOT NULL)`} {
		if _, err := sn.tx.ExecContext(ctx, q); err != nil {
			return nil, err
		}
	}
	insert, err := sn.tx.PrepareContext(ctx, `INSERT INTO temp.rating_history VALUES (?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return nil, err
	}
	defer insert.Close()
	var failed error
	l := rating.NewLadderEmitting(func(name string, p rating.Point) {
		if failed == nil {
			_, failed = insert.ExecContext(ctx, name, p.Period, p.Date, p.Round, p.R, p.RD, p.Volatility)
		}
	})
	_, err = selectOrderedIn(ctx, sn.tx, "g.finished AND ("+sn.where+")", sn.args, ratingOrder, false, func(g *Game) error {
		l.Add(ratingGame(g))
		return failed
	})
	l.Periods() // closes the last period: its points are emitted
	if err = errors.Join(err, failed); err != nil {
		return nil, err
	}
	// The index after the rows, as after a bulk load: a player's points
	// in the order of the periods (rowid).
	if _, err := sn.tx.ExecContext(ctx, `CREATE INDEX temp.rating_history_name ON rating_history(name)`); err != nil {
		return nil, err
	}
	sn.history = true
	return l, nil
}

// PlayerSummary is what a player's page says of the player's games,
// besides each game: places, the record against each opponent, and the
// rating history.
type PlayerSummary struct {
	Name    string
	Places  []PlaceCount // by place, finished games only
	Against []Opponent   // by name, finished games only
	// History is the rating after each period the player played in, the
	// latest rating.HistoryLimit; nil without a finished game, or when
	// Ratings was not asked for first.
	History []rating.Point
}

// PlaceCount is how many games a player finished in a place.
type PlaceCount struct{ Place, Games int }

// Opponent is a player's record against another, at the same tables.
type Opponent struct {
	Name string
	HeadToHead
}

// EachPlayer calls game with each game of each player of the snapshot,
// in the order of the players' names and then of the games' keys (the
// game with its players, without its record; me is the player's seat),
// and done after each player's last game with what the games add up to.
// It reads every player's games in one ordered pass over the index of
// players by name, and the rating histories (Ratings) in another beside
// it: its memory grows with one player's opponents, and no step of it
// costs more as the selection grows.
func (sn *Snapshot) EachPlayer(ctx context.Context, game func(g *Game, me GamePlayer) error, done func(*PlayerSummary) error) error {
	hist, err := sn.histories(ctx)
	if err != nil {
		return err
	}
	defer hist.close()
	var v rowValues
	rows, err := queryValues(ctx, sn.tx, `SELECT p.name, g.gid, g.id, g.event, g.date, g.round, g.rules, g.result, g.finished, g.turns,
			q.name, q.colour, q.score, q.rank
		FROM players p INDEXED BY players_name CROSS JOIN games g ON g.gid = p.game CROSS JOIN players q ON q.game = p.game
		WHERE `+sn.where+` ORDER BY p.name, p.game, q.seat`, sn.args, &v)
	if err != nil {
		return err
	}
	defer rows.Close()
	var sum *PlayerSummary
	var g *Game
	places := map[int]int{}
	against := map[string]*HeadToHead{}
	// endGame hands the game read to game and counts it.
	endGame := func() error {
		if g == nil {
			return nil
		}
		var me GamePlayer
		for _, p := range g.Players {
			if p.Name == sum.Name {
				me = p
			}
		}
		if g.Finished {
			places[me.Rank]++
			for _, o := range g.Players {
				if o.Name == sum.Name {
					continue
				}
				h := against[o.Name]
				if h == nil {
					h = &HeadToHead{}
					against[o.Name] = h
				}
				h.Count(me, o)
			}
		}
		err := game(g, me)
		g = nil
		return err
	}
	endPlayer := func() error {
		if err := endGame(); err != nil || sum == nil {
			return err
		}
		for k, n := range places {
			sum.Places = append(sum.Places, PlaceCount{Place: k, Games: n})
		}
		sort.Slice(sum.Places, func(i, j int) bool { return sum.Places[i].Place < sum.Places[j].Place })
		for o, h := range against {
			sum.Against = append(sum.Against, Opponent{Name: o, HeadToHead: *h})
		}
		slices.SortFunc(sum.Against, func(a, b Opponent) int { return collation.Compare(a.Name, b.Name) })
		clear(places)
		clear(against)
		var err error
		if sum.History, err = hist.take(sum.Name); err != nil {
			return err
		}
		return done(sum)
	}
	for rows.Next() {
		if err := v.scan(rows); err != nil {
			return err
		}
		name, gid := v.text(), v.int()
		row := Game{GID: gid, ID: v.text(), Event: v.orEmpty(), Date: v.orEmpty(), Round: v.orEmpty(), Rules: v.text(),
			Result: v.orEmpty(), Finished: v.int() != 0, Turns: int(v.int())}
		seat := GamePlayer{Name: v.text(), Colour: v.orEmpty(), Score: int(v.int()), Rank: int(v.int())}
		if v.err != nil {
			return fmt.Errorf("game %d: %w", gid, v.err)
		}
		if sum == nil || sum.Name != name {
			if err := endPlayer(); err != nil {
				return err
			}
			sum = &PlayerSummary{Name: name}
		}
		if g == nil || g.GID != gid {
			if err := endGame(); err != nil {
				return err
			}
			g = &row
		}
		g.Players = append(g.Players, seat)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	return endPlayer()
}

// historyCursor reads the rating histories of temp.rating_history in the
// order of the players' names, one player at a time.
type historyCursor struct {
	rows *sql.Rows
	next rating.Point
	name string // next's player
	more bool
	err  error
}

// histories opens the cursor of the histories, empty when Ratings was
// not asked for.
func (sn *Snapshot) histories(ctx context.Context) (*historyCursor, error) {
	c := &historyCursor{}
	if !sn.history {
		return c, nil
	}
	var err error
	c.rows, err = sn.tx.QueryContext(ctx, `SELECT name, period, date, round, r, rd, volatility
		FROM temp.rating_history INDEXED BY rating_history_name ORDER BY name, rowid`)
	if err != nil {
		return nil, err
	}
	c.advance()
	return c, c.err
}

func (c *historyCursor) advance() {
	c.more = c.rows.Next()
	if c.more {
		p := &c.next
		c.err = c.rows.Scan(&c.name, &p.Period, &p.Date, &p.Round, &p.R, &p.RD, &p.Volatility)
		return
	}
	c.err = c.rows.Err()
}

// take returns the latest rating.HistoryLimit points of the player
// named name, passing over the players before it.
func (c *historyCursor) take(name string) ([]rating.Point, error) {
	if c.rows == nil {
		return nil, nil
	}
	for c.more && c.err == nil && c.name < name {
		c.advance()
	}
	var out []rating.Point
	for c.more && c.err == nil && c.name == name {
		out = append(out, c.next)
		c.advance()
	}
	if len(out) > rating.HistoryLimit {
		out = out[len(out)-rating.HistoryLimit:]
	}
	return out, c.err
}

func (c *historyCursor) close() {
	if c.rows != nil {
		c.rows.Close()
	}
}

// queryValues runs query in tx and readies v to scan its rows as the
// driver gives the values (see rowValues).
func queryValues(ctx context.Context, tx *sql.Tx, query string, args []any, v *rowValues) (*sql.Rows, error) {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	cols, err := rows.Columns()
	if err != nil {
		rows.Close()
		return nil, err
	}
	v.init(cols)
	return rows, nil
}
