package record

import (
	"strconv"
	"strings"
)

// Kind is the kind of feature a follower stands on.
type Kind uint8

// The feature kinds of a Spot.
const (
	KindNone Kind = iota // no feature (the zero Spot)
	City                 // a city segment of the tile
	Road                 // a road of the tile
	Field                // a field of the tile
	Cloister             // the cloister (monastery) of the tile
	Tower                // the top of a tower (only in captures)
)

// String returns the kind's letter in the notation: C, R, F, M or T
// ("" for KindNone).
func (k Kind) String() string {
	switch k {
	case City:
		return "C"
	case Road:
		return "R"
	case Field:
		return "F"
	case Cloister:
		return "M"
	case Tower:
		return "T"
	}
	return ""
}

// EdgeSet is a set of tile edges as a 4-bit mask: N=1, E=2, S=4, W=8.
type EdgeSet uint8

// The four edges of a tile.
const (
	EdgeN EdgeSet = 1 << iota
	EdgeE
	EdgeS
	EdgeW
)

// edgeNames holds the canonical (JCloisterZone) spelling of every non-empty edge set.
var edgeNames = [16]string{
	"", "N", "E", "NE", "S", "NS", "SE", "_W",
	"W", "NW", "WE", "_S", "SW", "_E", "_N", "NWSE",
}

// String returns the canonical spelling of the set: N E S W, NE SE SW NW,
// NS WE, _N _E _S _W (all sides but the named one) or NWSE; "" when empty.
func (e EdgeSet) String() string { return edgeNames[e&15] }

// HalfSet is a set of field half-edges as an 8-bit mask, bits 0..7 in the
// order NL, NR, EL, ER, SL, SR, WL, WR (JCloisterZone's names: L and R are
// the left and right halves seen from the tile centre looking out).
type HalfSet uint8

// The eight half-edges of a tile.
const (
	HalfNL HalfSet = 1 << iota
	HalfNR
	HalfEL
	HalfER
	HalfSL
	HalfSR
	HalfWL
	HalfWR
)

var halfNames = [8]string{"NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"}

// String returns the half-edges joined by "." in canonical order, e.g. "NL.NR.EL".
func (h HalfSet) String() string {
	var b strings.Builder
	for i, n := range halfNames {
		if h&(1<<i) != 0 {
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(n)
		}
	}
	return b.String()
}

// Spot says where on a tile a follower stands: a city or road by its edge set,
// a field by its half-edges (or the inner field of tile T07), the cloister, or
// the top of a tower. Only the fields that belong to Kind are set.
type Spot struct {
	Kind   Kind
	Edges  EdgeSet // City and Road: the edges the feature touches
	Halves HalfSet // Field: the half-edges the field touches
	Inner  bool    // Field: the enclosed inner field that touches no edge
}

// String returns the canonical spelling: "C:N", "R:WE", "F:NL.NR", "F:I", "M" or "T".
func (s Spot) String() string {
	switch s.Kind {
	case City, Road:
		return s.Kind.String() + ":" + s.Edges.String()
	case Field:
		if s.Inner {
			return "F:I"
		}
		return "F:" + s.Halves.String()
	}
	return s.Kind.String()
}

// ParseSpot parses a spot in canonical or lax spelling ("C:N", "road:ew",
// "F:nr.nl", "monastery", "T", ...).
func ParseSpot(s string) (Spot, error) {
	p := newParser("")
	p.src, p.last = []byte(s), true
	p.mapPos = func(i int) Position { return Position{Offset: i, Line: 1, Column: int32(i + 1)} }
	var sp Spot
	ok := p.run(func() {
		sp = p.spot(true)
		if p.i < len(p.src) {
			p.fail(p.i, "expected end of spot, found "+p.found(p.i))
		}
	})
	if !ok {
		return Spot{}, p.errs[0]
	}
	return sp, nil
}

// Rotation is a tile's clockwise rotation in degrees: 0, 90, 180 or 270.
type Rotation uint16

// String returns the notation's spelling, e.g. "r90".
func (r Rotation) String() string { return "r" + strconv.Itoa(int(r)) }

// Glyph is a move assessment written after an element or a turn.
type Glyph uint8

// The glyphs.
const (
	NoGlyph     Glyph = iota
	Good              // !
	Mistake           // ?
	Brilliant         // !!
	Blunder           // ??
	Interesting       // !?
	Dubious           // ?!
)

var glyphNames = [...]string{"", "!", "?", "!!", "??", "!?", "?!"}

// String returns the glyph as written: "!", "?", "!!", "??", "!?" or "?!".
func (g Glyph) String() string {
	if int(g) < len(glyphNames) {
		return glyphNames[g]
	}
	return ""
}
