package review

import (
	"context"
	"strings"
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

// TestPlayedAsWritten: the straight road U looks the same turned 0° and
// 180°, so the review counts the two as one alternative, found first as
// r0; the record played it turned 180°, and the move played, in the
// table's CGN, in words and among the top alternatives, is said so.
func TestPlayedAsWritten(t *testing.T) {
	g := load(t, "testdata/symmetric.cgn")
	turns, err := Game(context.Background(), g, Options{Rollouts: 200, Seed: 1, Top: 1000}, nil)
	if err != nil {
		t.Fatal(err)
	}
	gt := turns[0]
	if gt.PlayedText != "U@1,0r180 +R:WE" {
		t.Errorf("played %q, want U@1,0r180 +R:WE", gt.PlayedText)
	}
	if want := "tile U at (1,0), turned 180°, thief on the road of 2 tiles"; gt.PlayedWords != want {
		t.Errorf("played in words %q, want %q", gt.PlayedWords, want)
	}
	found := false
	for i, text := range gt.TopText {
		if strings.HasPrefix(text, "U@1,0r0 +R:WE") {
			t.Errorf("top %d: %q, the move played spelt another way", i+1, text)
		}
		if text == "U@1,0r180 +R:WE" {
			found = true
			if !strings.Contains(gt.TopWords[i], "turned 180°") {
				t.Errorf("top %d in words: %q, want it turned 180°", i+1, gt.TopWords[i])
			}
		}
	}
	if !found {
		t.Errorf("the move played is not among the top alternatives %q", gt.TopText)
	}
	if !gt.BestDiffers() && gt.BestText != gt.PlayedText {
		t.Errorf("best %q, the move played, want it as played %q", gt.BestText, gt.PlayedText)
	}
}

// TestReadWords: Read gives back the move played in words and what it
// does, as a comment says them, and leaves the best move's words out.
func TestReadWords(t *testing.T) {
	text := "review: played +1.2 ±0.9 (tile V at (0,1), turned 0°, farmer on the field of 3 tiles); " +
		"best V@2,-1r270 +C:N +7.8 ±0.8 (tile V at (2,-1), turned 270°, knight in the city of 4 tiles), 6.6 given away; " +
		"wins Anna 45% Bob 55%; mistake, 11.2% of chance lost, accuracy 59%; rank about 4th of 122; " +
		"played: claims a field with a farmer; best: completes a city of 4 tiles for 8"
	s, ok := readComment(text, []string{"Anna", "Bob"})
	if !ok {
		t.Fatal("the comment does not read")
	}
	if want := "tile V at (0,1), turned 0°, farmer on the field of 3 tiles"; s.PlayedWords != want {
		t.Errorf("played in words %q, want %q", s.PlayedWords, want)
	}
	if want := "claims a field with a farmer"; s.PlayedWhy != want {
		t.Errorf("played does %q, want %q", s.PlayedWhy, want)
	}
	best := "V@2,-1r270 +C:N +7.8 (tile V at (2,-1), turned 270°, knight in the city of 4 tiles)"
	if got := MoveText(s.BestMove, s.Best, s.BestWords); got != best {
		t.Errorf("the best move reads %q, want %q", got, best)
	}
	if got := MoveText("K@0,2r90", -4.1, ""); got != "K@0,2r90 -4.1" {
		t.Errorf("a move without words reads %q", got)
	}
	if s.BestMove != "V@2,-1r270 +C:N" || s.Best != 7.8 || s.GivenAway != 6.6 || s.Drop != 11.2 || s.Accuracy != 59 || s.Grade != "mistake" {
		t.Errorf("read %+v", s)
	}
}
