package engine

// grid maps board squares to placed tiles and frontier entries. It is a
// square array centred on the start tile, so a lookup is an index. It
// starts small, as boards stay compact, and grows (fit) before a tile is
// placed near its edge; a reset game clears only the squares it used.
//
// get and set speak in values: >= 0 is the index of a placed tile, else
// gridEmpty. A cell stores its value plus gridBias in its low 15 bits, so
// that the zero cell is gridEmpty, and in its top bit whether a cloister
// lies among the eight squares around it (see near). A second layer, need,
// holds for each square the terrains its placed neighbours show it, as an
// oriented tile's sig (low byte), and which of its edges have a neighbour
// (two bits per edge, high byte), so that a placement is checked with one
// lookup. A third, front, holds 1 + the index of the frontier entry of each
// square in the frontier (0 for none); only syncFrontier and what it calls
// touch it.
type grid struct {
	cells []uint16
	need  []uint16
	front []int16
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
	return grid{cells: make([]uint16, side*side), need: make([]uint16, side*side), front: make([]int16, side*side), side: side, off: gridStart}
}

// fits reports whether a tile with edge terrains sig may lie at cell i: it
// has a neighbour and every neighbour's edge matches.
func (g *grid) fits(i int, sig uint8) bool {
	n := g.need[i]
	mask := uint8(n >> 8)
	return mask != 0 && (sig^uint8(n))&mask == 0
}

// steps returns the offsets of the cells of the four neighbours of a cell,
// in edge order; the neighbours must lie within the grid (see fit).
func (g *grid) steps() [4]int { return [4]int{-g.side, 1, g.side, -1} }

// frontAt returns the index of the frontier entry at cell i, or -1.
func (g *grid) frontAt(i int) int { return int(g.front[i]) - 1 }

// setFront records frontier entry f at cell i.
func (g *grid) setFront(i, f int) { g.front[i] = int16(f + 1) }

// clearFront forgets the frontier entry at p, which must lie within the
// grid.
func (g *grid) clearFront(p Pos) { g.front[g.index(p)] = 0 }

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
	cells, need, front := make([]uint16, side*side), make([]uint16, side*side), make([]int16, side*side)
	for y := 0; y < g.side; y++ {
		from, to := y*g.side, (y-g.off+off)*side+off-g.off
		copy(cells[to:], g.cells[from:from+g.side])
		copy(need[to:], g.need[from:from+g.side])
		copy(front[to:], g.front[from:from+g.side])
	}
	*g = grid{cells: cells, need: need, front: front, side: side, off: off}
}

// copyTo returns a copy of g in dst's memory.
func (g grid) copyTo(dst grid) grid {
	g.cells = append(dst.cells[:0], g.cells...)
	g.need = append(dst.need[:0], g.need...)
	g.front = append(dst.front[:0], g.front...)
	return g
}

// maxCoord bounds the coordinates of moves; no game comes near it.
const maxCoord = 16000

// onBoard reports whether p lies within the coordinates a move may name.
func onBoard(p Pos) bool {
	return p.X >= -maxCoord && p.X <= maxCoord && p.Y >= -maxCoord && p.Y <= maxCoord
}
