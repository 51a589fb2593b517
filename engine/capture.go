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
		return g.illegal(RuleCapture, m, "there is no tile at %s", m.Pos)
	}
	if ok, why := g.inRange(tp, int(tw.height), m.Pos); !ok {
		return g.illegal(RuleRange, m, "%s is out of range of the tower at %s (height %d): %s", m.Pos, tp, tw.height, why)
	}
	var f *follower
	owner := -1
	if m.Spot.Kind == FeatureTower {
		t := &g.tiles[v]
		if t.tower < 0 || g.towers[t.tower].guard < 0 {
			return g.illegal(RuleCapture, m, "no follower stands on a tower at %s", m.Pos)
		}
		if g.rules.GuardsSafe {
			return g.illegal(RuleGuardCapture, m, "followers on towers cannot be captured (rule guard-capture=no)")
		}
		owner = int(g.towers[t.tower].guard)
		f = g.followerOnTower(owner, int16(v))
	} else {
		t := &g.tiles[v]
		seg := t.orient().find(m.Spot)
		if seg < 0 {
			return g.illegal(RuleCapture, m, "tile %s at %s %s has no %s; its spots are %s", t.tile, m.Pos, t.rot, describeSpot(m.Spot), t.orient().spotList())
		}
		owner, f = g.followerOn(t.node + int32(seg))
		if f == nil {
			return g.illegal(RuleCapture, m, "no follower stands on the %s at %s %s", m.Spot.Kind, m.Pos, m.Spot)
		}
	}
	if owner == g.player && g.rules.NoOwnCapture {
		return g.illegal(RuleOwnCapture, m, "a player cannot capture its own follower (rule own-capture=no)")
	}

	ev := push(&g.events)
	ev.Kind, ev.Turn, ev.Player, ev.Other, ev.Pos, ev.Height = EventCapture, g.turn, g.player, owner, tp, int(tw.height)
	ev.Target, ev.Distance, ev.Feature = m.Pos, abs(m.Pos.X-tp.X)+abs(m.Pos.Y-tp.Y), m.Spot.Kind
	if f.where == onTower {
		gt := &g.towers[g.tiles[f.tile].tower]
		gt.guard = -1
		gt.closed = g.rules.NoReopen
	} else {
		g.nodes[g.find(f.node)].occupied--
		g.leaveFeature(f)
	}
	if owner == g.player {
		g.toSupply(owner, f)
	} else {
		*f = follower{where: inPrison, holder: int8(g.player)}
		g.prisoners[g.player][owner]++
		g.exchange(g.player, owner)
	}
	g.phase = PhaseEnd
	return nil
}

// exchange returns one prisoner each way when a and b hold each other's
// followers.
func (g *Game) exchange(a, b int) {
	if g.prisoners[a][b] == 0 || g.prisoners[b][a] == 0 {
		return
	}
	g.release(b, a)
	g.release(a, b)
	ev := push(&g.events)
	ev.Kind, ev.Turn, ev.Player, ev.Other = EventExchange, g.turn, a, b
}

// followerOn returns the owner and the follower standing on segment node
// nd, or -1 and nil.
func (g *Game) followerOn(nd int32) (int, *follower) {
	h := int(g.nodes[nd].holder) - 1
	if h < 0 {
		return -1, nil
	}
	p := h / FollowersPerPlayer
	return p, &g.fol[p][h-p*FollowersPerPlayer]
}

func (g *Game) followerOnTower(p int, tile int16) *follower {
	for i := range g.fol[p] {
		f := &g.fol[p][i]
		if f.where == onTower && f.tile == tile {
			return f
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
