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
		fmt.Println(ie.Rule, "-", err)
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
