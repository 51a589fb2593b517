package parquetdir

import (
	"bytes"
	"cmp"
	"database/sql"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/filter"
	"github.com/towerlog/towerlog/analytics/sqltest"
)

// A query of docs/scale.md.
type query struct{ name, sql string }

// docQueries returns the queries of docs/scale.md: its sql blocks that
// start with "-- query: NAME".
func docQueries(t *testing.T) []query {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "scale.md"))
	if err != nil {
		t.Fatal(err)
	}
	var qs []query
	for _, m := range regexp.MustCompile("(?s)```sql\n-- query: (\\w+)\n(.*?)```").FindAllSubmatch(doc, -1) {
		qs = append(qs, query{string(m[1]), string(m[2])})
	}
	names := make([]string, len(qs))
	for i, q := range qs {
		names[i] = q.name
	}
	if want := []string{"leaderboard", "captures", "ransoms", "tower_heights", "stats"}; !slices.Equal(names, want) {
		t.Fatalf("docs/scale.md has the queries %v, want %v", names, want)
	}
	return qs
}

// A result is the columns and rows of a query, the values as SQLite
// gives them (int64, float64, string or nil).
type result struct {
	columns []string
	rows    [][]any
}

func run(t *testing.T, db *sql.DB, text string) result {
	t.Helper()
	rows, err := db.QueryContext(t.Context(), text)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	defer rows.Close()
	var r result
	if r.columns, err = rows.Columns(); err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		row := make([]any, len(r.columns))
		ptrs := make([]any, len(row))
		for i := range row {
			ptrs[i] = &row[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		r.rows = append(r.rows, row)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return r
}

// sqliteArchive is the test archive in a SQLite store and as a Parquet
// directory written from its records.
func sqliteArchive(t *testing.T) (*analytics.Store, string) {
	t.Helper()
	files := archive(t, 240)
	s := store(t, files)
	dir := t.TempDir()
	if _, err := WriteRecords(t.Context(), dir, "all", files, Options{}); err != nil {
		t.Fatal(err)
	}
	return s, dir
}

// TestQueriesSQLite runs the queries of docs/scale.md in SQLite and checks
// their rows by a second route: the leaderboard against the database's
// leaderboard view, the others against counts made here from the rows
// read back from Parquet.
func TestQueriesSQLite(t *testing.T) {
	s, dir := sqliteArchive(t)
	players, err := ReadTable[analytics.PlayerRow](dir)
	if err != nil {
		t.Fatal(err)
	}
	name := map[[2]int64]string{} // (game, seat) → name
	for _, p := range players {
		name[[2]int64{p.Game, p.Seat}] = p.Name
	}
	for _, q := range docQueries(t) {
		got := run(t, sqltest.Open(t, s.Path()), q.sql)
		var want [][]any
		switch q.name {
		case "leaderboard":
			view := run(t, sqltest.Open(t, s.Path()), `SELECT * FROM leaderboard ORDER BY games DESC, name`)
			if !slices.Equal(got.columns, view.columns) {
				t.Errorf("leaderboard: columns %v, the view's %v", got.columns, view.columns)
			}
			want = view.rows
		case "stats":
			// The rows of towerlog stats, in its order.
			stats, err := s.PlayerStatistics(t.Context(), filter.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range stats {
				ph := p.Phantom
				if ph == nil {
					ph = &analytics.PhantomUse{}
				}
				row := []any{p.Name}
				for _, n := range []int{p.Games, p.Wins, p.Margin, p.TotalScore, p.Unfinished,
					p.Points["city"], p.Points["road"], p.Points["cloister"], p.Points["field"],
					p.CapturesMade, p.CapturesSuffered, p.OwnTakenBack, p.RansomsPaid, p.RansomsReceived, p.FloorsBuilt,
					ph.Games, ph.Placed, ph.Second, ph.OnTowers, ph.Points, ph.CapturedByOthers, ph.CapturedOfOthers,
					ph.Ransomed, ph.Exchanged} {
					row = append(row, int64(n))
				}
				want = append(want, row)
			}
		case "captures":
			captures, err := ReadTable[analytics.CaptureRow](dir)
			if err != nil {
				t.Fatal(err)
			}
			n := map[[2]string]int64{}
			for _, c := range captures {
				n[[2]string{name[[2]int64{c.Game, c.Captor}], name[[2]int64{c.Game, c.Victim}]}]++
			}
			for _, k := range sortedKeys(n) {
				want = append(want, []any{k[0], k[1], n[k]})
			}
		case "ransoms":
			ransoms, err := ReadTable[analytics.RansomRow](dir)
			if err != nil {
				t.Fatal(err)
			}
			n := map[[2]string][2]int64{}
			for _, r := range ransoms {
				k := [2]string{name[[2]int64{r.Game, r.Payer}], name[[2]int64{r.Game, r.Payee}]}
				n[k] = [2]int64{n[k][0] + 1, n[k][1] + r.Points}
			}
			for _, k := range sortedKeys(n) {
				want = append(want, []any{k[0], k[1], n[k][0], n[k][1]})
			}
		case "tower_heights":
			turns, err := ReadTable[analytics.TurnRow](dir)
			if err != nil {
				t.Fatal(err)
			}
			top := map[[3]int64]int64{} // (game, x, y) → height
			for _, tu := range turns {
				if tu.Action != nil && *tu.Action == "floor" {
					k := [3]int64{tu.Game, *tu.TargetX, *tu.TargetY}
					top[k] = max(top[k], *tu.Height)
				}
			}
			n := map[int64]int64{}
			for _, h := range top {
				n[h]++
			}
			// The table towers (in Parquet) and the report's counts
			// (Selection.TowerHeights, which reads it in the store)
			// give the same rows.
			towers, err := ReadTable[analytics.TowerRow](dir)
			if err != nil {
				t.Fatal(err)
			}
			byTable := map[int64]int64{}
			for _, w := range towers {
				byTable[w.Height]++
			}
			if !maps.Equal(byTable, n) {
				t.Errorf("tower_heights: the table towers gives %v, the turns %v", byTable, n)
			}
			sel, err := s.Select(t.Context(), filter.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			report, err := sel.TowerHeights(t.Context())
			if cerr := sel.Close(); err != nil || cerr != nil {
				t.Fatal(err, cerr)
			}
			if fmt.Sprint(report) != fmt.Sprint(n) {
				t.Errorf("tower_heights: the report gives %v, the turns %v", report, n)
			}
			for _, h := range slices.Sorted(maps.Keys(n)) {
				want = append(want, []any{h, n[h]})
			}
		}
		if len(want) == 0 {
			t.Errorf("%s: no rows expected: the test archive proves nothing", q.name)
		}
		if fmt.Sprint(got.rows) != fmt.Sprint(want) {
			t.Errorf("%s: SQLite gives\n%v\nwant\n%v", q.name, got.rows, want)
		}
	}
}

func sortedKeys[K [2]string, V any](m map[K]V) []K {
	return slices.SortedFunc(maps.Keys(m), func(a, b K) int {
		return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]))
	})
}

// TestQueriesDuckDB runs the queries of docs/scale.md in DuckDB over the
// Parquet directory (scripts/duckdb) and checks that it gives the rows
// SQLite gives over the store of the same archive.
func TestQueriesDuckDB(t *testing.T) {
	script := filepath.Join("..", "..", "scripts", "duckdb")
	if _, err := os.Stat(filepath.Join(script, "node_modules", "@duckdb", "node-api")); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("DuckDB is not installed (%v): run npm ci in scripts/duckdb", err)
		}
		t.Skip("DuckDB is not installed: run npm ci in scripts/duckdb (CI does)")
	}
	s, dir := sqliteArchive(t)
	qs := docQueries(t)
	in := map[string]any{"dir": dir, "queries": map[string]string{}}
	for _, q := range qs {
		in["queries"].(map[string]string)[q.name] = q.sql
	}
	stdin, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(t.Context(), "node", filepath.Join(script, "query.mjs"))
	cmd.Stdin = bytes.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node query.mjs: %v\n%s", err, stderr.String())
	}
	var duck map[string]struct {
		Columns []string
		Rows    [][]*string
	}
	if err := json.Unmarshal(out, &duck); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	for _, q := range qs {
		want := run(t, sqltest.Open(t, s.Path()), q.sql)
		got := duck[q.name]
		if !slices.Equal(got.Columns, want.columns) {
			t.Errorf("%s: DuckDB's columns %v, SQLite's %v", q.name, got.Columns, want.columns)
		}
		if len(got.Rows) != len(want.rows) || len(want.rows) == 0 {
			t.Errorf("%s: DuckDB gives %d rows, SQLite %d", q.name, len(got.Rows), len(want.rows))
			continue
		}
		for i, row := range want.rows {
			for j, v := range row {
				if !sameValue(got.Rows[i][j], v) {
					t.Errorf("%s row %d: DuckDB gives %v, SQLite %v", q.name, i+1, show(got.Rows[i]), row)
					break
				}
			}
		}
	}
}

// sameValue reports whether DuckDB's value, as text, is v, SQLite's.
func sameValue(duck *string, v any) bool {
	if duck == nil || v == nil {
		return duck == nil && v == nil
	}
	switch v := v.(type) {
	case int64:
		return *duck == strconv.FormatInt(v, 10)
	case float64:
		f, err := strconv.ParseFloat(*duck, 64)
		return err == nil && math.Abs(f-v) <= 1e-12*math.Abs(v)
	case string:
		return *duck == v
	}
	return false
}

func show(row []*string) []string {
	out := make([]string, len(row))
	for i, v := range row {
		out[i] = "NULL"
		if v != nil {
			out[i] = *v
		}
	}
	return out
}
