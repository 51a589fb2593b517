package engine

import "math/bits"

// FeatureKind is the kind of feature a follower can stand on.
type FeatureKind uint8

// Feature kinds. FeatureTower is the top of a tower (never part of a road,
// city, field or cloister).
const (
	FeatureNone FeatureKind = iota
	FeatureRoad
	FeatureCity
	FeatureField
	FeatureCloister
	FeatureTower
)

var featureNames = [...]string{"none", "road", "city", "field", "cloister", "tower"}

func (k FeatureKind) String() string {
	if int(k) < len(featureNames) {
		return featureNames[k]
	}
	return "feature?"
}

// Spot names a place for a follower on a placed tile, in board orientation
// (after rotation): a road or city by its edges, a field by its half-edges
// (none for an enclosed field), the cloister, or the tower.
type Spot struct {
	Kind   FeatureKind
	Edges  EdgeSet // roads and cities
	Halves HalfSet // fields
}

// String gives the CGN spelling: "C:N", "R:WE", "F:NL.NR", "F:I", "M", "T".
func (s Spot) String() string {
	switch s.Kind {
	case FeatureRoad:
		return "R:" + s.Edges.String()
	case FeatureCity:
		return "C:" + s.Edges.String()
	case FeatureField:
		return "F:" + s.Halves.String()
	case FeatureCloister:
		return "M"
	case FeatureTower:
		return "T"
	}
	return "?"
}

// segment is a feature segment of an oriented tile.
type segment struct {
	kind    FeatureKind
	edges   EdgeSet
	halves  HalfSet
	pennant bool
	cities  []int8 // fields: indices of bordering city segments
}

// maxSegs bounds the segments of a tile (the catalog's most is 8).
const maxSegs = 8

// oriented is a tile type turned by a rotation, precomputed for placement.
// What placing, deploying and scoring read lies in the struct itself,
// about one cache line: separate arrays per orientation (the segments as
// template nodes, as they once were) miss the cache on most placements.
type oriented struct {
	sig     uint8     // edge terrains, 2 bits per edge, N in the low bits
	edgeSeg [4]int8   // road or city segment on each edge, -1 on a field edge
	halfSeg [8]int8   // field segment on each half-edge, -1 where none
	needs   [4]uint16 // what the neighbour across each edge needs of its tile there, as grid.need holds it

	nseg    uint8             // segments
	init    [maxSegs]nodeInit // each segment as a new union-find node: kind, open edges, pennants
	mask    [maxSegs]uint8    // its edges (road, city) or half-edges (field)
	closing uint8             // bit i: segment i is a road or city, which a placement may complete

	// Copied from the tile type, which lies farther away in memory.
	cloister, foundation bool

	segs []segment // the segments in full, for the colder paths
}

// orients holds every tile type in every rotation.
var orients = func() (o [NumTileTypes][4]oriented) {
	for id := range Catalog {
		for r := R0; r <= R270; r++ {
			o[id][r] = orient(&Catalog[id], r)
		}
	}
	return o
}()

// orient turns t by r. Segments are ordered cities, roads, fields, cloister.
func orient(t *TileType, r Rotation) oriented {
	o := oriented{cloister: t.Cloister, foundation: t.HasFoundation()}
	for e := North; e <= West; e++ {
		o.sig |= uint8(t.Edges[e]) << (2 * ((uint(e) + uint(r)) & 3))
	}
	for e := North; e <= West; e++ {
		shift := 2 * e.Opposite()
		o.needs[e] = uint16(o.terrain(e))<<shift | 3<<(8+shift)
	}
	for i := range o.edgeSeg {
		o.edgeSeg[i] = -1
	}
	for i := range o.halfSeg {
		o.halfSeg[i] = -1
	}
	add := func(s segment) {
		idx := int8(len(o.segs))
		for e := North; e <= West; e++ {
			if s.edges.Has(e) {
				o.edgeSeg[e] = idx
			}
		}
		for h := Nw; h <= Wn; h++ {
			if s.halves&(1<<h) != 0 {
				o.halfSeg[h] = idx
			}
		}
		o.segs = append(o.segs, s)
	}
	for _, c := range t.Cities {
		add(segment{kind: FeatureCity, edges: c.Edges.Rotate(r), pennant: c.Pennant})
	}
	for _, rd := range t.Roads {
		add(segment{kind: FeatureRoad, edges: rd.Edges.Rotate(r)})
	}
	for _, f := range t.Fields {
		s := segment{kind: FeatureField, halves: f.Halves.Rotate(r)}
		for _, c := range f.Cities {
			s.cities = append(s.cities, int8(c))
		}
		add(s)
	}
	if t.Cloister {
		add(segment{kind: FeatureCloister})
	}
	if len(o.segs) > maxSegs {
		panic("engine: tile " + t.ID + " has more than maxSegs segments")
	}
	o.nseg = uint8(len(o.segs))
	for i, s := range o.segs {
		in := &o.init[i]
		in.seg, in.kind, in.size = uint8(i), s.kind, 1
		if s.kind == FeatureRoad || s.kind == FeatureCity {
			o.mask[i] = uint8(s.edges)
			in.open = int16(popcount4(s.edges))
			o.closing |= 1 << i
		} else {
			o.mask[i] = uint8(s.halves)
		}
		for _, c := range s.cities {
			in.cities |= 1 << c
		}
		if s.pennant {
			in.pennants = 1
		}
	}
	return o
}

// terrain returns the terrain of edge e of an oriented tile.
func (o *oriented) terrain(e Edge) Terrain { return Terrain(o.sig>>(2*e)) & 3 }

// find returns the index of the segment at spot s, or -1. A road or city
// is looked up by one of its edges and a field by one of its half-edges,
// instead of searching the segments.
func (o *oriented) find(s Spot) int {
	i := int8(-1)
	switch s.Kind {
	case FeatureRoad, FeatureCity:
		if s.Edges != 0 {
			i = o.edgeSeg[bits.TrailingZeros8(uint8(s.Edges))&3]
		}
		if i >= 0 && (o.init[i].kind != s.Kind || o.mask[i] != uint8(s.Edges)) {
			i = -1
		}
	case FeatureField:
		if s.Halves == 0 {
			return o.enclosedField()
		}
		if i = o.halfSeg[bits.TrailingZeros8(uint8(s.Halves))]; i >= 0 && o.mask[i] != uint8(s.Halves) {
			i = -1
		}
	case FeatureCloister:
		if o.cloister {
			return int(o.nseg) - 1 // the cloister comes last
		}
	}
	return int(i)
}

// enclosedField returns the index of a field that touches no edge, or -1.
func (o *oriented) enclosedField() int {
	for i := range int(o.nseg) {
		if o.init[i].kind == FeatureField && o.mask[i] == 0 {
			return i
		}
	}
	return -1
}

// spotList names every spot of the tile in CGN, for messages.
func (o *oriented) spotList() string {
	out := ""
	for i := range o.segs {
		if i > 0 {
			out += " "
		}
		out += o.spot(i).String()
	}
	return out
}

// spot returns the Spot naming segment i.
func (o *oriented) spot(i int) Spot {
	s := &o.segs[i]
	return Spot{Kind: s.kind, Edges: s.edges, Halves: s.halves}
}
