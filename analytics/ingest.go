package analytics

import (
	"context"
	"errors"
	"fmt"
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
	// Loaders are the formats read, by file ending; nil reads CGN only.
	Loaders replay.Loaders
}

// IngestStats counts what an ingest did.
type IngestStats struct {
	Files   int // files read
	Added   int // valid games stored by this ingest
	Present int // valid games that were already stored (or repeated in the input)
	Invalid int // games that failed validation (their diagnostics are stored apart)
	Rows    int // rows written, all tables together
}

// Ingest replays every game of the files and directories in paths (CGN,
// or the formats of o.Loaders) on
// all cores and stores them: valid games with their turns and events,
// invalid games with their diagnostics only. One goroutine writes, in
// large transactions that each hold whole games, so an ingest killed at
// any moment leaves a consistent database, and running it again adds
// exactly the games that are missing. A game already stored (the same
// canonical record) is counted as present and not written again.
func (s *Store) Ingest(ctx context.Context, paths []string, o IngestOptions) (IngestStats, error) {
	var st IngestStats
	files, err := o.Loaders.ExpandPaths(paths)
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

	ro := replay.RunOptions{Workers: o.Workers, Options: replay.Options{Lenient: o.Lenient}, Loaders: o.Loaders,
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
func (s *Store) write(ctx context.Context, in <-chan *gameRows, batchRows int, st *IngestStats) (err error) {
	c, err := openWriteConn(ctx, s.uri)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, c.close()) }()
	w, err := newBatchWriter(c)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, w.close()) }()
	var batch []*gameRows
	rows := 0
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		err := w.writeBatch(batch, st)
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

// batchWriter writes batches of games through the writer's connection:
// one bulk inserter per table and the statements that find the next key
// and the games already stored.
type batchWriter struct {
	c                              *writeConn
	games, players, invalid, diags *bulk
	child                          [numChild]*bulk
	all                            []*bulk
	nextGID, known                 *writeStmt
	id                             cText
}

func newBatchWriter(c *writeConn) (*batchWriter, error) {
	w := &batchWriter{
		c: c,
		games: newBulk(c, "games", []string{"id", "file", "idx", "event", "site", "date", "round",
			"rules", "seats", "result", "winner", "turns"}),
		players: newBulk(c, "players", []string{"game", "seat", "name", "colour", "score", "rank"}),
		invalid: newBulk(c, "invalid_games", []string{"id", "file", "idx", "event", "players", "errors"}),
		diags: newBulk(c, "diagnostics", []string{"game", "seq", "code", "severity", "file", "line", "col",
			"turn", "player", "message"}),
		id: cText{tls: c.tls},
	}
	w.all = []*bulk{w.games, w.invalid, w.players}
	for t := range w.child {
		w.child[t] = newBulk(c, childTables[t].name, append([]string{"game"}, childTables[t].cols...))
		w.all = append(w.all, w.child[t])
	}
	w.all = append(w.all, w.diags)
	var err error
	if w.nextGID, err = c.prepare(`SELECT coalesce(max(gid), 0) + 1 FROM games`); err != nil {
		return nil, errors.Join(err, w.close())
	}
	if w.known, err = c.prepare(`SELECT EXISTS (SELECT 1 FROM games WHERE id = ?1)
		OR EXISTS (SELECT 1 FROM invalid_games WHERE id = ?1)`); err != nil {
		return nil, errors.Join(err, w.close())
	}
	return w, nil
}

func (w *batchWriter) close() error {
	var errs []error
	for _, b := range w.all {
		errs = append(errs, b.close())
	}
	for _, st := range []*writeStmt{w.nextGID, w.known} {
		if st != nil {
			errs = append(errs, st.close())
		}
	}
	w.id.free()
	return errors.Join(errs...)
}

// writeBatch stores a batch of games in one transaction, skipping those
// already stored.
func (w *batchWriter) writeBatch(batch []*gameRows, st *IngestStats) error {
	if err := w.c.exec("BEGIN IMMEDIATE"); err != nil {
		return err
	}
	var c IngestStats
	if err := w.writeGames(batch, &c); err != nil {
		return errors.Join(err, w.c.rollback())
	}
	if err := w.c.exec("COMMIT"); err != nil {
		return errors.Join(err, w.c.rollback())
	}
	st.Added += c.Added
	st.Present += c.Present
	st.Invalid += c.Invalid
	st.Rows += c.Rows
	return nil
}

