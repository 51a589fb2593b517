package engine

import (
	"slices"
)

// Limits of a game.
const (
	MaxPlayers         = 6
	FollowersPerPlayer = 7
)

// Phase is where a turn stands.
type Phase uint8

// Turn phases, in order.
const (
	PhaseDraw    Phase = iota // the player draws a tile (or pays a ransom)
	PhasePlace                // the drawn tile must be placed, or discarded if it fits nowhere
	PhaseAction               // follower, tower floor, follower onto a tower, or pass
	PhaseCapture              // after a floor: capture a follower in range, or pass
	PhasePhantom              // the Phantom's second step: the phantom on the new tile or a tower, or pass
	PhaseEnd                  // the turn ends with EndTurn (a ransom is still allowed)
	PhaseOver                 // the game is over and finally scored
)

var phaseNames = [...]string{"draw", "place", "action", "capture", "phantom", "end", "over"}

func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return "phase?"
}

// Where a follower is.
const (
	inSupply uint8 = iota
	onFeature
	onTower
	inPrison
)

// A player's figures: FollowersPerPlayer followers, then the phantom (a
// game without the Phantom never uses its slot: see figures).
const (
	phantomSlot      = FollowersPerPlayer
	figuresPerPlayer = FollowersPerPlayer + 1
)

type follower struct {
	where  uint8
	holder int8  // inPrison: the player holding it
	tile   int16 // onFeature, onTower: index of the placed tile
	node   int32 // onFeature: union-find node of its segment
}

// placed is a tile on the board.
type placed struct {
	o     *oriented // &orients[tile][rot], kept to spare the lookup on every use
	tile  TileID
	rot   Rotation
	pos   Pos
	node  int32 // first union-find node; segment i is node+i
	tower int8  // index into Game.towers, -1 without foundation
	nbrs  uint8 // cloisters only: placed tiles among the 8 surrounding squares
}

func (p *placed) orient() *oriented { return p.o }

// node is a feature segment in the union-find forest. Aggregates are valid
// at roots only. put sets every field (the array is reused from game to
// game): a new field belongs in nodeInit, or must be set there too.
type node struct {
	parent int32
	next   int32 // circular list of the members of a feature
	tile   int16
	nodeInit
}

// nodeInit is the part of a node that a new tile's segment starts with:
// put copies it whole from the oriented tile.
type nodeInit struct {
	seg      uint8
	kind     FeatureKind
	size     int16 // segments in the feature (union by size)
	open     int16 // road/city: edges not yet met by a neighbour
	pennants int8  // the box has 12 tiles with pennants
	cities   uint8 // field: bit j set for each city segment j of its tile it borders
	occupied int8  // followers on the feature
	holder   int8  // the figure on this very segment: 1 + p*figuresPerPlayer + its slot in Game.fol[p], 0 for none
}

type tower struct {
	tile   int16
	height int8
	guard  int8 // player whose follower stands on top, -1 for none
	closed bool // a follower stands on top (stays closed under NoReopen)
}

type frontierSq struct {
	pos       Pos
	req, mask uint8 // terrains required by neighbours, and which edges are constrained
}

// Game is the complete state of a game. Apply changes it one move at a
// time; every illegal move returns an *IllegalMoveError and leaves the
// state unchanged. A Game is not safe for concurrent use; Clone it.
type Game struct {
	rules    Rules
	nPlayers int
	names    []string

	bagCount [NumTileTypes]uint8
	bagLeft  int
	order    []TileID // prepared draw order; nil for a shuffled bag
	orderPos int

	tiles      []placed
	grid       grid
	frontier   []frontierSq // the empty squares next to tiles; up to date for the first fsync tiles only
	fsync      int
	nodes      []node
	towers     []tower
	cloister   []int16  // indices of the placed cloister tiles
	cloisterAt []Pos    // and their squares
	completed  [9]int16 // the cloisters completed by the last tile placed
	nCompleted int

	fol       [MaxPlayers][figuresPerPlayer]follower
	supply    [MaxPlayers]int8 // followers in supply (the phantom is not counted)
	floors    [MaxPlayers]int8
	score     [MaxPlayers]int
	prisoners [MaxPlayers][MaxPlayers]int8 // [holder][owner], the phantom included

	turn     int
	player   int
	phase    Phase
	drawn    TileID
	ransomed bool
	newTile  int // index of the tile placed this turn, -1 before
	grown    int // index of the tower grown this turn, -1 before

	events []Event
	stamp  []uint32 // scratch for counting distinct tiles
	stampN uint32
}

