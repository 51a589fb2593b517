package analytics

import (
	"cmp"
	"slices"
)

// gameTowers gathers the towers of one game from its floors: each tower
// that got a floor, at the height after its highest floor. A game has a
// few towers, so a list looked through serves.
type gameTowers []TowerRow

// floor counts a floor built on the tower at (x, y), which then stood
// height floors high.
func (ts *gameTowers) floor(x, y, height int64) {
	for i := range *ts {
		if t := &(*ts)[i]; t.X == x && t.Y == y {
			t.Height = max(t.Height, height)
			return
		}
	}
	*ts = append(*ts, TowerRow{X: x, Y: y, Height: height})
}

// sort orders the towers as the table's key does: by x, then y.
func (ts gameTowers) sort() {
	slices.SortFunc(ts, func(a, b TowerRow) int { return cmp.Or(cmp.Compare(a.X, b.X), cmp.Compare(a.Y, b.Y)) })
}

// fillTowers makes the game's rows of towers from its turns, which
// fillTurns has made: the rows that migration 13 makes from the turns of
// the games stored before it.
func (r *GameRows) fillTowers() {
	var ts gameTowers
	for _, t := range r.Turns {
		if t.Action != nil && *t.Action == "floor" {
			ts.floor(*t.TargetX, *t.TargetY, *t.Height)
		}
	}
	ts.sort()
	r.Towers = ts
}
