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

// TestMigrateV8 opens a database written by the program of schema version
// 8, the release before the figures became flags (testdata/migrate/README.md
// says how it was made): once migrated, every table holds what an ingest
// by the current program writes, turn_log shows each turn's action, points
// and figure as the old turns table held them, every record reads back,
// and ingesting the records again finds them all stored.
func TestMigrateV8(t *testing.T) {
	ctx := context.Background()
	tmp := t.TempDir()
	old, _ := copyFixture(t, tmp, "v8.db")
	// What the old turns table said, read by SQLite alone.
	plain, err := sql.Open("sqlite", "file:"+old+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	want := turnLog(t, plain, `SELECT game, turn, action, points, coalesce(figure, '-') FROM turns ORDER BY game, turn`)
	if err := plain.Close(); err != nil {
		t.Fatal(err)
	}
	if len(want) < 20*40 {
		t.Fatalf("%d turns in the fixture, want the turns of 20 games", len(want))
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

	fresh := freshFixture(t, tmp)
	for _, tb := range Tables {
		if w, g := dumpTable(t, fresh, tb), dumpTable(t, migrated, tb); !slices.Equal(g, w) {
			t.Errorf("%s after the migration differs from a new ingest: %d rows, want %d", tb.Name, len(g), len(w))
		}
	}
	for gid := int64(1); gid <= 20; gid++ {
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
	if st, err := migrated.Ingest(ctx, []string{"games.cgn"}, IngestOptions{}); err != nil || st.Added != 0 || st.Present != 20 || st.Updated != 0 {
		t.Errorf("ingest after the migration: %+v, %v; want the 20 games present", st, err)
	}
	checkConsistent(t, migrated, 20)
}
