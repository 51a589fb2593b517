package engine

import (
	"reflect"
	"testing"
)

// rolloutGames are the games the rollout tests and benchmarks start.
var rolloutGames = []struct {
	name    string
	players int
	rules   Rules
}{
	{"base-2", 2, Rules{BaseOnly: true}},
	{"tower-4", 4, Rules{}},
	{"phantom-3", 3, Rules{Phantom: true}},
}

// TestRollout: a rollout plays the game to its end drawing the tiles in
// the order given, and the same game, order and seed give the same end
// whatever the generator played before.
func TestRollout(t *testing.T) {
	for _, c := range rolloutGames {
		t.Run(c.name, func(t *testing.T) {
			start, err := NewGame(Setup{Players: c.players, Rules: c.rules})
			if err != nil {
				t.Fatal(err)
			}
			order := shuffledBag(start, nil, 7)
			gen := NewGenerator()
			a := start.Clone()
			if err := gen.Rollout(a, order, 3); err != nil {
				t.Fatal(err)
			}
			if !a.Over() {
				t.Fatal("the rollout stopped before the end")
			}
			var drawn []TileID
			for _, m := range gen.moves {
				if m.Kind == MoveDraw {
					drawn = append(drawn, m.Tile)
				}
			}
			// gen.moves holds the last turn only: its draws are the
			// last tiles of the order.
			if tail := order[len(order)-len(drawn):]; !reflect.DeepEqual(drawn, tail) {
				t.Errorf("the last turn drew %v, the order ends with %v", drawn, tail)
			}
			var placed []TileID
			for _, pt := range a.Tiles()[1:] {
				placed = append(placed, pt.Tile)
			}
			if !isSubsequence(placed, order) {
				t.Errorf("the tiles placed %v do not follow the order %v", placed, order)
			}
			if _, _, err := gen.Generate(GenOptions{Players: 2, Seed: 99, Style: StyleGreedy}); err != nil {
				t.Fatal(err)
			}
			b := start.Clone()
			if err := gen.Rollout(b, order, 3); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(a.State(), b.State()) {
				t.Error("the same rollout ended differently")
			}
		})
	}
}

// isSubsequence reports whether a is b with some elements left out (the
// tiles discarded).
func isSubsequence(a, b []TileID) bool {
	i := 0
	for _, t := range b {
		if i < len(a) && a[i] == t {
			i++
		}
	}
	return i == len(a)
}
