package review

import (
	"testing"

	"github.com/towerlog/towerlog/engine"
)

// TestWords: hand-built turns said in words, the sizes of the features
// counted by hand from the tiles' pictures.
func TestWords(t *testing.T) {
	tile := func(name string) engine.TileID {
		id, ok := engine.LookupTile(name)
		if !ok {
			t.Fatalf("no tile %s", name)
		}
		return id
	}
	draw := func(name string) engine.Move { return engine.Move{Kind: engine.MoveDraw, Tile: tile(name)} }
	place := func(x, y int, r engine.Rotation) engine.Move {
		return engine.Move{Kind: engine.MovePlace, Pos: engine.Pos{X: x, Y: y}, Rot: r}
	}
	on := func(s engine.Spot) engine.Move { return engine.Move{Kind: engine.MoveFollower, Spot: s} }
	city := func(e engine.EdgeSet) engine.Spot { return engine.Spot{Kind: engine.FeatureCity, Edges: e} }
	// The E's field turned 180°: every half but the south's, the city's.
	var eField engine.Spot
	for _, s := range engine.Segments(tile("E"), engine.R180) {
		if s.Kind == engine.FeatureField {
			eField = s
		}
	}
	names := []string{"Red", "Blue"}
	end := engine.Move{Kind: engine.MoveEndTurn}
	for _, c := range []struct {
		name    string
		phantom bool
		before  [][]engine.Move // whole turns played first
		moves   []engine.Move
		want    string
	}{
		// The E closes the start tile's city from the north: 2 tiles.
		{"knight", false, nil, []engine.Move{draw("E"), place(0, -1, engine.R180), on(city(engine.S)), end},
			"tile E at (0,-1), turned 180°, knight in the city of 2 tiles"},
		// Its field touches the start tile only across the city: 1 tile.
		{"farmer", false, nil, []engine.Move{draw("E"), place(0, -1, engine.R180), on(eField), end},
			"tile E at (0,-1), turned 180°, farmer on the field of 1 tile"},
		// The straight road U, unturned, runs west to east, on from the
		// start tile's road: 2 tiles.
		{"thief", false, nil, []engine.Move{draw("U"), place(1, 0, engine.R0), on(engine.Spot{Kind: engine.FeatureRoad, Edges: engine.W | engine.E}), end},
			"tile U at (1,0), turned 0°, thief on the road of 2 tiles"},
		{"monk", false, nil, []engine.Move{draw("B"), place(0, 1, engine.R90), on(engine.Spot{Kind: engine.FeatureCloister}), end},
			"tile B at (0,1), turned 90°, monk in the cloister"},
		{"nothing", false, nil, []engine.Move{draw("U"), place(1, 0, engine.R0), end},
			"tile U at (1,0), turned 0°, no follower"},
		// The rulebook's phantom example (engine's ExampleGame_Phantom):
		// the city of the start tile, the M, the N and the T01 is 4
		// tiles; Blue's knight was on the N.
		{"capture", true, [][]engine.Move{
			{draw("M"), place(0, -1, engine.R180), end},
			{draw("N"), place(1, -1, engine.R270), on(city(engine.S | engine.W)), end},
		}, []engine.Move{draw("T01"), place(1, 0, engine.R0),
			{Kind: engine.MoveFloor, Pos: engine.Pos{X: 1, Y: 0}},
			{Kind: engine.MoveCapture, Pos: engine.Pos{X: 1, Y: -1}, Spot: city(engine.S | engine.W)},
			{Kind: engine.MoveFollower, Spot: city(engine.N), Figure: engine.FigurePhantom}, end},
			"tile T01 at (1,0), turned 0°, a tower floor at (1,0), captures Blue's knight at (1,-1), phantom as knight in the city of 4 tiles"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, err := engine.NewGame(engine.Setup{Players: 2, Rules: engine.Rules{Phantom: c.phantom}, Names: names})
			if err != nil {
				t.Fatal(err)
			}
			for _, turn := range c.before {
				for _, m := range turn {
					mustApply(t, g, m)
				}
			}
			got, err := Words(g, c.moves, names)
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
}
