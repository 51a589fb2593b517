package collation

import (
	"slices"
	"testing"
)

// TestSort: the order a person gives these names: case and accents
// aside, letter by letter; names alike but for case or accents by their
// bytes (upper case first, then the plain letter before the accented).
func TestSort(t *testing.T) {
	names := []string{"Vainiria", "adrear", "Émile", "Zoë", "emil", "Bruno", "Emile", "zoe", "Ängel", "anna"}
	want := []string{"adrear", "Ängel", "anna", "Bruno", "emil", "Emile", "Émile", "Vainiria", "Zoë", "zoe"}
	Sort(names)
	if !slices.Equal(names, want) {
		t.Errorf("got  %q\nwant %q", names, want)
	}
	for _, c := range []struct {
		a, b string
		want int
	}{{"adrear", "Vainiria", -1}, {"Vainiria", "adrear", 1}, {"Anna", "Anna", 0}, {"Anna", "anna", -1}} {
		if got := Compare(c.a, c.b); got != c.want {
			t.Errorf("Compare(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
