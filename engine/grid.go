package engine

// grid maps board squares to placed tiles and frontier squares. It is a
// square array centred on the start tile, so a lookup is an index. It
// starts small, as boards stay compact, and grows (fit) before a tile is
// placed near its edge; a reset game clears only the squares it used.
//
// get and set speak in values: >= 0 is the index of a placed tile, < 0
// (but not gridEmpty) is -1-i for frontier entry i. A cell stores its
// value plus gridBias in its low 15 bits, so that the zero cell is
// gridEmpty, and in its top bit whether a cloister lies among the eight
// squares around it (see near).
type grid struct {
	cells []uint16
	side  int // the array is side × side squares
	off   int // the cell of (x, y) is (y+off)*side + x+off
}

const (
	gridBias  = 0x4000
	gridEmpty = int16(-gridBias)
	nearBit   = 0x8000
)

// gridStart is the half-width of a new grid: most games fit.
const gridStart = 24

func newGrid() grid {
	side := 2*gridStart + 1
	return grid{cells: make([]uint16, side*side), side: side, off: gridStart}
}

// clear empties square p, which must lie within the grid.
func (g *grid) clear(p Pos) { g.cells[g.index(p)] = 0 }

// index returns the cell of p, or -1 outside the array.
func (g *grid) index(p Pos) int {
	x, y := p.X+g.off, p.Y+g.off
	if uint(x) >= uint(g.side) || uint(y) >= uint(g.side) {
		return -1
	}
	return y*g.side + x
}

// get returns the value at p, or gridEmpty.
func (g *grid) get(p Pos) int16 {
	i := g.index(p)
	if i < 0 {
		return gridEmpty
	}
	return int16(g.cells[i]&^nearBit) - gridBias
}

// at returns the value of cell i (see index).
func (g *grid) at(i int) int16 { return int16(g.cells[i]&^nearBit) - gridBias }

// put stores v in cell i.
func (g *grid) put(i int, v int16) { g.cells[i] = g.cells[i]&nearBit | uint16(v+gridBias) }

// near reports whether a cloister lies among the eight squares around
// cell i.
func (g *grid) near(i int) bool { return g.cells[i]&nearBit != 0 }

// markNear records a cloister at cell i in the eight cells around it,
// which must lie within the grid.
func (g *grid) markNear(i int) {
	for _, d := range [8]int{-g.side - 1, -g.side, -g.side + 1, -1, 1, g.side - 1, g.side, g.side + 1} {
		g.cells[i+d] |= nearBit
	}
}

// set stores v at p, which must lie within the grid (see fit).
func (g *grid) set(p Pos, v int16) {
	g.put(g.index(p), v)
}

// fit grows the grid, if need be, to hold p and its four neighbours.
func (g *grid) fit(p Pos) {
	if abs(p.X) >= g.off || abs(p.Y) >= g.off {
		g.grow(p)
	}
}

// grow doubles the grid's half-width until p and its neighbours lie
// within it, keeping every square where it is on the board.
func (g *grid) grow(p Pos) {
	off := g.off
	for abs(p.X) >= off || abs(p.Y) >= off {
		off *= 2
	}
	side := 2*off + 1
	cells := make([]uint16, side*side)
	for y := 0; y < g.side; y++ {
		row := g.cells[y*g.side : (y+1)*g.side]
		copy(cells[(y-g.off+off)*side+off-g.off:], row)
	}
	*g = grid{cells: cells, side: side, off: off}
}

func (g grid) clone() grid {
	g.cells = append([]uint16(nil), g.cells...)
	return g
}

// maxCoord bounds the coordinates of moves; no game comes near it.
const maxCoord = 16000

// onBoard reports whether p lies within the coordinates a move may name.
func onBoard(p Pos) bool {
	return p.X >= -maxCoord && p.X <= maxCoord && p.Y >= -maxCoord && p.Y <= maxCoord
}
