package engine

// Terrain is what an edge of a tile shows: field, road or city.
type Terrain uint8

// Edge terrains.
const (
	Field Terrain = iota
	Road
	City
)

func (t Terrain) String() string {
	switch t {
	case Field:
		return "field"
	case Road:
		return "road"
	case City:
		return "city"
	}
	return "terrain?"
}

// RoadEnd says where a road that stops inside a tile ends.
type RoadEnd uint8

// Road ends. EndNone is a road running between two edges.
const (
	EndNone     RoadEnd = iota
	EndCrossing         // a crossing or village
	EndCloister         // the cloister's door
	EndCityGate         // a city gate
	EndTower            // the tower foundation
	EndBridge           // continuous over a bridge (T05), not an end at all
)

// Set is the box a tile comes from.
type Set uint8

// Tile sets.
const (
	SetBase Set = iota
	SetTower
)

func (s Set) String() string {
	if s == SetTower {
		return "tower"
	}
	return "base"
}

// CitySeg is a city segment of a tile in canonical orientation.
type CitySeg struct {
	Edges   EdgeSet
	Pennant bool
}

// RoadSeg is a road segment of a tile in canonical orientation. A road with
// one edge stops inside the tile at End.
type RoadSeg struct {
	Edges EdgeSet
	End   RoadEnd
}

// FieldSeg is a field segment of a tile in canonical orientation. Halves is
// empty for an enclosed inner field. Cities lists the indices (into the tile's
// Cities) of the city segments the field borders.
type FieldSeg struct {
	Halves HalfSet
	Cities []int
}

// FoundationKind says where on a tile its tower foundation is drawn.
type FoundationKind uint8

// Foundation places. Only the presence of a foundation matters to the rules.
const (
	NoFoundation FoundationKind = iota
	FoundationCenter
	FoundationCity
	FoundationField
)

// Foundation is the place of a tower foundation on a tile: the centre, or
// inside city or field segment Index (0-based).
type Foundation struct {
	Kind  FoundationKind
	Index int
}

// TileType is one kind of tile of the catalog, in canonical orientation
// (JCloisterZone's). Segments are indexed in the order given.
type TileType struct {
	ID       string // catalog id: A..X for the base game, T01..T17 for The Tower
	JCZ      string // JCloisterZone's tile id
	Set      Set
	Count    int    // copies in the box (including the start tile for D)
	C1       int    // first-edition number
	C2       string // second-edition letter, "" when unknown
	Edges    [4]Terrain
	Cities   []CitySeg
	Roads    []RoadSeg
	Fields   []FieldSeg
	Cloister bool
	Tower    Foundation
}

// HasFoundation reports whether the tile carries a tower foundation.
func (t *TileType) HasFoundation() bool { return t.Tower.Kind != NoFoundation }

// TileID indexes Catalog.
type TileID uint8

// Type returns the catalog entry of id.
func (id TileID) Type() *TileType { return &Catalog[id] }

// String returns the catalog id, e.g. "D" or "T05".
func (id TileID) String() string {
	if int(id) >= len(Catalog) {
		return "?"
	}
	return Catalog[id].ID
}

// StartTile is the type of the start tile (a D).
const StartTile TileID = 3

func edges(s string) (out [4]Terrain) {
	for i := range out {
		switch s[i] {
		case 'R':
			out[i] = Road
		case 'C':
			out[i] = City
		}
	}
	return out
}

func fields(f ...FieldSeg) []FieldSeg { return f }

