package parquetdir

import (
	"fmt"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/sqltest"
)

// TestKey: a game's key is the first 63 bits of its id, read as hex.
func TestKey(t *testing.T) {
	rest := strings.Repeat("5", 48)
	for _, c := range []struct {
		id   string
		want int64
	}{
		{"0000000000000000" + rest, 0},
		{"0123456789abcdef" + rest, 0x0123456789abcdef >> 1}, // 40992764608243447
		{"8000000000000001" + rest, 1 << 62},
		{"ffffffffffffffff" + rest, 1<<63 - 1},
	} {
		if got, err := Key(c.id); err != nil || got != c.want {
			t.Errorf("Key(%s...) = %d, %v; want %d", c.id[:16], got, err, c.want)
		}
	}
	for _, id := range []string{"", "0123", "0123456789abcdeg" + rest} {
		if _, err := Key(id); err == nil {
			t.Errorf("Key(%q) accepted", id)
		}
	}
}

// TestDatabaseErrors: a database whose games would share a key, or with
// a row that refers to no game, is refused, and no shard appears.
func TestDatabaseErrors(t *testing.T) {
	files := archive(t, 6)[:1]
	for _, c := range []struct {
		name string
		edit string // run with foreign keys off
		want func(s *analytics.Store) string
	}{
		{
			// Two games given ids that differ past their first 16
			// digits: the second in the order of ids is named.
			"KeyClash", `UPDATE games SET id = 'abcdef0123456789' || substr(id, 17) WHERE gid IN (1, 2)`,
			func(s *analytics.Store) string {
				var id string
				if err := sqltest.Open(t, s.Path()).QueryRowContext(t.Context(), `SELECT max(id) FROM games`).Scan(&id); err != nil {
					t.Fatal(err)
				}
				return fmt.Sprintf("games: game %s: its key %d is that of another game", id, int64(0xabcdef0123456789>>1))
			},
		},
		{
			"NoGame", `INSERT INTO players (game, seat, name, score, rank) VALUES (999999, 0, 'Zoé', 0, 0)`,
			func(*analytics.Store) string { return "players: a row refers to game 999999, which is not in games" },
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := store(t, files)
			conn, err := sqltest.Open(t, s.Path()).Conn(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			for _, q := range []string{"PRAGMA foreign_keys = OFF", c.edit, "PRAGMA foreign_keys = ON"} {
				if _, err := conn.ExecContext(t.Context(), q); err != nil {
					t.Fatal(err)
				}
			}
			conn.Close()
			dir := t.TempDir()
			_, err = WriteDatabase(t.Context(), dir, "db", s)
			if want := c.want(s); err == nil || err.Error() != want {
				t.Fatalf("WriteDatabase: %v, want %s", err, want)
			}
			if got := listing(t, dir); len(got) != 0 {
				t.Errorf("files left: %v", got)
			}
		})
	}
}
