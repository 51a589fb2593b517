package main

import (
	"database/sql"
	"testing"
)

// openSQL opens the database file at path with database/sql, beside the
// store, for the test's own queries; it is closed when the test ends.
func openSQL(t testing.TB, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
