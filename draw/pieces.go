package draw

import (
	"fmt"
	"io"

	"github.com/towerlog/towerlog/engine"
)

// The pieces of a board for a page that lays boards out itself, turn
// after turn, from a game's data: the drawing of every tile in every
// rotation is shared (TileSymbols), and a game gives only where its
// tiles, figures and towers are (Tiles, Pieces). Positions are in board
// units: square (x, y) spans 64 units from (64x, 64y), x to the east, y
// to the south, as SVG draws them.

// Square is the side of a square in board units.
const Square = svgTile

// MeeplePath is the outline of a follower, about 15 units high, centred
// on (0, 0), as SVG path data.
const MeeplePath = meeple

// TileSymbolID is the id of the symbol TileSymbols writes for tile t in
// rotation r: "t-U-90".
func TileSymbolID(t engine.TileID, r engine.Rotation) string {
	return fmt.Sprintf("t-%s-%d", t, r.Degrees())
}

// TileSymbols writes an SVG <symbol> of every tile of the catalog in
// every rotation, 64 units square, drawn as SVG draws it on a board;
// TileSymbolID names them.
func TileSymbols(w io.Writer) error {
	d := &svgDoc{x0: 0, y0: 0}
	for id := range engine.NumTileTypes {
		for r := engine.R0; r <= engine.R270; r++ {
			t := engine.PlacedTile{Tile: engine.TileID(id), Rot: r}
			d.printf(`<symbol id="%s" viewBox="%d %d %d %d">`, TileSymbolID(t.Tile, r), svgMargin, svgMargin, svgTile, svgTile)
			d.tile(t)
			d.landmarks(t)
			d.b.WriteString("</symbol>\n")
		}
	}
	_, err := io.WriteString(w, d.b.String())
	return err
}

// Figure is a follower or a phantom on the board.
type Figure struct {
	X, Y    float64 // where it stands, in board units
	Scale   float64 // 1, or smaller for a guard on a tower's shoulder
	Seat    int
	Phantom bool
}

// Tower is a tower or a bare foundation on the board.
type Tower struct {
	X, Y   float64 // its centre, in board units
	Height int     // floors; 0 is a bare foundation
	Guard  int     // seat of the follower on top, -1 for none
	Closed bool
}

// Pieces returns the figures and the towers on g's board, where SVG
// draws them.
func Pieces(g *engine.Game) ([]Figure, []Tower) {
	d := &svgDoc{g: g}
	var figs []Figure
	for _, f := range g.Followers() {
		if p, k, ok := d.figureAt(f); ok {
			figs = append(figs, Figure{X: p.x - svgMargin, Y: p.y - svgMargin, Scale: k, Seat: f.Player, Phantom: f.Phantom})
		}
	}
	var towers []Tower
	for _, tw := range g.Towers() {
		if p, ok := d.towerAt(tw); ok {
			towers = append(towers, Tower{X: p.x - svgMargin, Y: p.y - svgMargin, Height: tw.Height, Guard: tw.Guard, Closed: tw.Closed})
		}
	}
	return figs, towers
}
