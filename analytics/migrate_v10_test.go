package analytics

import (
	"context"
	"database/sql"
	"path/filepath"
	"slices"
	"testing"
)

// figureColumns are the columns of players computed at ingest
// (PlayerRow from Margin on).
var figureColumns = Tables[tPlayers].Columns[slices.Index(Tables[tPlayers].Columns, "margin"):]

// seatFigures reads the figures of every seat of the games stored from
// file, by game and seat, each a map from column to value.
func seatFigures(t *testing.T, s *Store, file string) [][]map[string]int64 {
	t.Helper()
	var out [][]map[string]int64
	err := eachRow(context.Background(), s.db, `SELECT p.seat, p.*
		FROM players p JOIN games g ON g.gid = p.game WHERE g.file = ? ORDER BY p.game, p.seat`, []any{file},
		func(rows *sql.Rows) error {
			cols, err := rows.Columns()
			if err != nil {
				return err
			}
			vals := make([]any, len(cols))
			for i := range vals {
				vals[i] = new(any)
			}
			if err := rows.Scan(vals...); err != nil {
				return err
			}
			m := map[string]int64{}
			for i, c := range cols[1:] {
				if n, ok := (*vals[i+1].(*any)).(int64); ok && slices.Contains(figureColumns, c) {
					m[c] = n
				}
			}
			if *vals[0].(*any) == int64(0) {
				out = append(out, nil)
			}
			out[len(out)-1] = append(out[len(out)-1], m)
			return nil
		})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// handFigures are the figures of the small games of the v10 fixture,
// derived from their moves by hand (the columns not named are 0).
var handFigures = map[string][][]map[string]int64{
	// Anna: a follower captured (turn 2), a city of 4 (turn 3), her
	// phantom on a city (5) and captured (6), a floor capturing Bob's
	// monk (7), an exchange of the two followers (7), her phantom bought
	// back from Bob for 3 points and put on the tower (9). Bob: two
	// floors (2, 6) capturing Anna's follower and phantom, his phantom
	// as the second figure on a road (6). Unfinished at 1-3.
	"v8/exchange-ransom.cgn": {{
		{"margin": -2, "city_points": 4, "captures_made": 1, "captures_suffered": 2, "ransoms_paid": 3, "floors_built": 1,
			"phantom_city": 1, "phantom_tower": 1, "phantom_lost": 1, "phantom_ransomed": 1},
		{"margin": 2, "captures_made": 2, "captures_suffered": 1, "ransoms_received": 3, "floors_built": 2,
			"phantom_road": 1, "phantom_second": 1, "phantom_taken": 1},
	}},
	// The rulebook's example 1a-1d: Red's floor captures Blue's knight,
	// Red's phantom goes into the city as the second figure and scores
	// it, 10 points.
	"v8/seed-1a-1d.cgn": {{
		{"margin": 10, "city_points": 10, "captures_made": 1, "floors_built": 1,
			"phantom_city": 1, "phantom_second": 1, "phantom_points": 10},
		{"margin": -10, "captures_suffered": 1},
	}},
	// Anna's floor takes back her own follower (turn 3).
	"v10/own-capture.cgn": {{
		{"own_taken_back": 1, "floors_built": 1},
		{},
	}},
}

// TestMigrateV10 opens a database written by the program of schema
// version 10 (testdata/migrate/README.md says how it was made), which
// migration 11 gives the players' figures: they are those derived by
// hand for its small games, every table then holds what an ingest by the
// current program writes, and check finds the database sound.
func TestMigrateV10(t *testing.T) {
	ctx := context.Background()
	migrated, fresh := migrateFixture(t, "v10.db")
	for file, want := range handFigures {
		for _, s := range []struct {
			name  string
			store *Store
		}{{"migrated", migrated}, {"ingested", fresh}} {
			got := seatFigures(t, s.store, file)
			if len(got) != len(want) {
				t.Fatalf("%s, %s: %d games, want %d", file, s.name, len(got), len(want))
			}
			for g := range want {
				for seat := range want[g] {
					for _, c := range figureColumns {
						if got[g][seat][c] != want[g][seat][c] {
							t.Errorf("%s, %s: seat %d: %s %d, want %d", file, s.name, seat, c, got[g][seat][c], want[g][seat][c])
						}
					}
				}
			}
		}
	}
	for _, tb := range Tables {
		if w, g := dumpTable(t, fresh, tb), dumpTable(t, migrated, tb); !slices.Equal(g, w) {
			t.Errorf("%s after the migration differs from a new ingest: %d rows, want %d", tb.Name, len(g), len(w))
			for i := range min(len(g), len(w)) {
				if g[i] != w[i] {
					t.Errorf("%s: %s, want %s", tb.Name, g[i], w[i])
					break
				}
			}
		}
	}
	r, err := migrated.Check(ctx)
	if err != nil || len(r.Problems) != 0 || r.Games != 23 {
		t.Errorf("check after the migration: %+v, %v; want 23 games and no problem", r, err)
	}
}

// migrateFixture opens a copy of the database name of testdata/migrate,
// made from games.cgn and the three small games (README.md there), which
// applies the migrations since, and a new database of the same files
// ingested by the current program; both are closed when the test ends.
// The working directory becomes testdata/migrate.
func migrateFixture(t *testing.T, name string) (migrated, fresh *Store) {
	t.Helper()
	ctx := context.Background()
	tmp := t.TempDir()
	old, _ := copyFixture(t, tmp, name)
	t.Chdir(filepath.Join("testdata", "migrate"))
	migrated, err := Open(ctx, old)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { migrated.Close() })
	fresh, err = Open(ctx, filepath.Join(tmp, "fresh.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { fresh.Close() })
	files := []string{"games.cgn", "v8/exchange-ransom.cgn", "v8/seed-1a-1d.cgn", "v10/own-capture.cgn"}
	if st, err := fresh.Ingest(ctx, files, IngestOptions{}); err != nil || st.Added != 23 {
		t.Fatalf("ingest: %+v, %v; want 23 games added", st, err)
	}
	return migrated, fresh
}
