package analytics

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"

	"github.com/towerlog/towerlog/analytics/recordcodec"
)

// A stored record is compressed against its game's rows by package
// recordcodec (docs/schema.md): the store gives it the basis of a game,
// built from the rows about to be stored (basisOf) or read back
// (RecordReader).

// basisOf is the basis of a valid game about to be stored.
func basisOf(r *GameRows) *recordcodec.Basis {
	b := &recordcodec.Basis{Rules: r.Game.Rules, Turns: make([]recordcodec.Turn, len(r.Turns)),
		Scores: make([]recordcodec.Score, len(r.Scores)), Ransoms: make([]recordcodec.Ransom, len(r.Ransoms)),
		Captures: make([]recordcodec.Capture, len(r.Captures))}
	for _, p := range r.Players {
		b.Names = append(b.Names, p.Name)
	}
	for i, t := range r.Turns {
		b.Turns[i] = recordcodec.Turn{Turn: t.Turn, Seat: t.Seat, Tile: t.Tile, X: t.X, Y: t.Y, Rotation: t.Rotation,
			Action: t.Action, Feature: t.Feature, TargetX: t.TargetX, TargetY: t.TargetY, Phantom: t.Phantom}
	}
	slices.SortStableFunc(b.Turns, func(x, y recordcodec.Turn) int { return cmp.Compare(x.Turn, y.Turn) })
	for i, s := range r.Scores {
		b.Scores[i] = recordcodec.Score{Turn: s.Turn, Seat: s.Seat, Points: s.Points}
	}
	for i, x := range r.Ransoms {
		b.Ransoms[i] = recordcodec.Ransom{Turn: x.Turn, Payer: x.Payer, Payee: x.Payee, Points: x.Points, Phantom: x.Phantom}
	}
	for i, c := range r.Captures {
		b.Captures[i] = recordcodec.Capture{Turn: c.Turn, VictimX: c.VictimX, VictimY: c.VictimY, StoodOn: c.StoodOn, Phantom: c.Phantom}
	}
	return b
}

// preparer prepares statements: a *sql.DB, or a *sql.Tx.
type preparer interface {
	PrepareContext(ctx context.Context, query string) (*sql.Stmt, error)
}

// A RecordReader reads the records of stored games, one after another,
// with the statements that read their rows prepared once.
type RecordReader struct {
	head, turns, scores, ransoms, captures *sql.Stmt
}

// newRecordReader prepares the statements of a RecordReader with p.
func newRecordReader(ctx context.Context, p preparer) (*RecordReader, error) {
	r := &RecordReader{}
	for _, q := range []struct {
		st  **sql.Stmt
		sql string
	}{
		{&r.head, `SELECT g.rules, p.name FROM games g JOIN players p ON p.game = g.gid
			WHERE g.gid = ? ORDER BY p.seat`},
		{&r.turns, `SELECT turn, seat, tile, x, y, rotation, action, feature, target_x, target_y, phantom
			FROM turns WHERE game = ? ORDER BY turn`},
		{&r.scores, `SELECT turn, seat, points FROM scores WHERE game = ? ORDER BY seq, seat`},
		{&r.ransoms, `SELECT turn, payer, payee, points, phantom FROM ransoms WHERE game = ? ORDER BY seq`},
		{&r.captures, `SELECT turn, victim_x, victim_y, stood_on, phantom FROM captures
			WHERE game = ? ORDER BY seq`},
	} {
		st, err := p.PrepareContext(ctx, q.sql)
		if err != nil {
			return nil, errors.Join(err, r.Close())
		}
		*q.st = st
	}
	return r, nil
}

// Close closes the reader's statements.
func (r *RecordReader) Close() error {
	var errs []error
	for _, st := range []*sql.Stmt{r.head, r.turns, r.scores, r.ransoms, r.captures} {
		if st != nil {
			errs = append(errs, st.Close())
		}
	}
	return errors.Join(errs...)
}

// read reads the basis of the stored game gid.
func (r *RecordReader) read(ctx context.Context, gid int64) (*recordcodec.Basis, error) {
	b := &recordcodec.Basis{}
	err := eachStmtRow(ctx, r.head, gid, func(rows *sql.Rows) error {
		var name string
		err := rows.Scan(&b.Rules, &name)
		b.Names = append(b.Names, name)
		return err
	})
	if err != nil {
		return nil, err
	}
	return b, r.readRows(ctx, gid, b)
}

