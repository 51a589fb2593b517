package analytics

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
)

// A GameSet is a set of games on disk, of any size in bounded memory:
// valid games by their key (a 63-bit number that identifies a game, such
// as a Parquet directory's) and their id, invalid games by their id. It
// is a SQLite file of its own, which nothing needs after a crash: no
// journal, no sync, one transaction that is never committed (SQLite
// writes the pages its cache cannot hold to the file as it goes). A
// million games take some 55 MB of file and, whatever their number, the
// 4 MiB of its page cache in memory, where a map of their ids took 50
// bytes a game.
type GameSet struct {
	db    *sql.DB
	tx    *sql.Tx
	valid *sql.Stmt // adds a valid game's key and id, unless its key is there
	id    *sql.Stmt // the id of a valid game's key
	bad   *sql.Stmt // adds an invalid game's id, unless it is there
}

// gameSetSchema is the set's tables: the valid games by key (a key is the
// rowid, the B-tree's own key), the invalid ones by id.
const gameSetSchema = `CREATE TABLE valid (key INTEGER PRIMARY KEY, id BLOB NOT NULL);
CREATE TABLE invalid (id BLOB PRIMARY KEY) WITHOUT ROWID;`

// NewGameSet makes an empty set in the file at path, which must be empty
// (a new temporary file, say); the caller removes it after Close.
func NewGameSet(ctx context.Context, path string) (s *GameSet, err error) {
	s = &GameSet{}
	defer func() {
		if err != nil {
			err = errors.Join(err, s.Close())
			s = nil
		}
	}()
	if s.db, err = openSQLite(dsn(path, "_pragma=journal_mode(OFF)&_pragma=synchronous(OFF)&_pragma=locking_mode(EXCLUSIVE)&_pragma=cache_size(-4096)")); err != nil {
		return s, err
	}
	s.db.SetMaxOpenConns(1)
	if _, err = s.db.ExecContext(ctx, gameSetSchema); err != nil {
		return s, err
	}
	// The transaction lives as long as the set, which Close ends: begun
	// under ctx, database/sql would roll it back the moment ctx is
	// cancelled, and a writer still adding a game would stop with "the
	// transaction has already been committed or rolled back" instead of
	// the cancellation.
	if s.tx, err = s.db.BeginTx(context.Background(), nil); err != nil {
		return s, err
	}
	for q, st := range map[string]**sql.Stmt{
		"INSERT INTO valid (key, id) VALUES (?, ?) ON CONFLICT DO NOTHING": &s.valid,
		"SELECT id FROM valid WHERE key = ?":                               &s.id,
		"INSERT INTO invalid (id) VALUES (?) ON CONFLICT DO NOTHING":       &s.bad,
	} {
		if *st, err = s.tx.PrepareContext(ctx, q); err != nil {
			return s, err
		}
	}
	return s, nil
}

// AddValid adds a valid game of key k and id. It reports false if the
// game was there already, and an error if another game has its key.
func (s *GameSet) AddValid(k int64, id [sha256.Size]byte) (bool, error) {
	res, err := s.valid.Exec(k, id[:])
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 1 {
		return n == 1, err
	}
	var other []byte
	if err := s.id.QueryRow(k).Scan(&other); err != nil {
		return false, err
	}
	if string(other) != string(id[:]) {
		return false, fmt.Errorf("games %x and %x share the key %d", other, id, k)
	}
	return false, nil
}

// AddInvalid adds an invalid game's id. It reports false if the game was
// there already.
func (s *GameSet) AddInvalid(id [sha256.Size]byte) (bool, error) {
	res, err := s.bad.Exec(id[:])
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Close closes the set, dropping what it holds; its file stays.
func (s *GameSet) Close() error {
	var errs []error
	if s.tx != nil {
		errs = append(errs, s.tx.Rollback())
	}
	if s.db != nil {
		errs = append(errs, s.db.Close())
	}
	return errors.Join(errs...)
}
