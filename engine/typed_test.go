package engine

import (
	"reflect"
	"testing"
)

// typed plays m through Draw, Place, Deploy or EndTurn when it is of their
// kind (Deploy places followers only), and through Apply otherwise.
func typed(g *Game, m Move) error {
	switch {
	case m.Kind == MoveDraw:
		return g.Draw(m.Tile)
	case m.Kind == MovePlace:
		return g.Place(m.Pos, m.Rot)
	case m.Kind == MoveFollower && m.Figure == FigureFollower:
		return g.Deploy(m.Spot)
	case m.Kind == MoveEndTurn:
		return g.EndTurn()
	}
	return g.Apply(m)
}

// TestTypedMovesMatchApply plays generated games twice, through Apply and
// through the typed methods, and before every move tries other moves of
// those kinds on copies, most of them illegal: states and errors must be
// the same.
func TestTypedMovesMatchApply(t *testing.T) {
	wrong := []Move{
		{Kind: MoveDraw, Tile: StartTile},
		{Kind: MoveDraw, Tile: TileID(NumTileTypes)},
		{Kind: MovePlace, Pos: Pos{X: 40, Y: 40}},
		{Kind: MovePlace, Pos: Pos{}, Rot: R90},
		{Kind: MoveFollower, Spot: Spot{Kind: FeatureCity, Edges: EdgeSet(0xF)}},
		{Kind: MoveFollower, Spot: Spot{Kind: FeatureCloister}},
		{Kind: MoveFollower, Spot: Spot{Kind: FeatureRoad, Edges: W | E}, Figure: FigurePhantom},
		{Kind: MoveEndTurn},
	}
	for seed := uint64(0); seed < 6; seed++ {
		rules := Rules{Phantom: seed >= 4}
		if seed%2 == 1 {
			rules.BaseOnly = true
		}
		_, moves, err := Generate(GenOptions{Players: 2 + int(seed%4), Rules: rules, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		setup := Setup{Players: 2 + int(seed%4), Rules: rules}
		a, _ := NewGame(setup)
		b, _ := NewGame(setup)
		for i, m := range append(moves, Move{Kind: MoveEndTurn}) {
			for _, w := range wrong { // illegal, mostly, but not always
				ca, cb := a.Clone(), b.Clone()
				ea, eb := ca.Apply(w), typed(cb, w)
				if (ea == nil) != (eb == nil) || ea != nil && ea.Error() != eb.Error() {
					t.Fatalf("seed %d move %d: %v: Apply says %v, the typed method %v", seed, i, w, ea, eb)
				}
				if !reflect.DeepEqual(ca.State(), cb.State()) {
					t.Fatalf("seed %d move %d: %v: the games differ", seed, i, w)
				}
			}
			ea, eb := a.Apply(m), typed(b, m)
			if (ea == nil) != (eb == nil) || ea != nil && ea.Error() != eb.Error() {
				t.Fatalf("seed %d move %d: %v: Apply says %v, the typed method %v", seed, i, m, ea, eb)
			}
			if i%16 == 0 && !reflect.DeepEqual(a, b) {
				t.Fatalf("seed %d move %d: %v: the games differ", seed, i, m)
			}
		}
		if !b.Over() || !reflect.DeepEqual(a, b) {
			t.Fatalf("seed %d: the games differ at the end", seed)
		}
	}
}
