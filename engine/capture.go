package engine

// capture takes the follower at m.Spot of the tile at m.Pos with the tower
// grown this turn.
func (g *Game) capture(m *Move) error {
	if g.phase != PhaseCapture {
		return g.wrongPhase(m)
	}
	tw := &g.towers[g.grown]
	tp := g.tiles[tw.tile].pos
	v := g.grid.get(m.Pos)
	if v < 0 {
		return g.illegal(ViolationCapture, m, "there is no tile at %s", m.Pos)
	}
	if ok, why := g.inRange(tp, int(tw.height), m.Pos); !ok {
		return g.illegal(ViolationRange, m, "%s is out of range of the tower at %s (height %d): %s", m.Pos, tp, tw.height, why)
	}
	var owner, i int
	if m.Spot.Kind == FeatureTower {
		t := &g.tiles[v]
		if t.tower < 0 || g.towers[t.tower].guard < 0 {
			return g.illegal(ViolationCapture, m, "no follower stands on a tower at %s", m.Pos)
		}
		if g.rules.GuardsSafe {
			return g.illegal(ViolationGuardCapture, m, "followers on towers cannot be captured (rule guard-capture=no)")
		}
		owner = int(g.towers[t.tower].guard)
		i = g.figureOnTower(owner, int16(v))
	} else {
		t := &g.tiles[v]
		seg := t.orient().find(m.Spot)
		if seg < 0 {
			return g.illegal(ViolationCapture, m, "tile %s at %s %s has no %s; its spots are %s", t.tile, m.Pos, t.rot, describeSpot(m.Spot), t.orient().spotList())
		}
		if owner, i = g.figureOn(t.node + int32(seg)); i < 0 {
			return g.illegal(ViolationCapture, m, "no follower stands on the %s at %s %s", m.Spot.Kind, m.Pos, m.Spot)
		}
	}
	if owner == g.player && g.rules.NoOwnCapture {
		return g.illegal(ViolationOwnCapture, m, "a player cannot capture its own follower (rule own-capture=no)")
	}
	if g.rules.Phantom || m.Figure != FigureFollower || m.Back != ChoiceNone {
		if err := g.checkCaptured(m, owner, i); err != nil {
			return err
		}
	}

	fig := figureAt(i)
	ev := push(&g.events)
	ev.Kind, ev.Turn, ev.Player, ev.Other, ev.Pos, ev.Height = EventCapture, g.turn, g.player, owner, tp, int(tw.height)
	ev.Target, ev.Distance, ev.Feature = m.Pos, abs(m.Pos.X-tp.X)+abs(m.Pos.Y-tp.Y), m.Spot.Kind
	ev.Phantoms = phantomBit(owner, fig)
	f := &g.fol[owner][i]
	if f.where == onTower {
		gt := &g.towers[g.tiles[f.tile].tower]
		gt.guard = -1
		gt.closed = g.rules.NoReopen
	} else {
		g.nodes[g.find(f.node)].occupied--
		g.leaveFeature(f)
	}
	if owner == g.player {
		g.toSupply(owner, i)
	} else {
		*f = follower{where: inPrison, holder: int8(g.player)}
		g.prisoners[g.player][owner]++
		g.exchange(g.player, owner, fig, m.Back)
	}
	g.acted()
	return nil
}

// exchange returns one prisoner each way when a and b hold each other's
// figures, right after a captured b's figure of kind fig: that figure goes
// back to b, and the one of a's that back chooses (or the only kind b
// holds) to a.
func (g *Game) exchange(a, b int, fig Figure, back Choice) {
	if g.prisoners[a][b] == 0 || g.prisoners[b][a] == 0 {
		return
	}
	mine := FigureFollower
	if back == ChoicePhantom || back == ChoiceNone && g.held(b, a, FigureFollower) == 0 {
		mine = FigurePhantom
	}
	g.release(b, a, fig)
	g.release(a, b, mine)
	ev := push(&g.events)
	ev.Kind, ev.Turn, ev.Player, ev.Other = EventExchange, g.turn, a, b
	ev.Phantoms = phantomBit(a, mine) | phantomBit(b, fig)
}

// figureOn returns the owner of the figure standing on segment node nd and
// its slot in Game.fol, or -1 and -1.
func (g *Game) figureOn(nd int32) (int, int) {
	h := int(g.nodes[nd].holder) - 1
	if h < 0 {
		return -1, -1
	}
	p := h / figuresPerPlayer
	return p, h - p*figuresPerPlayer
}

// figureOnTower returns the slot of p's figure on top of the tower on
// tile.
func (g *Game) figureOnTower(p int, tile int16) int {
	for i := range g.fol[p] {
		f := &g.fol[p][i]
		if f.where == onTower && f.tile == tile {
			return i
		}
	}
	panic("engine: tower guard out of step") // unreachable: guard and follower are set together
}

// inRange reports whether a tower at t of height h reaches square q under
// the game's rules, and if not, why.
func (g *Game) inRange(t Pos, h int, q Pos) (bool, string) {
	dx, dy := q.X-t.X, q.Y-t.Y
	d := abs(dx) + abs(dy)
	reach := h
	if g.rules.Range == RangeShort {
		reach = h - 1
	}
	if g.rules.Range != RangeDiagonal && dx != 0 && dy != 0 {
		return false, "not in the same row or column"
	}
	if d > reach {
		return false, "it is " + tiles(d) + " away and the tower reaches " + itoa(reach)
	}
	if g.rules.GapsBlock && !g.pathOccupied(t, q) {
		return false, "an empty square lies between them (rule gaps=block)"
	}
	return true, ""
}

// pathOccupied reports whether a shortest path of placed tiles leads from t
// to q (a straight line when they share a row or column).
func (g *Game) pathOccupied(t, q Pos) bool {
	dx, dy := sign(q.X-t.X), sign(q.Y-t.Y)
	w, h := abs(q.X-t.X), abs(q.Y-t.Y)
	// reach[i][j]: the square t+(i*dx, j*dy) is reachable through placed tiles.
	reach := make([]bool, (w+1)*(h+1))
	for j := 0; j <= h; j++ {
		for i := 0; i <= w; i++ {
			if g.grid.get(Pos{t.X + i*dx, t.Y + j*dy}) < 0 {
				continue
			}
			reach[j*(w+1)+i] = (i == 0 && j == 0) || (i > 0 && reach[j*(w+1)+i-1]) || (j > 0 && reach[(j-1)*(w+1)+i])
		}
	}
	return reach[len(reach)-1]
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func sign(v int) int {
	switch {
	case v < 0:
		return -1
	case v > 0:
		return 1
	}
	return 0
}

// tiles spells a number of tiles: "1 tile", "3 tiles".
func tiles(n int) string {
	if n == 1 {
		return "1 tile"
	}
	return itoa(n) + " tiles"
}

func itoa(v int) string {
	if v < 0 {
		return "-" + itoa(-v)
	}
	if v < 10 {
		return string(rune('0' + v))
	}
	return itoa(v/10) + string(rune('0'+v%10))
}
