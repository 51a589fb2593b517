package suggest

import (
	"slices"
	"testing"
)

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"anna", "anna", 0}, {"kitten", "sitting", 3}, {"chloe", "chloé", 1}, {"", "abc", 3}, {"flaw", "lawn", 2}} {
		if d := Distance(c.a, c.b); d != c.d {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, d, c.d)
		}
	}
}

// TestNearest: by distance, then name; a prefix counts at any distance;
// at most three.
func TestNearest(t *testing.T) {
	known := map[string]bool{"rollouts": true, "seed": true, "json": true, "turns": true, "budget": true, "jobs": true}
	for _, c := range []struct {
		v    string
		want []string
	}{
		{"rollout", []string{"rollouts"}},
		{"JSON", []string{"json"}},
		{"j", []string{"jobs", "json"}},
		{"jsno", []string{"json"}},
		{"colour", nil},
	} {
		if got := Nearest(c.v, known); !slices.Equal(got, c.want) {
			t.Errorf("Nearest(%q) = %q, want %q", c.v, got, c.want)
		}
	}
}
