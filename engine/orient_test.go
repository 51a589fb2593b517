package engine

import "testing"

// findBySearch is the plain definition of oriented.find: the first segment
// of the spot's kind with the spot's edges (roads, cities) or half-edges
// (fields); any cloister.
func findBySearch(o *oriented, s Spot) int {
	for i, seg := range o.segs {
		if seg.kind != s.Kind {
			continue
		}
		switch s.Kind {
		case FeatureRoad, FeatureCity:
			if seg.edges == s.Edges {
				return i
			}
		case FeatureField:
			if seg.halves == s.Halves {
				return i
			}
		case FeatureCloister:
			return i
		}
	}
	return -1
}

// TestFindEverySpot checks the edge and half-edge lookup of find against a
// search of the segments, for every tile in every rotation and every spot
// a record can name (any set of edges or half-edges, valid or not).
func TestFindEverySpot(t *testing.T) {
	for id := range Catalog {
		for r := R0; r <= R270; r++ {
			o := &orients[id][r]
			for k := FeatureNone; k <= FeatureTower+1; k++ {
				for bitsSet := 0; bitsSet < 256; bitsSet++ {
					for _, s := range []Spot{
						{Kind: k, Edges: EdgeSet(bitsSet)},
						{Kind: k, Halves: HalfSet(bitsSet)},
						{Kind: k, Edges: EdgeSet(bitsSet), Halves: HalfSet(bitsSet)},
					} {
						if got, want := o.find(s), findBySearch(o, s); got != want {
							t.Fatalf("%s %s: find(%+v) = %d, want %d", Catalog[id].ID, r, s, got, want)
						}
					}
				}
			}
			for i := range o.segs {
				if got := o.find(o.spot(i)); got != i {
					t.Errorf("%s %s: segment %d (%s) is found as %d", Catalog[id].ID, r, i, o.spot(i), got)
				}
			}
		}
	}
}

// TestOrientedInline checks the per-segment arrays of every orientation,
// which placing and scoring read, against its full segments.
func TestOrientedInline(t *testing.T) {
	for id := range Catalog {
		for r := R0; r <= R270; r++ {
			o := &orients[id][r]
			if int(o.nseg) != len(o.segs) {
				t.Fatalf("%s %s: nseg %d, %d segments", Catalog[id].ID, r, o.nseg, len(o.segs))
			}
			for i, s := range o.segs {
				closing := s.kind == FeatureRoad || s.kind == FeatureCity
				mask, open := uint8(s.halves), uint8(0)
				if closing {
					mask, open = uint8(s.edges), uint8(popcount4(s.edges))
				}
				pennants := int8(0)
				if s.pennant {
					pennants = 1
				}
				want := nodeInit{seg: uint8(i), kind: s.kind, size: 1, open: int16(open), pennants: pennants, cities: o.init[i].cities}
				if o.init[i] != want || o.mask[i] != mask || (o.closing>>i&1 == 1) != closing {
					t.Errorf("%s %s segment %d (%s): node %+v mask %#x closing %v", Catalog[id].ID, r, i, o.spot(i), o.init[i], o.mask[i], o.closing>>i&1 == 1)
				}
			}
			for i, s := range o.segs {
				var cities uint8
				for _, c := range s.cities {
					if o.segs[c].kind != FeatureCity {
						t.Errorf("%s %s: field %d borders segment %d, not a city", Catalog[id].ID, r, i, c)
					}
					cities |= 1 << c
				}
				if o.init[i].cities != cities {
					t.Errorf("%s %s segment %d: cities %#b, want %#b", Catalog[id].ID, r, i, o.init[i].cities, cities)
				}
			}
			for e := North; e <= West; e++ {
				// The neighbour across e meets this tile on its opposite edge.
				theirs := e.Opposite()
				want := uint16(Catalog[id].Edges[(int(e)-int(r))&3])<<(2*theirs) | 3<<(8+2*theirs)
				if o.needs[e] != want {
					t.Errorf("%s %s edge %s: needs %#x, want %#x", Catalog[id].ID, r, e, o.needs[e], want)
				}
			}
			if o.closing>>len(o.segs) != 0 {
				t.Errorf("%s %s: bits beyond the segments", Catalog[id].ID, r)
			}
		}
	}
}

// TestEdgeSegments checks what join takes for granted of every tile in
// every rotation: a city edge holds a city and no field, a road edge a
// road and a field on either half (the same one where the road ends), a
// field edge no road or city and a field on either half.
func TestEdgeSegments(t *testing.T) {
	for id := range Catalog {
		for r := R0; r <= R270; r++ {
			o := &orients[id][r]
			for e := North; e <= West; e++ {
				seg, h0, h1 := o.edgeSeg[e], o.halfSeg[2*e], o.halfSeg[2*e+1]
				var ok bool
				switch o.terrain(e) {
				case City:
					ok = seg >= 0 && o.init[seg].kind == FeatureCity && h0 < 0 && h1 < 0
				case Road:
					ok = seg >= 0 && o.init[seg].kind == FeatureRoad && h0 >= 0 && h1 >= 0
				case Field:
					ok = seg < 0 && h0 >= 0 && h1 >= 0
				}
				if !ok {
					t.Errorf("%s %s edge %s (%s): segment %d, half-edges %d and %d", Catalog[id].ID, r, e, o.terrain(e), seg, h0, h1)
				}
			}
		}
	}
}
