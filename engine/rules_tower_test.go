package engine

import (
	"errors"
	"reflect"
	"sort"
	"testing"
)

// imprison puts one follower of owner into holder's prison directly.
func imprison(g *Game, owner, holder int) {
	g.fol[owner][g.takeFromSupply(owner)] = follower{where: inPrison, holder: int8(holder)}
	g.prisoners[holder][owner]++
}

// rangeBoard lays the board of the range examples: a tower foundation T12
// at (0,1) below the start tile, and followers around it:
//
//	         (0,0)D
//	(-2,1)U  (-1,1)B  (0,1)T12  (1,1)B  (2,1)E  (3,1)E
//	                  (0,2)B    (1,2)B
//	                  (0,3)A
//
// Player 2 stands on (1,1), (2,1), (0,3), (-2,1), (1,2) and (3,1); player 1
// on (0,2).
func rangeBoard(t *testing.T, rules Rules) *Game {
	g := newTestGame(t, 2, rules)
	lay(t, g, "T12@0,1r0 B@1,1r0 B@-1,1r0 B@0,2r0 B@1,2r0 E@2,1r0 U@-2,1r90 A@0,3r0 E@3,1r0")
	stand(t, g, 1, 1, 1, "M")
	stand(t, g, 1, 2, 1, "C:N")
	stand(t, g, 1, 0, 3, "M")
	stand(t, g, 1, -2, 1, "R:NS")
	stand(t, g, 1, 1, 2, "M")
	stand(t, g, 1, 3, 1, "C:N")
	stand(t, g, 0, 0, 2, "M")
	turnTo(t, g, "U@1,0r0")
	return g
}

// captureTargets lists the legal captures as "x,y spot".
func captureTargets(g *Game) []string {
	var out []string
	for _, m := range g.LegalMoves(nil) {
		if m.Kind == MoveCapture {
			out = append(out, m.Pos.String()+" "+m.Spot.String())
		}
	}
	sort.Strings(out)
	return out
}

func TestRangeFirstFloorReachesFiveTiles(t *testing.T) {
	g := rangeBoard(t, Rules{})
	ok(t, g, floorAt(0, 1))
	want := []string{"(0,2) M", "(1,1) M"}
	if got := captureTargets(g); !reflect.DeepEqual(got, want) {
		t.Fatalf("captures %v, want %v", got, want)
	}
	refuse(t, g, captureAt(t, 2, 1, "C:N"), ViolationRange, "(2,1) is out of range of the tower at (0,1) (height 1): it is 2 tiles away and the tower reaches 1")
}

// Rulebook example 2: after the second floor the player may capture green
// (tile 1), blue (6), black (9) or take back its own (8).
func TestRangeSecondFloorRulebookExample2(t *testing.T) {
	g := rangeBoard(t, Rules{})
	build(t, g, 0, 1, 1)
	ok(t, g, floorAt(0, 1))
	want := []string{"(-2,1) R:NS", "(0,2) M", "(0,3) M", "(1,1) M", "(2,1) C:N"}
	if got := captureTargets(g); !reflect.DeepEqual(got, want) {
		t.Fatalf("captures %v, want %v", got, want)
	}
	refuse(t, g, captureAt(t, 1, 2, "M"), ViolationRange, "(1,2) is out of range of the tower at (0,1) (height 2): not in the same row or column")
	refuse(t, g, captureAt(t, 3, 1, "C:N"), ViolationRange, "(3,1) is out of range of the tower at (0,1) (height 2): it is 3 tiles away and the tower reaches 2")
	refuse(t, g, captureAt(t, 0, 1, "F:NL.NR.EL.ER.SL.SR.WL.WR"), ViolationCapture, "no follower stands on the field at (0,1) F:NL.NR.EL.ER.SL.SR.WL.WR")
	ok(t, g, captureAt(t, 2, 1, "C:N"))
	ev := g.Events()[len(g.Events())-1]
	want2 := Event{Kind: EventCapture, Turn: 1, Player: 0, Other: 1, Pos: Pos{0, 1}, Height: 2, Target: Pos{2, 1}, Distance: 2, Feature: FeatureCity}
	if ev != want2 {
		t.Fatalf("capture event %+v, want %+v", ev, want2)
	}
	if g.Prisoners(0, 1) != 1 || g.Floors(0) != 9 {
		t.Fatalf("prisoners %d floors %d", g.Prisoners(0, 1), g.Floors(0))
	}
}