// Setup describes a new game.
type Setup struct {
	Players int // 1 to 6
	Rules   Rules
	// Bag, when not nil, replaces the box: the tiles of the game other
	// than the start tile. With Ordered they are drawn in exactly this order.
	Bag     []TileID
	Ordered bool
	// Names, if given, name the players in the reasons of illegal moves.
	Names []string
	// StartTile and StartRot set the start tile at (0,0); the zero values
	// are the rulebook's D unrotated.
	StartTile *TileID
	StartRot  Rotation
}

// BoxCount returns how many copies of t the box holds under rules r
// (0 for Tower tiles in a base-only game), the start tile included.
func BoxCount(t TileID, r Rules) int {
	tt := t.Type()
	if tt.Set == SetTower && r.BaseOnly {
		return 0
	}
	return tt.Count
}

// boxes holds BoxCount for every tile, with The Tower ([0]) and without
// ([1]), and their totals: every game without a Bag tag starts from one.
var boxes, boxTotals = func() (b [2][NumTileTypes]uint8, n [2]int) {
	for i, r := range [2]Rules{{}, {BaseOnly: true}} {
		for id := range Catalog {
			b[i][id] = uint8(BoxCount(TileID(id), r))
			n[i] += int(b[i][id])
		}
	}
	return b, n
}()

// NewGame sets up a game: the start tile placed, followers and floors in
// supply, the bag filled.
func NewGame(s Setup) (*Game, error) {
	g := &Game{}
	if err := g.Reset(s); err != nil {
		return nil, err
	}
	return g, nil
}

// Reset sets g up as NewGame(s) would, reusing the memory of its previous
// game: replaying game after game, a Game reset allocates nothing once it
// has held a game as large as the next. The previous game's state, events
// included, is gone. When s is not a valid setup Reset returns the error
// NewGame would, and g must be Reset again before it is used.
func (g *Game) Reset(s Setup) error {
	if s.Players < 1 || s.Players > MaxPlayers {
		return setupError("%d players: a game has 1 to %d", s.Players, MaxPlayers)
	}
	if s.Rules.Range > RangeDiagonal {
		return setupError("unknown range shape %d", s.Rules.Range)
	}
	if s.StartRot > R270 {
		return setupError("start rotation %d is not a quarter turn", s.StartRot)
	}
	start := StartTile
	if s.StartTile != nil {
		start = *s.StartTile
		if int(start) >= NumTileTypes {
			return setupError("unknown start tile %d", start)
		}
		if BoxCount(start, s.Rules) == 0 {
			return setupError("start tile %s is not in the box under rules %q", start, s.Rules)
		}
	}
	g.clearGrid()
	orderBuf := g.order[:0]
	*g = Game{
		rules: s.Rules, nPlayers: s.Players, names: s.Names, turn: 1, newTile: -1, grown: -1,
		tiles: g.tiles[:0], grid: g.grid, frontier: g.frontier[:0], nodes: g.nodes[:0],
		towers: g.towers[:0], cloister: g.cloister[:0], cloisterAt: g.cloisterAt[:0], events: g.events[:0], stamp: g.stamp,
	}
	if err := g.fillBag(s, start, orderBuf); err != nil {
		return err
	}
	n := g.bagLeft + 1
	g.tiles = reserve(g.tiles, n)
	if g.grid.cells == nil {
		g.grid = newGrid()
	}
	g.frontier = reserve(g.frontier, 2*n+4)
	g.nodes = reserve(g.nodes, 4*n+16) // tiles average under 4 segments
	if cap(g.stamp) < n {
		g.stamp = make([]uint32, n)
	} else {
		g.stamp = g.stamp[:n]
		clear(g.stamp)
	}
	g.events = reserve(g.events, n/2+16) // generated 4-player games average under 50 events
	floors := 0
	if s.Rules.Tower() {
		floors = FloorsPerPlayer(s.Players)
	}
	for p := 0; p < s.Players; p++ {
		g.supply[p] = FollowersPerPlayer
		g.floors[p] = int8(floors)
	}
	g.put(start, s.StartRot, Pos{})
	if g.bagLeft == 0 {
		// Nothing to draw: the game is over before it starts.
		g.finalScoring()
		g.phase = PhaseOver
	}
	return nil
}

