package engine

// FieldInfo describes a whole field: the completed cities it borders, which
// score 3 points each at the end of the game for the players with the
// most farmers on it, and those farmers.
type FieldInfo struct {
	Tiles   int   // distinct tiles
	Cities  int   // completed cities bordering it
	Farmers []int // by seat: the figures standing on it, a phantom included
}

// Leaders returns the seats with the most farmers on f, the players it
// would score for, in seat order; none when no farmer stands on it.
func (f FieldInfo) Leaders() []int {
	best := 0
	for _, n := range f.Farmers {
		best = max(best, n)
	}
	if best == 0 {
		return nil
	}
	var out []int
	for p, n := range f.Farmers {
		if n == best {
			out = append(out, p)
		}
	}
	return out
}

// FieldAt describes the field at spot s of the tile at p; false when no
// tile lies at p or s is not one of its fields.
func (g *Game) FieldAt(p Pos, s Spot) (FieldInfo, bool) {
	v := g.grid.get(p)
	if v < 0 || s.Kind != FeatureField {
		return FieldInfo{}, false
	}
	t := &g.tiles[v]
	seg := t.orient().find(s)
	if seg < 0 {
		return FieldInfo{}, false
	}
	return g.field(g.find(t.node + int32(seg))), true
}

// field describes the field with root r.
func (g *Game) field(r int32) FieldInfo {
	f := FieldInfo{Tiles: g.distinctTiles(r), Cities: g.completedCities(r), Farmers: make([]int, g.nPlayers)}
	if g.nodes[r].occupied == 0 {
		return f
	}
	for p := range g.nPlayers {
		figs := g.figures(p)
		for i := range figs {
			if figs[i].where == onFeature && g.find(figs[i].node) == r {
				f.Farmers[p]++
			}
		}
	}
	return f
}

// FieldJoin is a field that a placement makes: the new tile's field
// segments that are one field, and the fields of the board they join.
type FieldJoin struct {
	Spots  []Spot      // the new tile's segments in it, in the tile's order
	Fields []FieldInfo // the distinct fields of the board it joins, as they are before the placement
}

// JoinedFields returns the fields that tile t turned r, placed at p,
// would make, one for each field of the new tile: a field that meets
// nothing has no Fields, one that extends a field has one, and one that
// joins fields into one has two or more. The placement is not checked;
// nothing is returned when p is taken or t is no tile.
func (g *Game) JoinedFields(t TileID, r Rotation, p Pos) []FieldJoin {
	var out []FieldJoin
	for _, j := range g.joinedFields(t, r, p) {
		fj := FieldJoin{}
		for i := range int(j.o.nseg) {
			if j.segs&(1<<i) != 0 {
				fj.Spots = append(fj.Spots, j.o.spot(i))
			}
		}
		for _, root := range j.roots {
			fj.Fields = append(fj.Fields, g.field(root))
		}
		out = append(out, fj)
	}
	return out
}

// fieldJoin is a field a placement makes: the new tile's segments in it
// (bit i for segment i of o) and the roots of the fields it joins.
type fieldJoin struct {
	o     *oriented
	segs  uint8
	roots []int32
}

// joinedFields finds the fields that tile t turned r at p would make, in
// the order of their first segments.
func (g *Game) joinedFields(t TileID, r Rotation, p Pos) []fieldJoin {
	if int(t) >= NumTileTypes || g.grid.get(p) >= 0 {
		return nil
	}
	o := &orients[t][r&3]
	var met [maxSegs][]int32 // the roots each segment meets
	for e := North; e <= West; e++ {
		v := g.grid.get(p.Step(e))
		if v < 0 {
			continue
		}
		nb := &g.tiles[v]
		ob, f := nb.orient(), e.Opposite()
		for _, h := range [2][2]int{{2 * int(e), 2*int(f) + 1}, {2*int(e) + 1, 2 * int(f)}} {
			if a, b := o.halfSeg[h[0]], ob.halfSeg[h[1]]; a >= 0 && b >= 0 {
				if root := g.find(nb.node + int32(b)); !contains(met[a], root) {
					met[a] = append(met[a], root)
				}
			}
		}
	}
	var out []fieldJoin
	for i := range int(o.nseg) {
		if o.init[i].kind != FeatureField {
			continue
		}
		// Segment i joins every earlier join that meets one of its roots:
		// they become one.
		at := -1
		for k := range out {
			if out[k].segs == 0 || !sharesRoot(out[k].roots, met[i]) {
				continue
			}
			if at < 0 {
				at = k
				continue
			}
			out[at].segs |= out[k].segs
			for _, root := range out[k].roots {
				if !contains(out[at].roots, root) {
					out[at].roots = append(out[at].roots, root)
				}
			}
			out[k].segs, out[k].roots = 0, nil
		}
		if at < 0 {
			out = append(out, fieldJoin{o: o})
			at = len(out) - 1
		}
		out[at].segs |= 1 << i
		for _, root := range met[i] {
			if !contains(out[at].roots, root) {
				out[at].roots = append(out[at].roots, root)
			}
		}
	}
	kept := out[:0]
	for _, j := range out {
		if j.segs != 0 {
			kept = append(kept, j)
		}
	}
	return kept
}

// sharesRoot reports whether a and b hold a root in common.
func sharesRoot(a, b []int32) bool {
	for _, x := range b {
		if contains(a, x) {
			return true
		}
	}
	return false
}
