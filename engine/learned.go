package engine

import (
	"math"
	"math/bits"
)

// StyleLearned is the rollout policy learned from real play: it chooses
// the placement of the tile drawn and the follower on it (or none)
// together, at random with probabilities proportional to exp(w · x / T),
// where x are the move's features (PolicyFeature), w the weights fitted
// by maximum likelihood on real games of strong players (PolicyWeights)
// and T the generator's Temperature. Towers, captures, the phantom and
// ransoms are played as StyleQuick plays them.
const StyleLearned Style = StyleQuick + 1

// PolicyFeature indexes the features of a move of the learned policy, all
// from the mover's side ("others" are the other players). Points are in
// tens; a feature's points, open edges and size are those after the tile
// is placed.
type PolicyFeature uint8

// The features of a move: first those of the placement (the same for
// every follower on it), then those of the follower.
const (
	FeatMyDone         PolicyFeature = iota // points the mover scores with what the placement completes, in tens
	FeatOthersDone                          // points the others score with it, in tens
	FeatMyGrown                             // the mover's unfinished cities and roads the tile extends
	FeatOthersGrown                         // the others' unfinished cities and roads it extends
	FeatMyOpen                              // change of the open edges of the mover's unfinished cities and roads
	FeatOthersOpen                          // change of the open edges of the others' unfinished cities and roads
	FeatJoined                              // features the tile joins that hold the mover's and another's followers
	FeatNeighbours                          // tiles next to the square, in quarters
	FeatHoles                               // empty squares next to it left with 3 or 4 tiles around
	FeatMyCloister                          // the mover's cloisters the tile neighbours
	FeatOthersCloister                      // the others' cloisters it neighbours
	FeatFieldsJoined                        // fields it joins that hold the mover's and another's farmers
	FeatNone                                // no follower
	FeatCity                                // a follower on a city
	FeatRoad                                // on a road
	FeatCloister                            // on a cloister
	FeatFarmer                              // on a field
	FeatFollowerDone                        // points the follower scores at once (its feature completed), in tens
	FeatCitySize                            // an unfinished city's tiles, in fives
	FeatCityOpen                            // an unfinished city's open edges, in quarters
	FeatRoadSize                            // an unfinished road's tiles, in fives
	FeatCloisterAround                      // an unfinished cloister's neighbours, in eighths
	FeatFarmerCities                        // a farmer's completed cities
	FeatFarmerLeft                          // a farmer times the share of the tiles left
	FeatFollowerLeft                        // a follower times the share of the tiles left
	FeatLastFollowers                       // a follower when the mover has at most 2 left
	FeatFollowerLead                        // a follower times the mover's lead, in fifties
	FeatFarmerOthers                        // a farmer on a field next to a field of another's farmer
	NumPolicyFeatures
)

var policyFeatureNames = [NumPolicyFeatures]string{
	"FeatMyDone", "FeatOthersDone", "FeatMyGrown", "FeatOthersGrown", "FeatMyOpen", "FeatOthersOpen",
	"FeatJoined", "FeatNeighbours", "FeatHoles", "FeatMyCloister", "FeatOthersCloister", "FeatFieldsJoined",
	"FeatNone", "FeatCity", "FeatRoad", "FeatCloister", "FeatFarmer", "FeatFollowerDone", "FeatCitySize",
	"FeatCityOpen", "FeatRoadSize", "FeatCloisterAround", "FeatFarmerCities", "FeatFarmerLeft",
	"FeatFollowerLeft", "FeatLastFollowers", "FeatFollowerLead", "FeatFarmerOthers",
}

// String returns the feature's name in Go: "FeatMyDone".
func (f PolicyFeature) String() string {
	if f < NumPolicyFeatures {
		return policyFeatureNames[f]
	}
	return "PolicyFeature?"
}

// PolicyMove is a move of the learned policy: a placement of the tile
// drawn and the follower put on it (Spot.Kind FeatureNone for none), with
// its features.
type PolicyMove struct {
	Placement
	Spot     Spot
	Features [NumPolicyFeatures]float64
}

// PolicyMoves appends to buf every move the learned policy chooses from
// in g, which must be in its place phase: each legal placement of the
// tile drawn, with no follower and with a follower on each free feature
// of the tile (when the mover has one and the rules allow it), and their
// features. It does not change g.
func (g *Game) PolicyMoves(buf []PolicyMove) []PolicyMove {
	if g.phase != PhasePlace {
		return buf
	}
	var sc policyScratch
	sc.begin(g)
	for _, p := range g.Placements(g.drawn, nil) {
		sc.placement(g, g.drawn, p)
		for k := range sc.n {
			m := PolicyMove{Placement: p, Features: sc.features(g, k)}
			if s := sc.seg[k]; s >= 0 {
				m.Spot = orients[g.drawn][p.Rot].spot(int(s))
			}
			buf = append(buf, m)
		}
	}
	return buf
}

