package analytics

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestTablesMatchSchema checks that the row types and the tables the
// migrations create have the same columns in the same order.
func TestTablesMatchSchema(t *testing.T) {
	s := openTemp(t)
	for _, tb := range Tables {
		var cols []string
		rows, err := s.db.Query(`SELECT name FROM pragma_table_info(?) ORDER BY cid`, tb.Name)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var c string
			if err := rows.Scan(&c); err != nil {
				t.Fatal(err)
			}
			cols = append(cols, c)
		}
		rows.Close()
		if !slices.Equal(cols, tb.Columns) {
			t.Errorf("table %s has columns %q, %s has %q", tb.Name, cols, tb.Row.Name(), tb.Columns)
		}
	}
}

// TestTableIndexes checks the constants that name the tables by their
// index in Tables, and that every table of a valid game, whose key
// SetGame and setKey fill in, starts with the game's key.
func TestTableIndexes(t *testing.T) {
	for i, name := range map[int]string{tGames: "games", tPlayers: "players", tTurns: "turns", tTowers: "towers", tSecondFigures: "second_figures", tScores: "scores",
		tCaptures: "captures", tExchanges: "exchanges", tRansoms: "ransoms", tDiscards: "discards",
		tInvalid: "invalid_games", tDiagnostics: "diagnostics"} {
		if Tables[i].Name != name {
			t.Errorf("Tables[%d] is %s, want %s", i, Tables[i].Name, name)
		}
	}
	for i := tGames; i <= tDiscards; i++ {
		if c := Tables[i].Columns[0]; c != "gid" && c != "game" {
			t.Errorf("%s starts with %s, not the game's key", Tables[i].Name, c)
		}
	}
}

// TestRowArgs checks that each row type's args gives its fields in
// order: every field is set to a value of its own, then args must list
// those values.
func TestRowArgs(t *testing.T) {
	for _, tb := range Tables {
		v := reflect.New(tb.Row)
		var want []any
		for i := range tb.Row.NumField() {
			f := v.Elem().Field(i)
			switch {
			case f.Kind() == reflect.Int64:
				f.SetInt(int64(100 + i))
				want = append(want, int64(100+i))
			case f.Kind() == reflect.String:
				f.SetString(fmt.Sprint("s", i))
				want = append(want, fmt.Sprint("s", i))
			case f.Type() == reflect.TypeFor[*int64]():
				f.Set(reflect.ValueOf(ptr(int64(100 + i))))
				want = append(want, int64(100+i))
			case f.Type() == reflect.TypeFor[*string]():
				f.Set(reflect.ValueOf(ptr(fmt.Sprint("s", i))))
				want = append(want, fmt.Sprint("s", i))
			default:
				t.Fatalf("%s.%s: a column of type %s", tb.Row.Name(), tb.Row.Field(i).Name, f.Type())
			}
		}
		got := v.Interface().(row).args(nil)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s.args: got %v, want %v", tb.Row.Name(), got, want)
		}
		// Nil pointers are NULL.
		for i := range tb.Row.NumField() {
			if f := v.Elem().Field(i); f.Kind() == reflect.Pointer {
				f.SetZero()
				want[i] = nil
			}
		}
		if got := v.Interface().(row).args(nil); !reflect.DeepEqual(got, want) {
			t.Errorf("%s.args with nil pointers: got %v, want %v", tb.Row.Name(), got, want)
		}
	}
}

// TestForeignKeysOn checks that every connection of the store enforces
// foreign keys: rows of a game that is not stored are refused.
func TestForeignKeysOn(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	var conns []*sql.Conn
	for range 3 {
		c, err := s.db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		conns = append(conns, c)
	}
	for i, c := range conns {
		var on int
		if err := c.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&on); err != nil || on != 1 {
			t.Errorf("connection %d: foreign_keys = %d (%v), want 1", i, on, err)
		}
		_, err := c.ExecContext(ctx, `INSERT INTO players (game, seat, name, score, rank) VALUES (99, 0, 'Anna', 0, 1)`)
		if err == nil || !strings.Contains(err.Error(), "FOREIGN KEY constraint failed") {
			t.Errorf("connection %d: a player of no game: got %v, want a foreign key error", i, err)
		}
	}
}

