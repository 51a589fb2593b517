package review

import (
	"slices"
	"testing"

	"github.com/towerlog/towerlog/engine"
)

// TestWhyFields: what the last move of hand-built games does to the
// fields (review/testdata/fields-*.cgn). On each board the start tile
// D's city is closed by an E turned 180° above it (a completed city of 2
// tiles); the field north of D's road, carried on east by a U, borders it,
// and so does the E's own field, a field apart. A cloister B at (1,−1)
// meets both: the U's field across its south edge, the E's across its
// west edge. Where an L east of the U has its city closed by a second E,
// the field north of the road borders that city too, and the second E's
// field, another field apart, meets the B's east edge.
func TestWhyFields(t *testing.T) {
	for _, c := range []struct {
		name string
		want []string
	}{
		// Anna's farmer on the U, Bruno's on the E, one completed city
		// bordering each: joined, they have one farmer each.
		{"tie", []string{"ties Bruno's field of 1 completed city"}},
		// Anna's farmer on the U, Bruno's on both E: joined, Bruno's two
		// farmers beat Anna's one, on a field of the two completed cities.
		{"lose", []string{"gives Bruno the lead in Anna's field of 2 completed cities"}},
		// Anna's farmers on both E, Bruno's on the U: Anna's two beat his.
		{"lead", []string{"takes the lead in Bruno's field of 2 completed cities"}},
		// No farmer on the U's field, Bruno's on the E: Anna's B adds an
		// empty field to his.
		{"join", []string{"joins a field to Bruno's"}},
		// No farmer anywhere: the B's farmer stands on a field of all
		// three, which borders the two completed cities.
		{"claim", []string{"claims a field of 2 completed cities with a farmer"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := load(t, "testdata/fields-"+c.name+".cgn")
			before, after, draws := turnAt(g, len(g.Turns)-1)
			alts, err := Alternatives(before, draws)
			if err != nil {
				t.Fatal(err)
			}
			at := played(alts, after)
			if at < 0 {
				t.Fatal("the move played is none of the alternatives")
			}
			got, err := Why(before, alts[at].Moves, []string{"Anna", "Bruno"})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("why %q, want %q", got, c.want)
			}
		})
	}
}

// TestWhyNames: seats are named as English lists them.
func TestWhyNames(t *testing.T) {
	players := []string{"Anna", "Bob", "Cleo"}
	for _, c := range []struct {
		seats []int
		want  string
	}{{[]int{1}, "Bob"}, {[]int{0, 2}, "Anna and Cleo"}, {[]int{0, 1, 2}, "Anna, Bob and Cleo"}} {
		if got := names(c.seats, players); got != c.want {
			t.Errorf("%v: %q, want %q", c.seats, got, c.want)
		}
	}
}

// TestJoinLine: the line of a join, from the side of the mover, Anna
// (seat 0), on fields described by hand; the field after holds the
// farmers of the fields before.
func TestJoinLine(t *testing.T) {
	players := []string{"Anna", "Bob", "Cleo"}
	f := func(cities int, farmers ...int) engine.FieldInfo {
		return engine.FieldInfo{Cities: cities, Farmers: farmers}
	}
	for _, c := range []struct {
		before []engine.FieldInfo
		after  engine.FieldInfo
		want   string
	}{
		{[]engine.FieldInfo{f(0, 0, 0, 0), f(1, 0, 0, 0)}, f(1, 0, 0, 0), ""},
		{[]engine.FieldInfo{f(1, 1, 0, 0), f(1, 0, 1, 0)}, f(1, 1, 1, 0), "ties Bob's field of 1 completed city"},
		{[]engine.FieldInfo{f(2, 2, 0, 0), f(1, 0, 1, 0)}, f(3, 2, 1, 0), "takes the lead in Bob's field of 3 completed cities"},
		// A field Anna shared with Bob becomes hers alone.
		{[]engine.FieldInfo{f(0, 1, 1, 0), f(0, 1, 0, 0)}, f(0, 2, 1, 0), "takes the lead in Anna and Bob's field"},
		{[]engine.FieldInfo{f(0, 1, 0, 0), f(2, 0, 2, 0)}, f(2, 1, 2, 0), "gives Bob the lead in Anna's field of 2 completed cities"},
		// Without a farmer of Anna's: whose fields it joins.
		{[]engine.FieldInfo{f(0, 0, 1, 0), f(0, 0, 0, 1)}, f(0, 0, 1, 1), "joins Bob's field to Cleo's"},
		{[]engine.FieldInfo{f(0, 0, 1, 0), f(0, 0, 1, 0)}, f(0, 0, 2, 0), "joins two of Bob's fields"},
		{[]engine.FieldInfo{f(0, 0, 1, 0), f(0, 0, 0, 0)}, f(0, 0, 1, 0), "joins a field to Bob's"},
		{[]engine.FieldInfo{f(0, 0, 0, 0), f(0, 0, 1, 0), f(0, 0, 0, 0)}, f(0, 0, 1, 0), "joins two fields to Bob's"},
		{[]engine.FieldInfo{f(0, 0, 1, 0), f(0, 0, 1, 0), f(0, 0, 0, 0)}, f(0, 0, 2, 0), "joins three fields, two of them Bob's"},
		// Anna already led both: her field grows.
		{[]engine.FieldInfo{f(0, 1, 0, 0), f(0, 1, 0, 0)}, f(0, 2, 0, 0), "joins two of Anna's fields"},
	} {
		if got := joinLine(c.before, c.after, 0, players); got != c.want {
			t.Errorf("%v into %v: %q, want %q", c.before, c.after, got, c.want)
		}
	}
}
