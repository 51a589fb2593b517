package engine

import (
	"fmt"
	"reflect"
	"testing"
)

// TestFieldAt: a hand-built board. The start tile D's city is closed by E
// turned 180° above it: a completed city of 2 tiles. D's field north of
// its road borders it, as does the E's field, a field of its own (the
// E's field meets nothing of D). U east of D carries D's two fields on;
// Anna (seat 0) farms the north one on the U, Bruno (1) the E's.
func TestFieldAt(t *testing.T) {
	g := newTestGame(t, 2, Rules{})
	lay(t, g, "E@0,-1r180 U@1,0r0")
	stand(t, g, 0, 1, 0, "F:NL.NR.EL.WR")
	stand(t, g, 1, 0, -1, "F:NL.NR.EL.ER.WL.WR")
	for _, c := range []struct {
		x, y int
		spot string
		want FieldInfo
	}{
		{0, 0, "F:EL.WR", FieldInfo{Tiles: 2, Cities: 1, Farmers: []int{1, 0}}},
		{1, 0, "F:NL.NR.EL.WR", FieldInfo{Tiles: 2, Cities: 1, Farmers: []int{1, 0}}},
		{0, 0, "F:ER.SL.SR.WL", FieldInfo{Tiles: 2, Cities: 0, Farmers: []int{0, 0}}},
		{0, -1, "F:NL.NR.EL.ER.WL.WR", FieldInfo{Tiles: 1, Cities: 1, Farmers: []int{0, 1}}},
	} {
		got, ok := g.FieldAt(Pos{c.x, c.y}, spot(t, c.spot))
		if !ok || !reflect.DeepEqual(got, c.want) {
			t.Errorf("field %s at %d,%d: %+v (%v), want %+v", c.spot, c.x, c.y, got, ok, c.want)
		}
	}
	for _, c := range []struct {
		x, y int
		spot string
	}{{5, 5, "F:NL.NR.EL.WR"}, {0, 0, "C:N"}, {0, 0, "F:NL"}, {0, 0, "F:I"}} {
		if f, ok := g.FieldAt(Pos{c.x, c.y}, spot(t, c.spot)); ok {
			t.Errorf("field %s at %d,%d: %+v, want none", c.spot, c.x, c.y, f)
		}
	}
}

