package analytics

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

func TestGameSet(t *testing.T) {
	path := filepath.Join(t.TempDir(), "seen")
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := NewGameSet(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	a, b := sha256.Sum256([]byte("a")), sha256.Sum256([]byte("b"))
	for _, c := range []struct {
		name  string
		add   func() (bool, error)
		first bool
		err   string
	}{
		{"ValidNew", func() (bool, error) { return s.AddValid(7, a) }, true, ""},
		{"ValidAgain", func() (bool, error) { return s.AddValid(7, a) }, false, ""},
		{"OtherKey", func() (bool, error) { return s.AddValid(8, b) }, true, ""},
		{"KeyTaken", func() (bool, error) { return s.AddValid(7, b) }, false, fmt.Sprintf("games %x and %x share the key 7", a, b)},
		// Invalid games are a set of their own, by id alone.
		{"InvalidNew", func() (bool, error) { return s.AddInvalid(a) }, true, ""},
		{"InvalidAgain", func() (bool, error) { return s.AddInvalid(a) }, false, ""},
	} {
		first, err := c.add()
		if got := fmt.Sprint(err); c.err != "" && got != c.err || c.err == "" && err != nil {
			t.Errorf("%s: error %v, want %q", c.name, err, c.err)
		}
		if first != c.first {
			t.Errorf("%s: first %v, want %v", c.name, first, c.first)
		}
	}
}