// readRows reads the rows of the basis of the stored game gid into b,
// whose names and rules are set.
func (r *RecordReader) readRows(ctx context.Context, gid int64, b *recordcodec.Basis) error {
	err := eachStmtRow(ctx, r.turns, gid, func(rows *sql.Rows) error {
		// Scanned into sql.Null values, which database/sql fills
		// without reflection, unlike the pointers of a TurnRow.
		var t recordcodec.Turn
		var tile, action, feature sql.NullString
		var x, y, rot, tx, ty sql.NullInt64
		if err := rows.Scan(&t.Turn, &t.Seat, &tile, &x, &y, &rot, &action, &feature, &tx, &ty, &t.Phantom); err != nil {
			return err
		}
		t.Tile, t.Action, t.Feature = nullableString(tile), nullableString(action), nullableString(feature)
		t.X, t.Y, t.Rotation, t.TargetX, t.TargetY = nullableInt(x), nullableInt(y), nullableInt(rot), nullableInt(tx), nullableInt(ty)
		b.Turns = append(b.Turns, t)
		return nil
	})
	if err != nil {
		return err
	}
	err = eachStmtRow(ctx, r.scores, gid, func(rows *sql.Rows) error {
		var s recordcodec.Score
		err := rows.Scan(&s.Turn, &s.Seat, &s.Points)
		b.Scores = append(b.Scores, s)
		return err
	})
	if err != nil {
		return err
	}
	err = eachStmtRow(ctx, r.ransoms, gid, func(rows *sql.Rows) error {
		var x recordcodec.Ransom
		err := rows.Scan(&x.Turn, &x.Payer, &x.Payee, &x.Points, &x.Phantom)
		b.Ransoms = append(b.Ransoms, x)
		return err
	})
	if err != nil {
		return err
	}
	return eachStmtRow(ctx, r.captures, gid, func(rows *sql.Rows) error {
		var c recordcodec.Capture
		err := rows.Scan(&c.Turn, &c.VictimX, &c.VictimY, &c.StoodOn, &c.Phantom)
		b.Captures = append(b.Captures, c)
		return err
	})
}

// text returns the text of the record stored for the game gid (its
// basis b, or nil to read it), ok false for a game without a record.
func (r *RecordReader) text(ctx context.Context, gid int64, b *recordcodec.Basis, stored []byte) (text string, ok bool, err error) {
	if stored == nil {
		return "", false, nil
	}
	if b == nil {
		b, err = r.read(ctx, gid)
	} else {
		err = r.readRows(ctx, gid, b)
	}
	if err != nil {
		return "", false, err
	}
	text, err = recordcodec.Unpack(stored, b)
	if err != nil {
		return "", false, fmt.Errorf("game %d: %w", gid, err)
	}
	return text, true, nil
}

// Text returns the text of the record stored for the game gid
// (games.record as stored): the record is compressed against the game's
// rows, which r reads (docs/schema.md).
func (r *RecordReader) Text(ctx context.Context, gid int64, stored []byte) (string, error) {
	if stored == nil {
		return "", fmt.Errorf("game %d: no stored record", gid)
	}
	text, _, err := r.text(ctx, gid, nil, stored)
	return text, err
}

// nullableString and nullableInt are the column values of a row type: nil for
// NULL.
func nullableString(v sql.NullString) *string {
	if !v.Valid {
		return nil
	}
	return &v.String
}

func nullableInt(v sql.NullInt64) *int64 {
	if !v.Valid {
		return nil
	}
	return &v.Int64
}

// eachStmtRow runs a prepared query of one game's rows and calls scan for
// every row.
func eachStmtRow(ctx context.Context, st *sql.Stmt, gid int64, scan func(*sql.Rows) error) error {
	rows, err := st.QueryContext(ctx, gid)
	return scanRows(rows, err, scan)
}

// recordRows is the Go step of migration 0010: it compresses every stored
// record against its game's rows, a page of games at a time (eachStored).
// The records it finds were compressed on their own (deflateRecord).
func recordRows(ctx context.Context, tx *sql.Tx) (string, error) {
	update, err := tx.PrepareContext(ctx, `UPDATE games SET record = ? WHERE gid = ?`)
	if err != nil {
		return "", err
	}
	defer update.Close()
	bases, err := newRecordReader(ctx, tx)
	if err != nil {
		return "", err
	}
	defer bases.Close()
	return "", eachStored(ctx, tx, "1", func(gid int64, value any) error {
		text, _, err := recordValue(value)
		if err != nil {
			return fmt.Errorf("game %d: %w", gid, err)
		}
		b, err := bases.read(ctx, gid)
		if err != nil {
			return err
		}
		_, err = update.ExecContext(ctx, recordcodec.Pack(text, b), gid)
		return err
	})
}

