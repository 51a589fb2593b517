package rating

import (
	"fmt"
	"reflect"
	"slices"
	"testing"
)

// TestRestore rates four periods at once, and the same periods two by
// two, the ladder between them kept as its State: the ratings are equal
// to the last bit, a player who sat out the last periods included.
func TestRestore(t *testing.T) {
	games := []Game{
		{"2025-01-01", "1", []Seat{{"Anna", 1}, {"Bruno", 2}, {"Chloé", 3}}},
		{"2025-01-01", "1", []Seat{{"Dmitri", 1}, {"Emeka", 2}}},
		{"2025-01-01", "2", []Seat{{"Chloé", 1}, {"Anna", 1}}},
		{"2025-01-08", "1", []Seat{{"Bruno", 1}, {"Dmitri", 2}, {"Anna", 3}}},
		{"2025-01-15", "1", []Seat{{"Emeka", 1}, {"Bruno", 2}}},
		{"2025-01-15", "1", []Seat{{"Anna", 2}, {"Dmitri", 1}}},
	}
	whole := NewLadder()
	for _, g := range games {
		whole.Add(g)
	}
	first := NewLadder()
	for _, g := range games[:3] {
		first.Add(g)
	}
	st := first.State()
	if st.Periods != 2 || st.Date != "2025-01-01" || st.Round != "2" || len(st.Players) != 5 || st.Players[0].Name != "Anna" {
		t.Fatalf("state after two periods: %+v", st)
	}
	// Chloé played the periods 1 and 2, 2 games.
	if c := st.Players[2]; c.Name != "Chloé" || c.Last != 2 || c.Games != 2 {
		t.Errorf("Chloé's entry %+v, want last period 2, 2 games", c)
	}
	then := Restore(st)
	for _, g := range games[3:] {
		then.Add(g)
	}
	if got, want := then.Players(), whole.Players(); !reflect.DeepEqual(got, want) {
		t.Errorf("restored and continued:\n%+v\nwant:\n%+v", got, want)
	}
	if then.Periods() != 4 || !reflect.DeepEqual(then.State(), whole.State()) {
		t.Errorf("state %+v, want %+v", then.State(), whole.State())
	}
	if then.History("Anna") != nil || whole.History("Anna") == nil {
		t.Error("a restored ladder keeps a history, or a new one none")
	}
}

// TestLadderEmitting: a ladder that emits its points gives each player
// a point for each period they played in, as the period closes, the same
// as a ladder that keeps them, and keeps none itself.
func TestLadderEmitting(t *testing.T) {
	games := []Game{
		{Date: "2025-01-01", Round: "1", Seats: []Seat{{"Ada", 1}, {"Bo", 2}}},
		{Date: "2025-01-01", Round: "1", Seats: []Seat{{"Cy", 1}, {"Di", 1}}},
		{Date: "2025-01-01", Round: "2", Seats: []Seat{{"Ada", 2}, {"Cy", 1}}},
		{Date: "2025-01-02", Round: "1", Seats: []Seat{{"Bo", 1}, {"Ada", 2}, {"Di", 3}}},
	}
	kept := NewLadder()
	emitted := map[string][]Point{}
	var at []int // the periods emitted, in order
	l := NewLadderEmitting(func(name string, p Point) {
		emitted[name] = append(emitted[name], p)
		at = append(at, p.Period)
	})
	for i, g := range games {
		kept.Add(g)
		l.Add(g)
		// A period is emitted when the next begins: after the second
		// game the first period is still open.
		if i == 1 && len(at) != 0 {
			t.Fatalf("points emitted before the period closed: %v", at)
		}
	}
	if len(at) != 6 {
		t.Fatalf("emitted %d points before asking, want 6 (periods 1 and 2): %v", len(at), at)
	}
	l.Periods()
	// Period 1: Ada, Bo, Cy, Di; period 2: Ada, Cy; period 3: Ada, Bo, Di.
	want := map[string][]int{"Ada": {1, 2, 3}, "Bo": {1, 3}, "Cy": {1, 2}, "Di": {1, 3}}
	for name, periods := range want {
		got := emitted[name]
		if len(got) != len(periods) {
			t.Fatalf("%s: %d points, want %d", name, len(got), len(periods))
		}
		for i, p := range got {
			if p.Period != periods[i] {
				t.Errorf("%s point %d: period %d, want %d", name, i, p.Period, periods[i])
			}
		}
		if h := kept.History(name); !reflect.DeepEqual(h, got) {
			t.Errorf("%s: emitted %v, kept %v", name, got, h)
		}
		if l.History(name) != nil {
			t.Errorf("%s: the emitting ladder kept a history", name)
		}
	}
}

// TestProvisional: Anna and Carl play thirty rounds, Anna winning two of
// every three, and their deviations fall below ProvisionalRD; Dora then
// beats Carl once. Dora's rating is above Carl's, but hers is
// provisional (a new player's 350 does not fall to 110 in one game): the
// list ranks Anna and Carl first, then Dora.
func TestProvisional(t *testing.T) {
	l := NewLadder()
	for r := 1; r <= 30; r++ {
		anna := 1 + r%3/2 // second in rounds 2, 5, 8, ...
		l.Add(Game{Date: "2025-01-01", Round: fmt.Sprint(r), Seats: []Seat{{"Anna", anna}, {"Carl", 3 - anna}}})
	}
	l.Add(Game{Date: "2025-01-02", Round: "1", Seats: []Seat{{"Dora", 1}, {"Carl", 2}}})
	ps := l.Players()
	var got []string
	for _, p := range ps {
		got = append(got, fmt.Sprintf("%d %s %v", p.Rank, p.Name, p.Provisional))
	}
	want := []string{"1 Anna false", "2 Carl false", "3 Dora true"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if len(ps) == 3 && !(ps[2].R > ps[1].R) {
		t.Errorf("Dora %.0f is not above Carl %.0f: the test shows nothing", ps[2].R, ps[1].R)
	}
}