func TestRangeShapes(t *testing.T) {
	for _, c := range []struct {
		name  string
		rules Rules
		want  []string
	}{
		{"Short", Rules{Range: RangeShort}, []string{"(0,2) M", "(1,1) M"}},
		{"Diagonal", Rules{Range: RangeDiagonal}, []string{"(-2,1) R:NS", "(0,2) M", "(0,3) M", "(1,1) M", "(1,2) M", "(2,1) C:N"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := rangeBoard(t, c.rules)
			build(t, g, 0, 1, 1)
			ok(t, g, floorAt(0, 1))
			if got := captureTargets(g); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("captures %v, want %v", got, c.want)
			}
		})
	}
	t.Run("ShortFirstFloorOwnTileOnly", func(t *testing.T) {
		g := rangeBoard(t, Rules{Range: RangeShort})
		ok(t, g, floorAt(0, 1))
		if got := captureTargets(g); len(got) != 0 {
			t.Fatalf("captures %v, want none", got)
		}
	})
}

func TestRangeGaps(t *testing.T) {
	for _, c := range []struct {
		name  string
		rules Rules
	}{{"Open", Rules{}}, {"Block", Rules{GapsBlock: true}}} {
		t.Run(c.name, func(t *testing.T) {
			g := newTestGame(t, 2, c.rules)
			// (-1,1) stays empty between the tower at (0,1) and (-2,1).
			lay(t, g, "T12@0,1r0 U@-1,0r0 U@-2,0r0 B@-2,1r0")
			stand(t, g, 1, -2, 1, "M")
			build(t, g, 0, 1, 1)
			turnTo(t, g, "U@1,0r0")
			ok(t, g, floorAt(0, 1))
			m := captureAt(t, -2, 1, "M")
			if c.rules.GapsBlock {
				refuse(t, g, m, ViolationRange, "(-2,1) is out of range of the tower at (0,1) (height 2): an empty square lies between them (rule gaps=block)")
			} else {
				ok(t, g, m)
			}
		})
	}
}

// Seed 003's example without the Phantom: Red completes a city holding only
// Blue's knight with a Tower tile, builds a floor on it and captures the
// knight; the city then scores for nobody.
func TestCaptureBeforeScoring(t *testing.T) {
	for _, capture := range []bool{false, true} {
		g := newTestGame(t, 2, Rules{})
		stand(t, g, 1, 0, 0, "C:N")
		turnTo(t, g, "T15@0,-1r180")
		ok(t, g, floorAt(0, -1))
		if capture {
			ok(t, g, captureAt(t, 0, 0, "C:N"))
		} else {
			ok(t, g, Move{Kind: MovePass})
		}
		ok(t, g, endTurn)
		if capture {
			scoresAre(t, g, 0, 0)
			if g.Prisoners(0, 1) != 1 || g.Supply(1) != 6 {
				t.Fatalf("prisoners %d, blue supply %d", g.Prisoners(0, 1), g.Supply(1))
			}
		} else {
			scoresAre(t, g, 0, 4)
		}
	}
}

func TestBareFoundation(t *testing.T) {
	g := newTestGame(t, 2, Rules{})
	lay(t, g, "T12@0,1r0")
	turnTo(t, g, "U@1,0r0")
	refuse(t, g, guardAt(0, 1), ViolationBareFoundation, "a follower cannot be put on the bare foundation at (0,1): only a floor can")
	refuse(t, g, floorAt(1, 0), ViolationTower, "tile U at (1,0) has no tower foundation")
	refuse(t, g, floorAt(9, 9), ViolationTower, "there is no tile at (9,9)")
	ok(t, g, floorAt(0, 1))
	if tw := g.Towers()[0]; tw.Height != 1 || tw.Closed {
		t.Fatalf("tower %+v", tw)
	}
}

func TestClosedTower(t *testing.T) {
	g := newTestGame(t, 2, Rules{})
	lay(t, g, "T12@0,1r0")
	build(t, g, 0, 1, 1)
	turnTo(t, g, "U@1,0r0")
	ok(t, g, guardAt(0, 1))
	ok(t, g, endTurn)
	turnTo(t, g, "U@-1,0r0")
	refuse(t, g, floorAt(0, 1), ViolationTowerClosed, "the tower at (0,1) is closed by a follower of player 1")
	refuse(t, g, guardAt(0, 1), ViolationTowerClosed, "the tower at (0,1) is closed by a follower of player 1")
	if tw := g.Towers()[0]; tw.Guard != 0 || !tw.Closed {
		t.Fatalf("tower %+v", tw)
	}
}