// A basisStream reads the rows of the records of a selection of games,
// in the order of their keys: one query per table, each reading its rows
// in the order of the table's key, so that the rows of every game come
// one after another and are merged with the selected games by key, one
// game at a time. It is the RecordReader of a selection read in order
// (selectWhere): four statements for the whole selection instead of
// four a game.
type basisStream struct {
	turns    rowCursor[recordcodec.Turn]
	scores   rowCursor[recordcodec.Score]
	ransoms  rowCursor[recordcodec.Ransom]
	captures rowCursor[recordcodec.Capture]
}

// The queries of a basisStream, each of one table's rows in the order
// of its key, the game's key first; %s is the condition streamQuery
// writes.
const (
	turnsStream = `SELECT game, turn, seat, tile, x, y, rotation, action, feature, target_x, target_y, phantom
		FROM turns %s ORDER BY game, turn`
	scoresStream   = `SELECT game, turn, seat, points FROM scores %s ORDER BY game, seq, seat`
	ransomsStream  = `SELECT game, turn, payer, payee, points, phantom FROM ransoms %s ORDER BY game, seq`
	capturesStream = `SELECT game, turn, victim_x, victim_y, stood_on, phantom FROM captures %s ORDER BY game, seq`
)

// streamQuery is a query of a basisStream (turnsStream, ...) over the
// games of where (a condition on games g, with its args), and its
// arguments: every game when where selects all; else the selected games'
// keys, which SQLite reads in order, each game's rows by the table's key.
func streamQuery(query, where string, args []any) (string, []any) {
	if where == "1" {
		return fmt.Sprintf(query, ""), nil
	}
	return fmt.Sprintf(query, "WHERE game IN (SELECT g.gid FROM games g WHERE "+where+")"), args
}

// newBasisStream opens the queries of a basisStream over the games of
// where (a condition on games g, with its args) in q, which must be a
// transaction: the rows are to be of one state of the database with the
// records they are read with.
func newBasisStream(ctx context.Context, q *sql.Tx, where string, args []any) (*basisStream, error) {
	s := &basisStream{}
	err := s.turns.open(ctx, q, turnsStream, where, args, func(v *rowValues, t *recordcodec.Turn) {
		// The values a turn's pointers point to, in one allocation
		// instead of one each.
		o := new(struct {
			tile, action, feature  string
			x, y, rotation, tx, ty int64
		})
		t.Turn, t.Seat, t.Tile = v.int(), v.int(), optional(v, &o.tile)
		t.X, t.Y, t.Rotation = optional(v, &o.x), optional(v, &o.y), optional(v, &o.rotation)
		t.Action, t.Feature = optional(v, &o.action), optional(v, &o.feature)
		t.TargetX, t.TargetY, t.Phantom = optional(v, &o.tx), optional(v, &o.ty), v.int()
	})
	if err == nil {
		err = s.scores.open(ctx, q, scoresStream, where, args, func(v *rowValues, x *recordcodec.Score) {
			x.Turn, x.Seat, x.Points = v.int(), v.int(), v.int()
		})
	}
	if err == nil {
		err = s.ransoms.open(ctx, q, ransomsStream, where, args, func(v *rowValues, x *recordcodec.Ransom) {
			x.Turn, x.Payer, x.Payee, x.Points, x.Phantom = v.int(), v.int(), v.int(), v.int(), v.int()
		})
	}
	if err == nil {
		err = s.captures.open(ctx, q, capturesStream, where, args, func(v *rowValues, x *recordcodec.Capture) {
			x.Turn, x.VictimX, x.VictimY, x.StoodOn, x.Phantom = v.int(), v.int(), v.int(), v.text(), v.int()
		})
	}
	if err != nil {
		return nil, errors.Join(err, s.close())
	}
	return s, nil
}

// readRows reads the rows of the basis of the game gid into b, whose
// names and rules are set. The games must be asked for in the order of
// their keys; the rows of games skipped are passed over.
func (s *basisStream) readRows(gid int64, b *recordcodec.Basis) error {
	var err error
	if b.Turns, err = s.turns.take(gid, b.Turns[:0]); err != nil {
		return fmt.Errorf("turns: %w", err)
	}
	if b.Scores, err = s.scores.take(gid, b.Scores[:0]); err != nil {
		return fmt.Errorf("scores: %w", err)
	}
	if b.Ransoms, err = s.ransoms.take(gid, b.Ransoms[:0]); err != nil {
		return fmt.Errorf("ransoms: %w", err)
	}
	if b.Captures, err = s.captures.take(gid, b.Captures[:0]); err != nil {
		return fmt.Errorf("captures: %w", err)
	}
	return nil
}

