package analytics

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/towerlog/towerlog/analytics/identity"

	"github.com/towerlog/towerlog/generate"
	"github.com/towerlog/towerlog/replay"
)

// testArchive generates a small archive once per test binary.
func testArchive(t testing.TB, games, files int) string {
	t.Helper()
	dir := t.TempDir()
	if _, err := generate.Archive(context.Background(), dir, generate.ArchiveOptions{Games: games, Files: files, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	return dir
}

func openTemp(t testing.TB) *Store {
	t.Helper()
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "towerlog.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestIngestTwice(t *testing.T) {
	ctx := context.Background()
	dir := testArchive(t, 120, 3)
	s := openTemp(t)
	st, err := s.Ingest(ctx, []string{dir}, IngestOptions{BatchRows: 3000})
	if err != nil {
		t.Fatal(err)
	}
	if st.Added != 120 || st.Present != 0 || st.Invalid != 0 || st.Files != 3 {
		t.Fatalf("first ingest: %+v", st)
	}
	st, err = s.Ingest(ctx, []string{dir}, IngestOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if st.Added != 0 || st.Present != 120 {
		t.Fatalf("second ingest: %+v", st)
	}
	checkConsistent(t, s, 120)
}

// TestTurnColumns checks that the turns table gives back every turn as
// replay saw it, in the notation's values.
func TestTurnColumns(t *testing.T) {
	ctx := context.Background()
	dir := testArchive(t, 6, 1)
	s := openTemp(t)
	if _, err := s.Ingest(ctx, []string{dir}, IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	files, _ := replay.ExpandPaths([]string{dir})
	checked := 0
	err := replay.Run(ctx, files, replay.RunOptions{}, func(g *replay.Game) error {
		rows, err := s.db.QueryContext(ctx, `SELECT t.turn, t.seat, t.tile, t.x, t.y, t.rotation, t.action, t.feature,
				t.target_x, t.target_y, t.height
			FROM turns t JOIN games g ON g.gid = t.game WHERE g.id = ? ORDER BY t.turn`, identity.Of(g))
		if err != nil {
			return err
		}
		defer rows.Close()
		for _, tn := range g.Turns {
			if !rows.Next() {
				t.Fatalf("%s: turn %d missing", g, tn.Number)
			}
			var num, seat int
			var tile, action, feature sql.NullString
			var x, y, rot, tx, ty, height sql.NullInt64
			if err := rows.Scan(&num, &seat, &tile, &x, &y, &rot, &action, &feature, &tx, &ty, &height); err != nil {
				return err
			}
			got := fmt.Sprint(num, seat, tile, x, y, rot, action, feature, tx, ty, height.Valid)
			tower := tn.Action == replay.ActionFloor || tn.Action == replay.ActionTowerFollower
			want := fmt.Sprint(tn.Number, tn.Seat, nullString(tn.Tile.String(), tn.Placed), nullInt(tn.Pos.X, tn.Placed),
				nullInt(tn.Pos.Y, tn.Placed), nullInt(tn.Rot.Degrees(), tn.Placed),
				nullString(tn.Action.String(), tn.Action != replay.ActionNone),
				nullString(tn.Spot.Kind.String(), tn.Action == replay.ActionFollower),
				nullInt(tn.Target.X, tower), nullInt(tn.Target.Y, tower), tn.Action == replay.ActionFloor)
			if got != want {
				t.Errorf("%s turn %d: got %s, want %s", g, tn.Number, got, want)
			}
			checked++
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 6*50 {
		t.Fatalf("only %d turns checked", checked)
	}
}

func nullInt(v int, valid bool) sql.NullInt64 {
	if !valid {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: int64(v), Valid: true}
}

func nullString(v string, valid bool) sql.NullString {
	if !valid {
		return sql.NullString{}
	}
	return sql.NullString{String: v, Valid: true}
}

// TestNewDatabase checks the settings a new database gets from Open: the
// page size can only be set before journal_mode writes the first page.
func TestNewDatabase(t *testing.T) {
	s := openTemp(t)
	var pageSize int
	var mode string
	if err := s.db.QueryRow(`SELECT page_size, journal_mode FROM pragma_page_size, pragma_journal_mode`).Scan(&pageSize, &mode); err != nil {
		t.Fatal(err)
	}
	if pageSize != 16384 || mode != "wal" {
		t.Errorf("page size %d, journal mode %s; want 16384, wal", pageSize, mode)
	}
}

// TestNamesInNormalFormC ingests a player whose name is written with a
// precomposed letter in one game and a combining accent in another: the
// players table, and so the leaderboard, hold one name.
func TestNamesInNormalFormC(t *testing.T) {
	ctx := context.Background()
	const nfc, nfd = "Chlo\u00e9", "Chloe\u0301"
	dir := t.TempDir()
	// The games differ in their rules, or they would be one game.
	for i, name := range []string{nfc, nfd} {
		rules := []string{"tower", "base"}[i]
		text := fmt.Sprintf("[Players \"%s; Bob\"]\n[Rules %q]\n[Result \"*\"]\n\n1. %s U@1,0r0 +R:WE\n2. Bob V@1,1r0\n", name, rules, name)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("g%d.cgn", i)), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := openTemp(t)
	st, err := s.Ingest(ctx, []string{dir}, IngestOptions{})
	if err != nil || st.Added != 2 || st.Invalid != 0 {
		t.Fatalf("ingest: %+v, %v", st, err)
	}
	var names, chloe int
	if err := s.db.QueryRowContext(ctx, `SELECT count(DISTINCT name), count(*) FILTER (WHERE name = ?) FROM players`, nfc).Scan(&names, &chloe); err != nil {
		t.Fatal(err)
	}
	if names != 2 || chloe != 2 {
		t.Errorf("%d names, %q in %d games; want 2 names, %q in both games", names, nfc, chloe, nfc)
	}
}