// reopenBoard: tower A at (0,1), height 1, guarded by player 2; tower B at
// (1,1), height 1; player 1 to move.
func reopenBoard(t *testing.T, rules Rules) *Game {
	g := newTestGame(t, 2, rules)
	lay(t, g, "T12@0,1r0 T14@1,1r0")
	build(t, g, 0, 1, 1)
	build(t, g, 1, 1, 1)
	stand(t, g, 1, 0, 1, "T")
	turnTo(t, g, "U@1,0r0")
	ok(t, g, floorAt(1, 1))
	return g
}

func TestGuardCaptureReopens(t *testing.T) {
	g := reopenBoard(t, Rules{})
	ok(t, g, captureAt(t, 0, 1, "T"))
	ok(t, g, endTurn)
	if tw := g.Towers()[0]; tw.Guard != -1 || tw.Closed {
		t.Fatalf("tower after its guard was captured: %+v", tw)
	}
	if g.Prisoners(0, 1) != 1 {
		t.Fatal("guard not imprisoned")
	}
	turnTo(t, g, "U@-1,0r0")
	ok(t, g, floorAt(0, 1))
}

func TestGuardCaptureNoReopen(t *testing.T) {
	g := reopenBoard(t, Rules{NoReopen: true})
	ok(t, g, captureAt(t, 0, 1, "T"))
	ok(t, g, endTurn)
	turnTo(t, g, "U@-1,0r0")
	refuse(t, g, floorAt(0, 1), ViolationTowerClosed, "the tower at (0,1) is closed (its guard was captured and towers do not reopen: rule reopen=no)")
}

func TestGuardsSafe(t *testing.T) {
	g := reopenBoard(t, Rules{GuardsSafe: true})
	refuse(t, g, captureAt(t, 0, 1, "T"), ViolationGuardCapture, "followers on towers cannot be captured (rule guard-capture=no)")
	if got := captureTargets(g); len(got) != 0 {
		t.Fatalf("captures %v", got)
	}
}

func TestOwnCapture(t *testing.T) {
	for _, rules := range []Rules{{}, {NoOwnCapture: true}} {
		g := newTestGame(t, 2, rules)
		lay(t, g, "T12@0,1r0 B@1,1r0")
		stand(t, g, 0, 1, 1, "M")
		turnTo(t, g, "U@1,0r0")
		ok(t, g, floorAt(0, 1))
		m := captureAt(t, 1, 1, "M")
		if rules.NoOwnCapture {
			refuse(t, g, m, ViolationOwnCapture, "a player cannot capture its own follower (rule own-capture=no)")
			continue
		}
		ok(t, g, m)
		if g.Supply(0) != 7 || g.Prisoners(0, 0) != 0 {
			t.Fatalf("own capture: supply %d", g.Supply(0))
		}
	}
}

func TestExchange(t *testing.T) {
	g := newTestGame(t, 2, Rules{})
	lay(t, g, "T12@0,1r0 B@1,1r0")
	stand(t, g, 0, 1, 1, "M")
	imprison(g, 1, 0) // player 1 holds one of player 2's followers
	turnTo(t, g, "U@1,0r0")
	ok(t, g, Move{Kind: MovePass})
	ok(t, g, endTurn)
	turnTo(t, g, "U@-1,0r0")
	ok(t, g, floorAt(0, 1))
	ok(t, g, captureAt(t, 1, 1, "M"))
	if g.Prisoners(0, 1) != 0 || g.Prisoners(1, 0) != 0 || g.Supply(0) != 7 || g.Supply(1) != 7 {
		t.Fatalf("after the exchange: prisoners %d %d, supplies %d %d", g.Prisoners(0, 1), g.Prisoners(1, 0), g.Supply(0), g.Supply(1))
	}
	ev := g.Events()[len(g.Events())-1]
	if ev.Kind != EventExchange || ev.Player != 1 || ev.Other != 0 {
		t.Fatalf("event %+v", ev)
	}
}

