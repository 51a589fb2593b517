package engine

import (
	"testing"
)

func TestPlacementRules(t *testing.T) {
	g := newTestGame(t, 2, Rules{})
	ok(t, g, Move{Kind: MoveDraw, Tile: tileID(t, "U")})
	for _, c := range []struct {
		name   string
		m      Move
		reason string
	}{
		{"NotAdjacent", Move{Kind: MovePlace, Pos: Pos{5, 5}}, "tile U at (5,5) is not next to any tile"},
		{"Taken", Move{Kind: MovePlace, Pos: Pos{0, 0}}, "tile U at (0,0): the square is taken by D"},
		{"EdgeMismatch", Move{Kind: MovePlace, Pos: Pos{1, 0}, Rot: R90}, "tile U at (1,0) r90: its west edge (field) meets the road of D at (0,0)"},
		{"CityMeetsField", Move{Kind: MovePlace, Pos: Pos{0, -1}, Rot: R0}, "tile U at (0,-1) r0: its south edge (field) meets the city of D at (0,0)"},
	} {
		t.Run(c.name, func(t *testing.T) { refuse(t, g, c.m, ViolationPlacement, c.reason) })
	}
	ok(t, g, Move{Kind: MovePlace, Pos: Pos{1, 0}})
	refuse(t, g, Move{Kind: MovePlace, Pos: Pos{2, 0}}, ViolationPhase, "place is not allowed now: the turn is in its action phase")
}

func TestTurnOrderAndBag(t *testing.T) {
	g := newTestGame(t, 2, Rules{})
	refuse(t, g, Move{Kind: MovePlace, Pos: Pos{1, 0}}, ViolationPhase, "place is not allowed now: the turn is in its draw phase")
	refuse(t, g, Move{Kind: MoveEndTurn}, ViolationPhase, "end-turn is not allowed now: the turn is in its draw phase")
	// One C in the box.
	turnTo(t, g, "C@0,-1r0")
	ok(t, g, endTurn)
	refuse(t, g, Move{Kind: MoveDraw, Tile: tileID(t, "C")}, ViolationBag, "drew C but none is left in the bag")
	if g.Player() != 1 || g.Turn() != 2 {
		t.Fatalf("turn %d player %d after one turn", g.Turn(), g.Player())
	}
}

func TestPreparedOrder(t *testing.T) {
	bag := []TileID{tileID(t, "E"), tileID(t, "U")}
	g, err := NewGame(Setup{Players: 2, Bag: bag, Ordered: true})
	if err != nil {
		t.Fatal(err)
	}
	refuse(t, g, Move{Kind: MoveDraw, Tile: tileID(t, "U")}, ViolationBag, "drew U but the prepared draw order has E next")
	turnTo(t, g, "E@0,-1r180")
	ok(t, g, endTurn)
	turnTo(t, g, "U@1,0r0")
	ok(t, g, endTurn)
	if !g.Over() {
		t.Fatal("game not over after the prepared order ran out")
	}
	refuse(t, g, Move{Kind: MoveDraw, Tile: tileID(t, "U")}, ViolationGameOver, "the game is over")
}

func TestCustomBagLimits(t *testing.T) {
	c := tileID(t, "C")
	if _, err := NewGame(Setup{Players: 2, Bag: []TileID{c, c}}); err == nil || err.Error() != "engine: bag holds 2 × C, the box has 1 besides the start tile" {
		t.Fatalf("two C tiles: %v", err)
	}
	d := tileID(t, "D")
	if _, err := NewGame(Setup{Players: 2, Bag: []TileID{d, d, d, d}}); err == nil {
		t.Fatal("four D tiles besides the start tile accepted")
	}
	if _, err := NewGame(Setup{Players: 2, Rules: Rules{BaseOnly: true}, Bag: []TileID{tileID(t, "T01")}}); err == nil {
		t.Fatal("a Tower tile in a base game accepted")
	}
	if _, err := NewGame(Setup{Players: 7}); err == nil || err.Error() != "engine: 7 players: a game has 1 to 6" {
		t.Fatalf("7 players: %v", err)
	}
	g := newTestGame(t, 3, Rules{})
	if g.TilesLeft() != 89 {
		t.Fatalf("full box: %d tiles in the bag, want 89 besides the start tile", g.TilesLeft())
	}
	g = newTestGame(t, 3, Rules{BaseOnly: true})
	if g.TilesLeft() != 71 {
		t.Fatalf("base box: %d tiles in the bag, want 71", g.TilesLeft())
	}
}

