package engine

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// The compact listing of the tile catalog (§5 of the catalog), transcribed
// verbatim into testdata/catalog.txt, is the reference every tile of the
// Go catalog is checked against.

func parseEdgeSet(s string) EdgeSet {
	var m EdgeSet
	for _, c := range strings.Split(s, "+") {
		m |= 1 << strings.Index("NESW", c)
	}
	return m
}

var halfCodes = map[string]Half{"Nw": Nw, "Ne": Ne, "En": En, "Es": Es, "Se": Se, "Sw": Sw, "Ws": Ws, "Wn": Wn}

var endCodes = map[string]RoadEnd{"crossing": EndCrossing, "cloister": EndCloister, "city": EndCityGate, "tower": EndTower}

// describeCatalogLine renders a listing line in the same words as describeTile.
func describeCatalogLine(t *testing.T, line string) (id string, desc string) {
	cols := strings.Split(line, "|")
	if len(cols) != 7 {
		t.Fatalf("catalog line has %d columns: %s", len(cols), line)
	}
	_, id, _ = strings.Cut(cols[0], ".")
	var b strings.Builder
	fmt.Fprintf(&b, "count=%s edges=%s\n", cols[1], cols[2])
	if cols[3] != "-" {
		for _, c := range strings.Split(cols[3], ";") {
			pennant := strings.HasSuffix(c, "*")
			fmt.Fprintf(&b, "city %v pennant=%v\n", parseEdgeSet(strings.TrimSuffix(c, "*")), pennant)
		}
	}
	if cols[4] != "-" {
		for _, r := range strings.Split(cols[4], ";") {
			end := EndNone
			if e, x, ok := strings.Cut(r, ">"); ok {
				r, end = e, endCodes[x]
			}
			if e, ok := strings.CutSuffix(r, "^bridge"); ok {
				r, end = e, EndBridge
			}
			fmt.Fprintf(&b, "road %v end=%d\n", parseEdgeSet(r), end)
		}
	}
	if cols[5] != "-" {
		for _, f := range strings.Split(cols[5], ";") {
			halves, cities, _ := strings.Cut(f, "@")
			var hs HalfSet
			if halves != "inner" {
				for _, h := range strings.Split(halves, "+") {
					hs |= 1 << halfCodes[h]
				}
			}
			var cs []int
			if cities != "-" {
				for _, c := range strings.Split(cities, ",") {
					n, _ := strconv.Atoi(c)
					cs = append(cs, n-1)
				}
			}
			fmt.Fprintf(&b, "field %v cities=%v\n", hs, cs)
		}
	}
	flags := map[string]string{}
	for _, f := range strings.Split(cols[6], ",") {
		k, v, _ := strings.Cut(f, "=")
		flags[k] = v
	}
	_, cloister := flags["cloister"]
	c1, _ := strconv.Atoi(flags["c1no"])
	c2 := flags["c2letter"]
	if c2 == "?" {
		c2 = ""
	}
	fmt.Fprintf(&b, "cloister=%v c1=%d c2=%q jcz=%s tower=%s\n", cloister, c1, c2, flags["jcz"], flags["tower"])
	return id, b.String()
}

func describeTile(tt *TileType) string {
	var b strings.Builder
	var e [4]byte
	for i, t := range tt.Edges {
		e[i] = "FRC"[t]
	}
	fmt.Fprintf(&b, "count=%d edges=%s\n", tt.Count, e[:])
	for _, c := range tt.Cities {
		fmt.Fprintf(&b, "city %v pennant=%v\n", c.Edges, c.Pennant)
	}
	for _, r := range tt.Roads {
		fmt.Fprintf(&b, "road %v end=%d\n", r.Edges, r.End)
	}
	for _, f := range tt.Fields {
		fmt.Fprintf(&b, "field %v cities=%v\n", f.Halves, f.Cities)
	}
	tower := ""
	switch tt.Tower.Kind {
	case FoundationCenter:
		tower = "center"
	case FoundationCity:
		tower = fmt.Sprintf("city%d", tt.Tower.Index+1)
	case FoundationField:
		tower = fmt.Sprintf("field%d", tt.Tower.Index+1)
	}
	fmt.Fprintf(&b, "cloister=%v c1=%d c2=%q jcz=%s tower=%s\n", tt.Cloister, tt.C1, tt.C2, tt.JCZ, tower)
	return b.String()
}

