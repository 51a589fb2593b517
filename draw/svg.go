package draw

import (
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/towerlog/towerlog/engine"
)

// The picture's measures, in SVG user units (pixels at 100%).
const (
	svgTile    = 64 // side of a square
	svgMargin  = 28 // room for the coordinates around the board
	svgRow     = 22 // height of a legend line
	svgNameMax = 40 // longest name drawn, in characters
	svgTowerR  = 8.5
)

// Colours of the picture.
const (
	svgField    = "#9ccc6b"
	svgCity     = "#d8ae6a"
	svgCityLine = "#7c5127"
	svgRoad     = "#f4efdf"
	svgRoadLine = "#6f634d"
	svgEmpty    = "#efebe1"
)

// pt is a point of a square, (0,0) its north-west corner.
type pt struct{ x, y float64 }

var centre = pt{32, 32}

// turn rotates p clockwise by r quarter turns about the centre of the square.
func (p pt) turn(r engine.Rotation) pt {
	for i := 0; i < int(r)&3; i++ {
		p = pt{svgTile - p.y, p.x}
	}
	return p
}

func (p pt) add(q pt) pt { return pt{p.x + q.x, p.y + q.y} }

func (p pt) dist(q pt) float64 { return math.Hypot(p.x-q.x, p.y-q.y) }

