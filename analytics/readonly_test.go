package analytics

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// TestOpenReadOnly: a store opened read-only refuses every write, as
// SQLite's read-only and immutable modes do whoever runs the test (root
// included, which file permissions do not stop), and creates no file
// beside the database; while a writer has the database open, the reader
// shares its log and sees what it committed.
func TestOpenReadOnly(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "club.db")
	w, err := Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Ingest(ctx, []string{testArchive(t, 3, 1)}, IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		writer bool // a writer has the database open
		files  []string
	}{
		{"checkpointed", false, []string{"club.db"}},
		{"beside a writer", true, []string{"club.db", "club.db-shm", "club.db-wal"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.writer {
				w, err := Open(ctx, db)
				if err != nil {
					t.Fatal(err)
				}
				defer w.Close()
				if _, err := w.db.Exec(`UPDATE games SET event = 'Spring cup'`); err != nil {
					t.Fatal(err)
				}
			}
			r, err := OpenReadOnly(ctx, db)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			var games, spring int
			if err := r.db.QueryRow(`SELECT count(*), count(*) FILTER (WHERE event = 'Spring cup') FROM games`).Scan(&games, &spring); err != nil {
				t.Fatal(err)
			}
			if wantSpring := map[bool]int{false: 0, true: 3}[c.writer]; games != 3 || spring != wantSpring {
				t.Errorf("%d games, %d of Spring cup; want 3, %d", games, spring, wantSpring)
			}
			_, err = r.db.Exec(`UPDATE games SET event = 'x'`)
			var se *sqlite.Error
			if !errors.As(err, &se) || se.Code()&0xff != sqlite3.SQLITE_READONLY {
				t.Errorf("a write through the read-only store: %v, want SQLITE_READONLY", err)
			}
			entries, err := os.ReadDir(filepath.Dir(db))
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			if !slices.Equal(names, c.files) {
				t.Errorf("files %q, want %q", names, c.files)
			}
		})
	}
}
