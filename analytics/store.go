package analytics

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"

	"modernc.org/sqlite" // the "sqlite" database/sql driver
	sqlite3 "modernc.org/sqlite/lib"
)

// pragmas are set on every connection (SQLite pragmas are per connection).
// page_size applies only to a database not yet written, so it must run
// before journal_mode, which writes the first page: the driver runs the
// _pragma list (sorted by name) before the _journal_mode key. Pages of
// 16 KiB take an eighth less of the writer's CPU than 4 KiB ones over a
// 100,000-game ingest (fewer system calls to log and checkpoint, fewer
// page splits); 32 and 64 KiB save no more and wait longer for the disk.
// WAL (set by useWAL when a database is opened for writing; the file
// keeps it) lets reports read while an ingest writes and makes a commit
// one append; synchronous(NORMAL) is durable enough in WAL mode (a power cut
// loses at most the last transactions, never consistency); busy_timeout
// makes a second writer wait (beginWrite waits on past it); foreign_keys enforces
// the REFERENCES clauses; _txlock=immediate takes the write lock at BEGIN,
// so two writers queue instead of deadlocking on lock upgrades. The page
// cache of up to 16 MiB (the default is 2 MiB) holds an ingest's
// transaction (50,000 rows, a few MB of pages) and the pages of the
// indexes it reads in random order (games.id, players.name): with less,
// SQLite writes pages to the log before the commit and reads them back.
// Each 16 KiB page takes 32 KiB of the process's memory (the driver's
// allocator rounds the page and its header up to a power of two): the
// peak memory of a 20,000-game ingest was 307 MB with a cache of 64 MiB,
// 211 MB with 16 MiB, for the same CPU time.
const pragmas = "_pragma=cache_size(" + cacheKiB + ")&_pragma=page_size(16384)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(1)&_txlock=immediate"

// cacheKiB is the page cache of a connection that writes, in SQLite's
// words (a negative number of KiB).
const cacheKiB = "-16384"

// busyTimeout is how long one attempt of a writer waits for another
// (SQLite's busy_timeout, set on every connection that writes). A
// variable so that the tests can make writers meet it often.
var busyTimeout = 5 * time.Second

// writePragmas are the pragmas of a connection that writes.
func writePragmas() string {
	return fmt.Sprintf("%s&_pragma=busy_timeout(%d)", pragmas, busyTimeout.Milliseconds())
}

// Store is a towerlog database: one SQLite file holding replayed games and
// the diagnostics of games that failed validation.
type Store struct {
	db    *sql.DB
	path  string // the file, as given to Open or OpenReadOnly
	notes []string
}

// readPragmas are those of a connection that only reads: no page size
// (nothing is written), no _txlock=immediate (a read-only connection
// cannot take the write lock).
const readPragmas = "_pragma=cache_size(-16384)&_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)"

// dsn returns the data source name of the database file at path. The
// path is escaped as a URL path so that no character of it can add a
// parameter.
func dsn(path, params string) string {
	return "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + params
}

// roundCollationOnce registers roundCollation with the driver before the
// first database is opened (openSQLite). A collation is a name the driver
// offers every connection it opens; registering it changes nothing else
// of the process.
var roundCollationOnce sync.Once

// openSQLite opens a database with the driver, dsn naming the file and
// its parameters, once the store's collation is registered.
func openSQLite(dsn string) (*sql.DB, error) {
	roundCollationOnce.Do(func() { sqlite.MustRegisterCollationUtf8(roundCollation, roundCompare) })
	return sql.Open("sqlite", dsn)
}