// num formats a coordinate: at most two decimals, never "-0".
func num(v float64) string {
	v = math.Round(v*100) / 100
	if v == 0 {
		v = 0
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// SVG writes the board of g to w as a standalone SVG document: every tile in its
// place and rotation (fields green, cities tan with pennants as blue shields,
// roads, cloisters, tower foundations and towers with their height),
// followers in their players' colours at their spots, a grid with the
// coordinates along the edges, and below the board a legend with each
// player's name, colour, score, followers and floors left and prisoners
// held. In a game with the Phantom a phantom is drawn hollow (a band of its
// owner's colour round a pale body) where a follower is solid, and the
// legend says where each phantom is and which prisoners are phantoms.
// seats gives names and colours in seat order; a missing or unknown
// colour takes the seat's default. Names are escaped, so any text is safe. The
// output depends only on g and players: the same game gives the same bytes.
func SVG(w io.Writer, g *engine.Game, seats []Seat) error { return writeSVG(w, g, seats, nil) }

// writeSVG writes the board of g with marks drawn apart on it (SVGMarked).
func writeSVG(w io.Writer, g *engine.Game, seats []Seat, marks []Mark) error {
	d := newSVGDoc(g, seats, marks)
	d.header()
	d.boardBackground()
	for _, t := range g.Tiles() {
		d.tile(t)
	}
	d.markTiles()
	d.grid()
	for _, t := range g.Tiles() {
		d.landmarks(t)
	}
	for _, tw := range g.Towers() {
		d.tower(tw)
	}
	for _, f := range g.Followers() {
		d.follower(f)
	}
	d.markOutlines()
	d.coordinates()
	d.legend()
	d.b.WriteString("</svg>\n")
	_, err := io.WriteString(w, d.b.String())
	return err
}

// svgDoc is an SVG document being written.
type svgDoc struct {
	b              strings.Builder
	g              *engine.Game
	names, colours []string
	x0, x1, y0, y1 int
	width, height  int
	legendY        int
	phantom        bool // the game is played with the Phantom
	towerGame      bool // the game is played with The Tower (not the base game alone)
	indent         int  // where the legend's player lines begin after the figures
	marks          []Mark
}

func newSVGDoc(g *engine.Game, seats []Seat, marks []Mark) *svgDoc {
	d := &svgDoc{g: g, phantom: g.Rules().Phantom, towerGame: !g.Rules().BaseOnly, indent: svgMargin + 22, marks: marks}
	if d.phantom {
		d.indent += 18 // room for the phantom after the follower
	}
	d.x0, d.x1, d.y0, d.y1 = bounds(g)
	d.extend(marks)
	n := g.NumPlayers()
	d.names, d.colours = make([]string, n), make([]string, n)
	for p := 0; p < n; p++ {
		var pl Seat
		if p < len(seats) {
			pl = seats[p]
		}
		d.names[p] = svgName(pl.Name, p)
		d.colours[p] = SeatFill(pl.Colour, p)
	}
	d.legendY = svgMargin + d.boardH() + 34
	lines := d.legendLines()
	d.height = d.legendY + len(lines)*svgRow
	d.width = d.boardW() + 2*svgMargin
	for _, line := range lines {
		if w := d.indent + textWidth(line) + svgMargin; w > d.width {
			d.width = w
		}
	}
	return d
}

func (d *svgDoc) boardW() int { return (d.x1 - d.x0 + 1) * svgTile }
func (d *svgDoc) boardH() int { return (d.y1 - d.y0 + 1) * svgTile }

// origin returns the top-left corner of square p in the document.
func (d *svgDoc) origin(p engine.Pos) pt {
	return pt{float64(svgMargin + (p.X-d.x0)*svgTile), float64(svgMargin + (p.Y-d.y0)*svgTile)}
}

// svgName returns the name to draw for seat p, shortened if very long.
func svgName(name string, p int) string {
	if strings.TrimSpace(name) == "" {
		return fmt.Sprintf("Player %d", p+1)
	}
	if utf8.RuneCountInString(name) > svgNameMax {
		r := []rune(name)
		name = string(r[:svgNameMax-1]) + "…"
	}
	return name
}

// textWidth estimates the drawn width of a 12px sans-serif line.
func textWidth(s string) int { return utf8.RuneCountInString(s)*7 + 8 }

func (d *svgDoc) printf(format string, args ...any) { fmt.Fprintf(&d.b, format, args...) }

// text writes s escaped for XML character data.
func (d *svgDoc) text(s string) { _ = xml.EscapeText(&d.b, []byte(s)) }

func (d *svgDoc) header() {
	d.printf(`<?xml version="1.0" encoding="UTF-8"?>`+"\n"+
		`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="DejaVu Sans, Verdana, sans-serif">`+"\n",
		d.width, d.height, d.width, d.height)
	d.printf(`<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", d.width, d.height)
}

func (d *svgDoc) boardBackground() {
	d.printf(`<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n",
		svgMargin, svgMargin, d.boardW(), d.boardH(), svgEmpty)
}

// grid draws thin lines between the squares.
func (d *svgDoc) grid() {
	d.b.WriteString(`<g stroke="#000000" stroke-opacity="0.3" stroke-width="0.6">` + "\n")
	w, h := d.boardW(), d.boardH()
	for i := 0; i <= d.x1-d.x0+1; i++ {
		x := svgMargin + i*svgTile
		d.printf(`<line x1="%d" y1="%d" x2="%d" y2="%d"/>`+"\n", x, svgMargin, x, svgMargin+h)
	}
	for j := 0; j <= d.y1-d.y0+1; j++ {
		y := svgMargin + j*svgTile
		d.printf(`<line x1="%d" y1="%d" x2="%d" y2="%d"/>`+"\n", svgMargin, y, svgMargin+w, y)
	}
	d.b.WriteString("</g>\n")
}

// coordinates writes the column numbers above and below the board and the
// row numbers on both sides.
func (d *svgDoc) coordinates() {
	d.b.WriteString(`<g font-size="11" fill="#555555" text-anchor="middle">` + "\n")
	bottom := svgMargin + d.boardH()
	for x := d.x0; x <= d.x1; x++ {
		cx := svgMargin + (x-d.x0)*svgTile + svgTile/2
		d.printf(`<text x="%d" y="%d">%d</text><text x="%d" y="%d">%d</text>`+"\n",
			cx, svgMargin-8, x, cx, bottom+16, x)
	}
	right := svgMargin + d.boardW()
	for y := d.y0; y <= d.y1; y++ {
		cy := svgMargin + (y-d.y0)*svgTile + svgTile/2 + 4
		d.printf(`<text x="%d" y="%d">%d</text><text x="%d" y="%d">%d</text>`+"\n",
			svgMargin/2, cy, y, right+svgMargin/2, cy, y)
	}
	d.b.WriteString("</g>\n")
}

// tile draws the ground of a placed tile: field, roads, cities, in the
// tile's canonical orientation turned by its rotation.
func (d *svgDoc) tile(t engine.PlacedTile) {
	o := d.origin(t.Pos)
	tt := t.Tile.Type()
	d.printf(`<g class="tile" transform="translate(%s %s)">`+"\n", num(o.x), num(o.y))
	d.printf("<title>%s %s %s</title>\n", t.Tile, t.Pos, t.Rot)
	d.printf(`<g transform="rotate(%d 32 32)">`+"\n", t.Rot.Degrees())
	d.printf(`<rect width="64" height="64" fill="%s"/>`+"\n", svgField)
	for _, r := range tt.Roads {
		if r.End != engine.EndBridge {
			d.road(tt, r)
		}
	}
	for _, c := range tt.Cities {
		d.city(tt, c)
	}
	for _, r := range tt.Roads {
		if r.End == engine.EndBridge {
			d.road(tt, r)
		}
		if r.End == engine.EndCrossing {
			d.b.WriteString(`<circle cx="32" cy="32" r="4.5" fill="#4a4a4a"/>` + "\n")
		}
	}
	d.b.WriteString("</g>\n</g>\n")
}

// edgeMid is the middle of each edge.
var edgeMid = [4]pt{{32, 0}, {64, 32}, {32, 64}, {0, 32}}

// edgesOf lists the edges of a set, clockwise from north.
func edgesOf(s engine.EdgeSet) []engine.Edge {
	var es []engine.Edge
	for e := engine.North; e <= engine.West; e++ {
		if s.Has(e) {
			es = append(es, e)
		}
	}
	return es
}

// roadPath is the centre line of a road segment: straight through, curved
// round a corner, or from its edge to the middle of the tile where it ends.
func roadPath(s engine.EdgeSet) string {
	es := edgesOf(s)
	a := edgeMid[es[0]]
	switch {
	case len(es) == 1:
		return fmt.Sprintf("M%s %sL32 32", num(a.x), num(a.y))
	case len(es) == 2 && es[1] == es[0].Opposite():
		b := edgeMid[es[1]]
		return fmt.Sprintf("M%s %sL%s %s", num(a.x), num(a.y), num(b.x), num(b.y))
	}
	b := edgeMid[es[1]]
	return fmt.Sprintf("M%s %sQ32 32 %s %s", num(a.x), num(a.y), num(b.x), num(b.y))
}

func (d *svgDoc) road(tt *engine.TileType, r engine.RoadSeg) {
	p := roadPath(r.Edges)
	if r.End == engine.EndCityGate && len(tt.Cities) > 0 {
		// On into the city, which is drawn over it: the gate is where the
		// road meets the city's outline.
		a := cityPoint(tt.Cities[0], shapeAnchor[:])
		p += fmt.Sprintf("L%s %s", num(a.x), num(a.y))
	}
	d.printf(`<path d="%s" fill="none" stroke="%s" stroke-width="8"/>`+"\n", p, svgRoadLine)
	d.printf(`<path d="%s" fill="none" stroke="%s" stroke-width="5.5"/>`+"\n", p, svgRoad)
}

// City shapes, drawn for one orientation and turned into place.
type cityShape uint8

const (
	shapeCap    cityShape = iota // one edge: north
	shapeCorner                  // two adjacent edges: north and west
	shapeBand                    // two opposite edges: east and west
	shapeThree                   // three edges: all but south
	shapeFull                    // all four edges
)

var shapeTemplates = [...]engine.EdgeSet{
	shapeCap:    engine.N,
	shapeCorner: engine.N | engine.W,
	shapeBand:   engine.E | engine.W,
	shapeThree:  engine.N | engine.E | engine.W,
	shapeFull:   engine.N | engine.E | engine.S | engine.W,
}

// shapeOf returns the shape of a city with edges s and the turn that puts
// the shape's template onto s.
func shapeOf(s engine.EdgeSet) (cityShape, engine.Rotation) {
	for sh, t := range shapeTemplates {
		for r := engine.R0; r <= engine.R270; r++ {
			if t.Rotate(r) == s {
				return cityShape(sh), r
			}
		}
	}
	return shapeFull, engine.R0
}

// Points of each shape in its template orientation: where a follower
// stands, where a tower foundation is, where the pennant is shown.
var (
	shapeAnchor  = [...]pt{{32, 8}, {14, 14}, {32, 32}, {32, 17}, {32, 32}}
	shapeTower   = [...]pt{{32, 9}, {13, 13}, {14, 32}, {32, 14}, {32, 32}}
	shapePennant = [...]pt{{48, 8}, {32, 10}, {46, 22}, {48, 8}, {48, 20}}
)

// cityPath returns the outline of a city shape in template orientation.
// shallow narrows the notch of a three-edge city whose fourth edge holds
// another city, so the two stay apart.
func cityPath(sh cityShape, shallow bool) string {
	switch sh {
	case shapeCap:
		return "M0 0L64 0C43 21 21 21 0 0Z"
	case shapeCorner:
		return "M0 0L64 0C32 16 16 32 0 64Z"
	case shapeBand:
		return "M0 0C20 22 44 22 64 0L64 64C44 42 20 42 0 64Z"
	case shapeThree:
		if shallow {
			return "M0 0L64 0L64 64C44 16 20 16 0 64Z"
		}
		return "M0 0L64 0L64 64C44 24 20 24 0 64Z"
	}
	return "M0 0L64 0L64 64L0 64Z"
}

func (d *svgDoc) city(tt *engine.TileType, c engine.CitySeg) {
	sh, r := shapeOf(c.Edges)
	shallow := false
	if sh == shapeThree {
		missing := (engine.N | engine.E | engine.S | engine.W) &^ c.Edges
		shallow = tt.Edges[edgesOf(missing)[0]] == engine.City
	}
	d.printf(`<path d="%s" transform="rotate(%d 32 32)" fill="%s" stroke="%s" stroke-width="1.5" stroke-linejoin="round"/>`+"\n",
		cityPath(sh, shallow), r.Degrees(), svgCity, svgCityLine)
}

// cityPoint returns a point of city segment c from table pts, in
// canonical orientation.
func cityPoint(c engine.CitySeg, pts []pt) pt {
	sh, r := shapeOf(c.Edges)
	return pts[sh].turn(r)
}

// cityAnchor is where a follower stands on city segment c of tt, in
// canonical orientation.
func cityAnchor(tt *engine.TileType, c engine.CitySeg) pt {
	if sh, r := shapeOf(c.Edges); sh == shapeBand && len(tt.Roads) > 0 {
		return pt{50, 32}.turn(r) // clear of the bridge
	}
	return cityPoint(c, shapeAnchor[:])
}

// roadPoint is where a follower stands on a road with edges s.
func roadPoint(s engine.EdgeSet) pt {
	es := edgesOf(s)
	a := edgeMid[es[0]]
	if len(es) == 1 {
		return pt{a.x*0.6 + centre.x*0.4, a.y*0.6 + centre.y*0.4}
	}
	b := edgeMid[es[1]]
	if b == (pt{svgTile - a.x, svgTile - a.y}) {
		return centre
	}
	return pt{(a.x + 2*centre.x + b.x) / 4, (a.y + 2*centre.y + b.y) / 4}
}

// halfPoint is a point of the field next to each half-edge.
var halfPoint = [8]pt{{16, 9}, {48, 9}, {55, 16}, {55, 48}, {48, 55}, {16, 55}, {9, 48}, {9, 16}}

// fieldPoint is where a follower stands on a field with half-edges s of
// tt: amid its half-edges, kept out of the cities and the cloister.
func fieldPoint(tt *engine.TileType, s engine.HalfSet) pt {
	if s == 0 {
		return pt{32, 38} // the inner field between the cities of T07
	}
	var p pt
	n := float64(bits.OnesCount8(uint8(s)))
	for h := 0; h < 8; h++ {
		if s&(1<<h) != 0 {
			p = p.add(pt{halfPoint[h].x / n, halfPoint[h].y / n})
		}
	}
	if tt.Cloister && p.dist(centre) < 16 {
		return pt{12, 12}
	}
	const clear = 22
	for e, t := range tt.Edges {
		if t != engine.City {
			continue
		}
		switch engine.Edge(e) {
		case engine.North:
			p.y = math.Max(p.y, clear)
		case engine.East:
			p.x = math.Min(p.x, svgTile-clear)
		case engine.South:
			p.y = math.Min(p.y, svgTile-clear)
		case engine.West:
			p.x = math.Max(p.x, clear)
		}
	}
	return p
}

// towerPoint returns where tt's foundation is, in canonical orientation.
func towerPoint(tt *engine.TileType) pt {
	f := tt.Tower
	switch {
	case f.Kind == engine.FoundationCity && f.Index < len(tt.Cities):
		return cityPoint(tt.Cities[f.Index], shapeTower[:])
	case f.Kind == engine.FoundationField && tt.Cloister:
		return pt{51, 51}
	case f.Kind == engine.FoundationField && f.Index < len(tt.Fields):
		return fieldPoint(tt, tt.Fields[f.Index].Halves)
	}
	return centre
}

// spotPoint returns where a follower on spot s (canonical orientation) of
// tt stands, in canonical orientation, moved aside from the tile's tower.
func spotPoint(tt *engine.TileType, s engine.Spot) pt {
	var p pt
	switch s.Kind {
	case engine.FeatureRoad:
		p = roadPoint(s.Edges)
	case engine.FeatureField:
		p = fieldPoint(tt, s.Halves)
	case engine.FeatureCloister:
		return pt{32, 35}
	case engine.FeatureCity:
		p = centre
		for _, c := range tt.Cities {
			if c.Edges == s.Edges {
				p = cityAnchor(tt, c)
			}
		}
	default:
		return centre
	}
	if !tt.HasFoundation() {
		return p
	}
	tp := towerPoint(tt)
	if p.dist(tp) >= 16 {
		return p
	}
	// Beside the tower: a field is wide, so try the diagonals first; a
	// city hugs its edges, so try along them first.
	offs := append(append([]pt(nil), besideAlong...), besideDiagonal...)
	if s.Kind == engine.FeatureField {
		offs = append(append([]pt(nil), besideDiagonal...), besideAlong...)
	}
	for _, off := range offs {
		if q := tp.add(off); q.x >= 7 && q.x <= 57 && q.y >= 7 && q.y <= 57 {
			return q
		}
	}
	return p
}

// Offsets from a tower to a follower sharing its segment.
var (
	besideAlong    = []pt{{-16, 0}, {16, 0}, {0, 16}, {0, -16}}
	besideDiagonal = []pt{{11, -11}, {-11, 11}, {11, 11}, {-11, -11}}
)

// landmarks draws what stands upright on a tile whatever its rotation:
// pennants and the cloister.
func (d *svgDoc) landmarks(t engine.PlacedTile) {
	o := d.origin(t.Pos)
	tt := t.Tile.Type()
	for _, c := range tt.Cities {
		if c.Pennant {
			p := o.add(cityPoint(c, shapePennant[:]).turn(t.Rot))
			d.printf(`<path transform="translate(%s %s)" d="M-4.5 -5H4.5V0C4.5 3 2 4.5 0 5.5C-2 4.5 -4.5 3 -4.5 0Z" fill="#2459c9" stroke="#ffffff" stroke-width="1"/>`+"\n",
				num(p.x), num(p.y))
		}
	}
	if tt.Cloister {
		d.printf(`<g transform="translate(%s %s)">`+
			`<rect x="-9" y="-2" width="18" height="14" fill="#f4ead5" stroke="#5b4630" stroke-width="0.8"/>`+
			`<path d="M-12 -1L0 -12L12 -1Z" fill="#c0392b" stroke="#7b2418" stroke-width="0.8" stroke-linejoin="round"/>`+
			`<rect x="-2" y="5" width="4" height="7" fill="#5b4630"/></g>`+"\n",
			num(o.x+32), num(o.y+32))
	}
}

// tower draws a foundation (dashed, height 0) or a tower with its height,
// ringed in the guard's colour when a follower stands on top.
func (d *svgDoc) tower(tw engine.TowerInfo) {
	p, ok := d.towerAt(tw)
	if !ok {
		return
	}
	x, y := num(p.x), num(p.y)
	if tw.Guard >= 0 && tw.Guard < len(d.colours) {
		d.printf(`<circle cx="%s" cy="%s" r="%s" fill="none" stroke="#1a1a1a" stroke-width="5"/>`+"\n", x, y, num(svgTowerR+2.5))
		d.printf(`<circle cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-width="3"/>`+"\n", x, y, num(svgTowerR+2.5), d.colours[tw.Guard])
	}
	switch {
	case tw.Height == 0:
		d.printf(`<circle cx="%s" cy="%s" r="%s" fill="#dcdcdc" stroke="#4a4a4a" stroke-width="1.2" stroke-dasharray="2.5 2"/>`+"\n", x, y, num(svgTowerR))
	case tw.Closed && tw.Guard < 0:
		d.printf(`<circle cx="%s" cy="%s" r="%s" fill="#7d7d7d" stroke="#000000" stroke-width="2.5"/>`+"\n", x, y, num(svgTowerR))
	default:
		d.printf(`<circle cx="%s" cy="%s" r="%s" fill="#7d7d7d" stroke="#333333" stroke-width="1.2"/>`+"\n", x, y, num(svgTowerR))
	}
	fill := "#ffffff"
	if tw.Height == 0 {
		fill = "#444444"
	}
	d.printf(`<text x="%s" y="%s" font-size="10" font-weight="bold" text-anchor="middle" fill="%s">%d</text>`+"\n",
		x, num(p.y+3.6), fill, tw.Height)
}

// meeple is a follower's outline, about 15 units high, centred on (0,0).
const meeple = "M0 -7.5C2.6 -7.5 3.2 -5 2.6 -3.6L7 -1.6C7.8 -1.2 7.6 0.6 6.6 0.6L3.6 0.4L6.4 7L1.6 7L0 3.6L-1.6 7L-6.4 7L-3.6 0.4L-6.6 0.6C-7.6 0.6 -7.8 -1.2 -7 -1.6L-2.6 -3.6C-3.2 -5 -2.6 -7.5 0 -7.5Z"

// drawMeeple draws a follower of colour fill at p, scaled by k, with a light
// halo and a dark outline so it stands out on any ground.
func (d *svgDoc) drawMeeple(p pt, k float64, fill string) {
	d.printf(`<g transform="translate(%s %s) scale(%s)">`, num(p.x), num(p.y), num(k))
	d.printf(`<path d="%s" fill="none" stroke="#ffffff" stroke-width="2.6" stroke-linejoin="round"/>`, meeple)
	d.printf(`<path d="%s" fill="%s" stroke="#1a1a1a" stroke-width="1" stroke-linejoin="round"/></g>`+"\n", meeple, fill)
}

// drawPhantom draws a phantom of colour fill at p, scaled by k: the
// follower's shape hollow, a band of the colour between two dark lines
// around a pale, see-through body, so that a phantom and a follower of the
// same colour differ at a glance, white ones included.
func (d *svgDoc) drawPhantom(p pt, k float64, fill string) {
	d.printf(`<g class="phantom" transform="translate(%s %s) scale(%s)">`, num(p.x), num(p.y), num(k))
	d.printf(`<path d="%s" fill="#ffffff" fill-opacity="0.6" stroke="#ffffff" stroke-width="4.4" stroke-linejoin="round"/>`, meeple)
	d.printf(`<path d="%s" fill="none" stroke="#1a1a1a" stroke-width="3" stroke-linejoin="round"/>`, meeple)
	d.printf(`<path d="%s" fill="none" stroke="%s" stroke-width="1.6" stroke-linejoin="round"/></g>`+"\n", meeple, fill)
}

// drawFigure draws a follower, or a phantom when phantom is set.
func (d *svgDoc) drawFigure(p pt, k float64, fill string, phantom bool) {
	if phantom {
		d.drawPhantom(p, k, fill)
		return
	}
	d.drawMeeple(p, k, fill)
}

// follower draws a follower at its spot; a guard stands on the tower's
// shoulder so the height stays readable.
func (d *svgDoc) follower(f engine.FollowerInfo) {
	if f.Player < 0 || f.Player >= len(d.colours) {
		return
	}
	if p, k, ok := d.figureAt(f); ok {
		d.drawFigure(p, k, d.colours[f.Player], f.Phantom)
	}
}

// figureAt is where follower f stands in the document, and its scale.
func (d *svgDoc) figureAt(f engine.FollowerInfo) (pt, float64, bool) {
	t, ok := d.g.TileAt(f.Pos)
	if !ok {
		return pt{}, 0, false
	}
	tt := t.Tile.Type()
	o := d.origin(f.Pos)
	if f.Spot.Kind == engine.FeatureTower {
		return o.add(towerPoint(tt).turn(t.Rot)).add(pt{9, -10}), 0.8, true
	}
	back := (4 - t.Rot) & 3
	s := engine.Spot{Kind: f.Spot.Kind, Edges: f.Spot.Edges.Rotate(back), Halves: f.Spot.Halves.Rotate(back)}
	return o.add(spotPoint(tt, s).turn(t.Rot)), 1, true
}

// towerAt is where tower tw stands in the document.
func (d *svgDoc) towerAt(tw engine.TowerInfo) (pt, bool) {
	t, ok := d.g.TileAt(tw.Pos)
	if !ok {
		return pt{}, false
	}
	return d.origin(tw.Pos).add(towerPoint(t.Tile.Type()).turn(t.Rot)), true
}

// legendLines returns the text of the legend: each player's name and
// line, then the keys and the bag.
func (d *svgDoc) legendLines() []string {
	var lines []string
	for p, name := range d.names {
		lines = append(lines, name+d.playerLine(p))
	}
	for _, m := range d.marks {
		lines = append(lines, m.Label)
	}
	return append(lines, d.keyLines()...)
}

// playerLine is the text after player p's name: score, supply (and floors
// with The Tower), where the phantom is (with the Phantom) and prisoners
// held.
func (d *svgDoc) playerLine(p int) string {
	s := fmt.Sprintf(" — %s and %s left", plural(d.g.Score(p), "point"), plural(d.g.Supply(p), "follower"))
	if d.towerGame {
		s = fmt.Sprintf(" — %s, %s and %s left", plural(d.g.Score(p), "point"),
			plural(d.g.Supply(p), "follower"), plural(d.g.Floors(p), "floor"))
	}
	if ph := phantomPlace(d.g, p, d.names); ph != "" {
		s += ", " + ph
	}
	if h := held(d.g, p, d.names); len(h) > 0 {
		s += ", holds " + strings.Join(h, ", ")
	}
	return s
}

// plural writes a count of things: "1 floor", "3 floors".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// keyLines returns the lines of the legend below the players: the key to
// towers (with The Tower), to figures in a game with the Phantom, and the
// bag.
func (d *svgDoc) keyLines() []string {
	var lines []string
	if d.towerGame {
		lines = append(lines, "Towers: grey disc with the height; dashed: bare foundation; ring and figure: guard.")
	}
	if d.phantom {
		lines = append(lines, "Figures: solid, a follower; hollow with a pale body, a phantom.")
	}
	return append(lines, fmt.Sprintf("Tiles on the board: %d; tiles left in the bag: %d.", d.g.NumTiles(), d.g.TilesLeft()))
}

func (d *svgDoc) legend() {
	d.b.WriteString(`<g font-size="12" fill="#222222">` + "\n")
	y := d.legendY
	for p, name := range d.names {
		d.drawMeeple(pt{svgMargin + 8, float64(y - 4)}, 1, d.colours[p])
		if d.phantom {
			d.drawPhantom(pt{svgMargin + 26, float64(y - 4)}, 1, d.colours[p])
		}
		d.printf(`<text x="%d" y="%d"><tspan font-weight="bold">`, d.indent, y)
		d.text(name)
		d.b.WriteString(`</tspan>`)
		d.text(d.playerLine(p))
		d.b.WriteString("</text>\n")
		y += svgRow
	}
	y = d.markLegend(y)
	for _, line := range d.keyLines() {
		d.printf(`<text x="%d" y="%d" fill="#555555">`, svgMargin, y)
		d.text(line)
		d.b.WriteString("</text>\n")
		y += svgRow
	}
	d.b.WriteString("</g>\n")
}
