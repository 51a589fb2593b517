package engine

import (
	"math/rand/v2"
	"testing"
)

// The grid grows far beyond its start and keeps every square where it
// was; clearing the squares it holds empties it.
func TestGridGrows(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	g := newGrid()
	want := map[Pos]int16{}
	for i := 0; i < 2000; i++ {
		p := Pos{rng.IntN(401) - 200, rng.IntN(401) - 200}
		v := int16(rng.IntN(400) - 200)
		if v == gridEmpty {
			continue
		}
		g.fit(p)
		g.put(g.index(p), v)
		want[p] = v
	}
	if g.off < 200 {
		t.Fatalf("half-width %d after squares 200 away", g.off)
	}
	for y := -210; y <= 210; y++ {
		for x := -210; x <= 210; x++ {
			p := Pos{x, y}
			v, ok := want[p]
			if !ok {
				v = gridEmpty
			}
			if got := g.get(p); got != v {
				t.Fatalf("%v: got %d, want %d", p, got, v)
			}
		}
	}
	if g.get(Pos{1 << 40, 0}) != gridEmpty || g.get(Pos{0, -1 << 40}) != gridEmpty {
		t.Fatal("a square far outside the grid is not empty")
	}
	for p := range want {
		g.clear(p)
	}
	for i, c := range g.cells {
		if c != 0 {
			t.Fatalf("cell %d not cleared", i)
		}
	}
}
