package engine

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
)

// propertyRules are the rule sets the property tests cycle through: every
// flag, each set without and with the Phantom.
var propertyRules = withPhantom([]Rules{
	{},
	{BaseOnly: true},
	{GuardsSafe: true, NoReopen: true},
	{NoOwnCapture: true, NoRansom: true},
	{Range: RangeDiagonal, GapsBlock: true},
	{Range: RangeShort, TowerTileActions: true, NoFarmers: true, TinyCity2: true},
})

// withPhantom returns the rule sets rs, each followed by itself with the
// Phantom.
func withPhantom(rs []Rules) []Rules {
	var out []Rules
	for _, r := range rs {
		p := r
		p.Phantom = true
		out = append(out, r, p)
	}
	return out
}

// checkInvariants verifies what must hold after every move.
func (g *Game) checkInvariants() error {
	floorsUsed := 0
	for _, tw := range g.towers {
		floorsUsed += int(tw.height)
	}
	floorsLeft := 0
	for p := 0; p < g.nPlayers; p++ {
		if g.score[p] < 0 {
			return fmt.Errorf("player %d has %d points", p+1, g.score[p])
		}
		var supply, prison int
		for i := range g.fol[p] {
			switch f := g.fol[p][i]; f.where {
			case inSupply:
				if i != phantomSlot {
					supply++
				}
			case inPrison:
				prison++
				if int(f.holder) == p {
					return fmt.Errorf("player %d holds its own follower", p+1)
				}
			}
		}
		if ph := g.fol[p][phantomSlot]; !g.rules.Phantom && ph != (follower{}) {
			return fmt.Errorf("player %d: a game without the Phantom moved its phantom: %+v", p+1, ph)
		}
		if supply != int(g.supply[p]) {
			return fmt.Errorf("player %d: supply count %d, %d followers in supply", p+1, g.supply[p], supply)
		}
		held := 0
		for h := 0; h < g.nPlayers; h++ {
			held += int(g.prisoners[h][p])
		}
		if held != prison {
			return fmt.Errorf("player %d: %d prisoners counted, %d imprisoned", p+1, held, prison)
		}
		for o := 0; o < g.nPlayers; o++ {
			if o != p && g.prisoners[p][o] > 0 && g.prisoners[o][p] > 0 {
				return fmt.Errorf("players %d and %d hold each other's followers", p+1, o+1)
			}
		}
		floorsLeft += int(g.floors[p])
	}
	if g.rules.Tower() && floorsLeft+floorsUsed != g.nPlayers*FloorsPerPlayer(g.nPlayers) {
		return fmt.Errorf("floors: %d left + %d built != %d", floorsLeft, floorsUsed, g.nPlayers*FloorsPerPlayer(g.nPlayers))
	}
	occupied := map[int32]int{}
	standing := 0
	for p := 0; p < g.nPlayers; p++ {
		for i := range g.fol[p] {
			if f := g.fol[p][i]; f.where == onFeature {
				occupied[g.find(f.node)]++
				standing++
				if op, oi := g.figureOn(f.node); op != p || oi != i {
					return fmt.Errorf("player %d's follower %d on node %d: the node says player %d", p+1, i, f.node, op+1)
				}
			}
		}
	}
	for i := range g.nodes {
		if g.nodes[i].holder != 0 {
			standing--
		}
	}
	if standing != 0 {
		return fmt.Errorf("%d more segments hold a follower than followers stand on features", -standing)
	}
	for r, n := range occupied {
		if int(g.nodes[r].occupied) != n {
			return fmt.Errorf("feature %d: occupied %d, %d followers", r, g.nodes[r].occupied, n)
		}
	}
	for i, c := range g.cloister {
		q, n := g.cloisterAt[i], 0
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				sq := Pos{q.X + dx, q.Y + dy}
				if dx == 0 && dy == 0 {
					continue
				}
				if g.grid.get(sq) >= 0 {
					n++
				}
				if !g.grid.near(g.grid.index(sq)) {
					return fmt.Errorf("cloister at %v: %v not marked as near it", q, sq)
				}
			}
		}
		if int(g.tiles[c].nbrs) != n {
			return fmt.Errorf("cloister at %v: %d neighbours counted, %d placed", q, g.tiles[c].nbrs, n)
		}
	}
	for i, tw := range g.towers {
		if tw.guard >= 0 && (!tw.closed || tw.height == 0) {
			return fmt.Errorf("tower %d: guard on an open tower or bare foundation", i)
		}
	}
	if err := g.checkNeed(); err != nil {
		return err
	}
	if err := g.checkFeatures(); err != nil {
		return err
	}
	if g.fsync == len(g.tiles) {
		return g.checkFrontier()
	}
	return nil
}

