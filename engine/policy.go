package engine

// Style selects the generator's way of playing.
type Style uint8

// Generator styles.
const (
	// StyleRandom plays uniformly random legal moves with a bias towards
	// tower play: fast, and exercises every rule. The default.
	StyleRandom Style = iota
	// StyleGreedy plays like a sensible beginner: it values each placement
	// by what it scores and grows, puts followers where points are likely,
	// and uses towers to capture valuable opposing followers or free its
	// own stuck ones. About a hundred times slower than StyleRandom.
	StyleGreedy
)

// greedyTurn plays one turn of StyleGreedy.
func (gen *Generator) greedyTurn(g *Game) error {
	if g.score[g.player] >= 2*RansomPrice || g.supply[g.player] == 0 {
		if err := gen.maybeRansom(g); err != nil {
			return err
		}
	}
	if err := gen.drawAndPlace(g, func() Placement { return gen.bestPlacement(g) }); err != nil {
		return err
	}
	if g.phase == PhaseAction {
		m, capture := gen.bestAction(g)
		if err := gen.apply(g, m); err != nil {
			return err
		}
		if g.phase == PhaseCapture {
			if capture.Kind != MoveCapture {
				capture = Move{Kind: MovePass}
			}
			if err := gen.apply(g, capture); err != nil {
				return err
			}
		}
	}
	if g.phase == PhasePhantom {
		m, v := gen.bestSpot(g, FigurePhantom)
		if v <= 0 {
			m = Move{Kind: MovePass}
		}
		if err := gen.apply(g, m); err != nil {
			return err
		}
	}
	return gen.apply(g, Move{Kind: MoveEndTurn})
}

// bestPlacement values each legal placement of the drawn tile on a copy of
// the game: the points it scores now for the mover against the best
// opponent, the best follower it offers, and how snugly it fits.
func (gen *Generator) bestPlacement(g *Game) Placement {
	best, bestV := gen.place[0], -1e9
	me := g.player
	for _, p := range gen.place {
		c := g.Clone()
		if c.Apply(Move{Kind: MovePlace, Pos: p.Pos, Rot: p.Rot}) != nil {
			continue
		}
		v := 0.0
		if _, fv := gen.bestSpot(c, FigureFollower); fv > 0 {
			v += fv
		}
		before := c.score
		c.endTurn(&Move{Kind: MoveEndTurn})
		v += 1.5 * float64(c.score[me]-before[me])
		for o := 0; o < c.nPlayers; o++ {
			if o != me {
				v -= float64(c.score[o] - before[o])
			}
		}
		v += 0.3*float64(neighbours(g, p.Pos)) + 0.2*gen.rng.Float64()
		if v > bestV {
			best, bestV = p, v
		}
	}
	return best
}

func neighbours(g *Game, p Pos) int {
	n := 0
	for e := North; e <= West; e++ {
		if g.grid.get(p.Step(e)) >= 0 {
			n++
		}
	}
	return n
}

// bestSpot returns the most promising placement of a figure of kind fig
// on the tile just placed and its value (0 or less: not worth it).
func (gen *Generator) bestSpot(g *Game, fig Figure) (Move, float64) {
	var best Move
	bestV := 0.0
	if fig == FigureFollower && g.supply[g.player] == 0 || fig == FigurePhantom && !g.phantomFree(g.player) {
		return best, 0
	}
	t := &g.tiles[g.newTile]
	o := t.orient()
	late := g.bagLeft < 25
	for i := range o.segs {
		s := &o.segs[i]
		if s.kind == FeatureField && (g.rules.NoFarmers || !late) {
			continue
		}
		r := g.find(t.node + int32(i))
		if g.nodes[r].occupied > 0 {
			continue
		}
		v := gen.stake(g, r, t)
		if fig == FigureFollower && g.supply[g.player] <= 2 {
			v -= 2
		}
		if v > bestV {
			best, bestV = Move{Kind: MoveFollower, Spot: o.spot(i), Figure: fig}, v
		}
	}
	return best, bestV
}

// stake estimates what a follower on the feature with root r is worth.
func (gen *Generator) stake(g *Game, r int32, t *placed) float64 {
	n := &g.nodes[r]
	switch n.kind {
	case FeatureCity:
		size := float64(g.distinctTiles(r) + int(n.pennants))
		if n.open == 0 {
			return 2 * size
		}
		return 1.3*size - 0.4*float64(n.open) + 1
	case FeatureRoad:
		size := float64(g.distinctTiles(r))
		if n.open == 0 {
			return size
		}
		return size + 0.5
	case FeatureCloister:
		return float64(1+t.nbrs) * 0.8
	case FeatureField:
		return 3*float64(g.completedCities(r)) - 1
	}
	return 0
}

// bestAction chooses between a follower on the new tile, a tower floor
// with a capture (valued with what the phantom may claim after it), and a
// follower onto a tower.
func (gen *Generator) bestAction(g *Game) (Move, Move) {
	fm, fv := gen.bestSpot(g, FigureFollower)
	gen.buf = g.legalTowerActions(gen.buf[:0])
	var bestFloor, bestCapture Move
	capV := 0.0
	for _, m := range gen.buf {
		if m.Kind != MoveFloor {
			continue
		}
		c := g.Clone()
		if c.Apply(m) != nil {
			continue
		}
		for _, cm := range c.legalCaptures(nil) {
			v := gen.captureValue(c, cm)
			if c.rules.Phantom {
				v += gen.phantomAfter(c, cm)
			}
			if v > capV {
				capV, bestFloor, bestCapture = v, m, cm
			}
		}
	}
	switch {
	case capV > fv && capV >= 3:
		return bestFloor, bestCapture
	case fv > 0:
		return fm, Move{}
	}
	// Nothing much to do: build a tower up now and then, or guard one.
	for _, m := range gen.buf {
		if m.Kind == MoveTowerFollower && g.supply[g.player] > 3 && gen.rng.IntN(4) == 0 {
			return m, Move{}
		}
	}
	for _, m := range gen.buf {
		if m.Kind == MoveFloor && gen.rng.IntN(3) == 0 {
			return m, Move{Kind: MovePass}
		}
	}
	return Move{Kind: MovePass}, Move{}
}

// captureValue values a capture: an opponent's follower on a valuable
// feature, a guard (it reopens a tower), or one's own follower stuck on a
// field when the supply is empty.
func (gen *Generator) captureValue(g *Game, m Move) float64 {
	v := g.grid.get(m.Pos)
	t := &g.tiles[v]
	if m.Spot.Kind == FeatureTower {
		if int(g.towers[t.tower].guard) == g.player {
			return 0
		}
		return 4
	}
	seg := t.orient().find(m.Spot)
	nd := t.node + int32(seg)
	owner, _ := g.figureOn(nd)
	stake := gen.stake(g, g.find(nd), t)
	if owner == g.player {
		if g.supply[g.player] == 0 && g.nodes[g.find(nd)].kind == FeatureField {
			return 3
		}
		return 0
	}
	return stake + 1
}

// phantomAfter values the phantom's step after capture m: what the best
// spot for the phantom on the new tile is worth once m has emptied it.
func (gen *Generator) phantomAfter(g *Game, m Move) float64 {
	c := g.Clone()
	if c.Apply(m) != nil {
		return 0
	}
	_, v := gen.bestSpot(c, FigurePhantom)
	return max(v, 0)
}