// Catalog is every tile type of the base game (72 tiles) and The Tower (18
// tiles). Facts follow the verified tile catalog of the project.
var Catalog = [...]TileType{
	{ID: "A", JCZ: "BA/LR", Count: 2, C1: 20, Edges: edges("FFRF"), Cloister: true,
		Roads:  []RoadSeg{{S, EndCloister}},
		Fields: fields(FieldSeg{Halves: allHalves})},
	{ID: "B", JCZ: "BA/L", Count: 4, C1: 19, Edges: edges("FFFF"), Cloister: true,
		Fields: fields(FieldSeg{Halves: allHalves})},
	{ID: "C", JCZ: "BA/Cccc+", Count: 1, C1: 1, Edges: edges("CCCC"),
		Cities: []CitySeg{{N | E | S | W, true}}},
	{ID: "D", JCZ: "BA/RCr", Count: 4, C1: 16, Edges: edges("CRFR"),
		Cities: []CitySeg{{N, false}},
		Roads:  []RoadSeg{{E | W, EndNone}},
		Fields: fields(FieldSeg{HEn | HWn, []int{0}}, FieldSeg{HEs | HSe | HSw | HWs, nil})},
	{ID: "E", JCZ: "BA/C", Count: 5, C1: 14, Edges: edges("CFFF"),
		Cities: []CitySeg{{N, false}},
		Fields: fields(FieldSeg{HEn | HEs | HSe | HSw | HWs | HWn, []int{0}})},
	{ID: "F", JCZ: "BA/CFc+", Count: 2, C1: 12, Edges: edges("FCFC"),
		Cities: []CitySeg{{E | W, true}},
		Fields: fields(FieldSeg{HNw | HNe, []int{0}}, FieldSeg{HSe | HSw, []int{0}})},
	{ID: "G", JCZ: "BA/CFc.1", Count: 1, C1: 13, Edges: edges("FCFC"),
		Cities: []CitySeg{{E | W, false}},
		Fields: fields(FieldSeg{HNw | HNe, []int{0}}, FieldSeg{HSe | HSw, []int{0}})},
	{ID: "H", JCZ: "BA/CFC.2", Count: 3, C1: 11, Edges: edges("CFCF"),
		Cities: []CitySeg{{N, false}, {S, false}},
		Fields: fields(FieldSeg{HEn | HEs | HWs | HWn, []int{0, 1}})},
	{ID: "I", JCZ: "BA/CC.2", Count: 2, C1: 8, Edges: edges("CFFC"),
		Cities: []CitySeg{{N, false}, {W, false}},
		Fields: fields(FieldSeg{HEn | HEs | HSe | HSw, []int{0, 1}})},
	{ID: "J", JCZ: "BA/CRr", Count: 3, C1: 17, Edges: edges("CRRF"),
		Cities: []CitySeg{{N, false}},
		Roads:  []RoadSeg{{E | S, EndNone}},
		Fields: fields(FieldSeg{HEn | HSw | HWs | HWn, []int{0}}, FieldSeg{HEs | HSe, nil})},
	{ID: "K", JCZ: "BA/RrC", Count: 3, C1: 15, Edges: edges("CFRR"),
		Cities: []CitySeg{{N, false}},
		Roads:  []RoadSeg{{S | W, EndNone}},
		Fields: fields(FieldSeg{HEn | HEs | HSe | HWn, []int{0}}, FieldSeg{HSw | HWs, nil})},
	{ID: "L", JCZ: "BA/CRRR", Count: 3, C1: 18, Edges: edges("CRRR"),
		Cities: []CitySeg{{N, false}},
		Roads:  []RoadSeg{{E, EndCrossing}, {S, EndCrossing}, {W, EndCrossing}},
		Fields: fields(FieldSeg{HEn | HWn, []int{0}}, FieldSeg{HEs | HSe, nil}, FieldSeg{HSw | HWs, nil})},
	{ID: "M", JCZ: "BA/Cc+", Count: 2, C1: 7, Edges: edges("CFFC"),
		Cities: []CitySeg{{N | W, true}},
		Fields: fields(FieldSeg{HEn | HEs | HSe | HSw, []int{0}})},
	{ID: "N", JCZ: "BA/Cc.1", Count: 3, C1: 6, Edges: edges("CFFC"),
		Cities: []CitySeg{{N | W, false}},
		Fields: fields(FieldSeg{HEn | HEs | HSe | HSw, []int{0}})},
	{ID: "O", JCZ: "BA/CcRr+", Count: 2, C1: 10, Edges: edges("CRRC"),
		Cities: []CitySeg{{N | W, true}},
		Roads:  []RoadSeg{{E | S, EndNone}},
		Fields: fields(FieldSeg{HEn | HSw, []int{0}}, FieldSeg{HEs | HSe, nil})},
	{ID: "P", JCZ: "BA/CcRr", Count: 3, C1: 9, Edges: edges("CRRC"),
		Cities: []CitySeg{{N | W, false}},
		Roads:  []RoadSeg{{E | S, EndNone}},
		Fields: fields(FieldSeg{HEn | HSw, []int{0}}, FieldSeg{HEs | HSe, nil})},
	{ID: "Q", JCZ: "BA/Ccc+", Count: 1, C1: 3, Edges: edges("CCFC"),
		Cities: []CitySeg{{N | E | W, true}},
		Fields: fields(FieldSeg{HSe | HSw, []int{0}})},
	{ID: "R", JCZ: "BA/Ccc", Count: 3, C1: 2, Edges: edges("CCFC"),
		Cities: []CitySeg{{N | E | W, false}},
		Fields: fields(FieldSeg{HSe | HSw, []int{0}})},
	{ID: "S", JCZ: "BA/CccR+", Count: 2, C1: 4, Edges: edges("CCRC"),
		Cities: []CitySeg{{N | E | W, true}},
		Roads:  []RoadSeg{{S, EndCityGate}},
		Fields: fields(FieldSeg{HSe, []int{0}}, FieldSeg{HSw, []int{0}})},
	{ID: "T", JCZ: "BA/CccR", Count: 1, C1: 5, Edges: edges("CCRC"),
		Cities: []CitySeg{{N | E | W, false}},
		Roads:  []RoadSeg{{S, EndCityGate}},
		Fields: fields(FieldSeg{HSe, []int{0}}, FieldSeg{HSw, []int{0}})},
	{ID: "U", JCZ: "BA/RFr", Count: 8, C1: 22, Edges: edges("FRFR"),
		Roads:  []RoadSeg{{E | W, EndNone}},
		Fields: fields(FieldSeg{HNw | HNe | HEn | HWn, nil}, FieldSeg{HEs | HSe | HSw | HWs, nil})},
	{ID: "V", JCZ: "BA/Rr", Count: 9, C1: 21, Edges: edges("FFRR"),
		Roads:  []RoadSeg{{S | W, EndNone}},
		Fields: fields(FieldSeg{HNw | HNe | HEn | HEs | HSe | HWn, nil}, FieldSeg{HSw | HWs, nil})},
	{ID: "W", JCZ: "BA/RRR", Count: 4, C1: 23, Edges: edges("FRRR"),
		Roads:  []RoadSeg{{E, EndCrossing}, {S, EndCrossing}, {W, EndCrossing}},
		Fields: fields(FieldSeg{HNw | HNe | HEn | HWn, nil}, FieldSeg{HEs | HSe, nil}, FieldSeg{HSw | HWs, nil})},
	{ID: "X", JCZ: "BA/RRRR", Count: 1, C1: 24, Edges: edges("RRRR"),
		Roads:  []RoadSeg{{N, EndCrossing}, {E, EndCrossing}, {S, EndCrossing}, {W, EndCrossing}},
		Fields: fields(FieldSeg{HNw | HWn, nil}, FieldSeg{HNe | HEn, nil}, FieldSeg{HEs | HSe, nil}, FieldSeg{HSw | HWs, nil})},

	// The Tower: every tile carries a tower foundation.
	{ID: "T01", JCZ: "TO/RrC", Set: SetTower, Count: 1, C1: 1, Edges: edges("CFRR"),
		Cities: []CitySeg{{N, false}},
		Roads:  []RoadSeg{{S | W, EndNone}},
		Fields: fields(FieldSeg{HEn | HEs | HSe | HWn, []int{0}}, FieldSeg{HSw | HWs, nil}),
		Tower:  Foundation{FoundationField, 0}},
	{ID: "T02", JCZ: "TO/RCr", Set: SetTower, Count: 1, C1: 2, Edges: edges("CRFR"),
		Cities: []CitySeg{{N, false}},
		Roads:  []RoadSeg{{E | W, EndNone}},
		Fields: fields(FieldSeg{HWn, []int{0}}, FieldSeg{HEn, []int{0}}, FieldSeg{HEs | HSe | HSw | HWs, nil}),
		Tower:  Foundation{FoundationField, 2}},
	{ID: "T03", JCZ: "TO/CcR!", Set: SetTower, Count: 1, C1: 3, Edges: edges("CRFC"),
		Cities: []CitySeg{{N | W, false}},
		Roads:  []RoadSeg{{E, EndCityGate}},
		Fields: fields(FieldSeg{HEn, []int{0}}, FieldSeg{HEs, []int{0}}, FieldSeg{HSe | HSw, []int{0}}),
		Tower:  Foundation{FoundationCity, 0}},
	{ID: "T04", JCZ: "TO/Cc", Set: SetTower, Count: 1, C1: 4, Edges: edges("CFFC"),
		Cities: []CitySeg{{N | W, false}},
		Fields: fields(FieldSeg{HEn | HEs | HSe | HSw, []int{0}}),
		Tower:  Foundation{FoundationField, 0}},
	{ID: "T05", JCZ: "TO/CRcr", Set: SetTower, Count: 1, C1: 5, Edges: edges("RCRC"),
		Cities: []CitySeg{{E | W, false}},
		Roads:  []RoadSeg{{N | S, EndBridge}},
		Fields: fields(FieldSeg{HNw, []int{0}}, FieldSeg{HNe, []int{0}}, FieldSeg{HSe, []int{0}}, FieldSeg{HSw, []int{0}}),
		Tower:  Foundation{FoundationCity, 0}},
	{ID: "T06", JCZ: "TO/CccR", Set: SetTower, Count: 1, C1: 6, Edges: edges("CCRC"),
		Cities: []CitySeg{{N | E | W, false}},
		Roads:  []RoadSeg{{S, EndCityGate}},
		Fields: fields(FieldSeg{HSe, []int{0}}, FieldSeg{HSw, []int{0}}),
		Tower:  Foundation{FoundationCity, 0}},
	{ID: "T07", JCZ: "TO/CccC+", Set: SetTower, Count: 1, C1: 7, Edges: edges("CCCC"),
		Cities: []CitySeg{{N | E | W, true}, {S, false}},
		Fields: fields(FieldSeg{0, []int{0, 1}}),
		Tower:  Foundation{FoundationCity, 0}},
	{ID: "T08", JCZ: "TO/RR", Set: SetTower, Count: 1, C1: 8, Edges: edges("FFRR"),
		Roads:  []RoadSeg{{S, EndTower}, {W, EndTower}},
		Fields: fields(FieldSeg{HNw | HNe | HEn | HEs | HSe | HWn, nil}, FieldSeg{HSw | HWs, nil}),
		Tower:  Foundation{FoundationCenter, 0}},
	{ID: "T09", JCZ: "TO/RrRr.2", Set: SetTower, Count: 1, C1: 9, Edges: edges("RRRR"),
		Roads:  []RoadSeg{{N | W, EndNone}, {E | S, EndNone}},
		Fields: fields(FieldSeg{HNw | HWn, nil}, FieldSeg{HEs | HSe, nil}, FieldSeg{HNe | HEn | HSw | HWs, nil}),
		Tower:  Foundation{FoundationField, 2}},
	{ID: "T10", JCZ: "TO/RRR", Set: SetTower, Count: 1, C1: 10, Edges: edges("RRFR"),
		Roads:  []RoadSeg{{N, EndTower}, {E, EndTower}, {W, EndTower}},
		Fields: fields(FieldSeg{HNw | HWn, nil}, FieldSeg{HNe | HEn, nil}, FieldSeg{HEs | HSe | HSw | HWs, nil}),
		Tower:  Foundation{FoundationCenter, 0}},
	{ID: "T11", JCZ: "TO/RRRR.1", Set: SetTower, Count: 1, C1: 11, Edges: edges("RRRR"),
		Roads:  []RoadSeg{{N, EndTower}, {E, EndTower}, {S, EndTower}, {W, EndTower}},
		Fields: fields(FieldSeg{HNw | HWn, nil}, FieldSeg{HNe | HEn, nil}, FieldSeg{HEs | HSe, nil}, FieldSeg{HSw | HWs, nil}),
		Tower:  Foundation{FoundationCenter, 0}},
	{ID: "T12", JCZ: "TO/F", Set: SetTower, Count: 1, C1: 12, Edges: edges("FFFF"),
		Fields: fields(FieldSeg{Halves: allHalves}),
		Tower:  Foundation{FoundationField, 0}},
	{ID: "T13", JCZ: "TO/CRCr.2", Set: SetTower, Count: 1, C1: 13, Edges: edges("CRCR"),
		Cities: []CitySeg{{N, false}, {S, false}},
		Roads:  []RoadSeg{{E | W, EndNone}},
		Fields: fields(FieldSeg{HEn | HWn, []int{0}}, FieldSeg{HEs | HWs, []int{1}}),
		Tower:  Foundation{FoundationCity, 0}},
	{ID: "T14", JCZ: "TO/L", Set: SetTower, Count: 1, C1: 14, Edges: edges("FFFF"), Cloister: true,
		Fields: fields(FieldSeg{Halves: allHalves}),
		Tower:  Foundation{FoundationField, 0}},
	{ID: "T15", JCZ: "TO/C", Set: SetTower, Count: 2, C1: 15, C2: "K", Edges: edges("CFFF"),
		Cities: []CitySeg{{N, false}},
		Fields: fields(FieldSeg{HEn | HEs | HSe | HSw | HWs | HWn, []int{0}}),
		Tower:  Foundation{FoundationField, 0}},
	{ID: "T16", JCZ: "TO/CC.2", Set: SetTower, Count: 1, C1: 16, Edges: edges("CFFC"),
		Cities: []CitySeg{{N, false}, {W, false}},
		Fields: fields(FieldSeg{HEn | HEs | HSe | HSw, []int{0, 1}}),
		Tower:  Foundation{FoundationField, 0}},
	{ID: "T17", JCZ: "TO/CFR", Set: SetTower, Count: 1, C1: 17, Edges: edges("CFRF"),
		Cities: []CitySeg{{N, false}},
		Roads:  []RoadSeg{{S, EndTower}},
		Fields: fields(FieldSeg{HSw | HWs | HWn, []int{0}}, FieldSeg{HEn | HEs | HSe, []int{0}}),
		Tower:  Foundation{FoundationCenter, 0}},
}

// NumTileTypes is the number of tile types in the catalog.
const NumTileTypes = len(Catalog)

var tileByName = func() map[string]TileID {
	m := make(map[string]TileID, 2*NumTileTypes)
	for i := range Catalog {
		m[Catalog[i].ID] = TileID(i)
		m[Catalog[i].JCZ] = TileID(i)
	}
	return m
}()

// LookupTile finds a tile type by catalog id ("D", "T05") or by its
// JCloisterZone id ("BA/RCr", "TO/CRcr").
func LookupTile(name string) (TileID, bool) {
	// Catalog ids are computed: A..X are types 0..23, T01..T17 are 24..40.
	switch {
	case len(name) == 1 && name[0] >= 'A' && name[0] <= 'X':
		return TileID(name[0] - 'A'), true
	case len(name) == 3 && name[0] == 'T' && name[1] >= '0' && name[1] <= '1' && name[2] >= '0' && name[2] <= '9':
		n := int(name[1]-'0')*10 + int(name[2]-'0')
		if n >= 1 && n <= 17 {
			return TileID(23 + n), true
		}
		return 0, false
	}
	id, ok := tileByName[name]
	return id, ok
}