// ransomBoard: player 1 holds followers of player 2; it is player 2's turn.
func ransomBoard(t *testing.T, rules Rules, prisoners, points int) *Game {
	g := newTestGame(t, 2, rules)
	for i := 0; i < prisoners; i++ {
		imprison(g, 1, 0)
	}
	g.score[1] = points
	turnTo(t, g, "U@1,0r0")
	ok(t, g, Move{Kind: MovePass})
	ok(t, g, endTurn)
	return g
}

var ransom = Move{Kind: MoveRansom, Payee: 0, Owner: 1}

func TestRansomNeedsThreePoints(t *testing.T) {
	g := ransomBoard(t, Rules{}, 1, 2)
	refuse(t, g, ransom, ViolationRansomPoints, "player 2 has 2 points, fewer than the ransom of 3")
	g = ransomBoard(t, Rules{}, 1, 3)
	ok(t, g, ransom)
	scoresAre(t, g, 3, 0)
	if g.Supply(1) != 7 || g.Prisoners(0, 1) != 0 {
		t.Fatalf("supply %d prisoners %d", g.Supply(1), g.Prisoners(0, 1))
	}
}

func TestRansomedFollowerUsableSameTurn(t *testing.T) {
	g := newTestGame(t, 2, Rules{})
	lay(t, g, "U@-1,0r0 U@-2,0r0 U@-3,0r0 U@-4,0r0 U@-5,0r0 U@-6,0r0")
	for x := -6; x <= -1; x++ {
		stand(t, g, 1, x, 0, "F:SL.SR.WL.ER")
	}
	imprison(g, 1, 0)
	g.score[1] = 5
	turnTo(t, g, "E@0,-1r180")
	ok(t, g, endTurn)
	turnTo(t, g, "U@1,0r0")
	refuse(t, g, follow(t, "R:WE"), ViolationFollower, "player 2 has no follower left in supply")
	ok(t, g, ransom)
	ok(t, g, follow(t, "R:WE"))
	scoresAre(t, g, 3, 2)
}

func TestRansomOncePerTurn(t *testing.T) {
	g := ransomBoard(t, Rules{}, 2, 9)
	ok(t, g, ransom)
	refuse(t, g, ransom, ViolationRansom, "player 2 already paid a ransom this turn")
	turnTo(t, g, "U@-1,0r0")
	refuse(t, g, ransom, ViolationRansom, "player 2 already paid a ransom this turn")
}

func TestRansomRefusals(t *testing.T) {
	g := ransomBoard(t, Rules{}, 1, 9)
	refuse(t, g, Move{Kind: MoveRansom, Payee: 1, Owner: 0}, ViolationRansom, "player 2 may only buy back its own follower, not player 1's")
	refuse(t, g, Move{Kind: MoveRansom, Payee: 1, Owner: 1}, ViolationRansom, "player 2 cannot be paid a ransom")
	g = ransomBoard(t, Rules{}, 0, 9)
	refuse(t, g, ransom, ViolationRansom, "player 1 holds no follower of player 2")
	g = ransomBoard(t, Rules{NoRansom: true}, 1, 9)
	refuse(t, g, ransom, ViolationRansom, "ransoms are off (rule ransom=off)")
	// A ransom is allowed at any moment of one's turn: here at its end.
	g = ransomBoard(t, Rules{}, 1, 9)
	turnTo(t, g, "U@-1,0r0")
	ok(t, g, Move{Kind: MovePass})
	ok(t, g, ransom)
	ok(t, g, endTurn)
}

func TestTowerTileActions(t *testing.T) {
	g := newTestGame(t, 2, Rules{TowerTileActions: true})
	lay(t, g, "T12@0,1r0")
	turnTo(t, g, "U@1,0r0")
	refuse(t, g, floorAt(0, 1), ViolationTower, "tower actions need a tile with a tower foundation this turn (rule tower-tile-actions), and U has none")
	ok(t, g, endTurn)
	turnTo(t, g, "T15@0,-1r180")
	ok(t, g, floorAt(0, 1))
}

func TestBaseOnly(t *testing.T) {
	g := newTestGame(t, 2, Rules{BaseOnly: true})
	if g.Floors(0) != 0 {
		t.Fatalf("floors in a base game: %d", g.Floors(0))
	}
	refuse(t, g, Move{Kind: MoveDraw, Tile: tileID(t, "T12")}, ViolationBag, "drew T12 but none is left in the bag")
	turnTo(t, g, "U@1,0r0")
	refuse(t, g, floorAt(0, 0), ViolationTower, "there are no towers in a base game")
	refuse(t, g, ransom, ViolationRansom, "there are no prisoners in a base game")
}

