package filter

import "testing"

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"anna", "anna", 0}, {"kitten", "sitting", 3}, {"chloe", "chloé", 1}, {"", "abc", 3}, {"flaw", "lawn", 2}} {
		if d := editDistance(c.a, c.b); d != c.d {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, d, c.d)
		}
	}
}
