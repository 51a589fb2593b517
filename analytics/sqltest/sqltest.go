// Package sqltest opens a store's database file with database/sql for a
// test's own queries, beside the store: a test reads or damages the
// tables directly to check what the store wrote or how it copes. It is
// imported by tests only; outside tests, only the store (package
// analytics) speaks SQL.
package sqltest

import (
	"database/sql"
	"testing"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver
)

// Open opens the database file at path; it is closed when the test ends.
func Open(t testing.TB, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
