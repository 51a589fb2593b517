package analytics

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/towerlog/towerlog/analytics/identity"

	"github.com/towerlog/towerlog/replay"
)

// IngestOptions tunes Ingest.
type IngestOptions struct {
	// Workers is the number of games replayed at once; 0 means one per core.
	Workers int
	// BatchRows is roughly how many rows one transaction writes; 0 means
	// defaultBatchRows. Every game is written whole within one
	// transaction. The rows go to the database as they come: a
	// transaction holds no more of them in memory than the rows of one
	// INSERT statement per table.
	BatchRows int
	// Lenient accepts games whose annotations are missing or cannot be
	// verified (a missing Result tag); illegal moves are always invalid.
	Lenient bool
	// Progress, when not nil, is called after each game is read, from one
	// goroutine.
	Progress func()
	// Loaders are the formats read, by file ending; nil reads CGN only.
	Loaders replay.Loaders
	// KeepAnnotations keeps the stored value of a tag that a new copy of
	// a stored game gives otherwise; by default the copy's replaces it.
	KeepAnnotations bool
	// Reannotated, when not nil, is called, from one goroutine, for each
	// copy of a stored game that replaced stored annotations, once the
	// replacement is committed.
	Reannotated func(identity.Reannotation)
}

// IngestStats counts what an ingest did.
type IngestStats struct {
	Files   int // files read
	Added   int // valid games stored by this ingest
	Present int // valid games that were already stored (or repeated in the input)
	Updated int // valid games stored (or repeated) with other annotations, which the new ones replaced
	Invalid int // games that failed validation (their diagnostics are stored apart)
	// Failed are the first KeptFailed of those games, in file order, each
	// with its first error: the games read, so that after an error or a
	// cancellation it may name games that Invalid does not count.
	Failed []Failed
	Rows   int // rows written, all tables together
}

// Ingest replays every game of the files and directories in paths (CGN,
// or the formats of o.Loaders) on all cores and stores them: valid games with their turns and events,
// invalid games with their diagnostics only. One goroutine writes, in
// large transactions that each hold whole games, so an ingest killed at
// any moment leaves a consistent database, and running it again adds
// exactly the games that are missing. A game already stored (the same
// Identity) is not stored again: it is counted as present, or as updated
// when its annotations differ, which are then merged: a tag the copy
// lacks keeps its stored value, a tag the copy gives otherwise takes the
// copy's (the stored one with o.KeepAnnotations), and o.Reannotated
// hears of every stored value replaced.
func (s *Store) Ingest(ctx context.Context, paths []string, o IngestOptions) (IngestStats, error) {
	var st IngestStats
	files, err := o.Loaders.ExpandPaths(paths)
	if err != nil {
		return st, err
	}
	st.Files = len(files)
	if o.BatchRows <= 0 {
		o.BatchRows = defaultBatchRows
	}

	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	games := make(chan *pending, queuedGames)
	done := make(chan struct{})
	var werr error
	go func() {
		defer close(done)
		if werr = s.write(ctx, games, o, &st); werr != nil {
			cancel(werr)
		}
	}()

	ro := replay.RunOptions{Workers: o.Workers, Options: replay.Options{Lenient: o.Lenient}, Loaders: o.Loaders}
	// Hashing the canonical record and building the rows need no order:
	// they run on the workers, beside the replays, each of which replays
	// game after game in the same memory. What the rows and the failure
	// take from a game is copied out of it.
	type read struct {
		rows   *pending
		failed Failed // when the game is invalid
	}
	var failed []Failed
	runErr := replay.RunSummaries(ctx, files, ro, func(g *replay.Game) read {
		r := read{rows: newPending(g)}
		if !r.rows.Valid {
			r.failed = FailedOf(g)
		}
		return r
	}, func(r read) error {
		if !r.rows.Valid && len(failed) < KeptFailed {
			failed = append(failed, r.failed)
		}
		select {
		case games <- r.rows:
		case <-ctx.Done():
			return context.Cause(ctx)
		}
		if o.Progress != nil {
			o.Progress()
		}
		return nil
	})
	close(games)
	<-done
	st.Failed = failed
	if werr != nil && !errors.Is(werr, context.Canceled) && !errors.Is(werr, context.DeadlineExceeded) {
		return st, &WriteError{Path: s.path, Stored: st.Added, Err: werr}
	}
	if werr != nil {
		return st, werr
	}
	if runErr == nil && ctx.Err() != nil {
		// Stopped after the last game was read, before the last games
		// were written.
		return st, context.Cause(ctx)
	}
	if runErr != nil {
		return st, runErr
	}
	return st, s.refreshRatings(ctx)
}

