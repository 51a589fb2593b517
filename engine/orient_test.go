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