// close closes the stream's queries.
func (s *basisStream) close() error {
	return errors.Join(s.turns.close(), s.scores.close(), s.ransoms.close(), s.captures.close())
}

// A rowCursor reads the rows of one table of a basisStream, one row
// ahead: the row read last, not yet taken, and its game's key.
type rowCursor[T any] struct {
	rows *sql.Rows
	vals rowValues
	// fill sets a row from the values of its columns after the game's
	// key.
	fill func(v *rowValues, row *T)
	next T     // the row read ahead
	game int64 // its game's key
	more bool  // whether next holds a row
}

// open runs the cursor's query (see streamQuery), whose first column is
// the game's key, and reads its first row.
func (c *rowCursor[T]) open(ctx context.Context, q *sql.Tx, query, where string, args []any, fill func(*rowValues, *T)) error {
	query, args = streamQuery(query, where, args)
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	cols, err := rows.Columns()
	if err != nil {
		return errors.Join(err, rows.Close())
	}
	c.rows, c.fill = rows, fill
	c.vals.init(cols)
	return c.advance()
}

// advance reads the next row.
func (c *rowCursor[T]) advance() error {
	if c.more = c.rows.Next(); !c.more {
		return c.rows.Err()
	}
	if err := c.vals.scan(c.rows); err != nil {
		return err
	}
	var zero T
	c.next = zero
	c.game = c.vals.int()
	c.fill(&c.vals, &c.next)
	return c.vals.err
}

// take appends the rows of the game gid to out, passing over those of
// games of smaller keys.
func (c *rowCursor[T]) take(gid int64, out []T) ([]T, error) {
	for c.more && c.game <= gid {
		if c.game == gid {
			out = append(out, c.next)
		}
		if err := c.advance(); err != nil {
			return out, err
		}
	}
	return out, nil
}

func (c *rowCursor[T]) close() error {
	if c.rows == nil {
		return nil
	}
	return c.rows.Close()
}

// rowValues are the columns of a row as the driver gives them (int64,
// string, []byte or nil), which database/sql hands on into *any without
// converting them: a column scanned into an *int64 or a sql.Null value
// takes a conversion through reflection, and a stream reads some 90
// rows of 12 columns a game. They are read one column after another,
// left to right; a value of another type than the column's is an error,
// err, kept from the first.
type rowValues struct {
	cols []string // the columns' names
	vals []any
	ptrs []any // pointers to vals, for Scan
	col  int   // the next column to read
	err  error
}

func (v *rowValues) init(cols []string) {
	v.cols, v.vals, v.ptrs = cols, make([]any, len(cols)), make([]any, len(cols))
	for i := range v.vals {
		v.ptrs[i] = &v.vals[i]
	}
}

// scan reads the columns of the current row.
func (v *rowValues) scan(rows *sql.Rows) error {
	v.col = 0
	return rows.Scan(v.ptrs...)
}

// value returns the next column's value.
func (v *rowValues) value() any {
	v.col++
	return v.vals[v.col-1]
}

// int reads an INTEGER NOT NULL column.
func (v *rowValues) int() int64 {
	n, _ := column[int64](v, false)
	return n
}

// text reads a TEXT NOT NULL column.
func (v *rowValues) text() string {
	s, _ := column[string](v, false)
	return s
}

// orEmpty reads a TEXT column that may be NULL: "" for NULL.
func (v *rowValues) orEmpty() string {
	s, _ := column[string](v, true)
	return s
}

// optional reads an INTEGER or TEXT column that may be NULL: nil, or dst
// holding the value.
func optional[T int64 | string](v *rowValues, dst *T) *T {
	x, ok := column[T](v, true)
	if !ok {
		return nil
	}
	*dst = x
	return dst
}

// column reads the next column as a T, ok false for NULL (an error unless
// nullable) or a value of another type (an error).
func column[T int64 | string | []byte](v *rowValues, nullable bool) (x T, ok bool) {
	value := v.value()
	if x, ok = value.(T); !ok && (value != nil || !nullable) && v.err == nil {
		want := "text"
		switch any(x).(type) {
		case int64:
			want = "an integer"
		case []byte:
			want = "a blob"
		}
		v.err = fmt.Errorf("column %s holds %T %q where %s belongs", v.cols[v.col-1], value, fmt.Sprint(value), want)
	}
	return x, ok
}