// owned is a follower on a feature: the root of its feature and its
// player.
type owned struct {
	root   int32
	player int8
}

// group is a feature the new tile forms with what it joins: one or more
// of its segments and the features they meet.
type group struct {
	kind       FeatureKind
	segs       uint8 // bit i: the tile's segment i
	roots      [8]int32
	nroots     int
	matched    int // edges (road, city) met by a neighbour
	open, size int
	pennants   int
	rootsOpen  int
	count      [MaxPlayers]int8 // followers on it, by player
	occupied   bool
	cities     int // fields: completed cities bordering it, once counted (-1 before)
	others     bool
	completes  bool
}

// policyScratch holds what the learned policy computes for a turn: the
// followers on features, the fields' completed cities, and for the
// placement at hand its groups and its moves.
type policyScratch struct {
	owners []owned
	fields []int32 // roots of fields whose completed cities are in cities
	cities []int
	groups [maxSegs]group
	gid    [maxSegs]int8
	place  [NumPolicyFeatures]float64
	seg    [maxSegs + 1]int8 // the moves of the placement: -1 none, else the segment
	n      int
	o      *oriented
	pos    Pos
	lead   float64
	left   float64
}

// begin prepares the scratch for the turn of g.
func (sc *policyScratch) begin(g *Game) {
	g.syncFrontier() // holes reads it
	sc.owners, sc.fields, sc.cities = sc.owners[:0], sc.fields[:0], sc.cities[:0]
	for p := range g.nPlayers {
		for i := range g.fol[p] {
			if f := &g.fol[p][i]; f.where == onFeature {
				sc.owners = append(sc.owners, owned{g.find(f.node), int8(p)})
			}
		}
	}
	best := math.MinInt
	for p := range g.nPlayers {
		if p != g.player {
			best = max(best, g.score[p])
		}
	}
	if best == math.MinInt {
		best = 0
	}
	sc.lead = float64(g.score[g.player]-best) / 50
	total := g.bagLeft + len(g.tiles)
	sc.left = float64(g.bagLeft) / float64(max(total, 1))
}

// fieldCities returns the completed cities bordering the field with root
// r, computed once a turn.
func (sc *policyScratch) fieldCities(g *Game, r int32) int {
	for i, f := range sc.fields {
		if f == r {
			return sc.cities[i]
		}
	}
	c := g.completedCities(r)
	sc.fields, sc.cities = append(sc.fields, r), append(sc.cities, c)
	return c
}

// placement computes the groups and the placement's features of tile t at
// p, and lists its moves in sc.seg.
func (sc *policyScratch) placement(g *Game, t TileID, p Placement) {
	o := &orients[t][p.Rot]
	sc.o, sc.pos = o, p.Pos
	k := int(o.nseg)
	for i := range k {
		sc.gid[i] = int8(i)
		gr := &sc.groups[i]
		// Field by field: roots needs no clearing, nroots says how much
		// of it holds.
		gr.kind, gr.segs, gr.nroots, gr.matched = o.init[i].kind, 1<<i, 0, 0
		gr.open, gr.size, gr.pennants, gr.rootsOpen = int(o.init[i].open), 1, int(o.init[i].pennants), 0
		gr.count, gr.occupied, gr.cities, gr.others, gr.completes = [MaxPlayers]int8{}, false, -1, false, false
	}
	neighbours := 0
	for e := North; e <= West; e++ {
		v := g.grid.get(p.Pos.Step(e))
		if v < 0 {
			continue
		}
		neighbours++
		nb := &g.tiles[v]
		ob, f := nb.orient(), e.Opposite()
		switch o.terrain(e) {
		case City, Road:
			sc.meet(g, int(o.edgeSeg[e]), g.find(nb.node+int32(ob.edgeSeg[f])), true)
		}
		if a, b := o.halfSeg[2*e], ob.halfSeg[2*f+1]; a >= 0 && b >= 0 {
			sc.meet(g, int(a), g.find(nb.node+int32(b)), false)
		}
		if a, b := o.halfSeg[2*e+1], ob.halfSeg[2*f]; a >= 0 && b >= 0 {
			sc.meet(g, int(a), g.find(nb.node+int32(b)), false)
		}
	}
	sc.place = [NumPolicyFeatures]float64{}
	sc.place[FeatNeighbours] = float64(neighbours) / 4
	sc.place[FeatHoles] = float64(holes(g, p.Pos))
	me := g.player
	// Cities and roads first: the fields count the cities completed now.
	for i := range k {
		gr := &sc.groups[i]
		if sc.gid[i] != int8(i) || (gr.kind != FeatureCity && gr.kind != FeatureRoad) {
			continue
		}
		gr.open = gr.open + gr.rootsOpen - 2*gr.matched
		gr.completes = gr.open <= 0
		sc.scoreGroup(g, gr, me)
	}
	for i := range k {
		gr := &sc.groups[i]
		if sc.gid[i] != int8(i) || gr.kind != FeatureField {
			continue
		}
		sc.fieldGroup(g, gr, me)
	}
	sc.cloisters(g, p.Pos, me)
	sc.n = 0
	sc.seg[sc.n] = -1
	sc.n++
	if g.supply[me] == 0 {
		return
	}
	for i := range k {
		gr := &sc.groups[sc.gid[i]]
		if gr.occupied || gr.kind == FeatureField && g.rules.NoFarmers {
			continue
		}
		sc.seg[sc.n] = int8(i)
		sc.n++
	}
}

