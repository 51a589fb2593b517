package engine

import "math/bits"

// endTurn scores what the turn completed and passes the turn on; after the
// last tile it scores the game.
func (g *Game) endTurn(m *Move) error {
	switch g.phase {
	case PhaseAction, PhaseCapture, PhasePhantom, PhaseEnd:
	default:
		return g.wrongPhase(m)
	}
	if g.newTile >= 0 {
		g.scoreCompleted(g.newTile)
	}
	over := g.bagLeft == 0
	if over {
		g.finalScoring() // its events belong to the last turn played
	}
	g.turn++
	if g.player++; g.player == g.nPlayers { // not %: a division costs more
		g.player = 0
	}
	g.phase = PhaseDraw
	g.ransomed = false
	g.newTile = -1
	g.grown = -1
	if over {
		g.phase = PhaseOver
	}
	return nil
}

// scoreCompleted scores the roads, cities and cloisters completed by tile idx.
func (g *Game) scoreCompleted(idx int) {
	t := &g.tiles[idx]
	o := t.orient()
	var done [8]int32
	nd := 0
	for m := o.closing; m != 0; m &= m - 1 {
		r := g.find(t.node + int32(bits.TrailingZeros8(m)))
		if g.nodes[r].open != 0 || contains(done[:nd], r) {
			continue
		}
		done[nd] = r
		nd++
		g.scoreFeature(r, false)
	}
	for _, c := range g.completed[:g.nCompleted] {
		g.scoreFeature(g.cloisterNode(&g.tiles[c]), false)
	}
}

func contains(s []int32, v int32) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

func (g *Game) cloisterNode(t *placed) int32 {
	return t.node + int32(t.orient().nseg) - 1
}

// scoreFeature scores the feature with root r for the majority of its
// followers and, during play, returns them to supply. It does nothing for
// a feature without followers.
func (g *Game) scoreFeature(r int32, final bool) {
	if g.nodes[r].occupied == 0 {
		return
	}
	// The feature's segments name their followers: walk them until every
	// follower is found.
	var count [MaxPlayers]int
	var phantoms uint8
	left := g.nodes[r].occupied
	for x := r; ; {
		if h := int(g.nodes[x].holder) - 1; h >= 0 {
			p, i := h/figuresPerPlayer, h%figuresPerPlayer
			count[p]++
			if i == phantomSlot {
				phantoms |= 1 << p
			}
			if !final {
				g.toSupply(p, i)
			}
			if left--; left == 0 {
				break
			}
		}
		if x = g.nodes[x].next; x == r {
			break
		}
	}
	g.award(r, count, phantoms, final)
}

// award scores the feature with root r for the players with the most
// followers in count (ties all score) and records the event; phantoms has
// bit p set when p's phantom stands on the feature.
func (g *Game) award(r int32, count [MaxPlayers]int, phantoms uint8, final bool) {
	best := 0
	for p := 0; p < g.nPlayers; p++ {
		best = max(best, count[p])
	}
	var scorers uint8
	for p := 0; p < g.nPlayers; p++ {
		if count[p] == best {
			scorers |= 1 << p
		}
	}
	ev := push(&g.events)
	g.value(ev, r, final)
	ev.Scorers, ev.Phantoms = scorers, phantoms
	for p := 0; p < g.nPlayers; p++ {
		if scorers&(1<<p) != 0 {
			g.score[p] += ev.Points
		}
	}
	if !final {
		g.nodes[r].occupied = 0 // the followers went back to supply
	}
	if ev.Points == 0 {
		g.events = g.events[:len(g.events)-1] // nothing scored, nothing to report
	}
}

// value fills ev, a zero event, with the score of the feature with root r.
func (g *Game) value(ev *Event, r int32, final bool) {
	n := &g.nodes[r]
	t := &g.tiles[n.tile]
	ev.Kind, ev.Turn, ev.Player, ev.Feature, ev.Final, ev.Pos = EventScore, g.turn, g.player, n.kind, final, t.pos
	switch n.kind {
	case FeatureCloister:
		ev.Size = 1 + int(t.nbrs)
		ev.Points = ev.Size
		if t.nbrs == 8 {
			ev.Points = 9
		}
	case FeatureRoad:
		ev.Size = g.distinctTiles(r)
		ev.Points = ev.Size
	case FeatureCity:
		ev.Size = g.distinctTiles(r)
		ev.Pennants = int(n.pennants)
		ev.Points = ev.Size + ev.Pennants
		if n.open == 0 && !(g.rules.TinyCity2 && ev.Size == 2) {
			ev.Points *= 2
		}
	case FeatureField:
		ev.Size = g.completedCities(r)
		ev.Points = 3 * ev.Size
	}
}

// distinctTiles counts the tiles of the feature with root r (a feature can
// pass through one tile twice).
func (g *Game) distinctTiles(r int32) int {
	g.stampN++
	if g.stampN == 0 {
		clear(g.stamp)
		g.stampN = 1
	}
	if len(g.stamp) < len(g.tiles) {
		g.stamp = append(g.stamp, make([]uint32, len(g.tiles)-len(g.stamp))...)
	}
	n := 0
	x := r
	for {
		t := g.nodes[x].tile
		if g.stamp[t] != g.stampN {
			g.stamp[t] = g.stampN
			n++
		}
		x = g.nodes[x].next
		if x == r {
			return n
		}
	}
}

// completedCities counts the completed cities bordering the field with root r.
func (g *Game) completedCities(r int32) int {
	var seen []int32
	var buf [16]int32
	seen = buf[:0]
	x := r
	for {
		nd := &g.nodes[x]
		first := x - int32(nd.seg) // a tile's segments are consecutive nodes
		for m := nd.cities; m != 0; m &= m - 1 {
			cr := g.find(first + int32(bits.TrailingZeros8(m)))
			if g.nodes[cr].open == 0 && !contains(seen, cr) {
				seen = append(seen, cr)
			}
		}
		x = nd.next
		if x == r {
			return len(seen)
		}
	}
}

// finalScoring scores every feature that still holds followers: incomplete
// roads, cities and cloisters, and fields (unless farmers are off). Each
// follower's feature is found once; followers stay where they are.
func (g *Game) finalScoring() {
	var roots [MaxPlayers * figuresPerPlayer]int32
	var owners [MaxPlayers * figuresPerPlayer]int8 // the owner's seat; +MaxPlayers for a phantom
	n := 0
	for p := 0; p < g.nPlayers; p++ {
		figs := g.figures(p)
		for i := range figs {
			if f := &figs[i]; f.where == onFeature {
				roots[n], owners[n] = g.find(f.node), int8(p)
				if i == phantomSlot {
					owners[n] += MaxPlayers
				}
				n++
			}
		}
	}
	for i := 0; i < n; i++ {
		r := roots[i]
		if contains(roots[:i], r) {
			continue // scored through an earlier follower
		}
		if g.nodes[r].kind == FeatureField && g.rules.NoFarmers {
			continue
		}
		var count [MaxPlayers]int
		var phantoms uint8
		for j := i; j < n; j++ {
			if roots[j] == r {
				p := owners[j] % MaxPlayers
				count[p]++
				if owners[j] >= MaxPlayers {
					phantoms |= 1 << p
				}
			}
		}
		g.award(r, count, phantoms, true)
	}
}
