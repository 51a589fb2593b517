package parquetdir

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
)

// seen is the set of the games a shard has read, on disk: a temporary
// SQLite file beside the shard's temporary files (and named like them, so
// that the next run of the shard removes it should a killed run leave it
// behind), removed with them. A million games take some 55 MB of file
// and, whatever their number, the 4 MiB of its page cache in memory,
// where a map of their ids took 50 bytes a game.
type seen struct {
	path  string
	db    *sql.DB
	tx    *sql.Tx
	valid *sql.Stmt // adds a valid game's key and id, unless its key is there
	id    *sql.Stmt // the id of a valid game's key
	bad   *sql.Stmt // adds an invalid game's id, unless it is there
}

// seenSchema is the set's tables: the valid games by key (a key is the
// rowid, the B-tree's own key), the invalid ones by id.
const seenSchema = `CREATE TABLE valid (key INTEGER PRIMARY KEY, id BLOB NOT NULL);
CREATE TABLE invalid (id BLOB PRIMARY KEY) WITHOUT ROWID;`

// newSeen creates an empty set in folder, for shard id. Nothing in it
// needs to survive a crash: no journal, no sync, one transaction that is
// never committed (SQLite writes the pages its cache cannot hold to the
// file as it goes).
func newSeen(ctx context.Context, folder, id string) (s *seen, err error) {
	f, err := os.CreateTemp(folder, "."+id+".parquet.tmp-*")
	if err != nil {
		return nil, err
	}
	s = &seen{path: f.Name()}
	f.Close()
	defer func() {
		if err != nil {
			s.close()
			err = fmt.Errorf("%s: %w", filepath.Base(s.path), err)
		}
	}()
	q := "_pragma=journal_mode(OFF)&_pragma=synchronous(OFF)&_pragma=locking_mode(EXCLUSIVE)&_pragma=cache_size(-4096)"
	if s.db, err = sql.Open("sqlite", "file:"+(&url.URL{Path: s.path}).EscapedPath()+"?"+q); err != nil {
		return s, err
	}
	s.db.SetMaxOpenConns(1)
	if _, err = s.db.ExecContext(ctx, seenSchema); err != nil {
		return s, err
	}
	// The transaction lives as long as the set, which close ends: begun
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

// addValid adds a valid game of key k and id. It reports false if the
// game was there already, and an error if another game has its key.
func (s *seen) addValid(k int64, id [sha256.Size]byte) (bool, error) {
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

// addInvalid adds an invalid game's id. It reports false if the game was
// there already.
func (s *seen) addInvalid(id [sha256.Size]byte) (bool, error) {
	res, err := s.bad.Exec(id[:])
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// close closes the set and removes its file.
func (s *seen) close() {
	if s.tx != nil {
		s.tx.Rollback()
	}
	if s.db != nil {
		s.db.Close()
	}
	os.Remove(s.path)
}
