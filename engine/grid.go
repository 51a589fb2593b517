package engine

// grid maps board squares to placed tiles and frontier squares. It is an
// open-addressing hash table: small to clone, no allocation per lookup.
// A value >= 0 is the index of a placed tile; a value < 0 is -1-i for
// frontier entry i.
type grid struct {
	keys []uint32 // 0 = empty slot
	vals []int16
	mask uint32
}

const gridEmpty = int16(-32768)

// newGrid returns a grid for up to capacity keys, at most half full.
func newGrid(capacity int) grid {
	size := 64
	for size < 2*capacity {
		size <<= 1
	}
	return grid{keys: make([]uint32, size), vals: make([]int16, size), mask: uint32(size - 1)}
}

// slot returns the slot of key k: where it is, or the empty slot where it
// would go.
func (g *grid) slot(k uint32) uint32 {
	i := (k * 0x9E3779B1) >> 16 & g.mask
	for {
		kk := g.keys[i]
		if kk == k || kk == 0 {
			return i
		}
		i = (i + 1) & g.mask
	}
}

// get returns the value at p, or gridEmpty.
func (g *grid) get(p Pos) int16 {
	if !onBoard(p) {
		return gridEmpty
	}
	k := packPos(p)
	i := g.slot(k)
	if g.keys[i] == 0 {
		return gridEmpty
	}
	return g.vals[i]
}

func (g *grid) set(p Pos, v int16) {
	k := packPos(p)
	i := g.slot(k)
	g.keys[i] = k
	g.vals[i] = v
}

func (g grid) clone() grid {
	return grid{keys: append([]uint32(nil), g.keys...), vals: append([]int16(nil), g.vals...), mask: g.mask}
}

// packPos packs a square into a non-zero key. Coordinates are limited to
// ±maxCoord, far beyond any game.
func packPos(p Pos) uint32 {
	return uint32(p.X+maxCoord+1)<<16 | uint32(p.Y+maxCoord+1)
}

// maxCoord bounds board coordinates; no game comes near it.
const maxCoord = 16000

// onBoard reports whether p lies within the coordinates the grid can hold.
func onBoard(p Pos) bool {
	return p.X >= -maxCoord && p.X <= maxCoord && p.Y >= -maxCoord && p.Y <= maxCoord
}