func TestDiscard(t *testing.T) {
	g := newTestGame(t, 2, Rules{})
	lay(t, g, "E@0,-1r180") // closes the start tile's city: no open city edge is left
	ok(t, g, Move{Kind: MoveDraw, Tile: tileID(t, "U")})
	refuse(t, g, Move{Kind: MoveDiscard}, ViolationDiscard, "")
	ok(t, g, Move{Kind: MovePlace, Pos: Pos{1, 0}})
	ok(t, g, endTurn)
	ok(t, g, Move{Kind: MoveDraw, Tile: tileID(t, "C")})
	if ms := g.LegalMoves(nil); len(ms) != 1 || ms[0].Kind != MoveDiscard {
		t.Fatalf("legal moves with an unplaceable tile: %v", ms)
	}
	ok(t, g, Move{Kind: MoveDiscard})
	if g.Phase() != PhaseDraw || g.Turn() != 2 {
		t.Fatalf("after a discard: phase %s turn %d", g.Phase(), g.Turn())
	}
	turnTo(t, g, "U@-1,0r0")
	ok(t, g, endTurn)
	if ev := g.Events(); len(ev) != 1 || ev[0].Kind != EventDiscard || ev[0].Tile.String() != "C" || ev[0].Player != 1 {
		t.Fatalf("events: %+v", ev)
	}
}

func TestFollowerRules(t *testing.T) {
	g := newTestGame(t, 2, Rules{})
	turnTo(t, g, "U@1,0r0")
	refuse(t, g, follow(t, "C:N"), ViolationFollower, "tile U at (1,0) r0 has no city N; its spots are R:WE F:NL.NR.EL.WR F:ER.SL.SR.WL")
	ok(t, g, follow(t, "R:WE"))
	ok(t, g, endTurn)
	turnTo(t, g, "U@-1,0r0")
	refuse(t, g, follow(t, "R:WE"), ViolationFollower, "the road at (-1,0) R:WE is already occupied by player 1's follower at (1,0) R:WE")
	ok(t, g, follow(t, "F:NL.NR.EL.WR"))
	ok(t, g, endTurn)
	if g.Supply(0) != 6 || g.Supply(1) != 6 {
		t.Fatalf("supplies %d %d", g.Supply(0), g.Supply(1))
	}
}

func TestNoFollowerLeft(t *testing.T) {
	g := newTestGame(t, 2, Rules{})
	lay(t, g, "U@1,0r0 U@2,0r0 U@3,0r0 U@4,0r0 U@5,0r0 U@6,0r0 U@7,0r0")
	for x := 1; x <= 7; x++ {
		stand(t, g, 0, x, 0, "F:SL.SR.WL.ER")
	}
	turnTo(t, g, "U@-1,0r0")
	refuse(t, g, follow(t, "F:NL.NR.EL.WR"), ViolationFollower, "player 1 has no follower left in supply")
	if ms := g.LegalMoves(nil); len(ms) != 1 || ms[0].Kind != MovePass {
		t.Fatalf("legal moves without followers or floors: %v", ms)
	}
}

func TestRoadMajorityAndTies(t *testing.T) {
	for _, c := range []struct {
		name     string
		p1second bool
		want     []int
	}{
		// The road runs over six tiles, W(-2) U(-1) D U(1) U(2) W(3): 6 points
		// to the player with more robbers, to both on a tie.
		{"Majority", false, []int{6, 0}},
		{"Tie", true, []int{6, 6}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newTestGame(t, 2, Rules{})
			lay(t, g, "U@1,0r0 U@-1,0r0 W@-2,0r0 U@2,0r0")
			stand(t, g, 0, 0, 0, "R:WE")
			stand(t, g, 0, 1, 0, "R:WE")
			stand(t, g, 1, -1, 0, "R:WE")
			if c.p1second {
				stand(t, g, 1, 2, 0, "R:WE")
			}
			// W at (3,0): its west road ends at a crossing and completes
			// the road W(-2) U(-1) D U(1) U(2) W(3).
			turnTo(t, g, "W@3,0r0")
			ok(t, g, endTurn)
			scoresAre(t, g, c.want...)
			if g.Supply(0) != 7 || g.Supply(1) != 7 {
				t.Fatalf("followers not returned: %d %d", g.Supply(0), g.Supply(1))
			}
			ev := g.Events()[len(g.Events())-1]
			if ev.Kind != EventScore || ev.Feature != FeatureRoad || ev.Size != 6 || ev.Points != 6 || ev.Final {
				t.Fatalf("event %+v", ev)
			}
		})
	}
}

