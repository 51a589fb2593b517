package analytics

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/towerlog/towerlog/replay"
)

// IngestOptions tunes Ingest.
type IngestOptions struct {
	// Workers is the number of games replayed at once; 0 means one per core.
	Workers int
	// BatchRows is roughly how many rows one transaction writes; 0 means
	// 200,000. Every game is written whole within one transaction.
	BatchRows int
	// Lenient accepts games whose annotations are missing or cannot be
	// verified (a missing Result tag); illegal moves are always invalid.
	Lenient bool
	// Progress, when not nil, is called after each game is read, from one
	// goroutine.
	Progress func()
}

// IngestStats counts what an ingest did.
type IngestStats struct {
	Files   int // files read
	Added   int // valid games stored by this ingest
	Present int // valid games that were already stored (or repeated in the input)
	Invalid int // games that failed validation (their diagnostics are stored apart)
	Rows    int // rows written, all tables together
}

// Ingest replays every game of the CGN files and directories in paths on
// all cores and stores them: valid games with their turns and events,
// invalid games with their diagnostics only. One goroutine writes, in
// large transactions that each hold whole games, so an ingest killed at
// any moment leaves a consistent database, and running it again adds
// exactly the games that are missing. A game already stored (the same
// canonical record) is counted as present and not written again.
func (s *Store) Ingest(ctx context.Context, paths []string, o IngestOptions) (IngestStats, error) {
	var st IngestStats
	files, err := replay.ExpandPaths(paths)
	if err != nil {
		return st, err
	}
	st.Files = len(files)
	if o.BatchRows <= 0 {
		o.BatchRows = 200_000
	}
	// Replay allocates briskly and the live heap is small: collecting less
	// often buys a good share of the ingest time.
	defer debug.SetGCPercent(debug.SetGCPercent(400))

	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	games := make(chan *gameRows, 1024)
	done := make(chan struct{})
	var werr error
	go func() {
		defer close(done)
		if werr = s.write(ctx, games, o.BatchRows, &st); werr != nil {
			cancel(werr)
		}
	}()

	ro := replay.RunOptions{Workers: o.Workers, Options: replay.Options{Lenient: o.Lenient},
		// Hashing the canonical record and building the rows need no
		// order: they run on the workers, beside the replays.
		Prepare: func(g *replay.Game) { g.Extra, _ = newRows(g, nil) }}
	runErr := replay.Run(ctx, files, ro, func(g *replay.Game) error {
		rows := g.Extra.(*gameRows)
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
	if werr != nil {
		return st, werr
	}
	if runErr != nil {
		return st, runErr
	}
	return st, nil
}

// write is the one writer: it gathers games into batches of about
// batchRows rows and stores each batch in one transaction. Counts enter
// st only once their transaction has committed.
func (s *Store) write(ctx context.Context, in <-chan *gameRows, batchRows int, st *IngestStats) error {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	var batch []*gameRows
	rows := 0
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		err := s.writeBatch(ctx, conn, batch, st)
		batch, rows = batch[:0], 0
		return err
	}
	for g := range in {
		batch = append(batch, g)
		rows += g.rowCount()
		if rows >= batchRows {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return nil // the caller reports why it stopped
	}
	return flush()
}

// writeBatch stores a batch of games in one transaction, skipping those
// already stored. It works on the driver's connection (see rawConn).
func (s *Store) writeBatch(ctx context.Context, conn *sql.Conn, batch []*gameRows, st *IngestStats) error {
	var c IngestStats
	err := conn.Raw(func(dc any) error {
		rc, err := asRaw(dc)
		if err != nil {
			return err
		}
		// The writer inserts every game before its rows in the same
		// transaction, so checking each child row's foreign key again
		// costs about a sixth of the insert time for nothing; the tests
		// run PRAGMA foreign_key_check over ingested archives instead.
		// The pragma cannot change inside a transaction.
		if _, err := rc.ExecContext(ctx, "PRAGMA foreign_keys = OFF", nil); err != nil {
			return err
		}
		defer rc.ExecContext(context.WithoutCancel(ctx), "PRAGMA foreign_keys = ON", nil)
		if _, err := rc.ExecContext(ctx, "BEGIN IMMEDIATE", nil); err != nil {
			return err
		}
		if err := writeGames(ctx, rc, batch, &c); err != nil {
			_, _ = rc.ExecContext(context.WithoutCancel(ctx), "ROLLBACK", nil)
			return err
		}
		_, err = rc.ExecContext(ctx, "COMMIT", nil)
		return err
	})
	if err != nil {
		return err
	}
	st.Added += c.Added
	st.Present += c.Present
	st.Invalid += c.Invalid
	st.Rows += c.Rows
	return nil
}

// writeGames writes the games of a batch within the open transaction.
func writeGames(ctx context.Context, rc rawConn, batch []*gameRows, c *IngestStats) error {
	known, err := knownIDs(ctx, rc, batch)
	if err != nil {
		return err
	}
	next, err := queryInt(ctx, rc, `SELECT coalesce(max(gid), 0) + 1 FROM games`)
	if err != nil {
		return err
	}
	w := newBatchWriter(ctx, rc)
	var games, invalid []*gameRows
	for _, g := range batch {
		switch {
		case !g.valid:
			c.Invalid++
			if !known[g.id] {
				known[g.id] = true
				invalid = append(invalid, g)
			}
		case known[g.id]:
			c.Present++
		default:
			known[g.id] = true
			games = append(games, g)
		}
	}
	// Parents first, so that every child row finds its game (the foreign
	// keys are checked row by row).
	for i, g := range games {
		if err := w.addGame(next+int64(i), g); err != nil {
			return err
		}
	}
	for _, g := range invalid {
		if err := w.addInvalid(g); err != nil {
			return err
		}
	}
	if err := w.flushParents(); err != nil {
		return err
	}
	for i, g := range games {
		if err := w.addChildren(next+int64(i), g); err != nil {
			return err
		}
		c.Rows += g.rowCount()
	}
	for _, g := range invalid {
		if err := w.addDiagnostics(g); err != nil {
			return err
		}
		c.Rows += g.rowCount()
	}
	c.Added = len(games)
	return w.flush()
}

// queryInt runs a query of one integer.
func queryInt(ctx context.Context, rc rawConn, query string) (int64, error) {
	rows, err := rc.QueryContext(ctx, query, nil)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	dest := make([]driver.Value, 1)
	if err := rows.Next(dest); err != nil {
		return 0, err
	}
	n, ok := dest[0].(int64)
	if !ok {
		return 0, fmt.Errorf("%s: got %T", query, dest[0])
	}
	return n, nil
}

// knownIDs returns which ids of the batch are already stored, as valid or
// as invalid games.
func knownIDs(ctx context.Context, rc rawConn, batch []*gameRows) (map[string]bool, error) {
	known := make(map[string]bool, len(batch))
	const chunk = 500
	dest := make([]driver.Value, 1)
	for _, table := range []string{"games", "invalid_games"} {
		for start := 0; start < len(batch); start += chunk {
			part := batch[start:min(start+chunk, len(batch))]
			args := make([]driver.NamedValue, len(part))
			for i, g := range part {
				args[i] = driver.NamedValue{Ordinal: i + 1, Value: g.id}
			}
			// table is one of the two constants above.
			rows, err := rc.QueryContext(ctx, `SELECT id FROM `+table+` WHERE id IN (`+placeholders(len(args))+`)`, args)
			if err != nil {
				return nil, err
			}
			for {
				err := rows.Next(dest)
				if err == io.EOF {
					break
				}
				if err != nil {
					rows.Close()
					return nil, err
				}
				switch id := dest[0].(type) {
				case string:
					known[id] = true
				case []byte:
					known[string(id)] = true
				}
			}
			if err := rows.Close(); err != nil {
				return nil, err
			}
		}
	}
	return known, nil
}

// batchWriter holds one bulk inserter per table for a transaction.
type batchWriter struct {
	games, players, invalid, diags *bulk
	child                          [numChild]*bulk
	all                            []*bulk
}

func newBatchWriter(ctx context.Context, tx rawConn) *batchWriter {
	w := &batchWriter{
		games: newBulk(ctx, tx, "games", []string{"gid", "id", "file", "idx", "event", "site", "date", "round",
			"rules", "seats", "result", "winner", "turns"}),
		players: newBulk(ctx, tx, "players", []string{"game", "seat", "name", "colour", "score", "rank"}),
		invalid: newBulk(ctx, tx, "invalid_games", []string{"id", "file", "idx", "event", "players", "errors"}),
		diags: newBulk(ctx, tx, "diagnostics", []string{"game", "seq", "code", "severity", "file", "line", "col",
			"turn", "player", "message"}),
	}
	w.all = []*bulk{w.players}
	for t := range w.child {
		w.child[t] = newBulk(ctx, tx, childTables[t].name, append([]string{"game"}, childTables[t].cols...))
		w.all = append(w.all, w.child[t])
	}
	w.all = append(w.all, w.diags)
	return w
}

func (w *batchWriter) addGame(gid int64, g *gameRows) error {
	r := &g.game
	if err := w.games.add(gid, g.id, r.file, r.idx, r.event, r.site, r.date, r.round,
		r.rules, r.seats, r.result, r.winner, r.turns); err != nil {
		return err
	}
	return nil
}

func (w *batchWriter) addChildren(gid int64, g *gameRows) error {
	for _, p := range g.players {
		if err := w.players.add(gid, p[0], p[1], p[2], p[3], p[4]); err != nil {
			return err
		}
	}
	for t := range g.tables {
		cols := len(childTables[t].cols)
		vals := g.tables[t]
		b := w.child[t]
		for i := 0; i+cols <= len(vals); i += cols {
			b.put(gid)
			for _, v := range vals[i : i+cols] {
				if v == null {
					b.put(nil)
				} else {
					b.put(v)
				}
			}
			if err := b.endRow(); err != nil {
				return err
			}
		}
	}
	return nil
}

func (w *batchWriter) addInvalid(g *gameRows) error {
	r := &g.invalid
	if err := w.invalid.add(g.id, r.file, r.idx, r.event, r.players, r.errors); err != nil {
		return err
	}
	return nil
}

func (w *batchWriter) addDiagnostics(g *gameRows) error {
	for _, d := range g.diags {
		if err := w.diags.add(append([]any{g.id}, d...)...); err != nil {
			return err
		}
	}
	return nil
}

func (w *batchWriter) flushParents() error {
	return errors.Join(w.games.flush(), w.invalid.flush())
}

func (w *batchWriter) flush() error {
	var errs []error
	for _, b := range w.all {
		errs = append(errs, b.flush())
	}
	return errors.Join(errs...)
}
