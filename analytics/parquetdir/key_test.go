package parquetdir

import (
	"strings"
	"testing"
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

// TestDatabaseKeyClash: a database whose games would share a key is
// refused, and no shard appears.
func TestDatabaseKeyClash(t *testing.T) {
	s := store(t, archive(t, 6)[:1])
	// Two games given ids that differ past their first 16 digits.
	_, err := s.DB().ExecContext(t.Context(), `UPDATE games SET id = 'abcdef0123456789' || substr(id, 17) WHERE gid IN (1, 2)`)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	_, err = WriteDatabase(t.Context(), dir, "db", s.DB())
	if err == nil || !strings.Contains(err.Error(), "is that of another game") {
		t.Fatalf("WriteDatabase: %v, want a clash of keys", err)
	}
	if got := listing(t, dir); len(got) != 0 {
		t.Errorf("files left: %v", got)
	}
}