// Open opens (creating it if needed) the database file at path for
// writing and brings its schema up to date. A file that cannot be written
// gives a *NotWritableError. It refuses, before writing anything, a file
// that is not a towerlog database (*NotTowerlogError) and one that a
// newer towerlog wrote (*NewerSchemaError); a missing or empty file
// becomes a new database.
func Open(ctx context.Context, path string) (*Store, error) {
	if err := checkFile(ctx, path, false); err != nil {
		return nil, err
	}
	db, err := openSQLite(dsn(path, writePragmas()))
	if err != nil {
		return nil, err
	}
	s := &Store{db: db, path: path}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		var se *sqlite.Error
		if errors.As(err, &se) && (se.Code()&0xff == sqlite3.SQLITE_READONLY || se.Code()&0xff == sqlite3.SQLITE_CANTOPEN) {
			return nil, &NotWritableError{Path: path, Err: err}
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// NotWritableError is a database that Open cannot create or write: a
// read-only file, directory or mount, or a path that cannot be a file.
type NotWritableError struct {
	Path string
	Err  error // SQLite's reason
}

// Error gives the file and SQLite's reason on one line.
func (e *NotWritableError) Error() string {
	return fmt.Sprintf("%s: cannot write the database: %v", e.Path, e.Err)
}

func (e *NotWritableError) Unwrap() error { return e.Err }

// OpenReadOnly opens the database file at path for reading only: it
// writes nothing, neither to the file nor beside it, so that archives on
// read-only mounts, in read-only directories or owned by others can be
// read. When no ingest is writing the database (no -wal file beside it:
// its log is checkpointed), the file is opened immutable, so SQLite needs
// no -shm file either; an ingest that starts while it is read may change
// what a long report reads, so run them one after the other. Otherwise
// the reader shares the writer's log, read-only. OpenReadOnly runs no
// migration: a database that needs one gives an *OutdatedError, a file
// that is not a towerlog database a *NotTowerlogError, one that a newer
// towerlog wrote a *NewerSchemaError, and one it cannot open (missing,
// permission denied) the reason with the path, which errors.Is matches
// against fs.ErrNotExist or fs.ErrPermission.
func OpenReadOnly(ctx context.Context, path string) (*Store, error) {
	if err := checkFile(ctx, path, true); err != nil {
		return nil, err
	}
	params := readPragmas + "&mode=ro"
	if _, err := os.Stat(path + "-wal"); errors.Is(err, fs.ErrNotExist) {
		params += "&immutable=1"
	}
	db, err := openSQLite(dsn(path, params))
	if err != nil {
		return nil, err
	}
	if err := checkMigrated(ctx, db, path); err != nil {
		db.Close()
		return nil, err
	}
	return &Store{db: db, path: path}, nil
}

// Path returns the database's file, as given to Open or OpenReadOnly.
func (s *Store) Path() string { return s.path }

// OutdatedError is a database written by an earlier towerlog, which only
// a command that writes can bring up to date.
type OutdatedError struct {
	Path      string
	Migration string // the first migration it lacks, e.g. "0006_identity_engine.sql"
}

// Error says what to do on one line.
func (e *OutdatedError) Error() string {
	return fmt.Sprintf("%s: written by an earlier towerlog (migration %s not applied): ingest into it once (towerlog ingest --db %s PATH...) to bring it up to date",
		e.Path, e.Migration, e.Path)
}

// UnfinishedError is a database whose creation did not finish: a file
// with no tables, or none of towerlog's migrations applied (a creation
// stopped by a full disk or a kill, or an empty file). Open creates it
// again.
type UnfinishedError struct {
	Path string
}

// Error says what to do on one line.
func (e *UnfinishedError) Error() string {
	return fmt.Sprintf("%s: an unfinished database, whose creation stopped before its tables were written: ingest into it (towerlog ingest --db %s PATH...) to create it",
		e.Path, e.Path)
}

// checkMigrated checks that every migration is recorded as applied.
func checkMigrated(ctx context.Context, db *sql.DB, path string) error {
	rows, err := db.QueryContext(ctx, `SELECT name FROM migrations`)
	if err != nil {
		var tables int
		if db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema`).Scan(&tables) == nil && tables == 0 {
			return &UnfinishedError{Path: path}
		}
		return fmt.Errorf("%s: not a towerlog database: %w", path, err)
	}
	applied := map[string]bool{}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			rows.Close()
			return fmt.Errorf("%s: %w", path, err)
		}
		applied[name] = true
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if len(applied) == 0 {
		return &UnfinishedError{Path: path}
	}
	for _, m := range schema {
		if !applied[m.name()] {
			return &OutdatedError{Path: path, Migration: m.file}
		}
	}
	return nil
}

// Notes returns what the migrations that Open applied have to say to the
// user (the number of duplicate games merged, for instance), once: a
// later Open of the same database has nothing to say.
func (s *Store) Notes() []string { return s.notes }

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// storedPage is how many games eachStored reads at a time: a migration's
// Go step holds one page, however many games are stored.
const storedPage = 500

// eachStored calls fn, in the order of gid, with the key and the stored
// record (text, or a compressed blob: see recordValue) of every game that
// has a record and meets cond, a condition on games written in code,
// never from input. It reads a page of games at a time, so fn may write
// to games between two pages.
func eachStored(ctx context.Context, tx queryer, cond string, fn func(gid int64, record any) error) error {
	type stored struct {
		gid    int64
		record any
	}
	var page []stored
	for last := int64(math.MinInt64); ; last = page[len(page)-1].gid {
		page = page[:0]
		err := eachRow(ctx, tx, `SELECT gid, record FROM games WHERE gid > ? AND record IS NOT NULL AND (`+cond+`)
			ORDER BY gid LIMIT ?`, []any{last, storedPage}, func(rows *sql.Rows) error {
			var g stored
			err := rows.Scan(&g.gid, &g.record)
			page = append(page, g)
			return err
		})
		if err != nil || len(page) == 0 {
			return err
		}
		for _, g := range page {
			if err := fn(g.gid, g.record); err != nil {
				return err
			}
		}
	}
}

// useWAL puts the database in WAL mode, which the file keeps. Changing
// the journal mode of a database another connection is creating, or
// reading the mode while another recovers the log, fails at once
// (SQLITE_BUSY: SQLite calls no busy handler there), so it is tried
// again, as beginWrite does, until ctx ends: a process opening the
// database while others write it waits its turn instead of failing.
func (s *Store) useWAL(ctx context.Context) error {
	for {
		var mode string
		err := s.db.QueryRowContext(ctx, `PRAGMA journal_mode=WAL`).Scan(&mode)
		if !isBusy(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(busyPause):
		}
	}
}

// isBusy reports whether err is SQLite's SQLITE_BUSY (of any extended
// code): another connection holds the lock wanted.
func isBusy(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_BUSY
}

// busyPause is the pause between two attempts of beginWrite.
const busyPause = 10 * time.Millisecond

// beginner begins transactions: a *sql.DB, or a *sql.Conn.
type beginner interface {
	BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error)
}

// beginWrite begins, with b, a transaction that holds the write lock
// from its start (_txlock=immediate), however long others hold it:
// SQLite waits busy_timeout for the lock, polling it, and another
// process's ingest, which commits and begins again at once, can hold it
// for longer, across many transactions. So beginWrite tries again, until
// stop ends, when it returns stop's cause: writers take turns instead of
// failing with "database is locked". The transaction runs under ctx. A
// stop takes effect within the connection's busy_timeout (SQLite's wait
// is not interrupted).
func beginWrite(ctx, stop context.Context, b beginner) (*sql.Tx, error) {
	for {
		tx, err := b.BeginTx(ctx, nil)
		if !isBusy(err) {
			return tx, err
		}
		select {
		case <-stop.Done():
			return nil, context.Cause(stop)
		case <-time.After(busyPause):
		}
	}
}

// Counts returns the number of valid and of invalid games stored.
func (s *Store) Counts(ctx context.Context) (valid, invalid int, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM invalid_games)`).Scan(&valid, &invalid)
	return valid, invalid, err
}

// placeholders returns "?,?,...,?" with n marks, for IN lists and
// multi-row VALUES; only counts go into SQL text, never values.
func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?,", n), ",")
}