// WriteError is an ingest stopped by an error of the database (a full
// disk, an I/O error): the transactions committed before it hold Stored
// games, whole, and an ingest of the same files stores the rest.
type WriteError struct {
	Path   string // the database
	Stored int    // the games this ingest stored before the error
	Err    error
}

// Error names the database and says what was stored, on one line.
func (e *WriteError) Error() string {
	n := fmt.Sprintf("%d games", e.Stored)
	if e.Stored == 1 {
		n = "1 game"
	}
	return fmt.Sprintf("%s: %v (%s stored; the database is consistent: once the cause is fixed, the same command stores the rest)", e.Path, e.Err, n)
}

func (e *WriteError) Unwrap() error { return e.Err }

// defaultBatchRows is the rows of a transaction of Ingest by default.
// The rows go to the database as they come, so the size of a transaction
// costs no memory; larger transactions write no faster (a commit in WAL
// mode is one append to the log), smaller ones write the last pages of
// every table and index to the log again at every commit.
const defaultBatchRows = 50_000

// queuedGames is the number of games whose rows wait for the writer: enough
// to keep it busy, and some 3 MB of rows for 4-player games.
const queuedGames = 64

// write is the one writer: it stores the games it receives in
// transactions of about o.BatchRows rows each, every game whole in one.
// Counts enter st only once their transaction has committed. Once ctx
// ends, no transaction begins: the caller reports why it stopped.
//
// It writes on a connection of its own whose attempts to take the write
// lock are short (writerWait), so that an ingest waiting for another
// writer notices within writerWait that it is to stop; the connection
// gets the pool's busy_timeout back before it returns to the pool.
func (s *Store) write(ctx context.Context, in <-chan *pending, o IngestOptions, st *IngestStats) error {
	bg := context.WithoutCancel(ctx)
	conn, err := s.db.Conn(bg)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(bg, fmt.Sprintf(`PRAGMA busy_timeout = %d`, min(writerWait, busyTimeout).Milliseconds())); err != nil {
		return err
	}
	defer conn.ExecContext(bg, fmt.Sprintf(`PRAGMA busy_timeout = %d`, busyTimeout.Milliseconds()))
	for g := range in {
		if ctx.Err() != nil {
			continue // drained, so that the sender never waits
		}
		if err := s.writeTx(ctx, conn, g, in, o, st); err != nil {
			return err
		}
	}
	return nil
}

// writerWait is how long one attempt of an ingest's writer waits for the
// write lock before beginWrite looks whether the ingest is to stop.
const writerWait = 200 * time.Millisecond

// writeTx stores first and the games that follow it in one transaction,
// until they hold o.BatchRows rows, in is closed or ctx ends, skipping
// those already stored.
//
// A transaction begun is committed with the games it holds even if ctx
// ends meanwhile (a transaction takes a fraction of a second):
// database/sql would roll it back under the statements still to run, and
// the ingest would fail with "the transaction has already been committed
// or rolled back" instead of stopping cleanly. Its statements run without
// ctx's cancellation for the same reason; given a context that can end,
// the driver would also watch it with a goroutine of its own for every
// statement, while these statements are short (a few hundred rows).
func (s *Store) writeTx(ctx context.Context, conn *sql.Conn, first *pending, in <-chan *pending, o IngestOptions, st *IngestStats) error {
	stop := ctx
	ctx = context.WithoutCancel(ctx)
	tx, err := beginWrite(ctx, stop, conn)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	w, err := newTxWriter(ctx, tx, o.KeepAnnotations)
	if err != nil {
		return err
	}
	defer w.close()
	for g, rows := first, 0; ; {
		if err := w.add(g); err != nil {
			return err
		}
		if rows += g.rowCount(); rows >= o.BatchRows || stop.Err() != nil {
			break
		}
		var ok bool
		if g, ok = <-in; !ok {
			break
		}
	}
	if err := w.finish(); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	if o.Reannotated != nil {
		for _, r := range w.look.changes {
			o.Reannotated(r)
		}
	}
	st.Added += w.c.Added
	st.Present += w.c.Present
	st.Updated += w.c.Updated
	st.Invalid += w.c.Invalid
	st.Rows += w.c.Rows
	return nil
}

// txWriter writes games within an ingest's transaction as they come: the
// rows of each new game go to the INSERT statements of their tables,
// which run as they fill, and the games already stored merge their
// annotations. It holds no more rows than one statement's per table.
type txWriter struct {
	look *storedLookup
	ins  [len(Tables)]*inserter
	next int64 // the key of the next game added
	// added and seen are the ids of the valid and the invalid games met
	// by this transaction; later are copies of games it added, which meet
	// them once all their rows are written.
	added, seen map[string]bool
	later       []*pending
	c           IngestStats
}