// checkFeatures compares the features the union-find forest holds with
// those found afresh from the board, by joining across every edge between
// two tiles the roads or cities on it and the fields on either half: the
// same partition of the segments, and for each feature its size, pennants
// and open edges. At the start of every fifth turn (it is slow), and once
// the game is over.
func (g *Game) checkFeatures() error {
	if (g.turn%5 != 0 || g.phase != PhaseDraw) && g.phase != PhaseOver {
		return nil
	}
	up := make([]int32, len(g.nodes))
	for i := range up {
		up[i] = int32(i)
	}
	root := func(x int32) int32 {
		for up[x] != x {
			x = up[x]
		}
		return x
	}
	unite := func(a, b int32) { up[root(a)] = root(b) }
	open := make([]int, len(g.nodes)) // road and city edges without a neighbour, by segment
	for _, t := range g.tiles {
		for e := North; e <= West; e++ {
			v := g.grid.get(t.pos.Step(e))
			sa := t.o.edgeSeg[e]
			if v < 0 {
				if sa >= 0 {
					open[t.node+int32(sa)]++
				}
				continue
			}
			u, f := &g.tiles[v], e.Opposite()
			if sb := u.o.edgeSeg[f]; sa >= 0 && sb >= 0 {
				unite(t.node+int32(sa), u.node+int32(sb))
			}
			for h := Half(0); h < 2; h++ {
				if sa, sb := t.o.halfSeg[2*Half(e)+h], u.o.halfSeg[2*Half(f)+1-h]; sa >= 0 && sb >= 0 {
					unite(t.node+int32(sa), u.node+int32(sb))
				}
			}
		}
	}
	type sums struct{ size, pennants, open int }
	want := map[int32]*sums{}
	forest := map[int32]int32{} // fresh root -> the forest's root
	for i := range g.nodes {
		x := int32(i)
		r, fr := root(x), g.find(x)
		if got, ok := forest[r]; ok && got != fr {
			return fmt.Errorf("node %d: in the feature of node %d afresh, but the forest splits it (roots %d, %d)", x, r, got, fr)
		}
		forest[r] = fr
		s := want[fr]
		if s == nil {
			s = &sums{}
			want[fr] = s
		}
		s.size++
		s.open += open[x]
		t := &g.tiles[g.nodes[x].tile]
		if t.o.init[g.nodes[x].seg].pennants > 0 {
			s.pennants++
		}
	}
	if len(want) != len(forest) {
		return fmt.Errorf("%d features afresh, %d in the forest: the forest merges some", len(forest), len(want))
	}
	for fr, s := range want {
		n := &g.nodes[fr]
		if int(n.size) != s.size || int(n.pennants) != s.pennants || int(n.open) != s.open {
			return fmt.Errorf("feature %d: size %d, pennants %d, open %d; afresh %d, %d, %d", fr, n.size, n.pennants, n.open, s.size, s.pennants, s.open)
		}
	}
	return nil
}