// meet records that segment i of the new tile meets the feature with root
// r across an edge (edge: a city or road edge, not a half-edge).
func (sc *policyScratch) meet(g *Game, i int, r int32, edge bool) {
	gr := &sc.groups[sc.gid[i]]
	if edge {
		gr.matched++
	}
	for k := range int(sc.o.nseg) {
		if k == i || sc.gid[k] == sc.gid[i] {
			continue
		}
		// Another of the tile's segments meets r too: they are one feature.
		og := &sc.groups[sc.gid[k]]
		for _, x := range og.roots[:og.nroots] {
			if x == r {
				sc.merge(sc.gid[i], sc.gid[k])
				gr = &sc.groups[sc.gid[i]]
				break
			}
		}
	}
	for _, x := range gr.roots[:gr.nroots] {
		if x == r {
			return
		}
	}
	if gr.nroots == len(gr.roots) {
		return
	}
	gr.roots[gr.nroots] = r
	gr.nroots++
	n := &g.nodes[r]
	gr.rootsOpen += int(n.open)
	gr.size += int(n.size)
	gr.pennants += int(n.pennants)
	if n.occupied > 0 {
		gr.occupied = true
		for _, w := range sc.owners {
			if w.root == r {
				gr.count[w.player]++
			}
		}
	}
}

// merge joins group b into group a.
func (sc *policyScratch) merge(a, b int8) {
	if a == b {
		return
	}
	ga, gb := &sc.groups[a], &sc.groups[b]
	ga.segs |= gb.segs
	ga.matched += gb.matched
	ga.open += gb.open
	ga.size += gb.size
	ga.pennants += gb.pennants
	for _, r := range gb.roots[:gb.nroots] {
		dup := false
		for _, x := range ga.roots[:ga.nroots] {
			dup = dup || x == r
		}
		if dup || ga.nroots == len(ga.roots) {
			continue
		}
		ga.roots[ga.nroots] = r
		ga.nroots++
	}
	ga.rootsOpen += gb.rootsOpen // shared roots are rare: counted twice
	ga.occupied = ga.occupied || gb.occupied
	for p := range ga.count {
		ga.count[p] += gb.count[p]
	}
	for i := range sc.gid {
		if sc.gid[i] == b {
			sc.gid[i] = a
		}
	}
}

// scoreGroup adds a city or road group's part to the placement's
// features.
func (sc *policyScratch) scoreGroup(g *Game, gr *group, me int) {
	mine, others := sc.holders(g, gr, me)
	if mine > 0 && others > 0 && gr.nroots > 1 {
		sc.place[FeatJoined]++
	}
	if gr.nroots == 0 || !gr.occupied {
		return
	}
	if gr.completes {
		pts := float64(gr.size)
		if gr.kind == FeatureCity {
			pts = 2 * float64(gr.size+gr.pennants)
		}
		top := max(mine, others)
		if mine == top {
			sc.place[FeatMyDone] += pts / 10
		}
		if others == top {
			sc.place[FeatOthersDone] += pts / 10
		}
		return
	}
	delta := float64(gr.open - gr.rootsOpen)
	if mine > 0 {
		sc.place[FeatMyGrown]++
		sc.place[FeatMyOpen] += delta
	}
	if others > 0 {
		sc.place[FeatOthersGrown]++
		sc.place[FeatOthersOpen] += delta
	}
}

