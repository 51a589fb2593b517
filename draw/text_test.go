package draw

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/engine"
)

// golden compares got with the file testdata/name, which -update rewrites.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if string(got) != string(want) {
		t.Errorf("output differs from %s; run go test ./draw -update and review the difference", path)
	}
}

// TestBoardGolden checks the text board of the catalog game, a game
// without the Phantom.
func TestBoardGolden(t *testing.T) {
	golden(t, "catalog.txt", []byte(Board(svgTestGame(t), svgPlayers)))
}

// TestBoardCountsInWords: one point, one follower and one floor are
// written in the singular. Anna puts a thief on a lone road U below the
// start tile; the bag holds only that tile, so the game ends and the open
// road of one tile scores 1. Her supply of 7 followers less the thief is
// 6; the floors are those of a base game, 0.
func TestBoardCountsInWords(t *testing.T) {
	u, _ := engine.LookupTile("U")
	g, err := engine.NewGame(engine.Setup{Players: 2, Bag: []engine.TileID{u}, Ordered: true, Rules: engine.Rules{BaseOnly: true}})
	if err != nil {
		t.Fatal(err)
	}
	road := engine.Spot{Kind: engine.FeatureRoad, Edges: engine.EdgeSet(1<<engine.East | 1<<engine.West)}
	for _, m := range []engine.Move{
		{Kind: engine.MoveDraw, Tile: u}, {Kind: engine.MovePlace, Pos: engine.Pos{Y: 1}},
		{Kind: engine.MoveFollower, Spot: road}, {Kind: engine.MoveEndTurn},
	} {
		if err := g.Apply(m); err != nil {
			t.Fatalf("%v: %v", m, err)
		}
	}
	got := Board(g, []Seat{{Name: "Anna", Colour: "red"}, {Name: "Bruno", Colour: "blue"}})
	for _, want := range []string{"Anna           1 point, 6 followers, 0 floors\n", "Bruno          0 points, 7 followers, 0 floors\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("the board lacks %q:\n%s", want, got)
		}
	}
}