// clearGrid empties the grid for the next game: the frontier's squares,
// and the whole grid when it is about the board's size, else the squares
// the game used (its tiles, their neighbours, the cloisters' surroundings).
func (g *Game) clearGrid() {
	if g.grid.cells == nil {
		return
	}
	for i := range g.frontier {
		g.grid.clearFront(g.frontier[i].pos)
	}
	if len(g.grid.cells) <= 4*len(g.tiles)*len(g.tiles) {
		// A grid about the size of the board: clearing all of it is
		// quicker than finding what the game used.
		clear(g.grid.cells)
		clear(g.grid.need)
		return
	}
	step := g.grid.steps()
	for i := range g.tiles {
		c := g.grid.index(g.tiles[i].pos)
		g.grid.cells[c] = 0
		g.grid.need[c] = 0
		for _, d := range step {
			g.grid.need[c+d] = 0
		}
	}
	for _, p := range g.cloisterAt {
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				g.grid.clear(Pos{p.X + dx, p.Y + dy})
			}
		}
	}
}

// reserve returns s, empty, with room for at least n elements.
func reserve[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, 0, n)
	}
	return s[:0]
}

// push appends a zero element to *s and returns it, to be filled in place.
// Appending a struct built as a value copies it with wide loads, which the
// processor cannot forward from the narrow stores that just built it; on
// the hot paths that stall costs more than the rest of the append.
func push[T any](s *[]T) *T {
	n := len(*s)
	if n < cap(*s) {
		*s = (*s)[:n+1]
		p := &(*s)[n]
		var zero T
		*p = zero
		return p
	}
	var zero T
	*s = append(*s, zero)
	return &(*s)[n]
}

// fillBag fills the bag from s; a prepared draw order is copied to buf's
// array.
func (g *Game) fillBag(s Setup, start TileID, buf []TileID) error {
	if s.Bag == nil {
		box := 0
		if s.Rules.BaseOnly {
			box = 1
		}
		g.bagCount = boxes[box]
		g.bagLeft = boxTotals[box]
		if g.bagCount[start] > 0 { // the start tile is in the box (Reset checked)
			g.bagCount[start]--
			g.bagLeft--
		}
		return nil
	}
	for _, t := range s.Bag {
		if int(t) >= NumTileTypes {
			return setupError("bag holds unknown tile %d", t)
		}
		if BoxCount(t, s.Rules) == 0 {
			return setupError("bag holds %s, which is not in the box under rules %q", t, s.Rules)
		}
		g.bagCount[t]++
	}
	for id := range Catalog {
		limit := BoxCount(TileID(id), s.Rules)
		if TileID(id) == start {
			limit--
		}
		if int(g.bagCount[id]) > limit {
			return setupError("bag holds %d × %s, the box has %d besides the start tile", g.bagCount[id], Catalog[id].ID, limit)
		}
	}
	g.bagLeft = len(s.Bag)
	if s.Ordered && len(s.Bag) > 0 {
		g.order = append(buf, s.Bag...)
	}
	return nil
}

// Clone returns an independent copy of the game.
func (g *Game) Clone() *Game {
	c := &Game{}
	g.CopyTo(c)
	return c
}

// CopyTo makes dst an independent copy of g, reusing dst's memory: a game
// copied into again and again, as rollouts do, allocates nothing once it
// has held a game as large. Whatever dst held is gone.
func (g *Game) CopyTo(dst *Game) {
	if dst == g {
		return
	}
	old := *dst
	*dst = *g
	dst.order = append(old.order[:0], g.order...)
	dst.tiles = append(slices.Grow(old.tiles[:0], cap(g.tiles)), g.tiles...)
	dst.grid = g.grid.copyTo(old.grid)
	dst.frontier = append(slices.Grow(old.frontier[:0], cap(g.frontier)), g.frontier...)
	dst.nodes = append(slices.Grow(old.nodes[:0], cap(g.nodes)), g.nodes...)
	dst.towers = append(old.towers[:0], g.towers...)
	dst.cloister = append(old.cloister[:0], g.cloister...)
	dst.cloisterAt = append(old.cloisterAt[:0], g.cloisterAt...)
	dst.events = append(old.events[:0], g.events...)
	dst.stamp = slices.Grow(old.stamp[:0], len(g.stamp))[:len(g.stamp)]
	clear(dst.stamp)
	dst.stampN = 0
}

