package engine

import "fmt"

// Edge is one side of a square: N, E, S or W.
type Edge uint8

// The four edges, clockwise from north.
const (
	North Edge = iota
	East
	South
	West
)

var edgeNames = [4]string{"N", "E", "S", "W"}

func (e Edge) String() string {
	if e > West {
		return fmt.Sprintf("Edge(%d)", uint8(e))
	}
	return edgeNames[e]
}

// Opposite returns the edge on the other side of the square.
func (e Edge) Opposite() Edge { return (e + 2) & 3 }

// Delta returns the board offset of the neighbour across e (y grows south).
func (e Edge) Delta() (dx, dy int) {
	// A table rather than a switch: placing a tile steps to its four
	// neighbours in turn, and a switch mispredicts as the edges alternate.
	d := &deltas[min(e, West)]
	return d[0], d[1]
}

var deltas = [4][2]int{North: {0, -1}, East: {1, 0}, South: {0, 1}, West: {-1, 0}}

// EdgeSet is a set of edges as a bit mask: bit e is set for edge e.
type EdgeSet uint8

// Edge masks.
const (
	N EdgeSet = 1 << North
	E EdgeSet = 1 << East
	S EdgeSet = 1 << South
	W EdgeSet = 1 << West
)

// Has reports whether e is in the set.
func (s EdgeSet) Has(e Edge) bool { return s&(1<<e) != 0 }

// Rotate turns the set clockwise by r.
func (s EdgeSet) Rotate(r Rotation) EdgeSet {
	k := uint(r) & 3
	return ((s << k) | (s >> (4 - k))) & 0xF
}

// String gives the JCloisterZone spelling used by CGN: N, NE, NS, _N, NWSE...
func (s EdgeSet) String() string {
	switch s & 0xF {
	case 0:
		return ""
	case N, E, S, W:
		return Edge(bitIndex(uint(s))).String()
	case N | E:
		return "NE"
	case S | E:
		return "SE"
	case S | W:
		return "SW"
	case N | W:
		return "NW"
	case N | S:
		return "NS"
	case W | E:
		return "WE"
	case N | E | S | W:
		return "NWSE"
	}
	missing := ^s & 0xF
	return "_" + Edge(bitIndex(uint(missing))).String()
}

// Half is one half of an edge, clockwise from the north-west corner:
// Nw Ne En Es Se Sw Ws Wn. JCloisterZone calls them NL NR EL ER SL SR WL WR.
type Half uint8

// The eight half-edges.
const (
	Nw Half = iota
	Ne
	En
	Es
	Se
	Sw
	Ws
	Wn
)

var halfNames = [8]string{"NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"}

// String gives the JCloisterZone spelling (NL, NR, ...).
func (h Half) String() string {
	if h > Wn {
		return fmt.Sprintf("Half(%d)", uint8(h))
	}
	return halfNames[h]
}

// HalfSet is a set of half-edges as a bit mask.
type HalfSet uint8

// Half-edge masks.
const (
	HNw HalfSet = 1 << Nw
	HNe HalfSet = 1 << Ne
	HEn HalfSet = 1 << En
	HEs HalfSet = 1 << Es
	HSe HalfSet = 1 << Se
	HSw HalfSet = 1 << Sw
	HWs HalfSet = 1 << Ws
	HWn HalfSet = 1 << Wn

	allHalves HalfSet = 0xFF
)

// Rotate turns the set clockwise by r.
func (s HalfSet) Rotate(r Rotation) HalfSet {
	k := 2 * (uint(r) & 3)
	return (s << k) | (s >> (8 - k))
}

// String gives the JCloisterZone spelling: half-edges joined by dots in the
// order NL NR EL ER SL SR WL WR; the empty set (an inner field) is "I".
func (s HalfSet) String() string {
	if s == 0 {
		return "I"
	}
	out := make([]byte, 0, 24)
	for h := Nw; h <= Wn; h++ {
		if s&(1<<h) != 0 {
			if len(out) > 0 {
				out = append(out, '.')
			}
			out = append(out, halfNames[h]...)
		}
	}
	return string(out)
}

// Rotation is a clockwise quarter-turn count: 0, 1, 2 or 3 (0°, 90°, 180°, 270°).
type Rotation uint8

// The four rotations.
const (
	R0 Rotation = iota
	R90
	R180
	R270
)

// Degrees returns the rotation in degrees.
func (r Rotation) Degrees() int { return 90 * int(r&3) }

// String gives the CGN spelling, e.g. "r90".
func (r Rotation) String() string { return fmt.Sprintf("r%d", r.Degrees()) }

// RotationFromDegrees converts 0, 90, 180 or 270 to a Rotation.
func RotationFromDegrees(d int) (Rotation, bool) {
	// Arithmetic rather than a switch, which mispredicts as rotations vary.
	q := uint(d) / 90
	if uint(d) != q*90 || q > 3 {
		return 0, false
	}
	return Rotation(q), true
}

// Pos is a square of the board. X grows east, Y grows south.
type Pos struct{ X, Y int }

func (p Pos) String() string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

// Step returns the neighbouring square across e.
func (p Pos) Step(e Edge) Pos {
	dx, dy := e.Delta()
	return Pos{p.X + dx, p.Y + dy}
}

func bitIndex(v uint) int {
	for i := 0; i < 8; i++ {
		if v&(1<<i) != 0 {
			return i
		}
	}
	return -1
}
