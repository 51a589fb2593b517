package analytics

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

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

// TestTurnColumns checks that the columns the turns view unpacks give back
// every turn as replay saw it.
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
		id, _ := gameID(g.Record, nil)
		rows, err := s.db.QueryContext(ctx, `SELECT t.turn, t.seat, t.tile, t.x, t.y, t.rotation, t.action, t.feature,
				t.target_x, t.target_y, t.height
			FROM turns t JOIN games g ON g.gid = t.game WHERE g.id = ? ORDER BY t.turn`, id)
		if err != nil {
			return err
		}
		defer rows.Close()
		for _, tn := range g.Turns {
			if !rows.Next() {
				t.Fatalf("%s: turn %d missing", g, tn.Number)
			}
			var num, seat, action int
			var tile, x, y, rot, feature, tx, ty, height sql.NullInt64
			if err := rows.Scan(&num, &seat, &tile, &x, &y, &rot, &action, &feature, &tx, &ty, &height); err != nil {
				return err
			}
			got := fmt.Sprint(num, seat, tile, x, y, rot, action, feature, tx, ty, height.Valid)
			want := fmt.Sprint(tn.Number, tn.Seat, nullInt(int(tn.Tile), tn.Placed), nullInt(tn.Pos.X, tn.Placed), nullInt(tn.Pos.Y, tn.Placed),
				nullInt(tn.Rot.Degrees(), tn.Placed), int(tn.Action),
				nullInt(int(tn.Spot.Kind), tn.Action == replay.ActionFollower),
				nullInt(tn.Target.X, tn.Action >= replay.ActionFloor), nullInt(tn.Target.Y, tn.Action >= replay.ActionFloor),
				tn.Action == replay.ActionFloor)
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

func nullInt(v int, valid bool) sql.NullInt64 { return sql.NullInt64{Int64: int64(v), Valid: valid} }

// TestViews runs every view and the examples of docs/schema.md.
func TestViews(t *testing.T) {
	ctx := context.Background()
	dir := testArchive(t, 20, 1)
	s := openTemp(t)
	if _, err := s.Ingest(ctx, []string{dir}, IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`SELECT * FROM tower_growth`, `SELECT * FROM final_towers`, `SELECT * FROM score_shares`,
		`SELECT * FROM capture_log`, `SELECT * FROM ransom_log`, `SELECT * FROM turn_log`,
		`SELECT * FROM leaderboard ORDER BY wins DESC`,
		`SELECT captor, count(*) FROM capture_log WHERE victim = 'Anna' AND NOT own GROUP BY captor ORDER BY 2 DESC`,
		`SELECT height, count(*) FROM final_towers GROUP BY height`,
		`SELECT i.file, i.idx, d.line, d.message FROM invalid_games i JOIN diagnostics d ON d.game = i.id ORDER BY 1, 2, d.seq`,
	} {
		rows, err := s.db.QueryContext(ctx, q)
		if err != nil {
			t.Errorf("%s: %v", q, err)
			continue
		}
		n := 0
		for rows.Next() {
			n++
		}
		if err := rows.Err(); err != nil {
			t.Errorf("%s: %v", q, err)
		}
		rows.Close()
		if n == 0 && !strings.Contains(q, "invalid_games") {
			t.Errorf("%s: no rows", q)
		}
	}
	var won, games int
	if err := s.db.QueryRowContext(ctx, `SELECT sum(wins), (SELECT count(*) FROM games) FROM leaderboard`).Scan(&won, &games); err != nil || won < games {
		t.Errorf("leaderboard: %d wins in %d games (%v)", won, games, err)
	}
}

// TestMigrateTurns opens a database written with the first schema, whose
// turns were a table with generated columns: its turns read the same
// through the view that replaces it.
func TestMigrateTurns(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	old, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	first, err := fs.ReadFile(migrations, "migrations/0001_schema.sql")
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`CREATE TABLE migrations (name TEXT PRIMARY KEY) WITHOUT ROWID`,
		string(first),
		`INSERT INTO migrations VALUES ('migrations/0001_schema.sql')`,
		`INSERT INTO games (gid, id, file, idx, rules, seats, turns) VALUES (7, 'x', 'f.cgn', 1, 'tower', 2, 2)`,
		`INSERT INTO turns (game, turn, code, target, points) VALUES
			(7, 1, 1 | (1 << 3) | (1 << 5) | 128 | (5 << 8) | (2 << 15) | (32769 << 26) | (32766 << 42), NULL, 4),
			(7, 2, (2 << 3) | 128 | (3 << 8) | (7 << 18) | (32768 << 26) | (32768 << 42), (32770 << 16) | 32767, 0)`,
	} {
		if _, err := old.ExecContext(ctx, q); err != nil {
			t.Fatalf("%.40s: %v", q, err)
		}
	}
	old.Close()

	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rows, err := s.db.QueryContext(ctx, `SELECT turn, seat, tile, x, y, rotation, action, feature, target_x, target_y, height, points
		FROM turns WHERE game = 7 ORDER BY turn`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []string
	for rows.Next() {
		var v [12]sql.NullInt64
		if err := rows.Scan(&v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8], &v[9], &v[10], &v[11]); err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, x := range v {
			if x.Valid {
				fmt.Fprintf(&b, "%d ", x.Int64)
			} else {
				b.WriteString("- ")
			}
		}
		got = append(got, b.String())
	}
	want := []string{"1 1 5 1 -2 90 1 2 - - - 4 ", "2 0 3 0 0 0 2 - 2 -1 7 0 "}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("turns after the migration:\ngot  %q\nwant %q", got, want)
	}
}

// TestTurnsByGame checks that the turns view finds a game's turns by the
// key of the table under it, as the report's queries of one game expect.
func TestTurnsByGame(t *testing.T) {
	s := openTemp(t)
	var id, parent, notUsed int
	var plan string
	if err := s.db.QueryRow(`EXPLAIN QUERY PLAN SELECT turn, height FROM turns WHERE game = ? AND action = 2`, 1).
		Scan(&id, &parent, &notUsed, &plan); err != nil {
		t.Fatal(err)
	}
	if want := "SEARCH turns_packed USING PRIMARY KEY (game=?)"; plan != want {
		t.Errorf("query plan %q, want %q", plan, want)
	}
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
	for i, name := range []string{nfc, nfd} {
		text := fmt.Sprintf("[Players \"%s; Bob\"]\n[Result \"*\"]\n\n1. %s U@1,0r0 +R:WE\n2. Bob V@1,1r0\n", name, name)
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