// put places tile t at p without any check, merges its features with the
// neighbours' and updates cloister counts and towers. The frontier follows
// when it is needed (syncFrontier).
func (g *Game) put(t TileID, r Rotation, p Pos) int {
	idx := len(g.tiles)
	o := &orients[t][r]
	first := int32(len(g.nodes))
	pl := push(&g.tiles)
	pl.o, pl.tile, pl.rot, pl.pos, pl.node, pl.tower = o, t, r, p, first, -1
	if o.foundation && !g.rules.BaseOnly {
		pl.tower = int8(len(g.towers))
		g.towers = append(g.towers, tower{tile: int16(idx), guard: -1})
	}
	// The segments become new nodes, each a feature of its own. Every
	// field is set: the array is reused from game to game.
	k := int(o.nseg)
	g.nodes = slices.Grow(g.nodes, k)[:int(first)+k]
	for i, in := range o.init[:k] {
		n := &g.nodes[int(first)+i]
		n.parent, n.next, n.tile, n.nodeInit = first+int32(i), first+int32(i), int16(idx), in
	}
	g.grid.fit(p)
	g.nCompleted = 0
	c := g.grid.index(p)
	g.grid.put(c, int16(idx))
	// The neighbours are gathered without a branch per edge (whether a
	// square holds a tile is as good as random), then joined. (The loop
	// over the edges is written out.)
	var ns around
	side := g.grid.side // fit made room for the four neighbours
	ns.add(&g.grid, c-side, o.needs[North], North)
	ns.add(&g.grid, c+1, o.needs[East], East)
	ns.add(&g.grid, c+side, o.needs[South], South)
	ns.add(&g.grid, c-1, o.needs[West], West)
	for i := range ns.n {
		g.join(o, first, ns.edges[i], &g.tiles[ns.tiles[i]])
	}
	if g.grid.near(c) || o.cloister {
		g.countCloisterNeighbours(idx)
	}
	if o.cloister {
		g.grid.markNear(c)
	}
	return idx
}

// around gathers the tiles around a new tile.
type around struct {
	tiles [4]int16
	edges [4]Edge
	n     int
}

// add records what the new tile shows the square at cell qc across its
// edge e, and the tile there if there is one.
func (ns *around) add(g *grid, qc int, need uint16, e Edge) {
	g.need[qc] |= need
	v := g.at(qc)
	ns.tiles[ns.n], ns.edges[ns.n] = v, e
	ns.n += int(uint16(v)>>15) ^ 1 // v >= 0: a tile
}

// countCloisterNeighbours updates the neighbour counts of the cloisters
// around the new tile idx, and counts its own if it is a cloister; it
// notes the cloisters the tile completes, for scoreCompleted. There are
// few cloisters, so scanning them beats looking up 8 squares; put calls
// it only for a tile next to a cloister or that is one.
func (g *Game) countCloisterNeighbours(idx int) {
	p := g.tiles[idx].pos
	for i, q := range g.cloisterAt {
		if uint(q.X-p.X+1) <= 2 && uint(q.Y-p.Y+1) <= 2 {
			c := &g.tiles[g.cloister[i]]
			if c.nbrs++; c.nbrs == 8 {
				g.completed[g.nCompleted] = g.cloister[i]
				g.nCompleted++
			}
		}
	}
	if !g.tiles[idx].o.cloister {
		return
	}
	n := uint8(0)
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if (dx != 0 || dy != 0) && g.grid.get(Pos{p.X + dx, p.Y + dy}) >= 0 {
				n++
			}
		}
	}
	g.tiles[idx].nbrs = n
	if n == 8 {
		g.completed[g.nCompleted] = int16(idx)
		g.nCompleted++
	}
	g.cloister = append(g.cloister, int16(idx))
	g.cloisterAt = append(g.cloisterAt, p)
}