// checkNeed compares the grid's record of what each square's neighbours
// show it with the tiles: the squares next to tiles at the start of every
// fifth turn (it is slow), every square once the game is over.
func (g *Game) checkNeed() error {
	if (g.turn%5 != 0 || g.phase != PhaseDraw) && g.phase != PhaseOver {
		return nil
	}
	want := map[int]uint16{}
	for _, t := range g.tiles {
		for e := North; e <= West; e++ {
			shift := 2 * e.Opposite()
			want[g.grid.index(t.pos.Step(e))] |= uint16(t.o.terrain(e))<<shift | 3<<(8+shift)
		}
	}
	for c, w := range want {
		if n := g.grid.need[c]; n != w {
			return fmt.Errorf("cell %d: the grid needs %#x, the neighbours show %#x", c, n, w)
		}
	}
	if g.phase == PhaseOver {
		for c, n := range g.grid.need {
			if n != want[c] {
				return fmt.Errorf("cell %d: the grid needs %#x, the neighbours show %#x", c, n, want[c])
			}
		}
	}
	return nil
}

// checkFrontier compares an up-to-date frontier with the empty squares next
// to tiles and the edges those tiles show them, and with the grid's record
// of the entries.
func (g *Game) checkFrontier() error {
	want := map[Pos]frontierSq{}
	for _, t := range g.tiles {
		for e := North; e <= West; e++ {
			q := t.pos.Step(e)
			if g.grid.get(q) >= 0 {
				continue
			}
			f := want[q]
			f.pos = q
			f.req |= uint8(t.o.terrain(e)) << (2 * e.Opposite())
			f.mask |= 3 << (2 * e.Opposite())
			want[q] = f
		}
	}
	if len(g.frontier) != len(want) {
		return fmt.Errorf("frontier of %d squares, %d empty squares next to tiles", len(g.frontier), len(want))
	}
	for i, f := range g.frontier {
		if want[f.pos] != f {
			return fmt.Errorf("frontier entry %d is %+v, want %+v", i, f, want[f.pos])
		}
		if got := g.grid.frontAt(g.grid.index(f.pos)); got != i {
			return fmt.Errorf("frontier entry %d at %v: the grid says %d", i, f.pos, got)
		}
	}
	marked := 0
	for _, v := range g.grid.front {
		if v != 0 {
			marked++
		}
	}
	if marked != len(g.frontier) {
		return fmt.Errorf("%d frontier entries, %d marked in the grid", len(g.frontier), marked)
	}
	return nil
}