// holders returns the mover's followers on a group and the most of any
// other player's.
func (sc *policyScratch) holders(g *Game, gr *group, me int) (mine, others int) {
	for p := range g.nPlayers {
		if p == me {
			mine = int(gr.count[p])
		} else {
			others = max(others, int(gr.count[p]))
		}
	}
	return mine, others
}

// fieldGroup adds a field group's part to the placement's features.
func (sc *policyScratch) fieldGroup(g *Game, gr *group, me int) {
	mine, others := sc.holders(g, gr, me)
	if mine > 0 && others > 0 && gr.nroots > 1 {
		sc.place[FeatFieldsJoined]++
	}
	gr.others = others > 0
}

// groupCities returns the completed cities bordering a field group:
// those of the fields it joins and those of the tile's cities the
// placement completes. Only a farmer's move needs them, so they are
// counted when one asks.
func (sc *policyScratch) groupCities(g *Game, gr *group) int {
	if gr.cities >= 0 {
		return gr.cities
	}
	n := 0
	for _, r := range gr.roots[:gr.nroots] {
		n += sc.fieldCities(g, r)
	}
	for i := range int(sc.o.nseg) {
		if gr.segs&(1<<i) == 0 {
			continue
		}
		for m := sc.o.init[i].cities; m != 0; m &= m - 1 {
			c := bits.TrailingZeros8(m)
			if cg := &sc.groups[sc.gid[c]]; cg.completes && cg.nroots > 0 {
				n++
			}
		}
	}
	gr.cities = n
	return n
}

// cloisters adds the cloisters next to p to the placement's features.
func (sc *policyScratch) cloisters(g *Game, p Pos, me int) {
	if !g.grid.near(g.grid.index(p)) {
		return // no cloister among the eight squares around p
	}
	for i, q := range g.cloisterAt {
		if uint(q.X-p.X+1) > 2 || uint(q.Y-p.Y+1) > 2 {
			continue
		}
		t := &g.tiles[g.cloister[i]]
		owner, _ := g.figureOn(g.cloisterNode(t))
		switch {
		case owner < 0:
		case owner == me:
			sc.place[FeatMyCloister]++
			if t.nbrs == 7 {
				sc.place[FeatMyDone] += 0.9
			}
		default:
			sc.place[FeatOthersCloister]++
			if t.nbrs == 7 {
				sc.place[FeatOthersDone] += 0.9
			}
		}
	}
}

// holes counts the empty squares next to p that have 3 or 4 tiles around
// them once a tile is at p: those of the frontier (synced) with two or
// more tiles next to them already.
func holes(g *Game, p Pos) int {
	n := 0
	for e := North; e <= West; e++ {
		c := g.grid.index(p.Step(e))
		if c < 0 || g.grid.at(c) >= 0 {
			continue
		}
		// A frontier square's mask has two bits per edge a tile meets.
		if f := g.grid.frontAt(c); f >= 0 && bits.OnesCount8(g.frontier[f].mask) >= 4 {
			n++
		}
	}
	return n
}

// features returns the features of move k of the placement at hand.
func (sc *policyScratch) features(g *Game, k int) [NumPolicyFeatures]float64 {
	x := sc.place
	sc.action(g, k, &x)
	return x
}

// action sets the features of the follower of move k of the placement at
// hand (some of those from FeatNone on) in x; the others are left as they
// were.
func (sc *policyScratch) action(g *Game, k int, x *[NumPolicyFeatures]float64) {
	s := sc.seg[k]
	if s < 0 {
		x[FeatNone] = 1
		return
	}
	gr := &sc.groups[sc.gid[s]]
	x[FeatFollowerLeft] = sc.left
	x[FeatFollowerLead] = sc.lead
	if g.supply[g.player] <= 2 {
		x[FeatLastFollowers] = 1
	}
	switch gr.kind {
	case FeatureCity:
		x[FeatCity] = 1
		if gr.completes {
			x[FeatFollowerDone] = 2 * float64(gr.size+gr.pennants) / 10
		} else {
			x[FeatCitySize] = float64(gr.size+gr.pennants) / 5
			x[FeatCityOpen] = float64(gr.open) / 4
		}
	case FeatureRoad:
		x[FeatRoad] = 1
		if gr.completes {
			x[FeatFollowerDone] = float64(gr.size) / 10
		} else {
			x[FeatRoadSize] = float64(gr.size) / 5
		}
	case FeatureCloister:
		x[FeatCloister] = 1
		around := cloisterAround(g, sc.pos)
		if around == 8 {
			x[FeatFollowerDone] = 0.9
		} else {
			x[FeatCloisterAround] = float64(around) / 8
		}
	case FeatureField:
		x[FeatFarmer] = 1
		x[FeatFarmerCities] = float64(sc.groupCities(g, gr))
		x[FeatFarmerLeft] = sc.left
		if sc.fieldNearOthers(g, gr) {
			x[FeatFarmerOthers] = 1
		}
	}
}

