package draw

import (
	"fmt"
	"sort"
	"strings"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/internal/textboard"
)

// Board draws the whole board with a legend of the followers, towers and
// players, named by seats. In a game with the Phantom each figure on the
// board is marked F (a follower) or P (a phantom), and each player's line
// says where the phantom is.
func Board(g *engine.Game, seats []Seat) string {
	players := seatNames(g, seats)
	x0, x1, y0, y1 := bounds(g)
	var b strings.Builder
	b.WriteString(textboard.Squares(g, x0, x1, y0, y1, nil))
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
