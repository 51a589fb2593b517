package analytics

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
)

// turnLog reads each turn's action, the acting player's points and the
// figure placed, as "game turn: action points figure", from query (which
// selects game, turn, action, points and figure).
func turnLog(t *testing.T, db *sql.DB, query string) []string {
	t.Helper()
	rows, err := db.Query(query)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for rows.Next() {
		var game, turn, points int
		var action, figure string
		if err := rows.Scan(&game, &turn, &action, &points, &figure); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%d %d: %s %d %s", game, turn, action, points, figure))
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		t.Fatal(err)
	}
	return out
}

// phantomCounts counts the figures that are phantoms in the placements,
// captures, exchanges and ransoms, by query.
func phantomCounts(t *testing.T, db *sql.DB, queries []string) []int {
	t.Helper()
	var out []int
	for _, q := range queries {
		var n int
		if err := db.QueryRow(q).Scan(&n); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		out = append(out, n)
	}
	return out
}

// TestMigrateV8 opens databases written by the program of schema version
// 8, the release before the figures became flags and the records were
// compressed against the rows (testdata/migrate/README.md says how they
// were made; the second holds games with the Phantom): once migrated,
// every table holds what an ingest by the current program writes,
// turn_log shows each turn's action, points and figure as the old turns
// table held them, the phantoms are those the words named, every record
// reads back, and ingesting the records again finds them all stored.
func TestMigrateV8(t *testing.T) {
	for _, c := range []struct {
		db       string
		files    []string
		games    int
		finished bool // every game played to its end
	}{
		{"v8.db", []string{"games.cgn"}, 20, true},
		{"v8-phantom.db", []string{"v8/exchange-ransom.cgn", "v8/seed-1a-1d.cgn", "v8/phantom-duel.cgn"}, 3, false},
	} {
		t.Run(c.db, func(t *testing.T) { migrateV8(t, c.db, c.files, c.games, c.finished) })
	}
}

func migrateV8(t *testing.T, fixture string, files []string, games int, finished bool) {
	ctx := context.Background()
	tmp := t.TempDir()
	old, _ := copyFixture(t, tmp, fixture)
	// What the old tables said, read by SQLite alone.
	plain, err := sql.Open("sqlite", "file:"+old+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	want := turnLog(t, plain, `SELECT game, turn, action, points, coalesce(figure, '-') FROM turns ORDER BY game, turn`)
	wantPhantoms := phantomCounts(t, plain, []string{
		`SELECT count(*) FROM turns WHERE figure = 'phantom'`,
		`SELECT count(*) FROM captures WHERE figure = 'phantom'`,
		`SELECT count(*) FROM exchanges WHERE a_figure = 'phantom'`,
		`SELECT count(*) FROM exchanges WHERE b_figure = 'phantom'`,
		`SELECT count(*) FROM ransoms WHERE figure = 'phantom'`,
	})
	if err := plain.Close(); err != nil {
		t.Fatal(err)
	}
	if len(want) < games*20 {
		t.Fatalf("%d turns in the fixture, want the turns of %d games", len(want), games)
	}

	t.Chdir(filepath.Join("testdata", "migrate"))
	migrated, err := Open(ctx, old)
	if err != nil {
		t.Fatal(err)
	}
	defer migrated.Close()
	var version int
	if err := migrated.db.QueryRow(`PRAGMA user_version`).Scan(&version); err != nil || version != knownSchema() {
		t.Fatalf("user_version %d (%v), want %d", version, err, knownSchema())
	}

	got := turnLog(t, migrated.db, `SELECT game, turn, action, points, coalesce(figure, '-') FROM turn_log ORDER BY game, turn`)
	if !slices.Equal(got, want) {
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Errorf("turn_log after the migration: %q, want %q (the old turns)", got[i], want[i])
				break
			}
		}
		t.Errorf("turn_log after the migration: %d rows, want %d", len(got), len(want))
	}
	gotPhantoms := phantomCounts(t, migrated.db, []string{
		`SELECT count(*) FROM turns WHERE phantom = 1`,
		`SELECT count(*) FROM captures WHERE phantom = 1`,
		`SELECT count(*) FROM exchanges WHERE a_phantom = 1`,
		`SELECT count(*) FROM exchanges WHERE b_phantom = 1`,
		`SELECT count(*) FROM ransoms WHERE phantom = 1`,
	})
	if !slices.Equal(gotPhantoms, wantPhantoms) {
		t.Errorf("phantoms placed, captured, exchanged (a, b) and ransomed after the migration: %v, want %v", gotPhantoms, wantPhantoms)
	}

	fresh, err := Open(ctx, filepath.Join(tmp, "fresh.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer fresh.Close()
	if st, err := fresh.Ingest(ctx, files, IngestOptions{}); err != nil || st.Added != games {
		t.Fatalf("ingest: %+v, %v; want %d games added", st, err, games)
	}
	for _, tb := range Tables {
		if w, g := dumpTable(t, fresh, tb), dumpTable(t, migrated, tb); !slices.Equal(g, w) {
			t.Errorf("%s after the migration differs from a new ingest: %d rows, want %d", tb.Name, len(g), len(w))
		}
	}
	for gid := int64(1); gid <= int64(games); gid++ {
		m, err := migrated.Game(ctx, gid)
		if err != nil {
			t.Fatal(err)
		}
		f, err := fresh.Game(ctx, gid)
		if err != nil {
			t.Fatal(err)
		}
		if m.Record != f.Record || m.Record == "" {
			t.Errorf("game %d: record %q after the migration, want %q", gid, m.Record, f.Record)
		}
	}
	if st, err := migrated.Ingest(ctx, files, IngestOptions{}); err != nil || st.Added != 0 || st.Present != games || st.Updated != 0 {
		t.Errorf("ingest after the migration: %+v, %v; want the %d games present", st, err, games)
	}
	if finished {
		checkConsistent(t, migrated, games)
	}
}