// TestGeneratedGames plays 1,200 seeded games of 2 to 6 players under
// several rule sets and checks, move by move, that every generated move is
// legal and listed by LegalMoves, that followers and floors are conserved
// and scores never negative; then that replaying the moves from a new game
// reproduces the same final state and events, and that every kind of move
// and event occurred, and every use of the phantom.
func TestGeneratedGames(t *testing.T) {
	games := 1200
	if testing.Short() {
		games = 120
	}
	gen := NewGenerator()
	var moves [10]int
	var events [6]int
	var guardCaptures, ownCaptures, maxHeight int
	phantom := map[string]int{}
	var buf []Move
	var reused Game // every other game replays on the memory of earlier ones
	for i := 0; i < games; i++ {
		opts := GenOptions{Players: 2 + i%5, Rules: propertyRules[i%len(propertyRules)], Seed: uint64(i)}
		g, ms, err := gen.Generate(opts)
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		r := &reused
		if i%2 == 0 {
			r, err = NewGame(Setup{Players: opts.Players, Rules: opts.Rules})
		} else {
			err = r.Reset(Setup{Players: opts.Players, Rules: opts.Rules})
		}
		if err != nil {
			t.Fatal(err)
		}
		for j, m := range ms {
			if r.rules.Phantom {
				phantomUse(phantom, r, m)
				if err := phantomMistakes(phantom, r, m); err != nil {
					t.Fatalf("game %d move %d: %v", i, j, err)
				}
			}
			// Listing the legal moves brings the frontier up to date: every
			// move in some games, now and then in others (a catch-up over
			// several tiles).
			if m.Kind != MoveDraw && (i%2 == 0 || j%11 == 0) {
				buf = r.LegalMoves(buf[:0])
				if !containsMove(buf, m) {
					t.Fatalf("game %d move %d: %v is not among the legal moves %v", i, j, m, buf)
				}
			}
			if err := r.Apply(m); err != nil {
				t.Fatalf("game %d move %d: %v", i, j, err)
			}
			if err := r.checkInvariants(); err != nil {
				t.Fatalf("game %d move %d (%v): %v", i, j, m, err)
			}
			moves[m.Kind]++
		}
		if !reflect.DeepEqual(r.State(), g.State()) {
			t.Fatalf("game %d: replayed state differs", i)
		}
		if !reflect.DeepEqual(r.Events(), g.Events()) {
			t.Fatalf("game %d: replayed events differ", i)
		}
		// The generator's game had its frontier updated every turn.
		r.syncFrontier()
		g.syncFrontier()
		if !reflect.DeepEqual(r.frontier, g.frontier) {
			t.Fatalf("game %d: the frontier differs from the one kept up to date", i)
		}
		if err := r.checkInvariants(); err != nil {
			t.Fatalf("game %d, frontier brought up to date at the end: %v", i, err)
		}
		if !r.Over() || r.TilesLeft() != 0 {
			t.Fatalf("game %d: not over", i)
		}
		for _, e := range g.Events() {
			events[e.Kind]++
			switch {
			case e.Kind == EventCapture && e.Feature == FeatureTower:
				guardCaptures++
			case e.Kind == EventCapture && e.Player == e.Other:
				ownCaptures++
			case e.Kind == EventFloor:
				maxHeight = max(maxHeight, e.Height)
			}
			if e.Phantoms != 0 {
				phantom["event "+e.Kind.String()]++
			}
			if e.Kind == EventScore && e.Final && e.Phantoms != 0 {
				phantom["final score"]++
			}
		}
	}
	t.Logf("moves by kind %v, events by kind %v, guard captures %d, own captures %d, highest tower %d",
		moves, events, guardCaptures, ownCaptures, maxHeight)
	for k, n := range moves {
		if n == 0 {
			t.Errorf("no %s move in %d games", MoveKind(k), games)
		}
	}
	for k, n := range events {
		if n == 0 {
			t.Errorf("no %s event in %d games", EventKind(k), games)
		}
	}
	if guardCaptures == 0 || ownCaptures == 0 || maxHeight < 6 {
		t.Errorf("guard captures %d, own captures %d, highest tower %d", guardCaptures, ownCaptures, maxHeight)
	}
	t.Logf("phantom uses %v", phantom)
	for _, k := range phantomUses {
		if phantom[k] == 0 {
			t.Errorf("no %s in %d games", k, games)
		}
	}
}

// phantomUses are the uses of the phantom every run of generated games
// must show: both steps, both places, every way it leaves the board, the
// exchange's choices and every event about a phantom.
var phantomUses = []string{
	"first on a feature", "first on a tower", "second on a feature", "second on a tower", "second step passed",
	"second after own capture", "captured", "captured own", "captured on a tower", "exchange follower back",
	"exchange phantom back", "ransom", "event score", "event capture", "event exchange", "event ransom", "final score",
	"refused phantom: a follower second", "refused phantom: a floor second", "refused phantom: not in supply",
	"refused follower: occupied", "refused bare-foundation", "refused exchange: no choice", "refused exchange: choice missing",
	"refused capture: wrong figure",
}