func TestFloorSupply(t *testing.T) {
	for n, want := range map[int]int{2: 10, 3: 9, 4: 7, 5: 6, 6: 5} {
		if g := newTestGame(t, n, Rules{}); g.Floors(n-1) != want {
			t.Errorf("%d players: %d floors, want %d", n, g.Floors(n-1), want)
		}
	}
	g := newTestGame(t, 2, Rules{})
	lay(t, g, "T12@0,1r0")
	g.floors[0] = 0
	turnTo(t, g, "U@1,0r0")
	refuse(t, g, floorAt(0, 1), ViolationFloors, "player 1 has no tower floor left")
}

// A follower on a tower belongs to no feature and scores nothing.
func TestGuardScoresNothing(t *testing.T) {
	g, err := NewGame(Setup{Players: 2, Bag: []TileID{tileID(t, "T12"), tileID(t, "U")}, Ordered: true})
	if err != nil {
		t.Fatal(err)
	}
	turnTo(t, g, "T12@0,1r0")
	ok(t, g, floorAt(0, 1))
	ok(t, g, Move{Kind: MovePass})
	ok(t, g, endTurn)
	turnTo(t, g, "U@1,0r0")
	ok(t, g, guardAt(0, 1))
	ok(t, g, endTurn)
	scoresAre(t, g, 0, 0)
	if fs := g.Followers(); len(fs) != 1 || fs[0].Spot.Kind != FeatureTower || fs[0].Player != 1 {
		t.Fatalf("followers %+v", fs)
	}
}

func TestRulesNotation(t *testing.T) {
	for _, c := range []struct {
		words []string
		want  Rules
		str   string
	}{
		{nil, Rules{}, "tower"},
		{[]string{"tower"}, Rules{}, "tower"},
		{[]string{"base"}, Rules{BaseOnly: true}, "base"},
		{[]string{"tower", "range=diagonal", "gaps=block", "farmers=off", "tiny-city=2"},
			Rules{Range: RangeDiagonal, GapsBlock: true, NoFarmers: true, TinyCity2: true}, "tower range=diagonal gaps=block farmers=off tiny-city=2"},
		{[]string{"tower", "guard-capture=no", "own-capture=no", "reopen=no", "ransom=off", "tower-tile-actions=yes", "range=short"},
			Rules{GuardsSafe: true, NoOwnCapture: true, NoReopen: true, NoRansom: true, TowerTileActions: true, Range: RangeShort},
			"tower range=short guard-capture=no own-capture=no reopen=no ransom=off tower-tile-actions=yes"},
		{[]string{"tower", "farmers=on"}, Rules{}, "tower"},
		{[]string{"tower", "ransom=0"}, Rules{NoRansom: true}, "tower ransom=off"},
	} {
		got, err := ParseRules(c.words)
		if err != nil || got != c.want || got.String() != c.str {
			t.Errorf("ParseRules(%q) = %+v, %v (%q)", c.words, got, err, got.String())
		}
	}
	for _, c := range []struct {
		words []string
		err   string
		index int // of the word at fault
	}{
		{[]string{"carcassonne"}, `rules: expected "base" or "tower" first, found "carcassonne"`, 0},
		{[]string{"tower", "farmers"}, `rules: "farmers" is not of the form flag=value`, 1},
		{[]string{"tower", "gaps=block", "farmers=maybe"}, `rules: farmers must be on or off, found "maybe"`, 2},
		{[]string{"tower", "range=round"}, `rules: range must be orthogonal, short or diagonal, found "round"`, 1},
		{[]string{"tower", "dragons=yes"}, `rules: unknown flag "dragons"`, 1},
		{[]string{"tower", "reopen=no", "farmers=off", "reopen=yes"}, `rules: flag "reopen" given twice`, 3},
	} {
		_, err := ParseRules(c.words)
		var re *RulesError
		if !errors.As(err, &re) || err.Error() != c.err || re.Index != c.index || re.Word != c.words[c.index] {
			t.Errorf("ParseRules(%q): %#v, want %s at word %d", c.words, err, c.err, c.index)
		}
	}
}