// syncFrontier brings the frontier up to date with the tiles placed since
// it was last needed. Replaying a record needs it only to check a discard,
// so placing a tile leaves it be; the generator needs it every turn. The
// tiles' effects are applied in the order they were placed, each judging
// its neighbours as they were then (a square taken by a later tile was
// empty), so the frontier and its order are what updating it at every
// placement would have made them.
func (g *Game) syncFrontier() {
	for ; g.fsync < len(g.tiles); g.fsync++ {
		idx := g.fsync
		t := &g.tiles[idx]
		c := g.grid.index(t.pos)
		if i := g.grid.frontAt(c); i >= 0 {
			g.removeFrontier(i)
		}
		step := g.grid.steps()
		for e := North; e <= West; e++ {
			qc := c + step[e]
			if v := g.grid.at(qc); v >= 0 && int(v) < idx {
				continue // a tile already then
			}
			bit := uint8(3) << (2 * e.Opposite())
			terr := uint8(t.o.terrain(e)) << (2 * e.Opposite())
			if i := g.grid.frontAt(qc); i >= 0 {
				f := &g.frontier[i]
				f.req |= terr
				f.mask |= bit
				continue
			}
			g.grid.setFront(qc, len(g.frontier))
			f := push(&g.frontier)
			f.pos, f.req, f.mask = t.pos.Step(e), terr, bit
		}
	}
}

// removeFrontier removes frontier entry i, moving the last one into its
// place.
func (g *Game) removeFrontier(i int) {
	last := len(g.frontier) - 1
	g.grid.clearFront(g.frontier[i].pos)
	if i != last {
		g.frontier[i] = g.frontier[last]
		g.grid.setFront(g.grid.index(g.frontier[i].pos), i)
	}
	g.frontier = g.frontier[:last]
}

// join merges the features of a new tile, turned as oa with its first
// node at na, across its edge e with the placed tile pb.
func (g *Game) join(oa *oriented, na int32, e Edge, pb *placed) {
	ob, nb := pb.orient(), pb.node
	f := e.Opposite()
	// The two edges show the same terrain (put follows checkPlacement),
	// so one switch on it says which segments meet, where a test per pair
	// of segments was mispredicted as terrains vary. A city edge has its
	// city and no field, a road edge its road and a field on either half,
	// a field edge fields only (TestEdgeSegments).
	switch oa.terrain(e) {
	case City:
		root := g.union(na+int32(oa.edgeSeg[e]), nb+int32(ob.edgeSeg[f]))
		g.nodes[root].open -= 2
	case Road:
		root := g.union(na+int32(oa.edgeSeg[e]), nb+int32(ob.edgeSeg[f]))
		g.nodes[root].open -= 2
		g.union(na+int32(oa.halfSeg[2*e]), nb+int32(ob.halfSeg[2*f+1]))
		g.union(na+int32(oa.halfSeg[2*e+1]), nb+int32(ob.halfSeg[2*f]))
	default:
		sa0, sb0 := oa.halfSeg[2*e], ob.halfSeg[2*f+1]
		g.union(na+int32(sa0), nb+int32(sb0))
		// Mostly one field on each side: the same two segments again are
		// joined already.
		if sa, sb := oa.halfSeg[2*e+1], ob.halfSeg[2*f]; sa != sa0 || sb != sb0 {
			g.union(na+int32(sa), nb+int32(sb))
		}
	}
}

// find returns the root of x's feature. Every node points at its root
// directly (union relabels the smaller feature), so finding is one read.
func (g *Game) find(x int32) int32 { return g.nodes[x].parent }

// union merges the features of a and b and returns the new root. The
// members of the smaller feature, reached through the circular member
// list, are relabelled with the larger one's root: each node is relabelled
// at most log2(n) times over a game.
func (g *Game) union(a, b int32) int32 {
	n := g.nodes
	a, b = n[a].parent, n[b].parent
	if a == b {
		return a
	}
	// a, b = b, a when a's feature is the smaller, without a branch (which
	// would be taken about as often as not).
	swap := int32(n[a].size-n[b].size) >> 31 // -1 when a's is smaller, else 0
	d := (a ^ b) & swap
	a, b = a^d, b^d
	na, nb := &n[a], &n[b]
	for x := b; ; {
		n[x].parent = a
		if x = n[x].next; x == b {
			break
		}
	}
	na.size += nb.size
	na.open += nb.open
	na.pennants += nb.pennants
	na.occupied += nb.occupied
	na.next, nb.next = nb.next, na.next
	return a
}

func popcount4(s EdgeSet) int {
	return int(s&1) + int(s>>1&1) + int(s>>2&1) + int(s>>3&1)
}

// fits reports whether oriented tile o may be placed on frontier square f.
func (f *frontierSq) fits(o *oriented) bool { return (o.sig^f.req)&f.mask == 0 }
