package engine_test

import (
	"errors"
	"fmt"

	"github.com/towerlog/towerlog/engine"
)

func ExampleGame_Apply() {
	g, _ := engine.NewGame(engine.Setup{Players: 2})
	e, _ := engine.LookupTile("E")
	_ = g.Apply(engine.Move{Kind: engine.MoveDraw, Tile: e})
	// E turned 180° closes the start tile's city from the north.
	_ = g.Apply(engine.Move{Kind: engine.MovePlace, Pos: engine.Pos{X: 0, Y: -1}, Rot: engine.R180})
	_ = g.Apply(engine.Move{Kind: engine.MoveFollower, Spot: engine.Spot{Kind: engine.FeatureCity, Edges: engine.S}})
	_ = g.Apply(engine.Move{Kind: engine.MoveEndTurn})
	fmt.Println(g.Scores(), g.Supply(0))

	u, _ := engine.LookupTile("U")
	_ = g.Apply(engine.Move{Kind: engine.MoveDraw, Tile: u})
	err := g.Apply(engine.Move{Kind: engine.MovePlace, Pos: engine.Pos{X: 1, Y: 0}, Rot: engine.R90})
	var ie *engine.IllegalMoveError
	if errors.As(err, &ie) {
		fmt.Println(ie.Violation, "-", err)
	}
	// Output:
	// [4 0] 7
	// placement - turn 2, player 2: tile U at (1,0) r90: its west edge (field) meets the road of D at (0,0)
}

func ExampleGenerate() {
	g, moves, _ := engine.Generate(engine.GenOptions{Players: 3, Seed: 1})
	fmt.Println(g.Over(), g.TilesLeft(), len(moves) > 89*3)
	// Output: true 0 true
}

// The Phantom: after a tower floor and its capture, the phantom claims the
// city the capture emptied (the rulebook's example 1a–1d).
func ExampleGame_Phantom() {
	g, _ := engine.NewGame(engine.Setup{Players: 2, Rules: engine.Rules{Phantom: true}, Names: []string{"Red", "Blue"}})
	turn := func(tile string, x, y int, r engine.Rotation, action ...engine.Move) {
		t, _ := engine.LookupTile(tile)
		moves := append([]engine.Move{{Kind: engine.MoveDraw, Tile: t}, {Kind: engine.MovePlace, Pos: engine.Pos{X: x, Y: y}, Rot: r}}, action...)
		for _, m := range append(moves, engine.Move{Kind: engine.MoveEndTurn}) {
			if err := g.Apply(m); err != nil {
				fmt.Println(err)
			}
		}
	}
	city := func(e engine.EdgeSet) engine.Spot { return engine.Spot{Kind: engine.FeatureCity, Edges: e} }
	turn("M", 0, -1, engine.R180)
	turn("N", 1, -1, engine.R270, engine.Move{Kind: engine.MoveFollower, Spot: city(engine.S | engine.W)})
	turn("T01", 1, 0, engine.R0,
		engine.Move{Kind: engine.MoveFloor, Pos: engine.Pos{X: 1, Y: 0}},
		engine.Move{Kind: engine.MoveCapture, Pos: engine.Pos{X: 1, Y: -1}, Spot: city(engine.S | engine.W)},
		engine.Move{Kind: engine.MoveFollower, Spot: city(engine.N), Figure: engine.FigurePhantom})
	fmt.Println(g.Scores(), g.Prisoners(0, 1), g.Phantom(0).Where)
	// Output: [10 0] 1 supply
}
