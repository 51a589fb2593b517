package draw

import (
	"io"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/replay"
)

// MarkStyle is how a move drawn apart on a board is told from the rest.
type MarkStyle uint8

// Mark styles.
const (
	// MarkPlayed is the move played: its tile drawn as it lies, outlined
	// in solid PlayedColour, and a ring of that colour round each figure
	// it put.
	MarkPlayed MarkStyle = iota
	// MarkOther is another move of the same turn, the review's best move
	// or a variation's: its tile see-through over the board, outlined in
	// dashed OtherColour, and its figures see-through in a dashed ring.
	MarkOther
)

// The colours of the marks: apart from the ground, the cities and every
// player's colour.
const (
	PlayedColour = "#00a3d9"
	OtherColour  = "#e6007e"
)

// Mark is a move drawn apart on the board it was chosen from: the tile it
// placed and where, the figures it put and the towers it built on, in
// board units as Pieces gives them.
type Mark struct {
	Style   MarkStyle
	Label   string // the legend's line for it, escaped where drawn
	Placed  bool   // false for a turn that discarded its every tile
	Tile    engine.TileID
	Pos     engine.Pos
	Rot     engine.Rotation
	Figures []Figure // the follower and the phantom it put, where they stood when put
	Floors  []Tower  // the towers it built a floor on (their centres)
}

// MarkOf returns the mark of turn t, drawn in style: g is a game whose
// board holds t's tile, the game after t or after a line ending with it
// (a figure the turn's scoring took back is marked where it was put).
func MarkOf(g *engine.Game, t *replay.Turn, style MarkStyle) Mark {
	m := Mark{Style: style, Placed: t.Placed, Tile: t.Tile, Pos: t.Pos, Rot: t.Rot}
	if !t.Placed {
		return m
	}
	d := &svgDoc{g: g}
	figure := func(a replay.ActionKind, spot engine.Spot, target engine.Pos, phantom bool) {
		f := engine.FollowerInfo{Player: t.Seat, Pos: t.Pos, Spot: spot, Phantom: phantom}
		switch a {
		case replay.ActionTowerFollower:
			f.Pos, f.Spot = target, engine.Spot{Kind: engine.FeatureTower}
		case replay.ActionFloor:
			if p, ok := d.towerAt(engine.TowerInfo{Pos: target}); ok {
				m.Floors = append(m.Floors, Tower{X: p.x - svgMargin, Y: p.y - svgMargin, Guard: -1})
			}
			return
		case replay.ActionFollower:
		default:
			return
		}
		if p, k, ok := d.figureAt(f); ok {
			m.Figures = append(m.Figures, Figure{X: p.x - svgMargin, Y: p.y - svgMargin, Scale: k, Seat: t.Seat, Phantom: phantom})
		}
	}
	figure(t.Action, t.Spot, t.Target, t.Phantom)
	figure(t.Second, t.SecondSpot, t.SecondTarget, true)
	return m
}

// SVGMarked writes the board of g as SVG does, with the moves of marks
// drawn apart on it (see MarkStyle), each with its Label as a line of the
// legend after a sample of its outline: g is the game before the moves,
// and the board grows to hold their tiles.
func SVGMarked(w io.Writer, g *engine.Game, seats []Seat, marks []Mark) error {
	return writeSVG(w, g, seats, marks)
}

// extend grows the board's bounds to hold the marks' tiles.
func (d *svgDoc) extend(marks []Mark) {
	for _, m := range marks {
		if !m.Placed {
			continue
		}
		d.x0, d.x1 = min(d.x0, m.Pos.X), max(d.x1, m.Pos.X)
		d.y0, d.y1 = min(d.y0, m.Pos.Y), max(d.y1, m.Pos.Y)
	}
}

// markTiles draws the marks' tiles under the grid: the move played's as
// it lies, the others see-through.
func (d *svgDoc) markTiles() {
	for _, m := range d.marks {
		if !m.Placed {
			continue
		}
		t := engine.PlacedTile{Tile: m.Tile, Pos: m.Pos, Rot: m.Rot}
		if m.Style == MarkOther {
			d.b.WriteString(`<g opacity="0.6">` + "\n")
		}
		d.tile(t)
		d.landmarks(t)
		if m.Style == MarkOther {
			d.b.WriteString("</g>\n")
		}
	}
}

// markOutlines draws the marks' outlines and figures over everything
// else on the board. An outline of another move lies inside the played
// one's, so that both show when the moves share a square.
func (d *svgDoc) markOutlines() {
	for _, m := range d.marks {
		if !m.Placed {
			continue
		}
		o := d.origin(m.Pos)
		inset, dash, colour := 2.0, "", PlayedColour
		if m.Style == MarkOther {
			inset, dash, colour = 5.5, ` stroke-dasharray="7 4"`, OtherColour
		}
		d.printf(`<rect class="%s" x="%s" y="%s" width="%s" height="%s" fill="none" stroke="%s" stroke-width="3.5"%s/>`+"\n",
			markClass(m.Style), num(o.x+inset), num(o.y+inset), num(svgTile-2*inset), num(svgTile-2*inset), colour, dash)
		for _, f := range m.Figures {
			p := pt{f.X + svgMargin - float64(d.x0*svgTile), f.Y + svgMargin - float64(d.y0*svgTile)}
			if m.Style == MarkOther {
				d.b.WriteString(`<g opacity="0.75">`)
			}
			d.drawFigure(p, f.Scale, d.seatColour(f.Seat), f.Phantom)
			if m.Style == MarkOther {
				d.b.WriteString("</g>\n")
			}
			d.printf(`<circle class="%s" cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-width="2.5"%s/>`+"\n",
				markClass(m.Style), num(p.x), num(p.y), num(11*f.Scale), colour, dash)
		}
		for _, tw := range m.Floors {
			d.printf(`<circle class="%s" cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-width="3"%s/>`+"\n",
				markClass(m.Style), num(tw.X+svgMargin-float64(d.x0*svgTile)), num(tw.Y+svgMargin-float64(d.y0*svgTile)), num(svgTowerR+5), colour, dash)
		}
	}
}

// markClass is the class of a mark's outlines in the drawing, which
// pages and tests find them by.
func markClass(s MarkStyle) string {
	if s == MarkOther {
		return "mark-other"
	}
	return "mark-played"
}

// seatColour is the colour of seat p, grey for a seat the game lacks.
func (d *svgDoc) seatColour(p int) string {
	if p >= 0 && p < len(d.colours) {
		return d.colours[p]
	}
	return "#888888"
}

// markLegend draws the marks' lines of the legend, from y, each after a
// sample of its outline, and returns the y of the next line.
func (d *svgDoc) markLegend(y int) int {
	for _, m := range d.marks {
		dash, colour := "", PlayedColour
		if m.Style == MarkOther {
			dash, colour = ` stroke-dasharray="5 3"`, OtherColour
		}
		d.printf(`<rect x="%d" y="%d" width="16" height="12" fill="none" stroke="%s" stroke-width="2.5"%s/>`, svgMargin, y-10, colour, dash)
		d.printf(`<text x="%d" y="%d">`, svgMargin+24, y)
		d.text(m.Label)
		d.b.WriteString("</text>\n")
		y += svgRow
	}
	return y
}
