package analytics

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// sqliteFile writes a SQLite file at path with the statements run on a
// plain connection (rollback journal, as most programs leave theirs) and
// returns its bytes.
func sqliteFile(t *testing.T, path string, stmts ...string) []byte {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range stmts {
		if _, err := db.Exec(st); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestOpenRefuses opens files that are not towerlog's, or are a newer
// towerlog's: each is refused with its message, and left byte for byte as
// it was, with no -wal, -shm or -journal file beside it.
func TestOpenRefuses(t *testing.T) {
	// This build's schema version: the number of its last migration.
	known := knownSchema()
	newer := fmt.Sprintf("migrations/%04d_later.sql", known+1)
	for _, tc := range []struct {
		name  string
		stmts []string // nil: the file holds text, not SQLite
		want  string   // the message, with %s for the path
	}{
		{"Text", nil, "%s is not a towerlog database"},
		{"Foreign", []string{`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)`, `INSERT INTO notes (body) VALUES ('buy milk')`},
			"%s is not a towerlog database"},
		{"ForeignGames", []string{`CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT)`, `INSERT INTO games (title) VALUES ('chess')`},
			"%s is not a towerlog database"},
		{"ForeignMigrations", []string{`CREATE TABLE migrations (name TEXT PRIMARY KEY)`, `INSERT INTO migrations VALUES ('20240101_init')`},
			"%s is not a towerlog database"},
		{"OtherApplication", []string{`CREATE TABLE migrations (name TEXT PRIMARY KEY)`, `PRAGMA application_id = 1234`},
			"%s is not a towerlog database"},
		{"ForeignUserVersion", []string{`CREATE TABLE migrations (name TEXT PRIMARY KEY)`, `PRAGMA user_version = 3`},
			"%s is not a towerlog database"},
		{"NewerVersion", []string{`CREATE TABLE migrations (name TEXT PRIMARY KEY)`,
			fmt.Sprintf(`PRAGMA application_id = %d`, ApplicationID), fmt.Sprintf(`PRAGMA user_version = %d`, known+1)},
			fmt.Sprintf("%%s: written by a newer towerlog (schema %d, this build knows %d)", known+1, known)},
		{"NewerMigration", []string{`CREATE TABLE migrations (name TEXT PRIMARY KEY)`,
			`INSERT INTO migrations VALUES ('migrations/0001_schema.sql'), ('` + newer + `')`},
			fmt.Sprintf("%%s: written by a newer towerlog (schema %d, this build knows %d)", known+1, known)},
		{"NewerMigrationWithID", []string{`CREATE TABLE migrations (name TEXT PRIMARY KEY)`,
			`INSERT INTO migrations VALUES ('migrations/0001_schema.sql'), ('` + newer + `')`,
			fmt.Sprintf(`PRAGMA application_id = %d`, ApplicationID), fmt.Sprintf(`PRAGMA user_version = %d`, known)},
			fmt.Sprintf("%%s: written by a newer towerlog (schema %d, this build knows %d)", known+1, known)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "notes.db")
			var before []byte
			if tc.stmts == nil {
				before = []byte("These are my notes, not a database.\n")
				if err := os.WriteFile(path, before, 0o644); err != nil {
					t.Fatal(err)
				}
			} else {
				before = sqliteFile(t, path, tc.stmts...)
			}
			s, err := Open(context.Background(), path)
			if err == nil {
				s.Close()
				t.Fatal("opened; want it refused")
			}
			if want := fmt.Sprintf(tc.want, path); err.Error() != want {
				t.Errorf("error %q, want %q", err, want)
			}
			var notOurs *NotTowerlogError
			var newerErr *NewerSchemaError
			if !errors.As(err, &notOurs) && !errors.As(err, &newerErr) {
				t.Errorf("error of type %T, want *NotTowerlogError or *NewerSchemaError", err)
			}
			after, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(before, after) {
				t.Error("the file changed")
			}
			entries, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range entries {
				if e.Name() != "notes.db" {
					t.Errorf("%s left beside the file", e.Name())
				}
			}
		})
	}
}

// TestOpenCreates opens a missing file, an empty one and a SQLite
// database with no table (as another Open may be creating it): each
// becomes a towerlog database, with its application id and this build's
// schema version in the header.
func TestOpenCreates(t *testing.T) {
	for _, tc := range []struct {
		name string
		make func(path string) error
	}{
		{"Missing", func(string) error { return nil }},
		{"Empty", func(path string) error { return os.WriteFile(path, nil, 0o644) }},
		{"NoTables", func(path string) error {
			sqliteFile(t, path, `PRAGMA user_version = 0`, `VACUUM`)
			return nil
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "new.db")
			if err := tc.make(path); err != nil {
				t.Fatal(err)
			}
			s, err := Open(context.Background(), path)
			if err != nil {
				t.Fatal(err)
			}
			var app, version int
			if err := s.db.QueryRow(`SELECT application_id, user_version FROM pragma_application_id, pragma_user_version`).Scan(&app, &version); err != nil {
				t.Fatal(err)
			}
			if app != 0x54776c67 || version != knownSchema() {
				t.Errorf("application_id %#x, user_version %d; want 0x54776c67 and %d", app, version, knownSchema())
			}
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			// Opened again, it is recognised as towerlog's.
			s, err = Open(context.Background(), path)
			if err != nil {
				t.Fatalf("opened again: %v", err)
			}
			s.Close()
		})
	}
}
