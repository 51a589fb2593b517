package textboard

import (
	"errors"
	"testing"

	"github.com/towerlog/towerlog/engine"
)

// TestAroundShowsTheOccupant draws the window of a follower refused on a
// road already taken: it reaches the occupant's square, two squares away,
// and marks it with @ corners. The expected picture is drawn by hand: U
// is a west-east road (fields north and south), D the start tile (city
// north, road west-east).
func TestAroundShowsTheOccupant(t *testing.T) {
	u, _ := engine.LookupTile("U")
	g, err := engine.NewGame(engine.Setup{Players: 2, Bag: []engine.TileID{u, u, u}, Ordered: true})
	if err != nil {
		t.Fatal(err)
	}
	road := engine.Spot{Kind: engine.FeatureRoad, Edges: engine.EdgeSet(1<<engine.East | 1<<engine.West)}
	for _, m := range []engine.Move{
		{Kind: engine.MoveDraw, Tile: u}, {Kind: engine.MovePlace, Pos: engine.Pos{X: -1}},
		{Kind: engine.MoveFollower, Spot: road}, {Kind: engine.MoveEndTurn},
		{Kind: engine.MoveDraw, Tile: u}, {Kind: engine.MovePlace, Pos: engine.Pos{X: 1}},
	} {
		if err := g.Apply(m); err != nil {
			t.Fatalf("%v: %v", m, err)
		}
	}
	err = g.Apply(engine.Move{Kind: engine.MoveFollower, Spot: road})
	var ie *engine.IllegalMoveError
	if !errors.As(err, &ie) || len(ie.Related) != 1 || ie.Related[0] != (engine.Pos{X: -1}) {
		t.Fatalf("got %v, want the road refused with the occupant at (-1,0)", err)
	}
	got := Around(g, engine.Pos{X: 1}, 1, ie.Related...)
	want := "" +
		"       x=-1   x=0    x=1    x=2\n" +
		"     \n" +
		"  -1 \n" +
		"     \n" +
		"     @.....@+#####+*.....*\n" +
		"   0 -  U  --  D  --  U  -\n" +
		"     @.....@+.....+*.....*\n" +
		"     \n" +
		"   1 \n" +
		"     \n" +
		"(# city, - and | road, . field; * corners mark the tile of the move, ? the empty square it names, @ the square of the follower already there)\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if far := Around(g, engine.Pos{X: 1}, 1, engine.Pos{X: 9}); far != Around(g, engine.Pos{X: 1}, 1) {
		t.Errorf("a square 8 away widened the window:\n%s", far)
	}
}