func TestCityScoring(t *testing.T) {
	t.Run("CompletedWithPennants", func(t *testing.T) {
		// D's city N, M (corner N+W with pennant) r180 at (0,-1) gives S+E;
		// its east edge is closed by a city cap E r270 (city W) at (1,-1).
		g := newTestGame(t, 2, Rules{})
		lay(t, g, "M@0,-1r180")
		stand(t, g, 1, 0, 0, "C:N")
		turnTo(t, g, "E@1,-1r270")
		ok(t, g, endTurn)
		scoresAre(t, g, 0, 8) // 3 tiles × 2 + 1 pennant × 2
	})
	t.Run("IncompleteAtTheEnd", func(t *testing.T) {
		g, err := NewGame(Setup{Players: 2, Bag: []TileID{tileID(t, "M")}, Ordered: true})
		if err != nil {
			t.Fatal(err)
		}
		turnTo(t, g, "M@0,-1r180")
		ok(t, g, follow(t, "C:SE"))
		ok(t, g, endTurn)
		scoresAre(t, g, 3, 0) // 2 tiles + 1 pennant
		ev := g.Events()[0]
		if !ev.Final || ev.Pennants != 1 || ev.Size != 2 {
			t.Fatalf("event %+v", ev)
		}
	})
	t.Run("Tiny", func(t *testing.T) {
		for _, c := range []struct {
			rules Rules
			want  int
		}{{Rules{}, 4}, {Rules{TinyCity2: true}, 2}} {
			g := newTestGame(t, 2, c.rules)
			turnTo(t, g, "E@0,-1r180")
			ok(t, g, follow(t, "C:S"))
			ok(t, g, endTurn)
			scoresAre(t, g, c.want, 0)
		}
	})
}

func TestCloisterScoring(t *testing.T) {
	g := newTestGame(t, 2, Rules{})
	// A cloister at (0,1) below the start tile, then its 8 neighbours.
	lay(t, g, "B@0,1r0 U@1,0r0 U@-1,0r0 B@1,1r0 B@-1,1r0 B@0,2r0 T12@1,2r0")
	stand(t, g, 0, 0, 1, "M")
	stand(t, g, 1, 1, 1, "M")
	turnTo(t, g, "V@-1,2r0") // the last neighbour: its roads face empty squares
	ok(t, g, endTurn)
	scoresAre(t, g, 9, 0)
	f, _ := g.FeatureAt(Pos{1, 1}, spot(t, "M"))
	if f.Completed || f.Tiles != 6 {
		t.Fatalf("cloister at (1,1): %+v", f)
	}
}

func TestFieldsAtTheEnd(t *testing.T) {
	for _, c := range []struct {
		name  string
		rules Rules
		want  []int
	}{{"Farmers", Rules{}, []int{3, 0}}, {"FarmersOff", Rules{NoFarmers: true}, []int{0, 0}}} {
		t.Run(c.name, func(t *testing.T) {
			g, err := NewGame(Setup{Players: 2, Rules: c.rules, Bag: []TileID{tileID(t, "E")}, Ordered: true})
			if err != nil {
				t.Fatal(err)
			}
			turnTo(t, g, "E@0,-1r180")
			if c.rules.NoFarmers {
				refuse(t, g, follow(t, "F:NL.NR.EL.ER.WL.WR"), ViolationFarmers, "followers cannot be put on fields: farmers are off")
				g.fol[0][0] = follower{where: onFeature, tile: 1, node: g.tiles[1].node + 1} // a field follower from before
				g.supply[0]--
				g.nodes[g.find(g.tiles[1].node+1)].occupied++
				ok(t, g, Move{Kind: MovePass})
			} else {
				ok(t, g, follow(t, "F:NL.NR.EL.ER.WL.WR"))
			}
			ok(t, g, endTurn)
			scoresAre(t, g, c.want...)
		})
	}
}

