package analytics

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
)

// storedTowers lists the rows of towers of s, each as "file#idx
// (x,y) height", in the order of the files, the games and the squares.
func storedTowers(t *testing.T, s *Store) []string {
	t.Helper()
	var out []string
	err := EachRow(context.Background(), s.db, `SELECT g.file, g.idx, w.x, w.y, w.height
		FROM towers w JOIN games g ON g.gid = w.game ORDER BY g.file, g.idx, w.x, w.y`, nil, func(rows *sql.Rows) error {
		var file string
		var idx, x, y, h int
		err := rows.Scan(&file, &idx, &x, &y, &h)
		out = append(out, fmt.Sprintf("%s#%d (%d,%d) %d", filepath.ToSlash(file), idx, x, y, h))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestTowersOfThree: the towers written at ingest are those read in the
// records of threeGames.
func TestTowersOfThree(t *testing.T) {
	s := openTemp(t)
	if _, err := s.Ingest(context.Background(), []string{threeGames}, IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	file := filepath.ToSlash(threeGames)
	want := []string{
		// Game 1: Bob's foundation T09 at (-1,0) (turn 2) gets floors
		// at turns 3, 8 and 10; the other Tower tiles (T15, T13,
		// T01, T11) none.
		file + "#1 (-1,0) 3",
		// Game 2 is a base game. Game 3: Red's T01 at (1,0) gets one
		// floor at turn 3.
		file + "#3 (1,0) 1",
	}
	if got := storedTowers(t, s); !slices.Equal(got, want) {
		t.Errorf("towers:\n%q\nwant\n%q", got, want)
	}
}

// TestMigrateV11 opens a database written by the program of schema
// version 11 (testdata/migrate/README.md says how it was made), which
// migration 13 gives its towers: those of its small games are those
// derived by hand, every table then holds what an ingest by the current
// program writes, and check finds the database sound.
func TestMigrateV11(t *testing.T) {
	ctx := context.Background()
	tmp := t.TempDir()
	old, _ := copyFixture(t, tmp, "v11.db")
	t.Chdir(filepath.Join("testdata", "migrate"))
	migrated, err := Open(ctx, old)
	if err != nil {
		t.Fatal(err)
	}
	defer migrated.Close()
	fresh, err := Open(ctx, filepath.Join(tmp, "fresh.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer fresh.Close()
	files := []string{"games.cgn", "v8/exchange-ransom.cgn", "v8/seed-1a-1d.cgn", "v10/own-capture.cgn"}
	if st, err := fresh.Ingest(ctx, files, IngestOptions{}); err != nil || st.Added != 23 {
		t.Fatalf("ingest: %+v, %v; want 23 games added", st, err)
	}
	// Floors: exchange-ransom on (1,1) at turns 2 and 6 (Bob) and 7
	// (Anna); seed-1a-1d on (1,0) at turn 3; own-capture on (1,1) at
	// turn 3.
	want := []string{"v10/own-capture.cgn#1 (1,1) 1", "v8/exchange-ransom.cgn#1 (1,1) 3", "v8/seed-1a-1d.cgn#1 (1,0) 1"}
	for _, s := range []struct {
		name  string
		store *Store
	}{{"migrated", migrated}, {"ingested", fresh}} {
		var got []string
		for _, w := range storedTowers(t, s.store) {
			if w[0] == 'v' {
				got = append(got, w)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: towers of the small games:\n%q\nwant\n%q", s.name, got, want)
		}
	}
	for _, tb := range Tables {
		if w, g := dumpTable(t, fresh, tb), dumpTable(t, migrated, tb); !slices.Equal(g, w) {
			t.Errorf("%s after the migration differs from a new ingest: %d rows, want %d", tb.Name, len(g), len(w))
		}
	}
	if n := len(dumpTable(t, migrated, Tables[tTowers])); n < 10 {
		t.Errorf("%d towers after the migration: the games of games.cgn build floors", n)
	}
	r, err := migrated.Check(ctx)
	if err != nil || len(r.Problems) != 0 || r.Games != 23 {
		t.Errorf("check after the migration: %+v, %v; want 23 games and no problem", r, err)
	}
}
