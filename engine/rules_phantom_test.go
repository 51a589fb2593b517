package engine

import (
	"reflect"
	"testing"
)

var withPhantomRules = Rules{Phantom: true}

func phantomOn(t testing.TB, s string) Move {
	return Move{Kind: MoveFollower, Spot: spot(t, s), Figure: FigurePhantom}
}

func phantomOnTower(x, y int) Move {
	return Move{Kind: MoveTowerFollower, Pos: Pos{x, y}, Figure: FigurePhantom}
}

var pass = Move{Kind: MovePass}

// standPhantom puts player p's phantom at spot s of the tile at x,y
// directly.
func standPhantom(t testing.TB, g *Game, p int, x, y int, s string) {
	t.Helper()
	pl := &g.tiles[g.grid.get(Pos{x, y})]
	seg := pl.orient().find(spot(t, s))
	if seg < 0 {
		t.Fatalf("standPhantom: no %s on %s", s, pl.tile)
	}
	g.setOn(p, phantomSlot, pl.node+int32(seg))
}

// imprisonPhantom puts owner's phantom into holder's prison directly.
func imprisonPhantom(g *Game, owner, holder int) {
	g.fol[owner][phantomSlot] = follower{where: inPrison, holder: int8(holder)}
	g.prisoners[holder][owner]++
}

func phantomIs(t testing.TB, g *Game, p int, want PhantomInfo) {
	t.Helper()
	if got := g.Phantom(p); got != want {
		t.Fatalf("player %d's phantom: %+v, want %+v", p+1, got, want)
	}
}

var phantomHome = PhantomInfo{Where: PhantomInSupply, Holder: -1}

// Seed 003's example 1a–1d. 1a: Blue has a knight in a city of three
// tiles, one with a pennant (D, M, N). 1b: Red completes the city with
// Tower tile T01. 1c: Red builds the first floor on its foundation and
// captures Blue's knight one tile north (range 1). 1d: the city is empty,
// so Red's phantom, the second figure, claims it: 4 tiles × 2 + 1 pennant
// × 2 = 10 points.
func TestPhantomSeedExample1(t *testing.T) {
	g := newTestGame(t, 2, withPhantomRules)
	turnTo(t, g, "M@0,-1r180") // Red: the city's pennant corner
	ok(t, g, pass)
	ok(t, g, endTurn)
	turnTo(t, g, "N@1,-1r270") // 1a: Blue's knight in the city
	ok(t, g, follow(t, "C:SW"))
	ok(t, g, endTurn)
	turnTo(t, g, "T01@1,0r0") // 1b
	ok(t, g, floorAt(1, 0))   // 1c
	ok(t, g, captureAt(t, 1, -1, "C:SW"))
	if g.Phase() != PhasePhantom {
		t.Fatalf("phase %s after the capture, want phantom", g.Phase())
	}
	ok(t, g, phantomOn(t, "C:N")) // 1d
	phantomIs(t, g, 0, PhantomInfo{Where: PhantomOnBoard, Pos: Pos{1, 0}, Spot: spot(t, "C:N"), Holder: -1})
	ok(t, g, endTurn)
	scoresAre(t, g, 10, 0)
	phantomIs(t, g, 0, phantomHome)
	if g.Prisoners(0, 1) != 1 || g.Supply(0) != 7 || g.Supply(1) != 6 {
		t.Fatalf("prisoners %d, supplies %d %d", g.Prisoners(0, 1), g.Supply(0), g.Supply(1))
	}
	ev := g.Events()[len(g.Events())-1]
	want := Event{Kind: EventScore, Turn: 3, Player: 0, Feature: FeatureCity, Size: 4, Pennants: 1, Points: 10,
		Scorers: 1, Phantoms: 1, Pos: ev.Pos}
	if ev != want {
		t.Fatalf("score event %+v, want %+v", ev, want)
	}
}

