package draw

import (
	"fmt"
	"sort"
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

// draw renders the squares x0..x1, y0..y1 with coordinate labels.
func draw(g *engine.Game, x0, x1, y0, y1 int, marks map[engine.Pos]byte) string {
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
	return draw(g, x0, x1, y0, y1, marks) + key + ")\n"
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Board draws the whole board with a legend of the followers, towers and
// players, named by seats. In a game with the Phantom each figure on the
// board is marked F (a follower) or P (a phantom), and each player's line
// says where the phantom is.
func Board(g *engine.Game, seats []Seat) string {
	players := seatNames(g, seats)
	x0, x1, y0, y1 := bounds(g)
	var b strings.Builder
	b.WriteString(draw(g, x0, x1, y0, y1, nil))
	b.WriteString("\nLegend: # city, - and | road, . field; a label is the tile id, ^N a tower of height N.\n")
	if g.Rules().Phantom {
		b.WriteString("Figures: F a follower, P a phantom.\n")
	}
	boardFigures(&b, g, players)
	boardTowers(&b, g, players)
	b.WriteString("Players:\n")
	for p, pl := range players {
		h := held(g, p, players)
		sort.Strings(h)
		var more string
		if ph := phantomPlace(g, p, players); ph != "" {
			more += ", " + ph
		}
		if len(h) > 0 {
			more += ", holds " + strings.Join(h, ", ")
		}
		points := "points"
		if g.Score(p) == 1 {
			points = "point"
		}
		fmt.Fprintf(&b, "  %-12s %3d %s, %s, %s%s\n", pl, g.Score(p), points, plural(g.Supply(p), "follower"), plural(g.Floors(p), "floor"), more)
	}
	fmt.Fprintf(&b, "Tiles left: %d\n", g.TilesLeft())
	return b.String()
}

// boardFigures lists the figures on the board, each marked F or P in a
// game with the Phantom.
func boardFigures(b *strings.Builder, g *engine.Game, players []string) {
	fs := g.Followers()
	if len(fs) == 0 {
		return
	}
	b.WriteString("Followers:\n")
	for _, f := range fs {
		mark := ""
		switch {
		case f.Phantom:
			mark = "P "
		case g.Rules().Phantom:
			mark = "F "
		}
		fmt.Fprintf(b, "  %s%-12s %s %s\n", mark, players[f.Player], f.Pos, describeSpot(f.Spot))
	}
}

// boardTowers lists the towers and bare foundations with their guards.
func boardTowers(b *strings.Builder, g *engine.Game, players []string) {
	tws := g.Towers()
	if len(tws) == 0 {
		return
	}
	b.WriteString("Towers:\n")
	for _, tw := range tws {
		guard := "open"
		switch {
		case guardedByPhantom(g, tw):
			guard = "guarded by the phantom of " + players[tw.Guard]
		case tw.Guard >= 0:
			guard = "guarded by " + players[tw.Guard]
		case tw.Closed:
			guard = "closed"
		}
		fmt.Fprintf(b, "  %s height %d, %s\n", tw.Pos, tw.Height, guard)
	}
}

func bounds(g *engine.Game) (x0, x1, y0, y1 int) {
	for i, t := range g.Tiles() {
		if i == 0 || t.Pos.X < x0 {
			x0 = t.Pos.X
		}
		if i == 0 || t.Pos.X > x1 {
			x1 = t.Pos.X
		}
		if i == 0 || t.Pos.Y < y0 {
			y0 = t.Pos.Y
		}
		if i == 0 || t.Pos.Y > y1 {
			y1 = t.Pos.Y
		}
	}
	return x0, x1, y0, y1
}

func describeSpot(s engine.Spot) string {
	switch s.Kind {
	case engine.FeatureTower:
		return "on the tower"
	case engine.FeatureCloister:
		return "cloister"
	}
	return s.Kind.String() + " " + strings.TrimPrefix(s.String()[1:], ":")
}

// seatNames names every seat of g: by seats, "Player N" where seats gives
// no name.
func seatNames(g *engine.Game, seats []Seat) []string {
	names := make([]string, g.NumPlayers())
	for p := range names {
		var name string
		if p < len(seats) {
			name = seats[p].Name
		}
		names[p] = svgName(name, p)
	}
	return names
}
