package analytics

import (
	"fmt"
	"math/bits"
	"strings"
)

// maxRowsPerStatement bounds the rows of one multi-row INSERT; with
// SQLite's limit of 32766 parameters it is reached only by narrow tables.
const maxRowsPerStatement = 500

// bulk inserts rows into one table with multi-row INSERT statements of
// many rows each. Its statements are prepared once per writer and kept
// across transactions: one of a full statement's rows, and one of each
// power of two below it for what remains when a transaction ends. Only
// table and column names, which are constants of this package, and counts
// of placeholders go into the SQL text.
//
// Values queue as int64, row after row: an integer, null, or for a text
// column an index into strs.
type bulk struct {
	c     *writeConn
	table string
	head  string // INSERT OR ROLLBACK INTO t (a, b) VALUES
	row   string // (?,?)
	cols  int
	per   int
	stmts map[int]*writeStmt // by rows
	kinds []uint8            // by column: 0 (not known yet), kindInt or kindText
	vals  []int64
	strs  []string
	buf   cText
}

// newBulk prepares nothing yet: statements are prepared when first used.
// INSERT OR ROLLBACK: a failed row ends the whole transaction anyway, and
// statements that cannot abort halfway need no statement journal.
func newBulk(c *writeConn, table string, cols []string) *bulk {
	per := min(maxRowsPerStatement, 32000/len(cols))
	return &bulk{
		c:     c,
		table: table,
		head:  "INSERT OR ROLLBACK INTO " + table + " (" + strings.Join(cols, ", ") + ") VALUES ",
		row:   "(" + placeholders(len(cols)) + ")",
		cols:  len(cols),
		per:   per,
		stmts: map[int]*writeStmt{},
		kinds: make([]uint8, len(cols)),
		vals:  make([]int64, 0, per*len(cols)),
		buf:   cText{tls: c.tls},
	}
}

// addInts queues one row of integers (null for NULL) after the key.
func (b *bulk) addInts(key int64, vals []int64) error {
	b.vals = append(b.vals, key)
	b.vals = append(b.vals, vals...)
	return b.endRow()
}

// add queues one row of values: int, int64, string or nil. A column is of
// the kind of the first value in it that is not nil.
func (b *bulk) add(vals ...any) error {
	for _, v := range vals {
		var val int64
		text := false
		switch x := v.(type) {
		case nil:
			b.vals = append(b.vals, null)
			continue
		case int:
			val = int64(x)
		case int64:
			val = x
		case string:
			val, text = int64(len(b.strs)), true
			b.strs = append(b.strs, x)
		default:
			return fmt.Errorf("analytics: %s: cannot store a %T", b.table, v)
		}
		col := len(b.vals) % b.cols
		if b.kinds[col] == 0 {
			b.kinds[col] = kindOf(text)
		} else if b.kinds[col] != kindOf(text) {
			return fmt.Errorf("analytics: %s: mixed integers and text in column %d", b.table, col+1)
		}
		b.vals = append(b.vals, val)
	}
	return b.endRow()
}

// Kinds of column, once known.
const (
	kindInt  = 1
	kindText = 2
)

func kindOf(text bool) uint8 {
	if text {
		return kindText
	}
	return kindInt
}

// endRow writes the queued rows when they fill a statement.
func (b *bulk) endRow() error {
	if len(b.vals) < b.per*b.cols {
		return nil
	}
	return b.writeQueued()
}

// flush writes the queued rows, the most a statement at a time.
func (b *bulk) flush() error {
	return b.writeQueued()
}

func (b *bulk) writeQueued() error {
	if err := b.copyText(); err != nil {
		return err
	}
	vals := b.vals
	for len(vals) > 0 {
		rows := min(b.per, len(vals)/b.cols)
		if rows < b.per {
			rows = 1 << (bits.Len(uint(rows)) - 1)
		}
		n := rows * b.cols
		if err := b.exec(rows, vals[:n]); err != nil {
			return err
		}
		vals = vals[n:]
	}
	b.vals, b.strs = b.vals[:0], b.strs[:0]
	return nil
}

// copyText copies the queued strings into memory SQLite can read, and
// turns their indexes into offsets there.
func (b *bulk) copyText() error {
	if len(b.strs) == 0 {
		return nil
	}
	size := 0
	for _, s := range b.strs {
		size += len(s)
	}
	if err := b.buf.reserve(size); err != nil {
		return err
	}
	mem := b.buf.bytes()
	offsets := make([]int64, len(b.strs))
	off := 0
	for i, s := range b.strs {
		offsets[i] = int64(off)
		off += copy(mem[off:], s)
	}
	for i, v := range b.vals {
		if b.kinds[i%b.cols] == kindText && v != null {
			b.vals[i] = offsets[v]<<32 | int64(len(b.strs[v]))
		}
	}
	return nil
}

// exec binds one statement's worth of rows and runs it.
func (b *bulk) exec(rows int, vals []int64) error {
	st, err := b.stmt(rows)
	if err != nil {
		return err
	}
	for i, v := range vals {
		switch {
		case v == null:
			err = st.bindNull(i + 1)
		case b.kinds[i%b.cols] == kindText:
			err = st.bindText(i+1, b.buf.p+uintptr(v>>32), int(v&0xffffffff))
		default:
			err = st.bindInt(i+1, v)
		}
		if err != nil {
			return err
		}
	}
	return st.run()
}

func (b *bulk) stmt(rows int) (*writeStmt, error) {
	if st := b.stmts[rows]; st != nil {
		return st, nil
	}
	st, err := b.c.prepare(b.head + strings.TrimSuffix(strings.Repeat(b.row+",", rows), ","))
	if err != nil {
		return nil, err
	}
	b.stmts[rows] = st
	return st, nil
}

// close finalizes the statements and frees the text memory.
func (b *bulk) close() error {
	var err error
	for _, st := range b.stmts {
		if e := st.close(); err == nil {
			err = e
		}
	}
	b.buf.free()
	return err
}