// Seed 004's combination: Red completes Blue's city with a tile that has no
// foundation, adds the second floor to a tower two tiles from Blue's knight,
// captures it and claims the city with the phantom on the new tile.
func TestPhantomSeed004CompletedCity(t *testing.T) {
	g := newTestGame(t, 2, withPhantomRules)
	turnTo(t, g, "T12@0,1r0")
	ok(t, g, floorAt(0, 1))
	ok(t, g, pass)
	ok(t, g, pass)
	ok(t, g, endTurn)
	turnTo(t, g, "N@0,-1r180") // Blue's knight in the city D + N
	ok(t, g, follow(t, "C:SE"))
	ok(t, g, endTurn)
	turnTo(t, g, "E@1,-1r270") // completes the city
	ok(t, g, floorAt(0, 1))
	ok(t, g, captureAt(t, 0, -1, "C:SE"))
	ok(t, g, phantomOn(t, "C:W"))
	ok(t, g, endTurn)
	scoresAre(t, g, 6, 0) // 3 tiles × 2
	if g.Prisoners(0, 1) != 1 {
		t.Fatal("Blue's knight is not in Red's prison")
	}
}

// Seed 003: a follower on one open tower and the phantom on another in the
// same turn.
func TestPhantomFollowerAndPhantomOnTwoTowers(t *testing.T) {
	g := newTestGame(t, 2, withPhantomRules)
	lay(t, g, "T12@0,1r0 T14@1,1r0")
	build(t, g, 0, 1, 1)
	build(t, g, 1, 1, 2)
	turnTo(t, g, "U@1,0r0")
	ok(t, g, guardAt(0, 1))
	ok(t, g, phantomOnTower(1, 1))
	ok(t, g, endTurn)
	turnTo(t, g, "U@-1,0r0")
	refuse(t, g, floorAt(1, 1), ViolationTowerClosed, "the tower at (1,1) is closed by player 1's phantom")
	refuse(t, g, floorAt(0, 1), ViolationTowerClosed, "the tower at (0,1) is closed by a follower of player 1")
	want := []TowerInfo{{Pos: Pos{0, 1}, Height: 1, Guard: 0, Closed: true}, {Pos: Pos{1, 1}, Height: 2, Guard: 0, Closed: true}}
	if got := g.Towers(); !reflect.DeepEqual(got, want) {
		t.Fatalf("towers %+v, want %+v", got, want)
	}
	wantF := []FollowerInfo{{0, Pos{0, 1}, Spot{Kind: FeatureTower}, false}, {0, Pos{1, 1}, Spot{Kind: FeatureTower}, true}}
	if got := g.Followers(); !reflect.DeepEqual(got, wantF) {
		t.Fatalf("followers %+v, want %+v", got, wantF)
	}
	if g.Supply(0) != 6 {
		t.Fatalf("supply %d", g.Supply(0))
	}
}

// The phantom may be the first figure; then there is no second step.
func TestPhantomFirstFigure(t *testing.T) {
	g := newTestGame(t, 2, withPhantomRules)
	turnTo(t, g, "U@1,0r0")
	ok(t, g, phantomOn(t, "R:WE"))
	if g.Phase() != PhaseEnd {
		t.Fatalf("phase %s after the phantom, want end", g.Phase())
	}
	refuse(t, g, follow(t, "F:NL.NR.EL.WR"), ViolationPhantom, "the turn's action is done: only the phantom may follow it, not a follower")
	refuse(t, g, phantomOn(t, "F:NL.NR.EL.WR"), ViolationPhantom, "player 1's phantom is not in supply: it stands on the road at (1,0) R:WE")
	if g.Supply(0) != 7 {
		t.Fatalf("supply %d", g.Supply(0))
	}
}

// The phantom step's moves are the phantom on a free feature of the new
// tile or on an open tower, and passing.
func TestPhantomStepLegalMoves(t *testing.T) {
	g := newTestGame(t, 2, withPhantomRules)
	lay(t, g, "T12@0,1r0 T14@1,1r0")
	build(t, g, 1, 1, 1)
	turnTo(t, g, "U@1,0r0")
	ok(t, g, follow(t, "R:WE"))
	got := g.LegalMoves(nil)
	want := []Move{
		phantomOn(t, "F:NL.NR.EL.WR"), phantomOn(t, "F:ER.SL.SR.WL"),
		phantomOnTower(1, 1), pass,
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("legal moves %v, want %v", got, want)
	}
}

