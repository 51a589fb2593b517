package analytics

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"net/url"
	"sort"
	"strings"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver
)

//go:embed migrations/*.sql
var migrations embed.FS

// pragmas are set on every connection (SQLite pragmas are per connection).
// page_size applies only to a database not yet written, so it must run
// before journal_mode, which writes the first page: the driver runs the
// _pragma list (sorted by name) before the _journal_mode key. Pages of
// 16 KiB take an eighth less of the writer's CPU than 4 KiB ones over a
// 100,000-game ingest (fewer system calls to log and checkpoint, fewer
// page splits); 32 and 64 KiB save no more and wait longer for the disk.
// WAL lets reports read while an ingest writes and makes a commit one
// append; synchronous(NORMAL) is durable enough in WAL mode (a power cut
// loses at most the last transactions, never consistency); busy_timeout
// makes a second writer wait instead of failing; foreign_keys enforces
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
const pragmas = "_pragma=cache_size(-16384)&_pragma=page_size(16384)&_pragma=synchronous(NORMAL)&_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_journal_mode=WAL&_txlock=immediate"

// Store is a towerlog database: one SQLite file holding replayed games and
// the diagnostics of games that failed validation.
type Store struct {
	db *sql.DB
}

// Open opens (creating it if needed) the database file at path and
// brings its schema up to date. It refuses, before writing anything, a
// file that is not a towerlog database (*NotTowerlogError) and one that a
// newer towerlog wrote (*NewerSchemaError); a missing or empty file
// becomes a new database.
func Open(ctx context.Context, path string) (*Store, error) {
	if err := checkFile(ctx, path); err != nil {
		return nil, err
	}
	// The path is escaped as a URL path so that no character of it can
	// add a parameter to the DSN.
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?"+pragmas)
	if err != nil {
		return nil, err
	}
	s := &Store{db: db}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// DB returns the underlying database, for queries of one's own.
func (s *Store) DB() *sql.DB { return s.db }

// goSteps holds, by migration file name, the part of a migration that SQL
// alone cannot do (replaying stored records, for instance). A step runs in
// the migration's transaction, after the file's SQL.
var goSteps = map[string]func(context.Context, *sql.Tx) error{}

// vacuumAfter names the migrations that free much of the file (a column
// of every game rewritten smaller): once they are applied, Open vacuums
// the database so that the file shrinks by the space they freed.
var vacuumAfter = map[string]bool{"migrations/0008_record_deflate.sql": true}

// migrate applies, each in its own transaction, the embedded migrations
// not yet recorded in the migrations table.
func (s *Store) migrate(ctx context.Context) error {
	if _, err := s.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY) WITHOUT ROWID`); err != nil {
		return err
	}
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	vacuum := false
	for _, name := range names {
		applied, err := s.migrateOne(ctx, name)
		if err != nil {
			return fmt.Errorf("migration %s: %w", name, err)
		}
		vacuum = vacuum || applied && vacuumAfter[name]
	}
	if vacuum {
		// In WAL mode the vacuumed pages go to the log first; the
		// checkpoint writes them back and truncates the file.
		if _, err := s.db.ExecContext(ctx, `VACUUM; PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
			return fmt.Errorf("vacuum: %w", err)
		}
	}
	return nil
}

// migrateOne applies the migration name unless it was applied before,
// and says whether it applied it.
func (s *Store) migrateOne(ctx context.Context, name string) (bool, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM migrations WHERE name = ?`, name).Scan(&n); err != nil {
		return false, err
	}
	if n > 0 {
		return false, nil
	}
	body, err := fs.ReadFile(migrations, name)
	if err != nil {
		return false, err
	}
	if _, err := tx.ExecContext(ctx, string(body)); err != nil {
		return false, err
	}
	if step := goSteps[name]; step != nil {
		if err := step(ctx, tx); err != nil {
			return false, err
		}
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO migrations (name) VALUES (?)`, name); err != nil {
		return false, err
	}
	// The header says whose the file is and its schema version (only
	// integers of this package go into the text of a pragma).
	num, _ := migrationNumber(name)
	if _, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA application_id = %d; PRAGMA user_version = %d`, ApplicationID, num)); err != nil {
		return false, err
	}
	return true, tx.Commit()
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
