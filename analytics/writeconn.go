package analytics

import (
	"context"
	"errors"
	"fmt"
	"unsafe"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// writeConn is the ingest writer's own connection to the database, made
// through the SQLite library that the database/sql driver wraps. The
// writer binds some sixty million values in an ingest of 100,000 games;
// through the driver, which looks up each parameter's name, locks the
// connection for each and clears every binding after each statement,
// binding took 3.3 of the writer's 20 CPU-seconds, three times what
// SQLite's own binding takes. Its statements also stay prepared from one
// transaction to the next. The connection is opened without SQLite's
// mutex: only the writer goroutine uses it.
type writeConn struct {
	ctx context.Context
	tls *libc.TLS
	db  uintptr
}

// writerPragmas are set on the writer's connection. foreign_keys is off:
// the writer inserts every game before its rows in the same transaction,
// so checking each child row's key again costs about a sixth of the
// insert time for nothing (the tests run PRAGMA foreign_key_check over
// ingested archives instead). The larger page cache (64 MiB) holds a
// transaction's pages: with the default 2 MiB, SQLite spilled pages to the
// log in the middle of transactions and read pages of the random-order
// indexes (games.id, players.name) back again.
const writerPragmas = "PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = OFF; PRAGMA cache_size = -65536"

// openWriteConn opens the existing database file of a file: URI for
// writing.
func openWriteConn(ctx context.Context, uri string) (*writeConn, error) {
	c := &writeConn{ctx: ctx, tls: libc.NewTLS()}
	if err := c.open(uri); err != nil {
		c.close()
		return nil, err
	}
	return c, nil
}

// ptrSize is the size of a C pointer.
const ptrSize = int(unsafe.Sizeof(uintptr(0)))

func (c *writeConn) open(uri string) error {
	name, err := libc.CString(uri)
	if err != nil {
		return err
	}
	defer libc.Xfree(c.tls, name)
	pdb := c.tls.Alloc(ptrSize)
	defer c.tls.Free(ptrSize)
	const flags = sqlite3.SQLITE_OPEN_READWRITE | sqlite3.SQLITE_OPEN_URI | sqlite3.SQLITE_OPEN_NOMUTEX | sqlite3.SQLITE_OPEN_EXRESCODE
	rc := sqlite3.Xsqlite3_open_v2(c.tls, name, pdb, flags, 0)
	c.db = *(*uintptr)(cPtr(pdb))
	if rc != sqlite3.SQLITE_OK {
		return c.err(rc)
	}
	if rc := sqlite3.Xsqlite3_busy_timeout(c.tls, c.db, 5000); rc != sqlite3.SQLITE_OK {
		return c.err(rc)
	}
	return c.exec(writerPragmas)
}

func (c *writeConn) close() error {
	var err error
	if c.db != 0 {
		if rc := sqlite3.Xsqlite3_close_v2(c.tls, c.db); rc != sqlite3.SQLITE_OK {
			err = c.err(rc)
		}
		c.db = 0
	}
	c.tls.Close()
	return err
}

// err describes a failed call by its result code and the connection's
// last error message.
func (c *writeConn) err(rc int32) error {
	msg := libc.GoString(sqlite3.Xsqlite3_errstr(c.tls, rc))
	if c.db != 0 {
		msg = libc.GoString(sqlite3.Xsqlite3_errmsg(c.tls, c.db))
	}
	return fmt.Errorf("sqlite: %s (%d)", msg, rc)
}

// exec runs SQL without arguments or results (several statements may be
// separated by semicolons).
func (c *writeConn) exec(query string) error {
	if err := c.ctx.Err(); err != nil {
		return err
	}
	z, err := libc.CString(query)
	if err != nil {
		return err
	}
	defer libc.Xfree(c.tls, z)
	if rc := sqlite3.Xsqlite3_exec(c.tls, c.db, z, 0, 0, 0); rc != sqlite3.SQLITE_OK {
		return c.err(rc)
	}
	return nil
}

// writeStmt is a prepared statement of a writeConn.
type writeStmt struct {
	c *writeConn
	p uintptr
}

func (c *writeConn) prepare(query string) (*writeStmt, error) {
	z, err := libc.CString(query)
	if err != nil {
		return nil, err
	}
	defer libc.Xfree(c.tls, z)
	pp := c.tls.Alloc(ptrSize)
	defer c.tls.Free(ptrSize)
	if rc := sqlite3.Xsqlite3_prepare_v2(c.tls, c.db, z, -1, pp, 0); rc != sqlite3.SQLITE_OK {
		return nil, c.err(rc)
	}
	return &writeStmt{c: c, p: *(*uintptr)(cPtr(pp))}, nil
}

func (s *writeStmt) bindInt(i int, v int64) error {
	return s.check(sqlite3.Xsqlite3_bind_int64(s.c.tls, s.p, int32(i), v))
}

func (s *writeStmt) bindNull(i int) error {
	return s.check(sqlite3.Xsqlite3_bind_null(s.c.tls, s.p, int32(i)))
}

// bindText binds n bytes at p, which must stay unchanged until the
// statement has been reset.
func (s *writeStmt) bindText(i int, p uintptr, n int) error {
	return s.check(sqlite3.Xsqlite3_bind_text(s.c.tls, s.p, int32(i), p, int32(n), 0))
}

func (s *writeStmt) check(rc int32) error {
	if rc != sqlite3.SQLITE_OK {
		return s.c.err(rc)
	}
	return nil
}

// step runs the statement one step and reports whether it has a row.
func (s *writeStmt) step() (bool, error) {
	switch rc := sqlite3.Xsqlite3_step(s.c.tls, s.p); rc {
	case sqlite3.SQLITE_ROW:
		return true, nil
	case sqlite3.SQLITE_DONE:
		return false, nil
	default:
		return false, s.c.err(rc)
	}
}

// run executes the bound statement to its end and resets it.
func (s *writeStmt) run() error {
	if err := s.c.ctx.Err(); err != nil {
		return err
	}
	_, err := s.step()
	if rc := sqlite3.Xsqlite3_reset(s.c.tls, s.p); err == nil && rc != sqlite3.SQLITE_OK {
		err = s.c.err(rc)
	}
	return err
}

func (s *writeStmt) reset() { sqlite3.Xsqlite3_reset(s.c.tls, s.p) }

func (s *writeStmt) int(col int) int64 {
	return sqlite3.Xsqlite3_column_int64(s.c.tls, s.p, int32(col))
}

func (s *writeStmt) close() error {
	if s.p == 0 {
		return nil
	}
	rc := sqlite3.Xsqlite3_finalize(s.c.tls, s.p)
	s.p = 0
	if rc != sqlite3.SQLITE_OK {
		return s.c.err(rc)
	}
	return nil
}

// cText is memory outside Go's heap that holds the text values bound to
// one statement until it has run.
type cText struct {
	tls *libc.TLS
	p   uintptr
	n   int
}

// reserve makes room for n bytes; what was copied in before is lost.
func (t *cText) reserve(n int) error {
	n = max(n, 1) // a NULL pointer would bind NULL, not ""
	if n <= t.n {
		return nil
	}
	t.free()
	t.p = libc.Xmalloc(t.tls, libc.Tsize_t(n))
	if t.p == 0 {
		return errors.New("analytics: out of memory for text values")
	}
	t.n = n
	return nil
}

func (t *cText) bytes() []byte { return unsafe.Slice((*byte)(cPtr(t.p)), t.n) }

// cPtr turns an address the SQLite library gave into a pointer. The
// library's memory lies outside Go's heap, so the garbage collector
// neither moves nor frees it, which makes the conversion safe.
func cPtr(p uintptr) unsafe.Pointer { return unsafe.Add(nil, p) }

func (t *cText) free() {
	if t.p != 0 {
		libc.Xfree(t.tls, t.p)
		t.p, t.n = 0, 0
	}
}

// rollback ends the open transaction, if any, undoing it; it runs even
// when the writer's context is done.
func (c *writeConn) rollback() error {
	z, err := libc.CString("ROLLBACK")
	if err != nil {
		return err
	}
	defer libc.Xfree(c.tls, z)
	if sqlite3.Xsqlite3_get_autocommit(c.tls, c.db) != 0 {
		return nil // INSERT OR ROLLBACK has undone it already
	}
	if rc := sqlite3.Xsqlite3_exec(c.tls, c.db, z, 0, 0, 0); rc != sqlite3.SQLITE_OK {
		return c.err(rc)
	}
	return nil
}
