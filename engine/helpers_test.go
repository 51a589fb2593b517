package engine

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// spot parses the CGN spelling of a spot, for tests: "C:N", "R:WE",
// "F:NL.NR", "F:I", "M", "T".
func spot(t testing.TB, s string) Spot {
	t.Helper()
	switch s {
	case "M":
		return Spot{Kind: FeatureCloister}
	case "T":
		return Spot{Kind: FeatureTower}
	}
	kind, loc, ok := strings.Cut(s, ":")
	if !ok {
		t.Fatalf("bad spot %q", s)
	}
	switch kind {
	case "F":
		var h HalfSet
		if loc != "I" {
			for _, p := range strings.Split(loc, ".") {
				i := strings.Index("NLNRELERSLSRWLWR", p)
				if i < 0 || i%2 != 0 {
					t.Fatalf("bad half %q", p)
				}
				h |= 1 << (i / 2)
			}
		}
		return Spot{Kind: FeatureField, Halves: h}
	case "C", "R":
		var e EdgeSet
		if strings.HasPrefix(loc, "_") {
			e = 0xF &^ (1 << strings.Index("NESW", loc[1:]))
		} else {
			for _, c := range loc {
				e |= 1 << strings.IndexRune("NESW", c)
			}
		}
		k := FeatureCity
		if kind == "R" {
			k = FeatureRoad
		}
		return Spot{Kind: k, Edges: e}
	}
	t.Fatalf("bad spot %q", s)
	return Spot{}
}

// tileID looks a tile up by catalog id, for tests.
func tileID(t testing.TB, s string) TileID {
	t.Helper()
	id, ok := LookupTile(s)
	if !ok {
		t.Fatalf("no tile %q", s)
	}
	return id
}

// parsePlace reads "U@1,0r90".
func parsePlace(t testing.TB, s string) (TileID, Pos, Rotation) {
	t.Helper()
	name, rest, _ := strings.Cut(s, "@")
	xy, rot, _ := strings.Cut(rest, "r")
	xs, ys, _ := strings.Cut(xy, ",")
	x, err1 := strconv.Atoi(xs)
	y, err2 := strconv.Atoi(ys)
	d, err3 := strconv.Atoi(rot)
	r, ok := RotationFromDegrees(d)
	if err1 != nil || err2 != nil || err3 != nil || !ok {
		t.Fatalf("bad placement %q", s)
	}
	return tileID(t, name), Pos{x, y}, r
}

// newTestGame starts a game with the full box.
func newTestGame(t testing.TB, players int, rules Rules) *Game {
	t.Helper()
	g, err := NewGame(Setup{Players: players, Rules: rules})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// lay puts tiles on the board directly, without turns ("B@1,1r0 E@0,-1r180"),
// taking them out of the bag. Every placement must still be legal.
func lay(t testing.TB, g *Game, spec string) {
	t.Helper()
	for _, s := range strings.Fields(spec) {
		id, p, r := parsePlace(t, s)
		if err := g.checkPlacement(id, &Move{Kind: MovePlace, Pos: p, Rot: r}); err != nil {
			t.Fatalf("lay %s: %v", s, err)
		}
		if g.bagCount[id] == 0 {
			t.Fatalf("lay %s: none left in the bag", s)
		}
		g.bagCount[id]--
		g.bagLeft--
		g.put(id, r, p)
	}
}

// stand puts a follower of player p at spot s of the tile at x,y directly.
func stand(t testing.TB, g *Game, p int, x, y int, s string) {
	t.Helper()
	v := g.grid.get(Pos{x, y})
	if v < 0 {
		t.Fatalf("stand: no tile at %d,%d", x, y)
	}
	pl := &g.tiles[v]
	sp := spot(t, s)
	if sp.Kind == FeatureTower {
		tw := &g.towers[pl.tower]
		g.fol[p][g.takeFromSupply(p)] = follower{where: onTower, tile: int16(v)}
		tw.guard, tw.closed = int8(p), true
		return
	}
	seg := pl.orient().find(sp)
	if seg < 0 {
		t.Fatalf("stand: no %s on %s", s, pl.tile)
	}
	g.standOn(p, pl.node+int32(seg))
}

// build sets a tower's height directly.
func build(t testing.TB, g *Game, x, y, h int) {
	t.Helper()
	v := g.grid.get(Pos{x, y})
	if v < 0 || g.tiles[v].tower < 0 {
		t.Fatalf("build: no foundation at %d,%d", x, y)
	}
	g.towers[g.tiles[v].tower].height = int8(h)
}

func ok(t testing.TB, g *Game, m Move) {
	t.Helper()
	if err := g.Apply(m); err != nil {
		t.Fatalf("%v: %v", m, err)
	}
}

// refuse checks that m is illegal for rule r with the given reason, and
// that the game did not change.
func refuse(t testing.TB, g *Game, m Move, r Violation, reason string) {
	t.Helper()
	before := g.State()
	err := g.Apply(m)
	var ie *IllegalMoveError
	if !errors.As(err, &ie) {
		t.Fatalf("%v: got %v, want an illegal move (%s)", m, err, r)
	}
	if ie.Violation != r || (reason != "" && ie.Reason != reason) {
		t.Fatalf("%v:\n got %s: %s\nwant %s: %s", m, ie.Violation, ie.Reason, r, reason)
	}
	if after := g.State(); !reflect.DeepEqual(before, after) {
		t.Fatalf("%v: the refused move changed the game", m)
	}
}

// turnTo draws and places a tile for the current player ("U@1,0r0").
func turnTo(t testing.TB, g *Game, place string) {
	t.Helper()
	id, p, r := parsePlace(t, place)
	ok(t, g, Move{Kind: MoveDraw, Tile: id})
	ok(t, g, Move{Kind: MovePlace, Pos: p, Rot: r})
}

func follow(t testing.TB, s string) Move {
	return Move{Kind: MoveFollower, Spot: spot(t, s)}
}

func floorAt(x, y int) Move { return Move{Kind: MoveFloor, Pos: Pos{x, y}} }

func captureAt(t testing.TB, x, y int, s string) Move {
	return Move{Kind: MoveCapture, Pos: Pos{x, y}, Spot: spot(t, s)}
}

func guardAt(x, y int) Move { return Move{Kind: MoveTowerFollower, Pos: Pos{x, y}} }

var endTurn = Move{Kind: MoveEndTurn}

func scoresAre(t testing.TB, g *Game, want ...int) {
	t.Helper()
	if got := g.Scores(); !reflect.DeepEqual(got, want) {
		t.Fatalf("scores %v, want %v", got, want)
	}
}

// shuffledBag appends the tiles left in g's bag to buf in a seeded random
// order.
func shuffledBag(g *Game, buf []TileID, seed uint64) []TileID {
	for id := range Catalog {
		for range g.BagCount(TileID(id)) {
			buf = append(buf, TileID(id))
		}
	}
	r := rand.New(rand.NewPCG(seed, 1))
	r.Shuffle(len(buf), func(i, j int) { buf[i], buf[j] = buf[j], buf[i] })
	return buf
}
