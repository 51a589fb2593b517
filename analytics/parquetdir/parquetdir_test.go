package parquetdir

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/sqltest"
	"github.com/towerlog/towerlog/generate"
	"github.com/towerlog/towerlog/replay"
)

// archive writes a test archive: generated games of 2 to 5 players in
// three files, one file again under another name (its games are read
// twice), a game with the Phantom (second figures) and invalid records. It returns the files in the order replay
// expands the directory.
func archive(t *testing.T, games int) []string {
	t.Helper()
	dir := t.TempDir()
	names, err := generate.Archive(t.Context(), dir, generate.ArchiveOptions{Games: games, Files: 3, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	copyFile(t, names[0], filepath.Join(dir, "z-again.cgn"))
	copyFile(t, filepath.Join("..", "..", "testdata", "games", "phantom-duel.cgn"), filepath.Join(dir, "phantom-duel.cgn"))
	for _, name := range []string{"capture-no-guard.cgn", "bag-order.cgn"} {
		copyFile(t, filepath.Join("..", "..", "testdata", "invalid", name), filepath.Join(dir, "invalid-"+name))
	}
	files, err := replay.ExpandPaths([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// store ingests files into a new SQLite store.
func store(t *testing.T, files []string) *analytics.Store {
	t.Helper()
	s, err := analytics.Open(t.Context(), filepath.Join(t.TempDir(), "towerlog.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if _, err := s.Ingest(t.Context(), files, analytics.IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	return s
}

// canonical writes rows as sorted JSON texts, which compare by value (a
// nullable column as its value or null).
func canonical[T any](t *testing.T, rows []T) []string {
	t.Helper()
	out := make([]string, len(rows))
	for i := range rows {
		b, err := json.Marshal(rows[i])
		if err != nil {
			t.Fatal(err)
		}
		out[i] = string(b)
	}
	slices.Sort(out)
	return out
}

// storeRows reads T's table from the store, the games' gids replaced by
// their keys in a directory (games.gid and every int64 column named game).
func storeRows[T any](t *testing.T, s *analytics.Store) []T {
	t.Helper()
	keys := map[int64]int64{}
	rows, err := sqltest.Open(t, s.Path()).QueryContext(t.Context(), `SELECT gid, id FROM games`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var gid int64
		var id string
		if err := rows.Scan(&gid, &id); err != nil {
			t.Fatal(err)
		}
		if keys[gid], err = Key(id); err != nil {
			t.Fatal(err)
		}
	}
	rows.Close()
	var out []T
	err = analytics.ScanTable(t.Context(), s, func(r *T) error {
		v := reflect.ValueOf(r).Elem()
		for i := range v.NumField() {
			col := v.Type().Field(i).Tag.Get("col")
			if (col == "gid" || col == "game") && v.Field(i).Kind() == reflect.Int64 {
				v.Field(i).SetInt(keys[v.Field(i).Int()])
			}
		}
		out = append(out, *r)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// sameTable checks that T's table holds the same rows in the store and in
// each directory, and returns how many.
func sameTable[T any](t *testing.T, s *analytics.Store, dirs ...string) int {
	t.Helper()
	name := table[T]().Name
	want := canonical(t, storeRows[T](t, s))
	for _, dir := range dirs {
		rows, err := ReadTable[T](dir)
		if err != nil {
			t.Fatal(err)
		}
		if got := canonical(t, rows); !slices.Equal(got, want) {
			t.Errorf("%s of %s: %d rows, the store %d; first differences:\n%s", name, dir, len(got), len(want), firstDiff(got, want))
		}
	}
	return len(want)
}

func firstDiff(got, want []string) string {
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			return "got  " + got[i] + "\nwant " + want[i]
		}
	}
	return "one is a prefix of the other"
}

// sameTables checks every table and that none the archive fills is empty.
func sameTables(t *testing.T, s *analytics.Store, dirs ...string) {
	t.Helper()
	n := map[string]int{
		"games":          sameTable[analytics.GameRow](t, s, dirs...),
		"players":        sameTable[analytics.PlayerRow](t, s, dirs...),
		"turns":          sameTable[analytics.TurnRow](t, s, dirs...),
		"towers":         sameTable[analytics.TowerRow](t, s, dirs...),
		"second_figures": sameTable[analytics.SecondFigureRow](t, s, dirs...),
		"scores":         sameTable[analytics.ScoreRow](t, s, dirs...),
		"captures":       sameTable[analytics.CaptureRow](t, s, dirs...),
		"exchanges":      sameTable[analytics.ExchangeRow](t, s, dirs...),
		"ransoms":        sameTable[analytics.RansomRow](t, s, dirs...),
		"discards":       sameTable[analytics.DiscardRow](t, s, dirs...),
		"invalid_games":  sameTable[analytics.InvalidGameRow](t, s, dirs...),
		"diagnostics":    sameTable[analytics.DiagnosticRow](t, s, dirs...),
	}
	if len(n) != len(analytics.Tables) {
		t.Errorf("%d tables checked, the store has %d", len(n), len(analytics.Tables))
	}
	for _, tab := range analytics.Tables {
		if n[tab.Name] == 0 {
			t.Errorf("table %s is empty: the test archive proves nothing about it", tab.Name)
		}
	}
}

// TestSameRows: the directory written from records and the one written
// from the database both hold the rows of the SQLite store, with the
// games' keys derived from their ids.
func TestSameRows(t *testing.T) {
	files := archive(t, 240)
	s := store(t, files)
	fromRecords, fromDB := t.TempDir(), t.TempDir()
	st, err := WriteRecords(t.Context(), fromRecords, "records", files, Options{Workers: 3})
	if err != nil {
		t.Fatal(err)
	}
	valid, invalid, err := s.Counts(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	// The file written again repeats its 80 games.
	if st.Files != len(files) || st.Games != valid || st.Repeated != 80 || st.Invalid != invalid {
		t.Errorf("records: %+v; the store has %d valid games and %d invalid", st, valid, invalid)
	}
	dst, err := WriteDatabase(t.Context(), fromDB, "db", s)
	if err != nil {
		t.Fatal(err)
	}
	if dst.Games != valid || dst.Invalid != invalid || dst.Rows != st.Rows {
		t.Errorf("database: %+v, records: %+v", dst, st)
	}
	sameTables(t, s, fromRecords, fromDB)
}

// TestShards: disjoint parts of an archive written as shards of one
// directory, at the same time, hold the rows of the whole archive. (The
// file that repeats another is left out: shards written apart do not
// know each other's games.)
func TestShards(t *testing.T) {
	files := archive(t, 90)
	s := store(t, files)
	dir := t.TempDir()
	var parts []string
	for _, f := range files {
		if filepath.Base(f) != "z-again.cgn" {
			parts = append(parts, f)
		}
	}
	errs := make(chan error, len(parts))
	for _, f := range parts {
		go func() {
			_, err := WriteRecords(t.Context(), dir, strings.TrimSuffix(filepath.Base(f), ".cgn"), []string{f}, Options{Workers: 1})
			errs <- err
		}()
	}
	for range parts {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	shards, err := filepath.Glob(filepath.Join(dir, "turns", "*.parquet"))
	if err != nil || len(shards) != len(parts) {
		t.Fatalf("%d shards of turns, want %d (%v)", len(shards), len(parts), err)
	}
	sameTables(t, s, dir)
}

// TestSmallRowGroups: a shard whose tables take several row groups, cut
// by rows or by bytes, holds the rows of the store, and a game read again
// after its first reading's row group was written is still written once.
func TestSmallRowGroups(t *testing.T) {
	files := archive(t, 60)
	s := store(t, files)
	for _, c := range []struct {
		name        string
		rows, bytes int64
		turnGroups  int // the least number of row groups of turns
	}{
		// 20 games a file, some 90 turns a game: thousands of rows.
		{"ByRows", 50, 8 << 20, 40},
		// A group written at each of the writer's flushes: one at
		// bufferRows rows, one at the end.
		{"ByBytes", 1_000_000, 1, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			defer func(rows, bytes int64) { groupRows, groupBytes = rows, bytes }(groupRows, groupBytes)
			groupRows, groupBytes = c.rows, c.bytes
			fromRecords, fromDB := t.TempDir(), t.TempDir()
			st, err := WriteRecords(t.Context(), fromRecords, "records", files, Options{Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			// z-again.cgn repeats the 20 games of the first file, read
			// before every other file of the archive.
			if st.Repeated != 20 {
				t.Errorf("%d games repeated, want 20", st.Repeated)
			}
			if _, err := WriteDatabase(t.Context(), fromDB, "db", s); err != nil {
				t.Fatal(err)
			}
			for _, dir := range []string{fromRecords, fromDB} {
				for _, tab := range []string{"games", "turns"} {
					name, _ := filepath.Glob(filepath.Join(dir, tab, "*.parquet"))
					if len(name) != 1 {
						t.Fatalf("%s/%s: files %v", dir, tab, name)
					}
					groups := openParquet(t, name[0]).Metadata().RowGroups
					for _, g := range groups {
						if g.NumRows > c.rows {
							t.Errorf("%s: a row group of %d rows, at most %d wanted", name[0], g.NumRows, c.rows)
						}
					}
					if tab == "turns" && len(groups) < c.turnGroups {
						t.Errorf("%s: %d row groups, want %d or more", name[0], len(groups), c.turnGroups)
					}
				}
			}
			sameTables(t, s, fromRecords, fromDB)
		})
	}
}
