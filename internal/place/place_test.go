package place

import "testing"

func TestPrefix(t *testing.T) {
	for _, c := range []struct {
		turn   int
		player string
		parts  []string
		want   string
	}{
		{0, "", nil, ""},
		{0, "", []string{"a.json", ""}, "a.json: "},
		{3, "Anna", []string{"a.json", "packet 4"}, "a.json: packet 4: turn 3 (Anna): "},
		{3, "", []string{"", "packet 4"}, "packet 4: turn 3: "},
	} {
		if got := Prefix(c.turn, c.player, c.parts...); got != c.want {
			t.Errorf("Prefix(%d, %q, %q) = %q, want %q", c.turn, c.player, c.parts, got, c.want)
		}
	}
}

func TestKindString(t *testing.T) {
	for k, want := range map[Kind]string{Unreadable: "unreadable", Unsupported: "unsupported", Invalid: "invalid", 7: "Kind(7)"} {
		if got := k.String(); got != want {
			t.Errorf("Kind %d: %q, want %q", k, got, want)
		}
	}
}
