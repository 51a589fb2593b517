package draw

import (
	"fmt"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/engine"
)

// play applies the first legal move of g that ok accepts.
func play(t *testing.T, g *engine.Game, what string, ok func(engine.Move) bool) {
	t.Helper()
	for _, m := range g.LegalMoves(nil) {
		if ok(m) {
			if err := g.Apply(m); err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			return
		}
	}
	t.Fatalf("turn %d: no legal move for %s", g.Turn(), what)
}

// drawPlace draws the next tile and places it at p turned by r.
func drawPlace(t *testing.T, g *engine.Game, p engine.Pos, r engine.Rotation) {
	t.Helper()
	play(t, g, "draw", func(m engine.Move) bool { return m.Kind == engine.MoveDraw })
	play(t, g, fmt.Sprintf("place at %s %s", p, r), func(m engine.Move) bool {
		return m.Kind == engine.MovePlace && m.Pos == p && m.Rot == r
	})
}

// endTurn passes what is left of the turn and ends it.
func endTurn(t *testing.T, g *engine.Game) {
	t.Helper()
	for turn := g.Turn(); g.Turn() == turn; {
		play(t, g, "pass or end turn", func(m engine.Move) bool { return m.Kind == engine.MovePass || m.Kind == engine.MoveEndTurn })
	}
}

// figureGame plays three turns with the Phantom: the first player puts a
// D, the second a T12 and a floor on it, the first a U. The first player's
// only figure is fig, on the city of the D when onTower is false, else on
// top of the tower: the same position but for the kind of the figure.
func figureGame(t *testing.T, fig engine.Figure, onTower bool) *engine.Game {
	t.Helper()
	var bag []engine.TileID
	for _, name := range []string{"D", "T12", "U", "B"} {
		id, ok := engine.LookupTile(name)
		if !ok {
			t.Fatalf("no tile %s", name)
		}
		bag = append(bag, id)
	}
	g, err := engine.NewGame(engine.Setup{Players: 2, Rules: engine.Rules{Phantom: true}, Bag: bag, Ordered: true})
	if err != nil {
		t.Fatal(err)
	}
	drawPlace(t, g, engine.Pos{X: 1, Y: 0}, engine.R0)
	if !onTower {
		play(t, g, fig.String()+" on the city", func(m engine.Move) bool {
			return m.Kind == engine.MoveFollower && m.Figure == fig && m.Spot.Kind == engine.FeatureCity
		})
	}
	endTurn(t, g)
	drawPlace(t, g, engine.Pos{X: 1, Y: 1}, engine.R0)
	play(t, g, "floor", func(m engine.Move) bool { return m.Kind == engine.MoveFloor })
	endTurn(t, g)
	drawPlace(t, g, engine.Pos{X: 2, Y: 0}, engine.R0)
	if onTower {
		play(t, g, fig.String()+" onto the tower", func(m engine.Move) bool {
			return m.Kind == engine.MoveTowerFollower && m.Figure == fig
		})
	}
	endTurn(t, g)
	return g
}

// boardFigureLines returns the lines of an SVG document that draw a figure
// on the board, above the legend.
func boardFigureLines(doc string) []string {
	var out []string
	board := doc[:strings.Index(doc, `<g font-size="12" fill="#222222">`)]
	for _, line := range strings.Split(board, "\n") {
		if strings.Contains(line, meeple) {
			out = append(out, line)
		}
	}
	return out
}

// placeOf returns the transform of a figure's line: where it stands and
// its scale.
func placeOf(line string) string {
	at := strings.Index(line, "translate(")
	return line[at : at+strings.Index(line[at:], `"`)]
}

// TestPhantomDrawnApart checks that the phantom of a player and a follower
// of the same player on the same spot are drawn differently: the follower
// solid in the player's colour, the phantom hollow (the colour only as an
// outline), on a feature and on a tower, in the SVG and in the text board.
func TestPhantomDrawnApart(t *testing.T) {
	seats := []Seat{{Name: "Anna", Colour: "red"}, {Name: "Bruno", Colour: "white"}}
	const red = "#d7263d"
	for _, tc := range []struct {
		name    string
		onTower bool
		spot    string // the figure's line of the text board, after its mark
		guard   string // the tower's line of the text board for a follower and for the phantom
	}{
		{"on the city", false, " Anna         (1,0) city N\n", "(1,1) height 1, open\n"},
		{"on the tower", true, " Anna         (1,1) on the tower\n", "(1,1) height 1, guarded by Anna\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fol, ph := figureGame(t, engine.FigureFollower, tc.onTower), figureGame(t, engine.FigurePhantom, tc.onTower)
			fs, ps := boardFigureLines(string(svgBytes(fol, seats))), boardFigureLines(string(svgBytes(ph, seats)))
			if len(fs) != 1 || len(ps) != 1 {
				t.Fatalf("%d and %d figures on the board, want 1 and 1", len(fs), len(ps))
			}
			f, p := fs[0], ps[0]
			if placeOf(f) != placeOf(p) {
				t.Errorf("the follower and the phantom stand at different places:\n%s\n%s", f, p)
			}
			if f == p {
				t.Errorf("the follower and the phantom are drawn alike:\n%s", f)
			}
			if !strings.Contains(f, `fill="`+red+`"`) {
				t.Errorf("the follower is not filled red: %s", f)
			}
			if strings.Contains(p, `fill="`+red+`"`) || !strings.Contains(p, `stroke="`+red+`"`) {
				t.Errorf("the phantom is not a red outline: %s", p)
			}
			folText, phText := Board(fol, seats), Board(ph, seats)
			if want := "  F" + tc.spot; !strings.Contains(folText, want) {
				t.Errorf("text board with a follower has no %q:\n%s", want, folText)
			}
			if want := "  P" + tc.spot; !strings.Contains(phText, want) {
				t.Errorf("text board with a phantom has no %q:\n%s", want, phText)
			}
			phGuard := strings.Replace(tc.guard, "by Anna", "by the phantom of Anna", 1)
			if !strings.Contains(folText, tc.guard) || !strings.Contains(phText, phGuard) {
				t.Errorf("towers: want %q and %q, got\n%s\n%s", tc.guard, phGuard, folText, phText)
			}
		})
	}
}