// jczTurn is one turn of a JCloisterZone regression save: the tile (JCZ id),
// rotation in degrees, position, and the follower's spot ("" = pass).
type jczTurn struct {
	tile string
	rot  int
	x, y int
	spot string
}

// The four base-game regression saves of JCloisterZone with the scores it
// asserts, transcribed move by move.
func TestJCZRegressionScores(t *testing.T) {
	for _, c := range []struct {
		name    string
		players int
		rules   Rules
		turns   []jczTurn
		want    []int
	}{
		{"city-and-road-scoring", 2, Rules{BaseOnly: true}, []jczTurn{
			{"BA/CC.2", 270, 0, 1, ""}, {"BA/Cc.1", 180, -1, 1, "C:SE"}, {"BA/Cc.1", 90, -1, 2, ""},
			{"BA/Cc.1", 0, 0, 2, ""}, {"BA/RRR", 180, -1, 0, "R:E"}, {"BA/RRRR", 0, 1, 0, ""},
			{"BA/Rr", 180, 1, 1, "R:NE"}, {"BA/Rr", 0, 2, 0, ""}, {"BA/Rr", 90, 2, 1, ""},
			{"BA/CFc+", 90, 0, -1, "C:NS"}, {"BA/C", 180, 0, -2, ""},
		}, []int{7, 16}},
		{"field-scoring", 2, Rules{BaseOnly: true}, []jczTurn{
			{"BA/C", 180, 0, -1, "F:NL.NR.EL.ER.WL.WR"}, {"BA/CFC.2", 90, 0, -2, ""}, {"BA/C", 270, 1, -2, "F:NL.NR.EL.ER.SL.SR"},
		}, []int{9, 0}},
		{"monastery-scoring", 2, Rules{BaseOnly: true}, []jczTurn{
			{"BA/L", 0, 0, 1, "M"}, {"BA/Rr", 0, 1, 0, ""}, {"BA/RRR", 270, 1, 1, ""}, {"BA/Rr", 90, 1, 2, ""},
			{"BA/RRR", 0, 0, 2, ""}, {"BA/LR", 180, 0, 3, "M"}, {"BA/Rr", 180, -1, 2, ""}, {"BA/RFr", 90, -1, 1, ""},
			{"BA/CRr", 0, -1, 0, ""},
		}, []int{9, 4}},
		{"tiny-city-rule", 1, Rules{BaseOnly: true, TinyCity2: true}, []jczTurn{
			{"BA/CFc.1", 90, 0, -1, "C:NS"}, {"BA/CFC.2", 0, 0, -2, "C:N"}, {"BA/C", 180, 0, -3, ""},
		}, []int{8}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var bag []TileID
			for _, tr := range c.turns {
				bag = append(bag, tileID(t, tr.tile))
			}
			g, err := NewGame(Setup{Players: c.players, Rules: c.rules, Bag: bag, Ordered: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, tr := range c.turns {
				r, _ := RotationFromDegrees(tr.rot)
				ok(t, g, Move{Kind: MoveDraw, Tile: tileID(t, tr.tile)})
				ok(t, g, Move{Kind: MovePlace, Pos: Pos{tr.x, tr.y}, Rot: r})
				if tr.spot != "" {
					ok(t, g, follow(t, tr.spot))
				}
				ok(t, g, endTurn)
			}
			if !g.Over() {
				t.Fatal("not over")
			}
			scoresAre(t, g, c.want...)
		})
	}
}

// A road that passes through one tile twice (both curves of T09) counts
// that tile once.
func TestRoadThroughOneTileTwice(t *testing.T) {
	g := newTestGame(t, 2, Rules{})
	// D(0,0) -> T09(1,0) west-north curve -> V(1,-1) -> V(2,-1) -> V(2,0)
	// -> T09 east-south curve -> W(1,1); W(-1,0) closes the west end.
	lay(t, g, "T09@1,0r0 V@1,-1r270 V@2,-1r0 V@2,0r90 W@-1,0r0")
	stand(t, g, 0, 0, 0, "R:WE")
	turnTo(t, g, "W@1,1r180")
	ok(t, g, endTurn)
	scoresAre(t, g, 7, 0)
	if ev := g.Events()[0]; ev.Size != 7 || ev.Feature != FeatureRoad {
		t.Fatalf("event %+v", ev)
	}
}

func TestFarAwayPlacement(t *testing.T) {
	g := newTestGame(t, 2, Rules{})
	ok(t, g, Move{Kind: MoveDraw, Tile: tileID(t, "U")})
	// 65536+1 would alias (1,0) in a 16-bit packing.
	refuse(t, g, Move{Kind: MovePlace, Pos: Pos{65537, 0}}, ViolationPlacement, "tile U at (65537,0) is not next to any tile")
	ok(t, g, Move{Kind: MovePlace, Pos: Pos{1, 0}})
	refuse(t, g, Move{Kind: MoveFloor, Pos: Pos{65537, 0}}, ViolationTower, "there is no tile at (65537,0)")
}

func TestSetupErrors(t *testing.T) {
	t05 := tileID(t, "T05")
	for _, c := range []struct {
		name string
		s    Setup
		err  string
	}{
		{"StartRotation", Setup{Players: 2, StartRot: 7}, "engine: start rotation 7 is not a quarter turn"},
		{"StartTileNotInBox", Setup{Players: 2, Rules: Rules{BaseOnly: true}, StartTile: &t05}, `engine: start tile T05 is not in the box under rules "base"`},
		{"RangeShape", Setup{Players: 2, Rules: Rules{Range: 9}}, "engine: unknown range shape 9"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := NewGame(c.s); err == nil || err.Error() != c.err {
				t.Fatalf("got %v, want %s", err, c.err)
			}
		})
	}
}

