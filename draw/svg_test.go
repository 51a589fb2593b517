package draw

import (
	"bytes"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/engine"
)

// The -update flag rewrites the golden files.
var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// svgTestGame plays one tile of every type in catalog order, each at its
// first legal placement, with a fixed policy for the actions that puts
// followers on every kind of feature, builds towers and captures, so the
// picture shows every tile and every marker. The game is left unfinished
// so the followers stay on the board.
func svgTestGame(t *testing.T) *engine.Game {
	t.Helper()
	var bag []engine.TileID
	for id := range engine.Catalog {
		bag = append(bag, engine.TileID(id))
	}
	for _, name := range []string{"U", "V", "E", "B", "J", "K"} { // not played
		id, _ := engine.LookupTile(name)
		bag = append(bag, id)
	}
	g, err := engine.NewGame(engine.Setup{Players: 3, Bag: bag, Ordered: true})
	if err != nil {
		t.Fatal(err)
	}
	var buf []engine.Move
	for turn := 0; turn < len(engine.Catalog); turn++ {
		for {
			buf = g.LegalMoves(buf[:0])
			m := svgPolicy(turn, g.Phase(), buf)
			if err := g.Apply(m); err != nil {
				t.Fatalf("turn %d: %v: %v", turn, m, err)
			}
			if m.Kind == engine.MoveEndTurn {
				break
			}
		}
	}
	return g
}

// svgPolicy picks a move of the legal moves ms deterministically.
func svgPolicy(turn int, ph engine.Phase, ms []engine.Move) engine.Move {
	find := func(ok func(engine.Move) bool) (engine.Move, bool) {
		for _, m := range ms {
			if ok(m) {
				return m, true
			}
		}
		return engine.Move{}, false
	}
	kind := func(k engine.MoveKind) func(engine.Move) bool {
		return func(m engine.Move) bool { return m.Kind == k }
	}
	switch ph {
	case engine.PhaseAction:
		if turn%4 == 3 {
			if m, ok := find(kind(engine.MoveFloor)); ok {
				return m
			}
		}
		if turn%5 == 4 {
			if m, ok := find(kind(engine.MoveTowerFollower)); ok {
				return m
			}
		}
		want := []engine.FeatureKind{engine.FeatureCity, engine.FeatureRoad, engine.FeatureField, engine.FeatureCloister}[turn%4]
		if m, ok := find(func(m engine.Move) bool { return m.Kind == engine.MoveFollower && m.Spot.Kind == want }); ok {
			return m
		}
		if m, ok := find(kind(engine.MoveFloor)); ok && turn%2 == 0 {
			return m
		}
	case engine.PhaseCapture:
		if m, ok := find(kind(engine.MoveCapture)); ok && turn%3 != 0 {
			return m
		}
	case engine.PhaseDraw:
		m, _ := find(kind(engine.MoveDraw))
		return m
	}
	for _, k := range []engine.MoveKind{engine.MovePlace, engine.MoveDiscard, engine.MovePass, engine.MoveEndTurn} {
		if m, ok := find(kind(k)); ok {
			return m
		}
	}
	return ms[0]
}

var svgPlayers = []Seat{{Name: "Anna", Colour: "red"}, {Name: "Bruno", Colour: "blue"}, {Name: "Chloé", Colour: ""}}

func TestSVGGolden(t *testing.T) {
	g := svgTestGame(t)
	got := svgBytes(g, svgPlayers)
	path := filepath.Join("testdata", "catalog.svg")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("SVG differs from %s; run go test -run SVG ./draw -update and look at the picture", path)
	}
	if again := svgBytes(g, svgPlayers); !bytes.Equal(got, again) {
		t.Error("two renderings of the same game differ")
	}
}

// svgElements decodes doc as XML and returns its start elements.
func svgElements(t *testing.T, doc []byte) []xml.StartElement {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(doc))
	var els []xml.StartElement
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return els
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			els = append(els, se)
		}
	}
}