func TestPhantomRefusals(t *testing.T) {
	t.Run("NotInPlay", func(t *testing.T) {
		g := newTestGame(t, 2, Rules{})
		lay(t, g, "T12@0,1r0")
		build(t, g, 0, 1, 1)
		turnTo(t, g, "U@1,0r0")
		refuse(t, g, phantomOn(t, "R:WE"), ViolationPhantom, `there is no phantom in this game (rules "tower")`)
		refuse(t, g, phantomOnTower(0, 1), ViolationPhantom, `there is no phantom in this game (rules "tower")`)
		ok(t, g, follow(t, "R:WE"))
		refuse(t, g, follow(t, "F:NL.NR.EL.WR"), ViolationPhantom, "the turn's action is done: only the phantom may follow it, and this game is played without the Phantom")
		refuse(t, g, floorAt(0, 1), ViolationPhantom, "the turn's action is done: only the phantom may follow it, and this game is played without the Phantom")
	})
	t.Run("SecondNotThePhantom", func(t *testing.T) {
		g := newTestGame(t, 2, withPhantomRules)
		lay(t, g, "T12@0,1r0")
		build(t, g, 0, 1, 1)
		turnTo(t, g, "U@1,0r0")
		ok(t, g, follow(t, "R:WE"))
		refuse(t, g, follow(t, "F:NL.NR.EL.WR"), ViolationPhantom, "the turn's action is done: only the phantom may follow it, not a follower")
		refuse(t, g, guardAt(0, 1), ViolationPhantom, "the turn's action is done: only the phantom may follow it, not a follower")
		refuse(t, g, floorAt(0, 1), ViolationPhantom, "the turn's action is done: only the phantom may follow it, not a tower floor")
		refuse(t, g, captureAt(t, 1, 0, "R:WE"), ViolationPhase, "capture is not allowed now: the turn is in its phantom phase")
	})
	t.Run("OccupiedByTheFirstFigure", func(t *testing.T) {
		g := newTestGame(t, 2, withPhantomRules)
		turnTo(t, g, "U@1,0r0")
		ok(t, g, follow(t, "R:WE"))
		refuse(t, g, phantomOn(t, "R:WE"), ViolationFollower, "the road at (1,0) R:WE is already occupied by a follower of player 1")
		refuse(t, g, phantomOn(t, "C:N"), ViolationFollower, "tile U at (1,0) r0 has no city N; its spots are R:WE F:NL.NR.EL.WR F:ER.SL.SR.WL")
	})
	t.Run("BareFoundationAndClosedTower", func(t *testing.T) {
		g := newTestGame(t, 2, withPhantomRules)
		lay(t, g, "T12@0,1r0 T14@1,1r0")
		build(t, g, 1, 1, 1)
		stand(t, g, 1, 1, 1, "T")
		turnTo(t, g, "U@1,0r0")
		refuse(t, g, phantomOnTower(0, 1), ViolationBareFoundation, "a phantom cannot be put on the bare foundation at (0,1): only a floor can")
		ok(t, g, pass)
		refuse(t, g, phantomOnTower(0, 1), ViolationBareFoundation, "a phantom cannot be put on the bare foundation at (0,1): only a floor can")
		refuse(t, g, phantomOnTower(1, 1), ViolationTowerClosed, "the tower at (1,1) is closed by a follower of player 2")
		refuse(t, g, phantomOnTower(1, 0), ViolationTower, "tile U at (1,0) has no tower foundation")
	})
	t.Run("InPrison", func(t *testing.T) {
		g := newTestGame(t, 2, withPhantomRules)
		imprisonPhantom(g, 0, 1)
		turnTo(t, g, "U@1,0r0")
		refuse(t, g, phantomOn(t, "R:WE"), ViolationPhantom, "player 1's phantom is not in supply: it is held by player 2")
		ok(t, g, follow(t, "R:WE"))
		if g.Phase() != PhaseEnd {
			t.Fatalf("phase %s with the phantom in prison, want end", g.Phase())
		}
	})
	t.Run("NoFarmers", func(t *testing.T) {
		g := newTestGame(t, 2, Rules{Phantom: true, NoFarmers: true})
		turnTo(t, g, "U@1,0r0")
		refuse(t, g, phantomOn(t, "F:NL.NR.EL.WR"), ViolationFarmers, "a phantom cannot be put on a field: farmers are off")
	})
	t.Run("TowerTileActions", func(t *testing.T) {
		g := newTestGame(t, 2, Rules{Phantom: true, TowerTileActions: true})
		lay(t, g, "T12@0,1r0")
		build(t, g, 0, 1, 1)
		turnTo(t, g, "U@1,0r0")
		refuse(t, g, phantomOnTower(0, 1), ViolationTower, "tower actions need a tile with a tower foundation this turn (rule tower-tile-actions), and U has none")
	})
	t.Run("BaseGame", func(t *testing.T) {
		g := newTestGame(t, 2, Rules{Phantom: true, BaseOnly: true})
		turnTo(t, g, "U@1,0r0")
		refuse(t, g, phantomOnTower(0, 0), ViolationTower, "there are no towers in a base game")
		ok(t, g, phantomOn(t, "R:WE"))
	})
}

