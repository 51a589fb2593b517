package analytics

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/analytics/filter"
	"github.com/towerlog/towerlog/record"
)

// archiveRecords returns the records of the games of an archive's files
// (testArchive's games-NNN.cgn, in order) in canonical CGN, as the store
// keeps them: the expected text of the stored games' records, read from
// the files rather than from the database.
func archiveRecords(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "games-*.cgn"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		games, err := record.Parse(f, name)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range games {
			out = append(out, string(record.AppendGame(nil, g)))
		}
	}
	return out
}

// ingestedArchive stores an archive of games in files (testArchive) and
// returns the store and the records of the games in the files.
func ingestedArchive(t *testing.T, games, files int) (*Store, []string) {
	t.Helper()
	dir := testArchive(t, games, files)
	s := openTemp(t)
	if _, err := s.Ingest(context.Background(), []string{dir}, IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	return s, archiveRecords(t, dir)
}

// TestSelectRecords: the records of every game and of a selection of
// games, read with their rows in one pass, are the archive's records.
func TestSelectRecords(t *testing.T) {
	ctx := context.Background()
	s, want := ingestedArchive(t, 12, 2)
	var got []*Game
	st, err := s.SelectGames(ctx, filter.Filter{}, true, func(g *Game) error {
		got = append(got, g)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if st.Read != 12 || st.Selected != 12 || len(got) != 12 {
		t.Fatalf("stats %+v, %d games; want 12 read and selected", st, len(got))
	}
	for i, g := range got {
		if g.GID != int64(i+1) || g.Record != want[i] {
			t.Fatalf("game %d: gid %d, record\n%s\nwant gid %d, record\n%s", i, g.GID, g.Record, i+1, want[i])
		}
	}
	// Every third game by key: the rows of the games between are passed
	// over.
	for _, gid := range []int64{3, 6, 9, 12} {
		g, err := s.Game(ctx, gid)
		if err != nil {
			t.Fatal(err)
		}
		if g.Record != want[gid-1] {
			t.Fatalf("game %d: record\n%s\nwant\n%s", gid, g.Record, want[gid-1])
		}
	}
	var gids []int64
	_, err = selectWhere(ctx, s.db, "g.gid % 3 = 0", nil, true, func(g *Game) error {
		if g.Record != want[g.GID-1] {
			t.Fatalf("game %d: record\n%s\nwant\n%s", g.GID, g.Record, want[g.GID-1])
		}
		gids = append(gids, g.GID)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(gids) != 4 || gids[0] != 3 || gids[3] != 12 {
		t.Fatalf("selected %v, want 3 6 9 12", gids)
	}
}

// TestSelectWhileRemoving: a selection reads its games, their records and
// the rows the records are compressed against in one state of the
// database. Another connection removing the next game (and with it its
// rows) while the first is emitted changes nothing of what the selection
// reads: before, the game's rows were read afresh and its record read
// back against none ("the game's rows are not those it was stored with").
func TestSelectWhileRemoving(t *testing.T) {
	ctx := context.Background()
	s, want := ingestedArchive(t, 3, 1)
	var got []string
	_, err := s.SelectGames(ctx, filter.Filter{}, true, func(g *Game) error {
		if g.GID == 1 {
			if _, err := s.RemoveGames(ctx, []string{"2"}); err != nil {
				return err
			}
		}
		got = append(got, g.Record)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Fatalf("%d games selected, want the 3 stored when the selection began", len(got))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("game %d: record\n%s\nwant\n%s", i+1, got[i], want[i])
		}
	}
	if _, err := s.Game(ctx, 2); err == nil || err.Error() != "no game 2 in the database" {
		t.Fatalf("game 2 after the selection: %v, want it removed", err)
	}
}

// TestSelectDamagedRow: a row the records are read with that holds a
// value of another type than its column's is an error that names the
// table, the column and the value, not a panic.
func TestSelectDamagedRow(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	if _, err := s.Ingest(ctx, []string{testArchive(t, 2, 1)}, IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.ExecContext(ctx, `UPDATE turns SET rotation = 'left' WHERE game = 2 AND turn = 1`); err != nil {
		t.Fatal(err)
	}
	_, err := s.SelectGames(ctx, filter.Filter{}, true, func(*Game) error { return nil })
	want := `turns: column rotation holds string "left" where an integer belongs`
	if err == nil || err.Error() != want {
		t.Fatalf("error %v, want %s", err, want)
	}
}

// queryPlan returns the steps of SQLite's plan of a query.
func queryPlan(t *testing.T, s *Store, query string, args []any) []string {
	t.Helper()
	var steps []string
	err := eachRow(context.Background(), s.db, `EXPLAIN QUERY PLAN `+query, args, func(rows *sql.Rows) error {
		var id, parent, unused int
		var detail string
		err := rows.Scan(&id, &parent, &unused, &detail)
		steps = append(steps, detail)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return steps
}

// TestSelectPlans checks the plans of a selection's queries: every game's
// rows are read in the order of the tables' keys, never sorted (a sort
// holds the whole selection before its first row); one player's games
// are found by the index of names and each game's rows looked up by key,
// never by reading every stored game.
func TestSelectPlans(t *testing.T) {
	s := openTemp(t)
	if _, err := s.Ingest(context.Background(), []string{testArchive(t, 2, 1)}, IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		f    filter.Filter
		scan bool // whether a table may be read whole
	}{{filter.Filter{}, true}, {filter.Filter{Players: []string{"Anna"}}, false}} {
		where, args, err := c.f.Where()
		if err != nil {
			t.Fatal(err)
		}
		queries := []string{selectQuery(where, "g.gid", true), selectQuery(where, "g.gid", false)}
		for _, q := range []string{turnsStream, scoresStream, ransomsStream, capturesStream} {
			q, _ := streamQuery(q, where, args)
			queries = append(queries, q)
		}
		for _, q := range queries {
			n := strings.Count(q, "?")
			steps := queryPlan(t, s, q, args[:n])
			for _, step := range steps {
				if strings.Contains(step, "TEMP B-TREE") || !c.scan && strings.HasPrefix(step, "SCAN") {
					t.Errorf("%v: %s\nplan %q", c.f, q, steps)
					break
				}
			}
		}
	}
}