func TestSVGWellFormed(t *testing.T) {
	games := map[string]*engine.Game{"catalog": svgTestGame(t)}
	for _, seed := range []uint64{1, 3} {
		g, _, err := engine.Generate(engine.GenOptions{Players: 4, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		games[fmt.Sprintf("generated seed %d", seed)] = g
	}
	start, err := engine.NewGame(engine.Setup{Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	games["start tile only"] = start
	for name, g := range games {
		t.Run(name, func(t *testing.T) {
			els := svgElements(t, svgBytes(g, nil))
			if len(els) == 0 || els[0].Name.Local != "svg" {
				t.Fatalf("root element is not svg: %v", els)
			}
		})
	}
}

func TestSVGEveryTile(t *testing.T) {
	g := svgTestGame(t)
	doc := svgBytes(g, svgPlayers)
	tiles := 0
	for _, el := range svgElements(t, doc) {
		for _, a := range el.Attr {
			if a.Name.Local == "class" && a.Value == "tile" {
				tiles++
			}
		}
	}
	if tiles != g.NumTiles() {
		t.Errorf("%d tile groups, want %d", tiles, g.NumTiles())
	}
	seen := map[engine.TileID]bool{}
	for _, pt := range g.Tiles() {
		seen[pt.Tile] = true
		title := fmt.Sprintf("<title>%s %s %s</title>", pt.Tile, pt.Pos, pt.Rot)
		if !bytes.Contains(doc, []byte(title)) {
			t.Errorf("no %s", title)
		}
	}
	if len(seen) != engine.NumTileTypes {
		t.Errorf("the test board holds %d tile types, want all %d", len(seen), engine.NumTileTypes)
	}
}

func TestSVGHostileNames(t *testing.T) {
	g, _, err := engine.Generate(engine.GenOptions{Players: 3, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	hostile := []Seat{
		{Name: `</svg><script>alert(1)</script>`, Colour: `red"/><script>alert(2)</script>`},
		{Name: `Tom & "Jerry" <b>`, Colour: "javascript:alert(3)"},
		{Name: "]]><!-- x -->", Colour: "blue"},
	}
	doc := svgBytes(g, hostile)
	for _, bad := range []string{"<script", "</svg><", "<b>", "<!--", "javascript:", "]]>"} {
		if strings.Contains(string(doc), bad) {
			t.Errorf("output contains %q", bad)
		}
	}
	var names []string
	dec := xml.NewDecoder(bytes.NewReader(doc))
	var inName bool
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			inName = tok.Name.Local == "tspan"
		case xml.CharData:
			if inName {
				names = append(names, string(tok))
			}
		case xml.EndElement:
			inName = false
		}
	}
	want := []string{hostile[0].Name, hostile[1].Name, hostile[2].Name}
	if strings.Join(names, "\n") != strings.Join(want, "\n") {
		t.Errorf("legend names %q, want %q", names, want)
	}
}

// TestSVGSeatColours checks that each follower of the legend takes its
// seat's colour from the palette, and that a seat without a colour, or with
// one the palette does not know, takes its default.
func TestSVGSeatColours(t *testing.T) {
	g, _, err := engine.Generate(engine.GenOptions{Players: 4, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	seats := []Seat{{Name: "Anna", Colour: "Purple"}, {Name: "Bruno", Colour: " brown "}, {Name: "Chloé"}, {Name: "Dmitri", Colour: "mauve"}}
	// The fills by hand: purple and brown from the palette; seats 3 and
	// 4 take green and yellow, the third and fourth default seats.
	want := []string{"#7d3cb5", "#8b5a2b", "#178a35", "#f6cd1c"}
	doc := string(svgBytes(g, seats))
	legend := doc[strings.Index(doc, `<g font-size="12" fill="#222222">`):]
	for p, fill := range want {
		line := legend[:strings.Index(legend, seats[p].Name)]
		if !strings.Contains(line[strings.LastIndex(line, "<path"):], `fill="`+fill+`"`) {
			t.Errorf("%s's legend follower is not %s", seats[p].Name, fill)
		}
		legend = legend[strings.Index(legend, seats[p].Name):]
	}
}

// TestSVGBaseGameLegend: a game of the base game alone has no towers and
// no floors, so its legend names neither; a Tower game's names both.
func TestSVGBaseGameLegend(t *testing.T) {
	for _, c := range []struct {
		name  string
		rules engine.Rules
		tower bool
	}{{"base", engine.Rules{BaseOnly: true}, false}, {"tower", engine.Rules{}, true}} {
		g, _, err := engine.Generate(engine.GenOptions{Players: 2, Rules: c.rules, Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		doc := string(svgBytes(g, nil))
		for _, word := range []string{"floors left", "Towers: grey disc"} {
			if strings.Contains(doc, word) != c.tower {
				t.Errorf("%s game: legend contains %q: %v, want %v", c.name, word, !c.tower, c.tower)
			}
		}
	}
}
