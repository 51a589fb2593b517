package analytics

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"

	"github.com/towerlog/towerlog/analytics/identity"

	"github.com/towerlog/towerlog/replay"
)

// IngestOptions tunes Ingest.
type IngestOptions struct {
	// Workers is the number of games replayed at once; 0 means one per core.
	Workers int
	// BatchRows is roughly how many rows one transaction writes; 0 means
	// defaultBatchRows. Every game is written whole within one
	// transaction. The batch is held in memory until it is written.
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
	// Failed are those games, in file order, each with its first error.
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
	// they run on the workers, beside the replays.
	var failed []Failed
	runErr := replay.RunWith(ctx, files, ro, newPending, func(g *replay.Game, rows *pending) error {
		if !rows.Valid {
			failed = append(failed, failedOf(g))
		}
		select {
		case games <- rows:
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
	if werr != nil {
		return st, werr
	}
	if runErr == nil && ctx.Err() != nil {
		// Stopped after the last game was read, before the last batch
		// was written.
		return st, context.Cause(ctx)
	}
	return st, runErr
}

// defaultBatchRows is the rows of a transaction of Ingest by default. A
// row held for the writer takes about 400 bytes (its values as
// database/sql binds them), so a batch of 50,000 rows holds some 20 MB
// whatever the number of games ingested; larger transactions write no
// faster (a commit in WAL mode is one append to the log).
const defaultBatchRows = 50_000

// queuedGames is the number of games whose rows wait for the writer while
// it writes a batch: enough to keep it busy, and some 3 MB of rows for
// 4-player games.
const queuedGames = 64

// write is the one writer: it gathers games into batches of about
// batchRows rows and stores each batch in one transaction. Counts enter
// st only once their transaction has committed.
func (s *Store) write(ctx context.Context, in <-chan *pending, o IngestOptions, st *IngestStats) error {
	var batch []*pending
	rows := 0
	flush := func() error {
		if len(batch) == 0 || ctx.Err() != nil {
			// Once stopped, no transaction begins: the caller reports
			// why it stopped.
			batch, rows = batch[:0], 0
			return nil
		}
		err := s.writeBatch(ctx, batch, o, st)
		batch, rows = batch[:0], 0
		return err
	}
	for g := range in {
		batch = append(batch, g)
		rows += g.rowCount()
		if rows >= o.BatchRows {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if ctx.Err() != nil {
		return nil // the caller reports why it stopped
	}
	return flush()
}

// writeBatch stores a batch of games in one transaction, skipping those
// already stored.
//
// A transaction begun is finished even if ctx ends meanwhile (a batch
// takes a fraction of a second): database/sql would roll it back under
// the statements still to run, and the ingest would fail with "the
// transaction has already been committed or rolled back" instead of
// stopping cleanly.
func (s *Store) writeBatch(ctx context.Context, batch []*pending, o IngestOptions, st *IngestStats) error {
	ctx = context.WithoutCancel(ctx)
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var c IngestStats
	changes, err := writeGames(ctx, tx, batch, o.KeepAnnotations, &c)
	if err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	if o.Reannotated != nil {
		for _, r := range changes {
			o.Reannotated(r)
		}
	}
	st.Added += c.Added
	st.Present += c.Present
	st.Updated += c.Updated
	st.Invalid += c.Invalid
	st.Rows += c.Rows
	return nil
}

// writeGames writes the games of a batch within tx, parents before
// children, and counts them in c. It returns the stored annotations
// that copies replaced.
//
// Its statements run without ctx's cancellation, as the transaction
// does (see writeBatch); given a context that can end, the driver would
// also watch it with a goroutine of its own for every statement, while
// these statements are short (a few hundred rows).
func writeGames(ctx context.Context, tx *sql.Tx, batch []*pending, keep bool, c *IngestStats) ([]identity.Reannotation, error) {
	ctx = context.WithoutCancel(ctx)
	look, err := newStoredLookup(ctx, tx, keep, true)
	if err != nil {
		return nil, err
	}
	defer look.close()
	games, invalid, later, err := look.unstored(batch, c)
	if err != nil {
		return nil, err
	}
	if err := insertGames(ctx, tx, games, invalid, c); err != nil {
		return nil, err
	}
	// The copies of games this batch adds meet them now that they are
	// stored.
	for _, g := range later {
		fate, err := look.store(g)
		if err != nil {
			return nil, err
		}
		c.count(fate)
	}
	return look.changes, nil
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

// insertGames adds the games and invalid games of a batch, none of them
// stored yet.
func insertGames(ctx context.Context, tx *sql.Tx, games, invalid []*pending, c *IngestStats) error {
	// Keys follow the largest stored: the transaction holds the write
	// lock from its start (_txlock=immediate), so no one else takes them.
	var last int64
	if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(gid), 0) FROM games`).Scan(&last); err != nil {
		return err
	}
	for i, g := range games {
		g.setKey(last + 1 + int64(i))
	}
	var ins [len(Tables)]*inserter
	for i := range Tables {
		ins[i] = &inserter{ctx: ctx, tx: tx, t: &Tables[i]}
	}
	// Parents first, so that every child row finds its game.
	for _, g := range games {
		if err := ins[tGames].add(g.values[tGames]); err != nil {
			return err
		}
	}
	for _, g := range invalid {
		if err := ins[tInvalid].add(g.values[tInvalid]); err != nil {
			return err
		}
	}
	if err := errors.Join(ins[tGames].flush(), ins[tInvalid].flush()); err != nil {
		return err
	}
	for _, g := range slices.Concat(games, invalid) {
		for t := range g.values {
			if t != tGames && t != tInvalid {
				if err := ins[t].add(g.values[t]); err != nil {
					return err
				}
			}
		}
		c.Rows += g.rowCount()
	}
	for _, in := range ins {
		if err := in.flush(); err != nil {
			return err
		}
	}
	c.Added += len(games)
	return nil
}

// The tables in the order of Tables, by index.
const (
	tGames = iota
	tPlayers
	tTurns
	tSecondFigures
	tScores
	tCaptures
	tExchanges
	tRansoms
	tDiscards
	tInvalid
	tDiagnostics
)

// unstored returns the valid and the invalid games of a batch that are
// not stored yet (each once), and the later copies of the valid ones,
// which are to meet them once they are stored. It counts the others as
// present, or as updated when a valid game is stored with other
// annotations, which it merges.
func (l *storedLookup) unstored(batch []*pending, c *IngestStats) (games, invalid, later []*pending, err error) {
	added := make(map[string]bool, len(batch))
	seen := make(map[string]bool)
	for _, g := range batch {
		id := g.ID
		if !g.Valid {
			c.Invalid++
			if seen[id] {
				continue
			}
			seen[id] = true
			stored, err := l.invalidStored(id)
			if err != nil {
				return nil, nil, nil, err
			}
			if !stored {
				invalid = append(invalid, g)
			}
			continue
		}
		if added[id] {
			later = append(later, g)
			continue
		}
		fate, err := l.store(g)
		if err != nil {
			return nil, nil, nil, err
		}
		if fate == gameNew {
			added[id] = true
			games = append(games, g)
			continue
		}
		c.count(fate)
	}
	return games, invalid, later, nil
}

// rowsPerInsert is the number of rows of one INSERT statement. A
// statement of many rows costs one call through database/sql and the
// driver for all of them; the widest table's 500 rows bind 6,500 values,
// well under SQLite's limit of 32,766.
const rowsPerInsert = 500

// inserter writes rows of one table in a transaction with multi-row
// INSERT statements: a prepared one of rowsPerInsert rows, and one of
// the rows left over when flushed.
type inserter struct {
	ctx  context.Context
	tx   *sql.Tx
	t    *Table
	full *sql.Stmt // prepared on first use
	args []any
}

// add queues the values of rows and writes the queued rows a statement
// at a time as they fill one.
func (in *inserter) add(vals []any) error {
	full := rowsPerInsert * len(in.t.Columns)
	for len(vals) > 0 {
		n := min(len(vals), full-len(in.args))
		in.args, vals = append(in.args, vals[:n]...), vals[n:]
		if len(in.args) < full {
			continue
		}
		if in.full == nil {
			st, err := in.tx.PrepareContext(in.ctx, in.t.insertSQL(rowsPerInsert))
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