// The phantom is a follower for majorities: a follower and the phantom of
// Red outnumber Blue's follower on one road.
func TestPhantomCountsForMajority(t *testing.T) {
	g := newTestGame(t, 2, withPhantomRules)
	lay(t, g, "A@-1,0r270 U@1,0r0 U@2,0r0") // a road from the cloister at (-1,0) east to (2,0)
	stand(t, g, 0, -1, 0, "R:E")
	standPhantom(t, g, 0, 2, 0, "R:WE")
	stand(t, g, 1, 0, 0, "R:WE")
	turnTo(t, g, "A@3,0r90") // closes the road: A, D, U, U, A
	ok(t, g, pass)           // no second step: the phantom is on the board
	ok(t, g, endTurn)
	scoresAre(t, g, 5, 0)
	phantomIs(t, g, 0, phantomHome)
	if g.Supply(0) != 7 || g.Supply(1) != 7 {
		t.Fatalf("supplies %d %d", g.Supply(0), g.Supply(1))
	}
	ev := g.Events()[len(g.Events())-1]
	if ev.Scorers != 1 || ev.Phantoms != 1 || !ev.Phantom(0) || ev.Phantom(1) {
		t.Fatalf("score event %+v", ev)
	}
}

// A phantom captured by its owner's tower returns to supply, so the
// owner may place it again as the second figure of that very turn.
func TestPhantomOwnCaptureThenSecondFigure(t *testing.T) {
	g := newTestGame(t, 2, withPhantomRules)
	lay(t, g, "T12@0,1r0 B@1,1r0")
	standPhantom(t, g, 0, 1, 1, "M")
	turnTo(t, g, "U@1,0r0")
	ok(t, g, floorAt(0, 1))
	refuse(t, g, captureAt(t, 1, 1, "M"), ViolationCapture, "the figure on the cloister at (1,1) M is player 1's phantom, not a follower")
	ok(t, g, Move{Kind: MoveCapture, Pos: Pos{1, 1}, Spot: spot(t, "M"), Figure: FigurePhantom})
	phantomIs(t, g, 0, phantomHome)
	ok(t, g, phantomOn(t, "R:WE"))
	ok(t, g, endTurn)
	phantomIs(t, g, 0, PhantomInfo{Where: PhantomOnBoard, Pos: Pos{1, 0}, Spot: spot(t, "R:WE"), Holder: -1})
}

// A phantom on a tower is captured like any guard: the tower reopens and
// the phantom goes to prison; a capture must name it.
func TestPhantomGuardCaptured(t *testing.T) {
	g := newTestGame(t, 2, withPhantomRules)
	lay(t, g, "T12@0,1r0 T14@1,1r0")
	build(t, g, 0, 1, 1)
	build(t, g, 1, 1, 1)
	g.setOnTower(1, phantomSlot, &g.towers[0])
	turnTo(t, g, "U@1,0r0")
	ok(t, g, floorAt(1, 1))
	refuse(t, g, captureAt(t, 0, 1, "T"), ViolationCapture, "the figure on the tower at (0,1) is player 2's phantom, not a follower")
	ok(t, g, Move{Kind: MoveCapture, Pos: Pos{0, 1}, Spot: Spot{Kind: FeatureTower}, Figure: FigurePhantom})
	phantomIs(t, g, 1, PhantomInfo{Where: PhantomInPrison, Holder: 0})
	if tw := g.Towers()[0]; tw.Guard != -1 || tw.Closed {
		t.Fatalf("tower %+v", tw)
	}
	ev := g.Events()[len(g.Events())-1]
	if ev.Kind != EventCapture || ev.Phantoms != 2 {
		t.Fatalf("capture event %+v", ev)
	}
	if g.Phase() != PhasePhantom {
		t.Fatalf("phase %s", g.Phase())
	}
}