// TestJoinedFields: on the board of TestFieldAt, a cloister B at (1,−1)
// lies above the U and right of the E: its field meets Anna's field
// across its south edge and Bruno's across its west edge, and joins them
// (South is looked at before West). A U at (−1,0) carries D's two fields
// on, one field each, joining nothing.
func TestJoinedFields(t *testing.T) {
	g := newTestGame(t, 2, Rules{})
	lay(t, g, "E@0,-1r180 U@1,0r0")
	stand(t, g, 0, 1, 0, "F:NL.NR.EL.WR")
	stand(t, g, 1, 0, -1, "F:NL.NR.EL.ER.WL.WR")
	b, u := tileID(t, "B"), tileID(t, "U")
	got := g.JoinedFields(b, 0, Pos{1, -1})
	want := []FieldJoin{{
		Spots: []Spot{spot(t, "F:NL.NR.EL.ER.SL.SR.WL.WR")},
		Fields: []FieldInfo{
			{Tiles: 2, Cities: 1, Farmers: []int{1, 0}},
			{Tiles: 1, Cities: 1, Farmers: []int{0, 1}},
		},
	}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("B at 1,-1 joins %+v, want %+v", got, want)
	}
	got = g.JoinedFields(u, 0, Pos{-1, 0})
	want = []FieldJoin{
		{Spots: []Spot{spot(t, "F:NL.NR.EL.WR")}, Fields: []FieldInfo{{Tiles: 2, Cities: 1, Farmers: []int{1, 0}}}},
		{Spots: []Spot{spot(t, "F:ER.SL.SR.WL")}, Fields: []FieldInfo{{Tiles: 2, Cities: 0, Farmers: []int{0, 0}}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("U at -1,0 joins %+v, want %+v", got, want)
	}
	// Placed, the B makes one field of the two: both farmers on it, both
	// leading, the one completed city counted once.
	lay(t, g, "B@1,-1r0")
	f, ok := g.FieldAt(Pos{1, -1}, spot(t, "F:NL.NR.EL.ER.SL.SR.WL.WR"))
	if want := (FieldInfo{Tiles: 4, Cities: 1, Farmers: []int{1, 1}}); !ok || !reflect.DeepEqual(f, want) {
		t.Errorf("after the B: %+v, want %+v", f, want)
	}
	if l := f.Leaders(); !reflect.DeepEqual(l, []int{0, 1}) {
		t.Errorf("leaders %v, want [0 1]", l)
	}
	if g.JoinedFields(u, 0, Pos{1, -1}) != nil || g.JoinedFields(TileID(NumTileTypes), 0, Pos{9, 9}) != nil {
		t.Error("a taken square or no tile joins fields")
	}
}

// TestLeaders: the most farmers lead, ties all; no farmer, no leader.
func TestLeaders(t *testing.T) {
	for _, c := range []struct {
		farmers, want []int
	}{{[]int{0, 0, 0}, nil}, {[]int{1, 2, 0}, []int{1}}, {[]int{2, 0, 2}, []int{0, 2}}} {
		if got := (FieldInfo{Farmers: c.farmers}).Leaders(); !reflect.DeepEqual(got, c.want) {
			t.Errorf("farmers %v: leaders %v, want %v", c.farmers, got, c.want)
		}
	}
}

// TestJoinedFieldsAsPlaced: in generated games, at every placement of a
// tile drawn, each field JoinedFields foresees is what placing it makes:
// its segments end in one field, apart from the other foreseen fields,
// and the fields of the board it names are exactly those now in it; the
// farmers add up.
func TestJoinedFieldsAsPlaced(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 3
	}
	gen := NewGenerator()
	var ps []Placement
	for i := range games {
		opts := GenOptions{Players: 2 + i%3, Rules: propertyRules[i%len(propertyRules)], Seed: uint64(100 + i)}
		_, ms, err := gen.Generate(opts)
		if err != nil {
			t.Fatal(err)
		}
		g, err := NewGame(Setup{Players: opts.Players, Rules: opts.Rules})
		if err != nil {
			t.Fatal(err)
		}
		checked := 0
		for _, m := range ms {
			if m.Kind == MovePlace {
				ps = g.Placements(g.drawn, ps[:0])
				for _, p := range ps {
					if err := checkJoins(g, g.drawn, p); err != nil {
						t.Fatalf("game %d turn %d, %s at %s r%d: %v", i, g.turn, g.drawn, p.Pos, p.Rot, err)
					}
					checked++
				}
			}
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
		if checked == 0 {
			t.Fatalf("game %d: no placement checked", i)
		}
	}
}

// checkJoins places t at p on a clone of g and compares the fields made
// with those g.joinedFields foresaw.
func checkJoins(g *Game, t TileID, p Placement) error {
	joins := g.joinedFields(t, p.Rot, p.Pos)
	pub := g.JoinedFields(t, p.Rot, p.Pos)
	c := g.Clone()
	idx := c.put(t, p.Rot, p.Pos)
	nt := &c.tiles[idx]
	var afterRoots []int32
	fields := 0
	for i := range int(nt.o.nseg) {
		if nt.o.init[i].kind == FeatureField {
			fields++
		}
	}
	covered := 0
	for k, j := range joins {
		root := int32(-1)
		for i := range int(nt.o.nseg) {
			if j.segs&(1<<i) == 0 {
				continue
			}
			covered++
			r := c.find(nt.node + int32(i))
			if root >= 0 && r != root {
				return fmt.Errorf("join %d: segments in two fields", k)
			}
			root = r
		}
		if root < 0 || contains(afterRoots, root) {
			return fmt.Errorf("join %d: no segment, or the field of another join", k)
		}
		afterRoots = append(afterRoots, root)
		// The before-roots of the old nodes now in the field.
		var was []int32
		for x := root; ; {
			if c.nodes[x].tile != int16(idx) {
				if r := g.find(x); !contains(was, r) {
					was = append(was, r)
				}
			}
			if x = c.nodes[x].next; x == root {
				break
			}
		}
		if len(was) != len(j.roots) || !sharesAll(was, j.roots) {
			return fmt.Errorf("join %d: fields %v, foreseen %v", k, was, j.roots)
		}
		after := c.field(root)
		sum := make([]int, g.nPlayers)
		for _, f := range pub[k].Fields {
			for q, n := range f.Farmers {
				sum[q] += n
			}
		}
		if !reflect.DeepEqual(after.Farmers, sum) || len(pub[k].Spots) == 0 {
			return fmt.Errorf("join %d: farmers %v after, %v foreseen", k, after.Farmers, sum)
		}
	}
	if covered != fields {
		return fmt.Errorf("%d field segments in the joins, the tile has %d", covered, fields)
	}
	return nil
}

func sharesAll(a, b []int32) bool {
	for _, x := range b {
		if !contains(a, x) {
			return false
		}
	}
	return true
}