// phantomMistakes tries, on copies of g, the mistakes with the phantom that
// the moment allows before m is played, and checks that each is refused
// for its rule and leaves the copy as it was; uses counts them.
func phantomMistakes(uses map[string]int, g *Game, m Move) error {
	try := func(what string, bad Move, rule Violation) error {
		c := g.Clone()
		before := c.State()
		err := c.Apply(bad)
		var ie *IllegalMoveError
		if !errors.As(err, &ie) || ie.Violation != rule {
			return fmt.Errorf("%s: %v gave %v, want a refusal for rule %s", what, bad, err, rule)
		}
		if !reflect.DeepEqual(before, c.State()) {
			return fmt.Errorf("%s: the refused %v changed the game", what, bad)
		}
		uses["refused "+rule.String()+what]++
		return nil
	}
	var bad []func() error
	switch {
	case g.phase == PhasePhantom && m.Kind == MoveFollower:
		f := m
		f.Figure = FigureFollower
		bad = append(bad, func() error { return try(": a follower second", f, ViolationPhantom) })
	case g.phase == PhasePhantom && m.Kind == MoveTowerFollower:
		bad = append(bad, func() error { return try(": a floor second", Move{Kind: MoveFloor, Pos: m.Pos}, ViolationPhantom) })
	case g.phase == PhaseEnd && g.newTile >= 0 && !g.phantomFree(g.player):
		bad = append(bad, func() error {
			return try(": not in supply", Move{Kind: MoveFollower, Spot: Spot{Kind: FeatureField}, Figure: FigurePhantom}, ViolationPhantom)
		})
	case g.phase == PhaseCapture && m.Kind == MoveCapture:
		w := m
		w.Figure ^= 1
		bad = append(bad, func() error { return try(": wrong figure", w, ViolationCapture) })
		if m.Back != ChoiceNone {
			n := m
			n.Back = ChoiceNone
			bad = append(bad, func() error { return try(": choice missing", n, ViolationExchange) })
		} else if owner, _ := g.capturedBy(m); owner != g.player {
			c := m
			c.Back = ChoicePhantom
			bad = append(bad, func() error { return try(": no choice", c, ViolationExchange) })
		}
	}
	if g.phase == PhasePhantom || g.phase == PhaseAction && g.phantomFree(g.player) {
		for i := range g.towers {
			if tw := &g.towers[i]; tw.height == 0 && g.towerActions() {
				pos := g.tiles[tw.tile].pos
				bad = append(bad, func() error {
					return try("", Move{Kind: MoveTowerFollower, Pos: pos, Figure: FigurePhantom}, ViolationBareFoundation)
				})
				break
			}
		}
		t := &g.tiles[g.newTile]
		for i := range t.o.segs {
			if g.nodes[g.find(t.node+int32(i))].occupied > 0 && !(t.o.segs[i].kind == FeatureField && g.rules.NoFarmers) {
				sp := t.o.spot(i)
				bad = append(bad, func() error {
					return try(": occupied", Move{Kind: MoveFollower, Spot: sp, Figure: FigurePhantom}, ViolationFollower)
				})
				break
			}
		}
	}
	for _, f := range bad {
		if err := f(); err != nil {
			return err
		}
	}
	return nil
}

// capturedBy returns the owner and slot of the figure capture m takes.
func (g *Game) capturedBy(m Move) (int, int) {
	v := g.grid.get(m.Pos)
	t := &g.tiles[v]
	if m.Spot.Kind == FeatureTower {
		p := int(g.towers[t.tower].guard)
		return p, g.figureOnTower(p, v)
	}
	return g.figureOn(t.node + int32(t.o.find(m.Spot)))
}

// phantomUse counts what move m, about to be played on g, does with a
// phantom.
func phantomUse(uses map[string]int, g *Game, m Move) {
	step := "first"
	if g.phase == PhasePhantom {
		step = "second"
		if n := len(g.events); n > 0 {
			if e := g.events[n-1]; e.Kind == EventCapture && e.Turn == g.turn && e.Player == e.Other && e.Phantom(e.Player) {
				uses["second after own capture"]++
			}
		}
	}
	if m.Kind == MoveCapture && m.Back != ChoiceNone {
		uses["exchange "+m.Back.String()+" back"]++
	}
	switch {
	case m.Kind == MovePass && g.phase == PhasePhantom:
		uses["second step passed"]++
	case m.Figure != FigurePhantom:
	case m.Kind == MoveFollower:
		uses[step+" on a feature"]++
	case m.Kind == MoveTowerFollower:
		uses[step+" on a tower"]++
	case m.Kind == MoveRansom:
		uses["ransom"]++
	case m.Kind == MoveCapture && m.Spot.Kind == FeatureTower:
		uses["captured on a tower"]++
	case m.Kind == MoveCapture:
		if own := g.Phantom(g.player); own.Where == PhantomOnBoard && own.Pos == m.Pos && own.Spot == m.Spot {
			uses["captured own"]++
		} else {
			uses["captured"]++
		}
	}
}