func TestCatalogMatchesListing(t *testing.T) {
	f, err := os.Open("testdata/catalog.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		id, want := describeCatalogLine(t, line)
		seen[id] = true
		tid, ok := LookupTile(id)
		if !ok {
			t.Errorf("tile %s of the catalog is missing", id)
			continue
		}
		if got := describeTile(tid.Type()); got != want {
			t.Errorf("tile %s:\n got: %s\nwant: %s", id, got, want)
		}
	}
	if len(seen) != NumTileTypes {
		t.Errorf("listing has %d types, Catalog %d", len(seen), NumTileTypes)
	}
}

func TestCatalogCounts(t *testing.T) {
	var base, tower int
	for i := range Catalog {
		if Catalog[i].Set == SetBase {
			base += Catalog[i].Count
		} else {
			tower += Catalog[i].Count
			if !Catalog[i].HasFoundation() {
				t.Errorf("%s has no tower foundation", Catalog[i].ID)
			}
		}
	}
	if base != 72 || tower != 18 {
		t.Fatalf("base %d tiles, tower %d; want 72 and 18", base, tower)
	}
	if StartTile.String() != "D" {
		t.Fatalf("start tile is %s", StartTile)
	}
}

func TestLookupTileAliases(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"D", "D"}, {"BA/RCr", "D"}, {"T05", "T05"}, {"TO/CRcr", "T05"}, {"TO/C", "T15"}, {"BA/L", "B"},
	} {
		id, ok := LookupTile(c.name)
		if !ok || id.String() != c.want {
			t.Errorf("LookupTile(%q) = %v, %v; want %s", c.name, id, ok, c.want)
		}
	}
	for _, bad := range []string{"T18", "T00", "Y", "a", "T1", "T001", ""} {
		if _, ok := LookupTile(bad); ok {
			t.Errorf("LookupTile(%q) succeeded", bad)
		}
	}
	for i := range Catalog {
		if id, ok := LookupTile(Catalog[i].ID); !ok || int(id) != i {
			t.Errorf("LookupTile(%q) = %d", Catalog[i].ID, id)
		}
	}
}

// Every edge of every tile in every rotation is covered exactly: a road or
// city edge by one segment, a field edge by two field halves, a road edge by
// two field halves (one each side) unless a field is missing there.
func TestSegmentsCoverEdges(t *testing.T) {
	for id := range Catalog {
		for r := R0; r <= R270; r++ {
			o := &orients[id][r]
			for e := North; e <= West; e++ {
				want := Catalog[id].Edges[(int(e)-int(r)+4)%4]
				if got := o.terrain(e); got != want {
					t.Errorf("%s r%d edge %v: terrain %v, want %v", Catalog[id].ID, r, e, got, want)
				}
				switch o.terrain(e) {
				case Road, City:
					if o.edgeSeg[e] < 0 {
						t.Errorf("%s r%d edge %v: no segment", Catalog[id].ID, r, e)
					}
				case Field:
					if o.halfSeg[2*e] < 0 || o.halfSeg[2*e+1] < 0 {
						t.Errorf("%s r%d field edge %v: halves not covered", Catalog[id].ID, r, e)
					}
				}
			}
		}
	}
}

func TestLocationSpelling(t *testing.T) {
	for _, c := range []struct {
		s    EdgeSet
		want string
	}{
		{N, "N"}, {E | N, "NE"}, {S | E, "SE"}, {S | W, "SW"}, {N | W, "NW"}, {N | S, "NS"}, {E | W, "WE"},
		{E | S | W, "_N"}, {N | S | W, "_E"}, {N | E | W, "_S"}, {N | E | S, "_W"}, {N | E | S | W, "NWSE"},
	} {
		if got := c.s.String(); got != c.want {
			t.Errorf("%04b: %q, want %q", c.s, got, c.want)
		}
	}
	if got := (HNw | HNe | HEn | HEs | HWs | HWn).String(); got != "NL.NR.EL.ER.WL.WR" {
		t.Errorf("halves: %q", got)
	}
	if got := (N | W).Rotate(R180); got != S|E {
		t.Errorf("NW rotated 180 = %v", got)
	}
	if got := (HEn | HWn).Rotate(R90); got != HSe|HNe {
		t.Errorf("En+Wn rotated 90 = %v", got)
	}
}