// exchangeBoard: player 2 holds player 1's follower and phantom (or only
// the phantom); player 1 builds a floor next to player 2's monk.
func exchangeBoard(t *testing.T, follower bool) *Game {
	g := newTestGame(t, 2, withPhantomRules)
	lay(t, g, "T12@0,1r0 B@1,1r0")
	stand(t, g, 1, 1, 1, "M")
	imprisonPhantom(g, 0, 1)
	if follower {
		imprison(g, 0, 1)
	}
	turnTo(t, g, "U@1,0r0")
	ok(t, g, floorAt(0, 1))
	return g
}

// The capturer chooses which of its figures comes back in the exchange
// when the victim holds both kinds; with one kind there is no choice.
func TestPhantomExchange(t *testing.T) {
	monk := captureAt(t, 1, 1, "M")
	withBack := func(c Choice) Move { m := monk; m.Back = c; return m }
	t.Run("ChoiceMissing", func(t *testing.T) {
		g := exchangeBoard(t, true)
		refuse(t, g, monk, ViolationExchange, "player 2 holds a follower and the phantom of player 1: the capture must say which of them comes back in the exchange")
		var backs []Choice
		for _, m := range g.LegalMoves(nil) {
			if m.Kind == MoveCapture {
				backs = append(backs, m.Back)
			}
		}
		if !reflect.DeepEqual(backs, []Choice{ChoiceFollower, ChoicePhantom}) {
			t.Fatalf("legal captures choose %v", backs)
		}
	})
	t.Run("PhantomBack", func(t *testing.T) {
		g := exchangeBoard(t, true)
		ok(t, g, withBack(ChoicePhantom))
		phantomIs(t, g, 0, phantomHome)
		if g.Prisoners(1, 0) != 1 || g.Prisoners(0, 1) != 0 || g.Supply(0) != 6 || g.Supply(1) != 7 {
			t.Fatalf("prisoners %d %d, supplies %d %d", g.Prisoners(1, 0), g.Prisoners(0, 1), g.Supply(0), g.Supply(1))
		}
		ev := g.Events()[len(g.Events())-1]
		if ev.Kind != EventExchange || ev.Player != 0 || ev.Other != 1 || ev.Phantoms != 1 {
			t.Fatalf("exchange event %+v", ev)
		}
		// The phantom came back during the first step: the second follows.
		if g.Phase() != PhasePhantom {
			t.Fatalf("phase %s", g.Phase())
		}
	})
	t.Run("FollowerBack", func(t *testing.T) {
		g := exchangeBoard(t, true)
		ok(t, g, withBack(ChoiceFollower))
		phantomIs(t, g, 0, PhantomInfo{Where: PhantomInPrison, Holder: 1})
		if g.Supply(0) != 7 || g.Phase() != PhaseEnd {
			t.Fatalf("supply %d, phase %s", g.Supply(0), g.Phase())
		}
	})
	t.Run("OnlyThePhantom", func(t *testing.T) {
		g := exchangeBoard(t, false)
		refuse(t, g, withBack(ChoicePhantom), ViolationExchange, "the capture chooses the phantom for the exchange, but there is no choice: player 2 holds only the phantom of player 1")
		ok(t, g, monk)
		phantomIs(t, g, 0, phantomHome)
		if ev := g.Events()[len(g.Events())-1]; ev.Kind != EventExchange || ev.Phantoms != 1 {
			t.Fatalf("exchange event %+v", ev)
		}
	})
	t.Run("NoExchange", func(t *testing.T) {
		g := newTestGame(t, 2, withPhantomRules)
		lay(t, g, "T12@0,1r0 B@1,1r0")
		stand(t, g, 1, 1, 1, "M")
		turnTo(t, g, "U@1,0r0")
		ok(t, g, floorAt(0, 1))
		refuse(t, g, withBack(ChoiceFollower), ViolationExchange, "the capture chooses the follower for the exchange, but there is no choice: player 2 holds no figure of player 1, so no exchange follows")
	})
	t.Run("CapturedPhantomGoesBack", func(t *testing.T) {
		// Blue's phantom is captured while Blue holds a follower of Red:
		// the phantom just captured is what goes back to Blue.
		g := newTestGame(t, 2, withPhantomRules)
		lay(t, g, "T12@0,1r0 B@1,1r0")
		standPhantom(t, g, 1, 1, 1, "M")
		imprison(g, 0, 1)
		turnTo(t, g, "U@1,0r0")
		ok(t, g, floorAt(0, 1))
		ok(t, g, Move{Kind: MoveCapture, Pos: Pos{1, 1}, Spot: spot(t, "M"), Figure: FigurePhantom})
		phantomIs(t, g, 1, phantomHome)
		if ev := g.Events()[len(g.Events())-1]; ev.Kind != EventExchange || ev.Phantoms != 2 {
			t.Fatalf("exchange event %+v", ev)
		}
	})
}