func containsMove(ms []Move, m Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

func TestGeneratorDeterministic(t *testing.T) {
	a, ma, _ := Generate(GenOptions{Players: 3, Seed: 42})
	ma = append([]Move(nil), ma...)
	b, mb, _ := Generate(GenOptions{Players: 3, Seed: 42})
	if !reflect.DeepEqual(ma, mb) || !reflect.DeepEqual(a.State(), b.State()) {
		t.Fatal("same seed, different games")
	}
	_, mc, _ := Generate(GenOptions{Players: 3, Seed: 43})
	if reflect.DeepEqual(ma, mc) {
		t.Fatal("different seeds, same game")
	}
}

// A reset game plays exactly like a new one, whatever it held before:
// larger games, other rules, a prepared bag, a failed setup.
func TestReset(t *testing.T) {
	big, _, _ := Generate(GenOptions{Players: 6, Seed: 3})
	_, ms, _ := Generate(GenOptions{Players: 2, Rules: Rules{BaseOnly: true}, Seed: 5})
	var bag []TileID
	for _, m := range ms {
		if m.Kind == MoveDraw {
			bag = append(bag, m.Tile)
		}
	}
	setup := Setup{Players: 2, Rules: Rules{BaseOnly: true}, Bag: bag, Ordered: true, Names: []string{"Ann", "Bo"}}
	if err := big.Reset(Setup{Players: 7}); err == nil {
		t.Fatal("Reset accepted 7 players")
	}
	if err := big.Reset(setup); err != nil {
		t.Fatal(err)
	}
	fresh, err := NewGame(setup)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(big.State(), fresh.State()) || len(big.Events()) != 0 {
		t.Fatal("a reset game differs from a new one")
	}
	for _, m := range ms {
		ok(t, big, m)
		ok(t, fresh, m)
	}
	if !reflect.DeepEqual(big.State(), fresh.State()) || !reflect.DeepEqual(big.Events(), fresh.Events()) {
		t.Fatal("a reset game played differently from a new one")
	}
	refuse(t, big, Move{Kind: MoveDraw, Tile: bag[0]}, ViolationGameOver, "")

	// From a prepared order back to a shuffled bag.
	if err := big.Reset(Setup{Players: 3}); err != nil {
		t.Fatal(err)
	}
	fresh, _ = NewGame(Setup{Players: 3})
	_, ms, _ = Generate(GenOptions{Players: 3, Seed: 9})
	for _, m := range ms {
		ok(t, big, m)
		ok(t, fresh, m)
	}
	if !reflect.DeepEqual(big.State(), fresh.State()) || !reflect.DeepEqual(big.Events(), fresh.Events()) {
		t.Fatal("a reset game played differently from a new one")
	}
}

// A clone is independent: playing on the copy leaves the original alone,
// and both continue identically.
func TestClone(t *testing.T) {
	_, ms, _ := Generate(GenOptions{Players: 4, Seed: 7})
	g, _ := NewGame(Setup{Players: 4})
	for _, m := range ms[:len(ms)/2] {
		ok(t, g, m)
	}
	before := g.State()
	c := g.Clone()
	for _, m := range ms[len(ms)/2:] {
		ok(t, c, m)
	}
	if !reflect.DeepEqual(before, g.State()) {
		t.Fatal("playing on the clone changed the original")
	}
	for _, m := range ms[len(ms)/2:] {
		ok(t, g, m)
	}
	if !reflect.DeepEqual(c.State(), g.State()) || !reflect.DeepEqual(c.Events(), g.Events()) {
		t.Fatal("clone and original diverged")
	}
}
