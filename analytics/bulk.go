package analytics

import (
	"context"
	"database/sql/driver"
	"errors"
	"strings"
)

// maxRowsPerStatement bounds the rows of one multi-row INSERT; with
// SQLite's limit of 32766 parameters it is reached only by narrow tables.
const maxRowsPerStatement = 500

// rawConn is the driver's connection under database/sql: the writer talks
// to it directly, which spares database/sql's conversion and checking of
// every one of the millions of arguments of a large ingest (they are
// int64, string and nil already).
type rawConn interface {
	driver.ConnPrepareContext
	driver.ExecerContext
	driver.QueryerContext
}

func asRaw(dc any) (rawConn, error) {
	c, ok := dc.(rawConn)
	if !ok {
		return nil, errors.New("analytics: the sqlite driver does not offer prepared execution")
	}
	return c, nil
}

// bulk inserts rows into one table with multi-row INSERT statements of
// many rows each, prepared once per transaction. Only table and column
// names, which are constants of this package, and counts of placeholders
// go into the SQL text.
type bulk struct {
	ctx  context.Context
	conn rawConn
	head string // INSERT INTO t (a, b) VALUES
	row  string // (?,?)
	cols int
	per  int
	full driver.StmtExecContext
	st   driver.Stmt
	args []driver.NamedValue
}

func newBulk(ctx context.Context, conn rawConn, table string, cols []string) *bulk {
	per := min(maxRowsPerStatement, 32000/len(cols))
	return &bulk{
		ctx:  ctx,
		conn: conn,
		head: "INSERT INTO " + table + " (" + strings.Join(cols, ", ") + ") VALUES ",
		row:  "(" + placeholders(len(cols)) + ")",
		cols: len(cols),
		per:  per,
		args: make([]driver.NamedValue, 0, per*len(cols)),
	}
}

func (b *bulk) query(rows int) string {
	return b.head + strings.TrimSuffix(strings.Repeat(b.row+",", rows), ",")
}

// put queues one value; row ends with every cols-th value and writes a
// full statement's worth when there is one.
func (b *bulk) put(v driver.Value) {
	b.args = append(b.args, driver.NamedValue{Ordinal: len(b.args) + 1, Value: v})
}

// endRow writes the queued rows when they fill a statement.
func (b *bulk) endRow() error {
	if len(b.args) < b.per*b.cols {
		return nil
	}
	if b.full == nil {
		st, err := b.conn.PrepareContext(b.ctx, b.query(b.per))
		if err != nil {
			return err
		}
		se, ok := st.(driver.StmtExecContext)
		if !ok {
			st.Close()
			return errors.New("analytics: the sqlite driver does not offer prepared execution")
		}
		b.st, b.full = st, se
	}
	_, err := b.full.ExecContext(b.ctx, b.args)
	b.args = b.args[:0]
	return err
}

// add queues one row of values.
func (b *bulk) add(vals ...any) error {
	for _, v := range vals {
		switch x := v.(type) {
		case int:
			b.put(int64(x))
		default:
			b.put(x)
		}
	}
	return b.endRow()
}

// flush writes the queued rows and closes the prepared statement.
func (b *bulk) flush() error {
	if b.st != nil {
		defer b.st.Close()
		b.st, b.full = nil, nil
	}
	if len(b.args) == 0 {
		return nil
	}
	_, err := b.conn.ExecContext(b.ctx, b.query(len(b.args)/b.cols), b.args)
	b.args = b.args[:0]
	return err
}