// A game whose bag is empty is over before it starts.
func TestEmptyBag(t *testing.T) {
	for _, ordered := range []bool{false, true} {
		g, err := NewGame(Setup{Players: 2, Bag: []TileID{}, Ordered: ordered})
		if err != nil {
			t.Fatal(err)
		}
		if !g.Over() || len(g.LegalMoves(nil)) != 0 {
			t.Fatalf("ordered %v: over %v", ordered, g.Over())
		}
	}
}

// Final scoring leaves the followers on the board and in their features,
// and its events belong to the last turn played.
func TestFinalScoringKeepsFollowers(t *testing.T) {
	g, err := NewGame(Setup{Players: 2, Bag: []TileID{tileID(t, "U")}, Ordered: true})
	if err != nil {
		t.Fatal(err)
	}
	turnTo(t, g, "U@1,0r0")
	ok(t, g, follow(t, "R:WE"))
	ok(t, g, endTurn)
	if f, _ := g.FeatureAt(Pos{1, 0}, spot(t, "R:WE")); f.Followers != 1 {
		t.Fatalf("feature after the game: %+v", f)
	}
	if ev := g.Events()[0]; !ev.Final || ev.Turn != 1 || ev.Player != 0 || ev.Points != 2 {
		t.Fatalf("final event %+v", ev)
	}
}

// TestBoxBag checks the bag of a game without a Bag tag: every tile of
// the box under the rules, but the start tile.
func TestBoxBag(t *testing.T) {
	for _, rules := range []Rules{{}, {BaseOnly: true}} {
		for _, start := range []TileID{StartTile, tileID(t, "A"), tileID(t, "V")} {
			g, err := NewGame(Setup{Players: 2, Rules: rules, StartTile: &start})
			if err != nil {
				t.Fatal(err)
			}
			total := 0
			for id := range Catalog {
				want := BoxCount(TileID(id), rules)
				if TileID(id) == start {
					want--
				}
				if int(g.bagCount[id]) != want {
					t.Errorf("rules %q, start %s: %d × %s in the bag, want %d", rules, start, g.bagCount[id], Catalog[id].ID, want)
				}
				total += want
			}
			if g.TilesLeft() != total {
				t.Errorf("rules %q, start %s: %d tiles left, want %d", rules, start, g.TilesLeft(), total)
			}
		}
	}
}