// writeGames writes the games of a batch within the open transaction.
func (w *batchWriter) writeGames(batch []*gameRows, c *IngestStats) error {
	games, invalid, err := w.unstored(batch, c)
	if err != nil {
		return err
	}
	// Parents first, so that every child row finds its game.
	first, err := w.writeParents(games, invalid)
	if err != nil {
		return err
	}
	for i, g := range games {
		if err := w.addChildren(first+int64(i), g); err != nil {
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
	for _, b := range w.all {
		if err := b.flush(); err != nil {
			return err
		}
	}
	return nil
}

// unstored returns the valid and the invalid games of a batch that are
// not stored yet (each once), and counts the others as present.
func (w *batchWriter) unstored(batch []*gameRows, c *IngestStats) (games, invalid []*gameRows, err error) {
	seen := make(map[string]bool, len(batch))
	for _, g := range batch {
		known := seen[g.id]
		if !known {
			if known, err = w.isStored(g.id); err != nil {
				return nil, nil, err
			}
			seen[g.id] = true
		}
		switch {
		case !g.valid:
			c.Invalid++
			if !known {
				invalid = append(invalid, g)
			}
		case known:
			c.Present++
		default:
			games = append(games, g)
		}
	}
	return games, invalid, nil
}

// writeParents inserts the rows of games and invalid_games and returns
// the key of the first game. The keys are SQLite's: a row inserted
// without one gets the largest key plus one, so the games get consecutive
// keys in order, which is checked. Naming gid in the INSERT would give
// every statement a statement journal (an explicit INTEGER PRIMARY KEY
// can fail halfway through a statement), and with the random order of
// the id index that journal copies about a page a game: 0.6 of the
// writer's 10 CPU-seconds over 100,000 games.
func (w *batchWriter) writeParents(games, invalid []*gameRows) (int64, error) {
	first, err := w.queryNextGID()
	if err != nil {
		return 0, err
	}
	for _, g := range games {
		if err := w.addGame(g); err != nil {
			return 0, err
		}
	}
	for _, g := range invalid {
		if err := w.addInvalid(g); err != nil {
			return 0, err
		}
	}
	if err := errors.Join(w.games.flush(), w.invalid.flush()); err != nil {
		return 0, err
	}
	next, err := w.queryNextGID()
	if err != nil {
		return 0, err
	}
	if want := first + int64(len(games)); next != want {
		return 0, fmt.Errorf("analytics: %d games were stored with keys up to %d, not %d", len(games), next-1, want-1)
	}
	return first, nil
}

// queryNextGID returns the key the next game stored gets.
func (w *batchWriter) queryNextGID() (int64, error) {
	defer w.nextGID.reset()
	if _, err := w.nextGID.step(); err != nil {
		return 0, err
	}
	return w.nextGID.int(0), nil
}

// isStored reports whether a game of this id is stored, as a valid or as
// an invalid game.
func (w *batchWriter) isStored(id string) (bool, error) {
	if err := w.id.reserve(len(id)); err != nil {
		return false, err
	}
	copy(w.id.bytes(), id)
	defer w.known.reset()
	if err := w.known.bindText(1, w.id.p, len(id)); err != nil {
		return false, err
	}
	if _, err := w.known.step(); err != nil {
		return false, err
	}
	return w.known.int(0) != 0, nil
}

func (w *batchWriter) addGame(g *gameRows) error {
	r := &g.game
	return w.games.add(g.id, r.file, r.idx, r.event, r.site, r.date, r.round,
		r.rules, r.seats, r.result, r.winner, r.turns)
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
		for i := 0; i+cols <= len(vals); i += cols {
			if err := w.child[t].addInts(gid, vals[i:i+cols]); err != nil {
				return err
			}
		}
	}
	return nil
}

func (w *batchWriter) addInvalid(g *gameRows) error {
	r := &g.invalid
	return w.invalid.add(g.id, r.file, r.idx, r.event, r.players, r.errors)
}

func (w *batchWriter) addDiagnostics(g *gameRows) error {
	for _, d := range g.diags {
		if err := w.diags.add(append([]any{g.id}, d...)...); err != nil {
			return err
		}
	}
	return nil
}
