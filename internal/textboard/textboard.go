// Package textboard draws squares of a board as text, for terminals: the
// grid the text board of package draw is made of, and the window of a few
// squares around a move that replay's diagnostics show (Around).
//
//	fmt.Print(textboard.Around(g, engine.Pos{X: 1}, 2))
package textboard

import (
	"fmt"
	"strings"

	"github.com/towerlog/towerlog/engine"
)

// Each square is drawn 7 characters wide and 3 lines high: the north and
// south edges on the first and last line, the west and east edges at the
// ends of the middle line around a label (tile id, ^height of a tower).
const cellW, cellH = 7, 3

func edgeRow(t engine.Terrain, vertical bool) string {
	switch t {
	case engine.City:
		return "#####"
	case engine.Road:
		if vertical {
			return "..|.."
		}
		return "-----"
	}
	return "....."
}

func edgeChar(t engine.Terrain) byte {
	switch t {
	case engine.City:
		return '#'
	case engine.Road:
		return '-'
	}
	return '.'
}

// terrainAt returns the terrain of edge e of a placed tile.
func terrainAt(pt engine.PlacedTile, e engine.Edge) engine.Terrain {
	tt := pt.Tile.Type()
	return tt.Edges[(int(e)-int(pt.Rot)+4)%4]
}

// drawCell returns the 3 lines of the square at p: corners * on the
// square of a move (? inside when it is empty), @ on a square it names.
func drawCell(g *engine.Game, p engine.Pos, towers map[engine.Pos]engine.TowerInfo, marks map[engine.Pos]byte) [cellH]string {
	pt, ok := g.TileAt(p)
	if !ok {
		if marks[p] == '*' {
			return [cellH]string{" ?   ? ", "   ?   ", " ?   ? "}
		}
		return [cellH]string{"       ", "       ", "       "}
	}
	label := pt.Tile.String()
	if tw, ok := towers[p]; ok {
		label += fmt.Sprintf("^%d", tw.Height)
	}
	if len(label) > 5 {
		label = label[:5]
	}
	pad := 5 - len(label)
	label = strings.Repeat(" ", pad/2) + label + strings.Repeat(" ", pad-pad/2)
	corner := "+"
	if c, ok := marks[p]; ok {
		corner = string(c)
	}
	return [cellH]string{
		corner + edgeRow(terrainAt(pt, engine.North), true) + corner,
		string(edgeChar(terrainAt(pt, engine.West))) + label + string(edgeChar(terrainAt(pt, engine.East))),
		corner + edgeRow(terrainAt(pt, engine.South), true) + corner,
	}
}

// Squares draws the squares x0..x1, y0..y1 of g with their coordinates
// along the top and the left: each 7 characters wide and 3 lines high,
// the tile id (and ^height of a tower) inside. marks puts a character of
// its own on the corners of some squares (* on an empty one draws ?s).
func Squares(g *engine.Game, x0, x1, y0, y1 int, marks map[engine.Pos]byte) string {
	towers := map[engine.Pos]engine.TowerInfo{}
	for _, tw := range g.Towers() {
		towers[tw.Pos] = tw
	}
	var head strings.Builder
	head.WriteString("     ")
	for x := x0; x <= x1; x++ {
		fmt.Fprintf(&head, "%-*s", cellW, fmt.Sprintf("  x=%d", x))
	}
	var b strings.Builder
	b.WriteString(strings.TrimRight(head.String(), " "))
	b.WriteString("\n")
	for y := y0; y <= y1; y++ {
		var rows [cellH]strings.Builder
		for x := x0; x <= x1; x++ {
			cell := drawCell(g, engine.Pos{X: x, Y: y}, towers, marks)
			for i := range rows {
				rows[i].WriteString(cell[i])
			}
		}
		for i := range rows {
			if i == 1 {
				fmt.Fprintf(&b, "%4d ", y)
			} else {
				b.WriteString("     ")
			}
			b.WriteString(strings.TrimRight(rows[i].String(), " "))
			b.WriteString("\n")
		}
	}
	return b.String()
}

// farthest is how far from the move Around reaches to show a square the
// move's message names: the window stays small enough for a terminal.
const farthest = 6

// Around draws the squares within radius of p (p marked with * corners,
// or ? when empty): a picture of the board around a move. The window
// grows to show each square of related (a follower already on the
// feature, say), marked with @ corners, that lies within 6 squares of p.
// It is empty when no tile lies in the window.
func Around(g *engine.Game, p engine.Pos, radius int, related ...engine.Pos) string {
	x0, x1, y0, y1 := p.X-radius, p.X+radius, p.Y-radius, p.Y+radius
	marks := map[engine.Pos]byte{}
	for _, q := range related {
		if q == p || max(abs(q.X-p.X), abs(q.Y-p.Y)) > farthest {
			continue
		}
		marks[q] = '@'
		x0, x1, y0, y1 = min(x0, q.X), max(x1, q.X), min(y0, q.Y), max(y1, q.Y)
	}
	marks[p] = '*'
	empty := true
	for y := y0; y <= y1 && empty; y++ {
		for x := x0; x <= x1; x++ {
			if _, ok := g.TileAt(engine.Pos{X: x, Y: y}); ok {
				empty = false
				break
			}
		}
	}
	if empty {
		return ""
	}
	key := "(# city, - and | road, . field; * corners mark the tile of the move, ? the empty square it names"
	if len(marks) > 1 {
		key += ", @ the square of the follower already there"
	}
	return Squares(g, x0, x1, y0, y1, marks) + key + ")\n"
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