func newTxWriter(ctx context.Context, tx *sql.Tx, keep bool) (*txWriter, error) {
	// Keys follow the largest stored: the transaction holds the write
	// lock from its start (_txlock=immediate), so no one else takes them.
	var last int64
	if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(gid), 0) FROM games`).Scan(&last); err != nil {
		return nil, err
	}
	look, err := newStoredLookup(ctx, tx, keep, true)
	if err != nil {
		return nil, err
	}
	w := &txWriter{look: look, next: last + 1, added: map[string]bool{}, seen: map[string]bool{}}
	for i := range Tables {
		w.ins[i] = &inserter{ctx: ctx, tx: tx, t: &Tables[i], rows: rowsPerInsert}
	}
	// Every row finds the game it belongs to: a game's own row is written
	// as it comes, before the rows that refer to it.
	w.ins[tGames].rows, w.ins[tInvalid].rows = 1, 1
	return w, nil
}

// add writes g unless it is stored, counting it. A valid game stored
// with other annotations has them merged (see storedLookup.store).
func (w *txWriter) add(g *pending) error {
	id := g.ID
	if !g.Valid {
		w.c.Invalid++
		if w.seen[id] {
			return nil
		}
		w.seen[id] = true
		stored, err := w.look.invalidStored(id)
		if err != nil || stored {
			return err
		}
		return w.insert(g)
	}
	if w.added[id] {
		w.later = append(w.later, g)
		return nil
	}
	fate, err := w.look.store(g)
	if err != nil {
		return err
	}
	if fate != gameNew {
		w.c.count(fate)
		return nil
	}
	w.added[id] = true
	g.setKey(w.next)
	w.next++
	w.c.Added++
	return w.insert(g)
}

// insert queues the rows of g, a game not stored, in the statements of
// their tables.
func (w *txWriter) insert(g *pending) error {
	for t := range g.values {
		if err := w.ins[t].add(g.values[t]); err != nil {
			return err
		}
	}
	w.c.Rows += g.rowCount()
	return nil
}

// finish writes the rows queued (in the order of Tables, parents first),
// then merges the later copies of the games added, now that these are
// stored.
func (w *txWriter) finish() error {
	for _, in := range w.ins {
		if err := in.flush(); err != nil {
			return err
		}
	}
	for _, g := range w.later {
		fate, err := w.look.store(g)
		if err != nil {
			return err
		}
		w.c.count(fate)
	}
	return nil
}

// close closes the statements (the transaction's end would close them
// too).
func (w *txWriter) close() error {
	errs := []error{w.look.close()}
	for _, in := range w.ins {
		if in.full != nil {
			errs = append(errs, in.full.Close())
		}
	}
	return errors.Join(errs...)
}

// count counts a valid game of the given fate.
func (c *IngestStats) count(fate int) {
	switch fate {
	case gameNew:
		c.Added++
	case gamePresent:
		c.Present++
	case gameUpdated:
		c.Updated++
	}
}

// The tables in the order of Tables, by index.
const (
	tGames = iota
	tPlayers
	tTurns
	tTowers
	tSecondFigures
	tScores
	tCaptures
	tExchanges
	tRansoms
	tDiscards
	tInvalid
	tDiagnostics
)

// rowsPerInsert is the number of rows of one INSERT statement. A
// statement of many rows costs one call through database/sql and the
// driver for all of them; the widest table's 500 rows bind 6,500 values,
// well under SQLite's limit of 32,766.
const rowsPerInsert = 500

// inserter writes rows of one table in a transaction with multi-row
// INSERT statements: a prepared one of rows rows, and one of the rows
// left over when flushed.
type inserter struct {
	ctx  context.Context
	tx   *sql.Tx
	t    *Table
	rows int
	full *sql.Stmt // prepared on first use
	args []any
}

// add queues the values of rows and writes the queued rows a statement
// at a time as they fill one.
func (in *inserter) add(vals []any) error {
	full := in.rows * len(in.t.Columns)
	for len(vals) > 0 {
		n := min(len(vals), full-len(in.args))
		in.args, vals = append(in.args, vals[:n]...), vals[n:]
		if len(in.args) < full {
			continue
		}
		if in.full == nil {
			st, err := in.tx.PrepareContext(in.ctx, in.t.insertSQL(in.rows))
			if err != nil {
				return err
			}
			in.full = st
		}
		_, err := in.full.ExecContext(in.ctx, in.args...)
		in.args = in.args[:0]
		if err != nil {
			return fmt.Errorf("%s: %w", in.t.Name, err)
		}
	}
	return nil
}

// flush writes the queued rows.
func (in *inserter) flush() error {
	if len(in.args) == 0 {
		return nil
	}
	_, err := in.tx.ExecContext(in.ctx, in.t.insertSQL(len(in.args)/len(in.t.Columns)), in.args...)
	in.args = in.args[:0]
	if err != nil {
		return fmt.Errorf("%s: %w", in.t.Name, err)
	}
	return nil
}
