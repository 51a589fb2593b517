package analytics

import (
	"context"
	"database/sql"
	"strings"
)

// maxRowsPerStatement bounds the rows of one multi-row INSERT; with
// SQLite's limit of 32766 parameters it is reached only by narrow tables.
const maxRowsPerStatement = 500

// bulk inserts rows into one table with multi-row INSERT statements of
// many rows each, prepared once per transaction. Only table and column
// names, which are constants of this package, and counts of placeholders
// go into the SQL text.
type bulk struct {
	ctx  context.Context
	tx   *sql.Tx
	head string // INSERT INTO t (a, b) VALUES
	row  string // (?,?)
	cols int
	per  int
	full *sql.Stmt
	args []any
}

func newBulk(ctx context.Context, tx *sql.Tx, table string, cols []string) *bulk {
	per := min(maxRowsPerStatement, 32000/len(cols))
	return &bulk{
		ctx:  ctx,
		tx:   tx,
		head: "INSERT INTO " + table + " (" + strings.Join(cols, ", ") + ") VALUES ",
		row:  "(" + placeholders(len(cols)) + ")",
		cols: len(cols),
		per:  per,
		args: make([]any, 0, per*len(cols)),
	}
}

func (b *bulk) query(rows int) string {
	return b.head + strings.TrimSuffix(strings.Repeat(b.row+",", rows), ",")
}

// add queues one row (len(vals) == number of columns) and writes a full
// statement's worth when there is one.
func (b *bulk) add(vals ...any) error {
	b.args = append(b.args, vals...)
	if len(b.args) < b.per*b.cols {
		return nil
	}
	if b.full == nil {
		st, err := b.tx.PrepareContext(b.ctx, b.query(b.per))
		if err != nil {
			return err
		}
		b.full = st
	}
	_, err := b.full.ExecContext(b.ctx, b.args...)
	b.args = b.args[:0]
	return err
}

// flush writes the queued rows and closes the prepared statement.
func (b *bulk) flush() error {
	if b.full != nil {
		defer b.full.Close()
		b.full = nil
	}
	if len(b.args) == 0 {
		return nil
	}
	_, err := b.tx.ExecContext(b.ctx, b.query(len(b.args)/b.cols), b.args...)
	b.args = b.args[:0]
	return err
}
