package engine

// Placement is a square and a rotation for a tile.
type Placement struct {
	Pos Pos
	Rot Rotation
}

// Placements appends to buf every legal placement of tile t on the current
// board and returns it. Rotations that look the same are listed each.
func (g *Game) Placements(t TileID, buf []Placement) []Placement {
	g.syncFrontier()
	os := &orients[t]
	for i := range g.frontier {
		f := &g.frontier[i]
		for r := R0; r <= R270; r++ {
			if f.fits(&os[r]) {
				buf = append(buf, Placement{f.pos, r})
			}
		}
	}
	return buf
}

// anyPlacement returns a legal placement of t, if there is one.
func (g *Game) anyPlacement(t TileID) (Placement, bool) {
	g.syncFrontier()
	os := &orients[t]
	for i := range g.frontier {
		f := &g.frontier[i]
		for r := R0; r <= R270; r++ {
			if f.fits(&os[r]) {
				return Placement{f.pos, r}, true
			}
		}
	}
	return Placement{}, false
}

// CanPlace reports whether tile t fits anywhere on the board.
func (g *Game) CanPlace(t TileID) bool {
	_, ok := g.anyPlacement(t)
	return ok
}

// LegalMoves appends to buf every legal move of the current phase and
// returns it. In the draw phase it lists one draw per tile type left in the
// bag (only the next one for a prepared order).
func (g *Game) LegalMoves(buf []Move) []Move {
	if g.phase == PhaseOver {
		return buf
	}
	buf = g.legalRansoms(buf)
	switch g.phase {
	case PhaseDraw:
		if g.order != nil {
			if g.orderPos < len(g.order) {
				buf = append(buf, Move{Kind: MoveDraw, Tile: g.order[g.orderPos]})
			}
			break
		}
		for id := range g.bagCount {
			if g.bagCount[id] > 0 {
				buf = append(buf, Move{Kind: MoveDraw, Tile: TileID(id)})
			}
		}
	case PhasePlace:
		n := len(buf)
		g.syncFrontier()
		os := &orients[g.drawn]
		for i := range g.frontier {
			f := &g.frontier[i]
			for r := R0; r <= R270; r++ {
				if f.fits(&os[r]) {
					buf = append(buf, Move{Kind: MovePlace, Pos: f.pos, Rot: r})
				}
			}
		}
		if len(buf) == n {
			buf = append(buf, Move{Kind: MoveDiscard})
		}
	case PhaseAction:
		buf = g.legalFollowers(buf)
		buf = g.legalTowerActions(buf)
		buf = append(buf, Move{Kind: MovePass})
	case PhaseCapture:
		buf = g.legalCaptures(buf)
		buf = append(buf, Move{Kind: MovePass})
	case PhasePhantom:
		buf = g.legalPhantoms(buf)
		buf = append(buf, Move{Kind: MovePass})
	case PhaseEnd:
		buf = append(buf, Move{Kind: MoveEndTurn})
	}
	return buf
}

func (g *Game) legalRansoms(buf []Move) []Move {
	p := g.player
	if !g.rules.Tower() || g.rules.NoRansom || g.ransomed || g.score[p] < RansomPrice {
		return buf
	}
	for h := 0; h < g.nPlayers; h++ {
		if h == p || g.prisoners[h][p] == 0 {
			continue
		}
		if !g.rules.Phantom || g.held(h, p, FigureFollower) > 0 {
			buf = append(buf, Move{Kind: MoveRansom, Payee: h, Owner: p})
		}
		if g.rules.Phantom && g.held(h, p, FigurePhantom) > 0 {
			buf = append(buf, Move{Kind: MoveRansom, Payee: h, Owner: p, Figure: FigurePhantom})
		}
	}
	return buf
}

// legalFollowers lists the figures the player may put on the tile just
// placed: followers, then the phantom.
func (g *Game) legalFollowers(buf []Move) []Move {
	if g.supply[g.player] > 0 {
		buf = g.legalSpots(buf, FigureFollower)
	}
	if g.rules.Phantom && g.phantomFree(g.player) {
		buf = g.legalSpots(buf, FigurePhantom)
	}
	return buf
}

// legalSpots lists the moves putting a figure of kind fig on the free
// features of the tile just placed.
func (g *Game) legalSpots(buf []Move, fig Figure) []Move {
	t := &g.tiles[g.newTile]
	o := t.orient()
	for i := range o.segs {
		if o.segs[i].kind == FeatureField && g.rules.NoFarmers {
			continue
		}
		if g.nodes[g.find(t.node+int32(i))].occupied == 0 {
			buf = append(buf, Move{Kind: MoveFollower, Spot: o.spot(i), Figure: fig})
		}
	}
	return buf
}

// legalPhantoms lists the second step's moves: the phantom on a free
// feature of the tile just placed or on top of an open tower.
func (g *Game) legalPhantoms(buf []Move) []Move {
	buf = g.legalSpots(buf, FigurePhantom)
	if !g.towerActions() {
		return buf
	}
	for i := range g.towers {
		if tw := &g.towers[i]; !tw.closed && tw.height > 0 {
			buf = append(buf, Move{Kind: MoveTowerFollower, Pos: g.tiles[tw.tile].pos, Figure: FigurePhantom})
		}
	}
	return buf
}

// towerActions reports whether the rules allow tower actions this turn.
func (g *Game) towerActions() bool {
	return g.rules.Tower() && !(g.rules.TowerTileActions && !g.tiles[g.newTile].o.foundation)
}

func (g *Game) legalTowerActions(buf []Move) []Move {
	if !g.towerActions() {
		return buf
	}
	phantom := g.rules.Phantom && g.phantomFree(g.player)
	for i := range g.towers {
		tw := &g.towers[i]
		if tw.closed {
			continue
		}
		pos := g.tiles[tw.tile].pos
		if g.floors[g.player] > 0 {
			buf = append(buf, Move{Kind: MoveFloor, Pos: pos})
		}
		if tw.height > 0 && g.supply[g.player] > 0 {
			buf = append(buf, Move{Kind: MoveTowerFollower, Pos: pos})
		}
		if phantom && tw.height > 0 {
			buf = append(buf, Move{Kind: MoveTowerFollower, Pos: pos, Figure: FigurePhantom})
		}
	}
	return buf
}

func (g *Game) legalCaptures(buf []Move) []Move {
	tw := &g.towers[g.grown]
	tp := g.tiles[tw.tile].pos
	for p := 0; p < g.nPlayers; p++ {
		if p == g.player && g.rules.NoOwnCapture {
			continue
		}
		choice := false
		if g.rules.Phantom {
			choice = g.exchangeChoice(p)
		}
		figs := g.figures(p)
		for i := range figs {
			f := &figs[i]
			var m Move
			switch f.where {
			case onFeature:
				t := &g.tiles[f.tile]
				m = Move{Kind: MoveCapture, Pos: t.pos, Spot: t.orient().spot(int(g.nodes[f.node].seg))}
			case onTower:
				if g.rules.GuardsSafe {
					continue
				}
				m = Move{Kind: MoveCapture, Pos: g.tiles[f.tile].pos, Spot: Spot{Kind: FeatureTower}}
			default:
				continue
			}
			if ok, _ := g.inRange(tp, int(tw.height), m.Pos); !ok {
				continue
			}
			m.Figure = figureAt(i)
			if !choice {
				buf = append(buf, m)
				continue
			}
			m.Back = ChoiceFollower
			buf = append(buf, m)
			m.Back = ChoicePhantom
			buf = append(buf, m)
		}
	}
	return buf
}
