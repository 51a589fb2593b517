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
	err := eachRow(context.Background(), s.db, `SELECT g.file, g.idx, w.x, w.y, w.height
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
	migrated, fresh := migrateFixture(t, "v11.db")
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
	r, err := migrated.Check(context.Background())
	if err != nil || len(r.Problems) != 0 || r.Games != 23 {
		t.Errorf("check after the migration: %+v, %v; want 23 games and no problem", r, err)
	}
}

// TestCheckTowers: check finds a row of towers that its game's floors do
// not make, whether its height is changed, it is removed, added, or
// holds text. The towers of threeGames are game 1's (-1,0), 3 floors
// high, and game 3's (1,0), 1 floor high (TestTowersOfThree).
func TestCheckTowers(t *testing.T) {
	for _, c := range []struct {
		name, damage string
		want         []string
	}{
		{"Sound", ``, nil},
		{"Height", `UPDATE towers SET height = 4 WHERE game = 1`,
			[]string{"game 1: tower (-1,0) has height 4 in towers, its floors in turns make 3"}},
		{"Removed", `DELETE FROM towers WHERE game = 3`,
			[]string{"game 3: tower (1,0) has floors in turns (height 1) but no row in towers"}},
		{"Added", `INSERT INTO towers VALUES (1, 5, 5, 2), (2, 0, 0, 1)`,
			[]string{"game 1: tower (5,5) has a row in towers (height 2) but no floor in turns",
				"game 2: tower (0,0) has a row in towers (height 1) but no floor in turns"}},
		{"Text", `UPDATE towers SET height = 'three' WHERE game = 1`,
			[]string{`game 1: a row of towers holds -1, 0, "three" where the tower's square and height belong`,
				"game 1: tower (-1,0) has floors in turns (height 3) but no row in towers"}},
		// A key of bytes in two rows in a row (which Go cannot compare
		// as they come) is named as it is.
		{"TextKey", `INSERT INTO towers VALUES (CAST('x' AS BLOB), 1, 1, 1), (CAST('x' AS BLOB), 2, 2, 1)`,
			[]string{"foreign_key_check: a row of towers (rowid 0) refers to no row of games",
				"foreign_key_check: a row of towers (rowid 0) refers to no row of games",
				"game x: tower (1,1) has a row in towers (height 1) but no floor in turns",
				"game x: tower (2,2) has a row in towers (height 1) but no floor in turns"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := context.Background()
			s := openTemp(t)
			if _, err := s.Ingest(ctx, []string{threeGames}, IngestOptions{}); err != nil {
				t.Fatal(err)
			}
			if c.damage != "" {
				// On a connection of its own without foreign keys,
				// which a damaged file does not obey.
				conn, err := s.db.Conn(ctx)
				if err != nil {
					t.Fatal(err)
				}
				for _, q := range []string{`PRAGMA foreign_keys = OFF`, c.damage, `PRAGMA foreign_keys = ON`} {
					if _, err := conn.ExecContext(ctx, q); err != nil {
						t.Fatal(err)
					}
				}
				conn.Close()
			}
			r, err := s.Check(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(r.Problems, c.want) {
				t.Errorf("problems:\n%q\nwant\n%q", r.Problems, c.want)
			}
		})
	}
}

// TestRemoveTowers: removing a game removes its towers, and only its.
func TestRemoveTowers(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	if _, err := s.Ingest(ctx, []string{threeGames}, IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.RemoveGames(ctx, []string{"1"}); err != nil {
		t.Fatal(err)
	}
	if got, want := storedTowers(t, s), []string{filepath.ToSlash(threeGames) + "#3 (1,0) 1"}; !slices.Equal(got, want) {
		t.Errorf("towers after game 1 was removed: %q, want %q", got, want)
	}
}