// TestMigrateV2 opens a database written by the program of schema
// version 2 (testdata/migrate/README.md says how): once migrated, every
// table holds exactly what the current program writes for the same
// records, and ingesting them again finds them all stored.
func TestMigrateV2(t *testing.T) {
	ctx := context.Background()
	tmp := t.TempDir()
	old, _ := copyFixture(t, tmp, "v2.db")
	// The games were ingested as games.cgn from their directory, and the
	// file name is part of what is stored.
	t.Chdir(filepath.Join("testdata", "migrate"))
	migrated, err := Open(ctx, old)
	if err != nil {
		t.Fatal(err)
	}
	defer migrated.Close()
	fresh := freshFixture(t, tmp)
	// Games stored before identities have no record until their file is
	// ingested again, which finds every one of them (by the hash of its
	// record) and completes it.
	var legacy int
	if err := migrated.db.QueryRow(`SELECT count(*) FROM games WHERE record IS NULL`).Scan(&legacy); err != nil || legacy != 20 {
		t.Errorf("%d games without a record after the migration (%v), want 20", legacy, err)
	}
	st, err := migrated.Ingest(ctx, []string{"games.cgn"}, IngestOptions{})
	if err != nil || st.Added != 0 || st.Present != 20 || st.Updated != 0 {
		t.Errorf("ingest after the migration: %+v, %v; want the 20 games present", st, err)
	}
	for _, tb := range Tables {
		want, got := dumpTable(t, fresh, tb), dumpTable(t, migrated, tb)
		// The fixture's games are older than the Phantom: no second figures.
		if len(want) == 0 && tb.Name != "second_figures" {
			t.Errorf("%s: no rows: the fixture should exercise it", tb.Name)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s after the migration differs from a new ingest: %d rows, want %d", tb.Name, len(got), len(want))
			for i := range min(len(got), len(want)) {
				if got[i] != want[i] {
					t.Errorf("first difference:\ngot  %s\nwant %s", got[i], want[i])
					break
				}
			}
		}
	}
	checkConsistent(t, migrated, 20)
	var gone int
	if err := migrated.db.QueryRow(`SELECT count(*) FROM sqlite_schema WHERE name IN ('turns_packed', 'tiles', 'features', 'actions')`).Scan(&gone); err != nil || gone != 0 {
		t.Errorf("%d tables of the old schema left (%v)", gone, err)
	}
}

// dumpTable returns every row of a table as text, in key order.
func dumpTable(t *testing.T, s *Store, tb Table) []string {
	t.Helper()
	order := make([]string, len(tb.Columns))
	for i := range order {
		order[i] = fmt.Sprint(i + 1)
	}
	rows, err := s.db.Query(`SELECT * FROM ` + tb.Name + ` ORDER BY ` + strings.Join(order, ", "))
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	vals := make([]any, len(tb.Columns))
	ptrs := make([]any, len(vals))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%q", vals))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestIngestOddPath ingests into a file whose name holds the characters
// of URIs: every connection opens the same file.
func TestIngestOddPath(t *testing.T) {
	ctx := context.Background()
	dir := testArchive(t, 6, 1)
	path := filepath.Join(t.TempDir(), "file:a?b=c#d%20 é.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	st, err := s.Ingest(ctx, []string{dir}, IngestOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if valid, _, err := s.Counts(ctx); err != nil || valid != 6 || st.Added != 6 {
		t.Fatalf("%d games stored, %d added (%v); want 6", valid, st.Added, err)
	}
	entries, err := os.ReadDir(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := filepath.Base(path); !slices.Contains(names, want) {
		t.Errorf("files %q, want %q among them", names, want)
	}
}
