package analytics

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"strconv"
	"strings"
)

// ApplicationID marks a SQLite file as a towerlog database: SQLite keeps
// it in the file's header (PRAGMA application_id), where file(1) and other
// programs read it. It is the ASCII of "Twlg".
const ApplicationID = 0x54776c67

// NotTowerlogError is a file that is not a towerlog database: another
// program's SQLite file, or no SQLite file at all. Nothing was written to
// it.
type NotTowerlogError struct {
	Path string
}

func (e *NotTowerlogError) Error() string {
	return e.Path + " is not a towerlog database"
}

// NewerSchemaError is a towerlog database written by a newer towerlog,
// whose schema this build does not know. Nothing was written to it.
type NewerSchemaError struct {
	Path   string
	Schema int // the database's schema version
	Known  int // the highest this build knows
}

func (e *NewerSchemaError) Error() string {
	return fmt.Sprintf("%s: written by a newer towerlog (schema %d, this build knows %d)", e.Path, e.Schema, e.Known)
}

// sqliteHeader is the first bytes of every SQLite database file; the
// header is 100 bytes long, with the user version at offset 60 and the
// application id at offset 68, both big-endian.
const sqliteHeader = "SQLite format 3\x00"

// checkFile refuses, before anything opens it for writing, a file at path
// that is not a towerlog database or that a newer towerlog wrote. A
// missing or empty file passes: Open creates it as towerlog's. A towerlog
// database has ApplicationID and its schema version in PRAGMA
// user_version; one written before they were kept has neither, and its
// migrations table names the migrations applied.
//
// A reader (read true) must open the file: one it cannot (missing,
// permission denied, a file where a directory should be) is an error
// saying so, with the path, rather than SQLite's "unable to open
// database file", which would call it no towerlog database.
func checkFile(ctx context.Context, path string, read bool) error {
	f, err := os.Open(path)
	var pe *fs.PathError
	switch {
	case err != nil && read && errors.As(err, &pe):
		return fmt.Errorf("%s: %w", path, pe.Err)
	case err != nil:
		// For a writer, missing or not a file that can be read (a
		// directory in the path is a file, permissions): nothing to
		// protect, and SQLite says why it cannot create or open it.
		return nil
	}
	defer f.Close()
	var h [100]byte
	n, err := io.ReadFull(f, h[:])
	switch {
	case n == 0 && (err == io.EOF || err == nil):
		return nil
	case err != nil && err != io.ErrUnexpectedEOF && err != io.EOF:
		return fmt.Errorf("%s: %w", path, err)
	case n < len(h) || string(h[:len(sqliteHeader)]) != sqliteHeader:
		return &NotTowerlogError{Path: path}
	}
	version := int(binary.BigEndian.Uint32(h[60:]))
	switch app := binary.BigEndian.Uint32(h[68:]); {
	case app == ApplicationID:
		if known := knownSchema(); version > known {
			return &NewerSchemaError{Path: path, Schema: version, Known: known}
		}
		return checkMigrations(ctx, path)
	case app != 0 || version != 0:
		return &NotTowerlogError{Path: path}
	}
	return checkMigrations(ctx, path)
}

// checkMigrations reads the migrations table of a database that is
// towerlog's by its header or written before towerlog set one: it must
// name towerlog's migrations, and only those this build knows. A database
// with no table at all passes, as an empty file does (another Open may be
// creating it). The file is read without being written: as immutable (no
// locks, no -wal or -shm files) unless a write-ahead log lies beside it,
// whose pages a read-only connection then reads, waiting as a writer
// would for one that is writing.
func checkMigrations(ctx context.Context, path string) error {
	mode := "immutable=1"
	if _, err := os.Stat(path + "-wal"); err == nil {
		mode = "mode=ro&_pragma=busy_timeout(5000)"
	}
	db, err := openSQLite("file:" + (&url.URL{Path: path}).EscapedPath() + "?" + mode)
	if err != nil {
		return err
	}
	defer db.Close()
	var tables, ours int
	if err := db.QueryRowContext(ctx, `SELECT count(*), count(*) FILTER (WHERE name = 'migrations') FROM sqlite_schema WHERE type = 'table'`).Scan(&tables, &ours); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	switch {
	case tables == 0:
		return nil
	case ours == 0:
		return &NotTowerlogError{Path: path}
	}
	rows, err := db.QueryContext(ctx, `SELECT name FROM migrations`)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	defer rows.Close()
	known, newest, unknown := knownMigrations(), 0, false
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return &NotTowerlogError{Path: path}
		}
		num, ok := migrationNumber(name)
		if !ok {
			return &NotTowerlogError{Path: path}
		}
		newest = max(newest, num)
		unknown = unknown || !known[name]
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if unknown {
		return &NewerSchemaError{Path: path, Schema: newest, Known: knownSchema()}
	}
	return nil
}

// migrationNumber is the number a migration's file name starts with:
// 4 for "migrations/0004_identity.sql".
func migrationNumber(name string) (int, bool) {
	base := strings.TrimPrefix(name, "migrations/")
	digits, _, ok := strings.Cut(base, "_")
	if !ok || !strings.HasSuffix(base, ".sql") {
		return 0, false
	}
	n, err := strconv.Atoi(digits)
	return n, err == nil && n > 0
}
