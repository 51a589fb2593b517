package draw_test

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/draw"
	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// phantomGame replays testdata/phantom.cgn: after its six turns Anna has a
// follower and the phantom on one tile, Bob's phantom guards a tower and a
// follower of his stands on a cloister, Cleo's phantom is in Dora's prison
// and a follower of Cleo in Anna's, and Dora's phantom is in supply.
func phantomGame(t *testing.T) *replay.Game {
	t.Helper()
	path := filepath.Join("testdata", "phantom.cgn")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := record.Parse(f, path)
	if err != nil || len(games) != 1 {
		t.Fatalf("%s: %d games, %v", path, len(games), err)
	}
	g := replay.Replay(path, 1, games[0], replay.Options{})
	if !g.Valid() {
		t.Fatalf("%s: %v", path, g.Diagnostics)
	}
	return g
}

// wellFormed fails t unless doc is well-formed XML.
func wellFormed(t *testing.T, doc []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(doc))
	for {
		_, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
	}
}

// TestPhantomGolden draws the position of testdata/phantom.cgn as an SVG
// picture and as a text board.
func TestPhantomGolden(t *testing.T) {
	g := phantomGame(t)
	svg := draw.SVGBytes(g.State, draw.Seats(g))
	wellFormed(t, svg)
	draw.Golden(t, "phantom.svg", svg)
	draw.Golden(t, "phantom.txt", []byte(draw.Board(g.State, draw.Seats(g))))
}

// TestPhantomLegend checks what the legends say of each player's phantom
// and prisoners in the position of testdata/phantom.cgn, worked out from
// its moves.
func TestPhantomLegend(t *testing.T) {
	g := phantomGame(t)
	svg, text := string(draw.SVGBytes(g.State, draw.Seats(g))), draw.Board(g.State, draw.Seats(g))
	for _, want := range []string{
		"Anna</tspan> — 0 points, 6 followers and 6 floors left, phantom on the board, holds 1 follower of Cleo</text>",
		"Bob</tspan> — 0 points, 6 followers and 6 floors left, phantom on the board</text>",
		"Cleo</tspan> — 0 points, 6 followers and 7 floors left, phantom held by Dora</text>",
		"Dora</tspan> — 0 points, 7 followers and 6 floors left, phantom in supply, holds the phantom of Cleo</text>",
		"Figures: solid, a follower; hollow with a pale body, a phantom.",
	} {
		if !strings.Contains(svg, want) {
			t.Errorf("SVG legend has no %q", want)
		}
	}
	for _, want := range []string{
		"Figures: F a follower, P a phantom.\n",
		"\n  F Anna         (1,0) city N\n  P Anna         (1,0) road WE\n  F Bob          (2,1) cloister\n  P Bob          (1,1) on the tower\nTowers:\n",
		"\n  (1,1) height 1, guarded by the phantom of Bob\n  (-1,1) height 2, open\n",
		"\n  Anna           0 points, 6 followers, 6 floors, phantom on the board, holds 1 follower of Cleo\n",
		"\n  Cleo           0 points, 6 followers, 7 floors, phantom held by Dora\n",
		"\n  Dora           0 points, 7 followers, 6 floors, phantom in supply, holds the phantom of Cleo\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("text board has no %q:\n%s", want, text)
		}
	}
}

// TestPhantomHostileNames checks that names in the phantom's part of the
// legend (the holder of a phantom, the owner of a prisoner) are escaped.
func TestPhantomHostileNames(t *testing.T) {
	g := phantomGame(t)
	seats := []draw.Seat{
		{Name: "Anna"}, {Name: "Bob"},
		{Name: `</svg><script>alert(1)</script>`, Colour: `yellow"/><script>`},
		{Name: `Dora & "<b>"`, Colour: "green"},
	}
	doc := string(draw.SVGBytes(g.State, seats))
	wellFormed(t, []byte(doc))
	for _, bad := range []string{"<script", "</svg><", "<b>"} {
		if strings.Contains(doc, bad) {
			t.Errorf("output contains %q", bad)
		}
	}
	for _, want := range []string{"phantom held by Dora &amp; &#34;&lt;b&gt;&#34;", "holds the phantom of &lt;/svg&gt;&lt;script&gt;"} {
		if !strings.Contains(doc, want) {
			t.Errorf("output has no %q", want)
		}
	}
}

// countLines counts the figures in an SVG document: the lines that begin
// with prefix and scale a shape.
func countLines(doc, prefix string) int {
	n := 0
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(line, prefix) && strings.Contains(line, ") scale(") {
			n++
		}
	}
	return n
}

// TestPhantomFigures replays generated games with the Phantom and checks
// after every turn that each drawing shows as many phantoms on the board as
// the players' phantoms say stand there, and every other figure as a
// follower.
func TestPhantomFigures(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		players := 2 + int(seed)
		o := engine.GenOptions{Players: players, Rules: engine.Rules{Phantom: true}, Seed: seed}
		_, moves, err := engine.Generate(o)
		if err != nil {
			t.Fatal(err)
		}
		g, err := engine.NewGame(engine.Setup{Players: players, Rules: o.Rules})
		if err != nil {
			t.Fatal(err)
		}
		seen := 0
		for i, m := range moves {
			if err := g.Apply(m); err != nil {
				t.Fatalf("seed %d, move %d: %v", seed, i, err)
			}
			if m.Kind != engine.MoveEndTurn {
				continue
			}
			onBoard := 0
			for p := 0; p < players; p++ {
				if g.Phantom(p).Where == engine.PhantomOnBoard {
					onBoard++
				}
			}
			seen += onBoard
			followers := len(g.Followers()) - onBoard
			svg, text := string(draw.SVGBytes(g, nil)), draw.Board(g, nil)
			if g.Turn()%10 == 0 { // parsing is slow: every tenth turn is enough
				wellFormed(t, []byte(svg))
			}
			legend := strings.Index(svg, `<g font-size="12"`)
			got := []int{countLines(svg[:legend], `<g class="phantom" transform="translate(`), strings.Count(text, "\n  P "),
				countLines(svg[:legend], `<g transform="translate(`), strings.Count(text, "\n  F ")}
			want := []int{onBoard, onBoard, followers, followers}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("seed %d, turn %d: phantoms in SVG and text, followers in SVG and text %v, want %v\n%s",
					seed, g.Turn()-1, got, want, text)
			}
		}
		if seen == 0 {
			t.Errorf("seed %d: no phantom ever on the board", seed)
		}
	}
}
