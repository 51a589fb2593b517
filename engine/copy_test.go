package engine

import (
	"reflect"
	"testing"
)

// TestCopyTo: a game copied into one that held another game is the same
// game, independent of the original, and copying into it again allocates
// nothing.
func TestCopyTo(t *testing.T) {
	_, ms, _ := Generate(GenOptions{Players: 4, Seed: 7})
	g, _ := NewGame(Setup{Players: 4})
	for _, m := range ms[:len(ms)/2] {
		ok(t, g, m)
	}
	// dst held a longer game of other players.
	_, other, _ := Generate(GenOptions{Players: 3, Seed: 9})
	dst, _ := NewGame(Setup{Players: 3})
	for _, m := range other {
		ok(t, dst, m)
	}
	before := g.State()
	g.CopyTo(dst)
	if !reflect.DeepEqual(dst.State(), before) || !reflect.DeepEqual(dst.Events(), g.Events()) {
		t.Fatal("the copy differs from the original")
	}
	for _, m := range ms[len(ms)/2:] {
		ok(t, dst, m)
	}
	if !reflect.DeepEqual(before, g.State()) {
		t.Fatal("playing on the copy changed the original")
	}
	for _, m := range ms[len(ms)/2:] {
		ok(t, g, m)
	}
	if !reflect.DeepEqual(dst.State(), g.State()) || !reflect.DeepEqual(dst.Events(), g.Events()) {
		t.Fatal("copy and original diverged")
	}
	if n := testing.AllocsPerRun(10, func() { g.CopyTo(dst) }); n != 0 {
		t.Errorf("copying into a game as large allocated %v times", n)
	}
}