func TestPhantomRansom(t *testing.T) {
	ransomPhantom := Move{Kind: MoveRansom, Payee: 0, Owner: 1, Figure: FigurePhantom}
	board := func(follower bool) *Game {
		g := newTestGame(t, 2, withPhantomRules)
		imprisonPhantom(g, 1, 0)
		if follower {
			imprison(g, 1, 0)
		}
		g.score[1] = 5
		turnTo(t, g, "U@1,0r0")
		ok(t, g, pass)
		ok(t, g, pass)
		ok(t, g, endTurn)
		return g
	}
	g := board(false)
	refuse(t, g, ransom, ViolationRansom, "player 1 holds only the phantom of player 2, no follower")
	ok(t, g, ransomPhantom)
	phantomIs(t, g, 1, phantomHome)
	scoresAre(t, g, 3, 2)
	if ev := g.Events()[len(g.Events())-1]; ev.Kind != EventRansom || ev.Phantoms != 2 {
		t.Fatalf("ransom event %+v", ev)
	}
	g = board(true)
	if got := g.legalRansoms(nil); !reflect.DeepEqual(got, []Move{ransom, ransomPhantom}) {
		t.Fatalf("legal ransoms %v", got)
	}
	ok(t, g, ransom)
	refuse(t, g, ransomPhantom, ViolationRansom, "player 2 already paid a ransom this turn")
	phantomIs(t, g, 1, PhantomInfo{Where: PhantomInPrison, Holder: 0})
	g = newTestGame(t, 2, withPhantomRules)
	imprison(g, 1, 0)
	g.score[1] = 5
	turnTo(t, g, "U@1,0r0")
	ok(t, g, endTurn)
	refuse(t, g, ransomPhantom, ViolationRansom, "player 1 does not hold player 2's phantom: it is in supply")
	g = newTestGame(t, 2, Rules{})
	refuse(t, g, Move{Kind: MoveRansom, Payee: 1, Owner: 0, Figure: FigurePhantom}, ViolationPhantom, `there is no phantom in this game (rules "tower")`)
}

// At the end of the game the phantom scores like a follower.
func TestPhantomFinalScoring(t *testing.T) {
	g, err := NewGame(Setup{Players: 2, Rules: withPhantomRules, Bag: []TileID{tileID(t, "U")}, Ordered: true})
	if err != nil {
		t.Fatal(err)
	}
	turnTo(t, g, "U@1,0r0")
	ok(t, g, phantomOn(t, "R:WE"))
	ok(t, g, endTurn)
	scoresAre(t, g, 2, 0)
	ev := g.Events()[len(g.Events())-1]
	if !ev.Final || ev.Phantoms != 1 || ev.Points != 2 {
		t.Fatalf("final score event %+v", ev)
	}
}

func TestPhantomRulesNotation(t *testing.T) {
	for _, c := range []struct {
		words []string
		want  Rules
		str   string
	}{
		{[]string{"tower", "phantom"}, Rules{Phantom: true}, "tower phantom"},
		{[]string{"base", "PHANTOM", "farmers=off"}, Rules{BaseOnly: true, Phantom: true, NoFarmers: true}, "base phantom farmers=off"},
		{[]string{"tower", "range=diagonal", "phantom"}, Rules{Range: RangeDiagonal, Phantom: true}, "tower phantom range=diagonal"},
	} {
		got, err := ParseRules(c.words)
		if err != nil || got != c.want || got.String() != c.str {
			t.Errorf("ParseRules(%q) = %+v, %v (%q)", c.words, got, err, got.String())
		}
	}
	if _, err := ParseRules([]string{"tower", "phantom", "phantom"}); err == nil {
		t.Error("phantom twice accepted")
	}
	if _, err := ParseRules([]string{"phantom"}); err == nil {
		t.Error("phantom as the first word accepted")
	}
}
