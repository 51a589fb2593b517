package draw_test

import (
	"fmt"

	"github.com/towerlog/towerlog/draw"
	"github.com/towerlog/towerlog/engine"
)

// The board before the first turn: the start tile alone.
func ExampleBoard() {
	g, err := engine.NewGame(engine.Setup{Players: 2})
	if err != nil {
		panic(err)
	}
	fmt.Print(draw.Board(g, []draw.Seat{{Name: "Anna", Colour: "red"}, {Name: "Bruno", Colour: "blue"}}))
	// Output:
	//        x=0
	//      +#####+
	//    0 -  D  -
	//      +.....+
	//
	// Legend: # city, - and | road, . field; a label is the tile id, ^N a tower of height N.
	// Players:
	//   Anna           0 points, 7 followers, 10 floors
	//   Bruno          0 points, 7 followers, 10 floors
	// Tiles left: 89
}