// fieldNearOthers reports whether another player's farmer stands on a
// field of the tile's other segments: a field across a road or a city
// from this one.
func (sc *policyScratch) fieldNearOthers(g *Game, gr *group) bool {
	for i := range int(sc.o.nseg) {
		og := &sc.groups[sc.gid[i]]
		if og != gr && og.kind == FeatureField && og.others {
			return true
		}
	}
	return false
}

// cloisterAround counts the tiles around square p.
func cloisterAround(g *Game, p Pos) int {
	n := 0
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if (dx != 0 || dy != 0) && g.grid.get(Pos{p.X + dx, p.Y + dy}) >= 0 {
				n++
			}
		}
	}
	return n
}

// PolicyWeights are the learned policy's weights, by PolicyFeature:
// fitted by scripts/policy-fit on the development corpus (docs/review.md).
var PolicyWeights = policyWeights

// DefaultTemperature is the learned policy's temperature when the
// generator's is 0: the fitted model's own.
const DefaultTemperature = 1.0

// learnedChoice chooses the placement of the tile drawn and the segment of
// the follower on it (-1 for none) at random, with probability
// proportional to exp(w · x / T).
func (gen *Generator) learnedChoice(g *Game) (Placement, int8) {
	sc := &gen.pol
	sc.begin(g)
	inv := 1 / gen.temperature()
	gen.choices = gen.choices[:0]
	gen.weights = gen.weights[:0]
	top := math.Inf(-1)
	w := &PolicyWeights
	var x [NumPolicyFeatures]float64
	places := gen.place
	if k := gen.Breadth; k > 0 && len(places) > k {
		// A partial shuffle draws k placements at random.
		for i := range k {
			j := i + gen.rng.IntN(len(places)-i)
			places[i], places[j] = places[j], places[i]
		}
		places = places[:k]
	}
	for _, p := range places {
		sc.placement(g, g.drawn, p)
		base := 0.0
		for f := range FeatNone {
			base += w[f] * sc.place[f]
		}
		for k := range sc.n {
			sc.action(g, k, &x)
			v := base
			for f := FeatNone; f < NumPolicyFeatures; f++ {
				v += w[f] * x[f]
				x[f] = 0
			}
			v *= inv
			top = max(top, v)
			gen.choices = append(gen.choices, choice{p, sc.seg[k]})
			gen.weights = append(gen.weights, v)
		}
	}
	sum := 0.0
	for i, v := range gen.weights {
		gen.weights[i] = math.Exp(v - top)
		sum += gen.weights[i]
	}
	u := gen.rng.Float64() * sum
	for i, w := range gen.weights {
		if u -= w; u < 0 {
			return gen.choices[i].Placement, gen.choices[i].seg
		}
	}
	c := gen.choices[len(gen.choices)-1]
	return c.Placement, c.seg
}

// choice is a move of the learned policy as it samples them.
type choice struct {
	Placement
	seg int8
}

func (gen *Generator) temperature() float64 {
	if gen.Temperature > 0 {
		return gen.Temperature
	}
	return DefaultTemperature
}

// learnedTurn plays one turn of StyleLearned.
func (gen *Generator) learnedTurn(g *Game) error {
	if err := gen.quickRansom(g); err != nil {
		return err
	}
	seg := int8(-1)
	err := gen.drawAndPlace(g, func() Placement {
		var p Placement
		p, seg = gen.learnedChoice(g)
		return p
	})
	if err != nil {
		return err
	}
	if g.phase == PhaseAction && seg >= 0 {
		if err := gen.apply(g, Move{Kind: MoveFollower, Spot: g.tiles[g.newTile].o.spot(int(seg)), Figure: FigureFollower}); err != nil {
			return err
		}
	}
	if g.phase == PhaseAction {
		if err := gen.apply(g, gen.quickFloor(g)); err != nil {
			return err
		}
	}
	return gen.quickRest(g)
}
