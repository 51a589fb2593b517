package jcz

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/generate"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// jczRules are the rule sets JCloisterZone can express: the base game
// alone or with The Tower, with the Phantom or without, farmers on or off,
// tiny cities scoring 4 or 2.
var jczRules = []string{
	"tower", "base", "tower farmers=off", "tower tiny-city=2",
	"base farmers=off", "base tiny-city=2", "tower farmers=off tiny-city=2",
	"tower phantom", "base phantom", "tower phantom farmers=off", "tower phantom tiny-city=2",
	"base phantom farmers=off", "base phantom tiny-city=2", "tower phantom farmers=off tiny-city=2",
}

// generated is a generated game: its setup, its moves and its record.
type generated struct {
	name    string
	players []replay.Player
	setup   engine.Setup
	moves   []engine.Move
	rg      *record.Game
}

// generateGame plays a game with the rules words and cuts it after turn cut
// (0: the whole game). bag says what the record's Bag is then: "" the box
// (the game unfinished), "order" the tiles drawn (the game ends there),
// "subset" the tiles drawn and ten more of the box (unfinished).
func generateGame(t *testing.T, gen *engine.Generator, words string, players int, seed uint64, cut int, bag string) generated {
	return generateStyle(t, gen, engine.StyleRandom, words, players, seed, cut, bag)
}

func generateStyle(t *testing.T, gen *engine.Generator, style engine.Style, words string, players int, seed uint64, cut int, bag string) generated {
	t.Helper()
	r, err := engine.ParseRules(strings.Fields(words))
	if err != nil {
		t.Fatal(err)
	}
	_, moves, err := gen.Generate(engine.GenOptions{Players: players, Rules: r, Seed: seed, Style: style})
	if err != nil {
		t.Fatal(err)
	}
	g := generated{name: fmt.Sprintf("%q, %d players, seed %d, cut %d %s", words, players, seed, cut, bag),
		setup: engine.Setup{Players: players, Rules: r}, moves: slices.Clone(moves)}
	for i := range players {
		g.players = append(g.players, replay.Player{Name: generate.Names[i], Colour: replay.DefaultColours[i]})
	}
	if cut > 0 {
		g.cut(t, cut, bag)
	}
	g.rg, err = replay.Write(g.players, g.setup, g.moves, replay.WriteOptions{Scores: true})
	if err != nil {
		t.Fatalf("%s: %v", g.name, err)
	}
	return g
}

func (g *generated) cut(t *testing.T, turns int, bag string) {
	t.Helper()
	var drawn []engine.TileID
	for i, m := range g.moves {
		if m.Kind == engine.MoveDraw {
			drawn = append(drawn, m.Tile)
		}
		if m.Kind == engine.MoveEndTurn {
			if turns--; turns == 0 {
				g.moves = g.moves[:i+1]
				break
			}
		}
	}
	switch bag {
	case "order":
		g.setup.Bag, g.setup.Ordered = drawn, true
	case "subset":
		eg, err := engine.NewGame(g.setup)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range g.moves {
			if err := eg.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
		extra := 10
		for id := range engine.Catalog {
			for range eg.BagCount(engine.TileID(id)) {
				if extra > 0 {
					drawn = append(drawn, engine.TileID(id))
					extra--
				}
			}
		}
		g.setup.Bag = drawn
	}
}

// expectedMessages replays the moves and gives, for each turn that places
// a tile, the messages JCloisterZone asks for, with the kind of meeple
// they name ("DEPLOY_MEEPLE phantom"): ransoms first, as CGN writes them;
// a PASS only where the engine lists a choice besides passing (ransoms,
// offered apart, aside), and none for the phantom's step after a PASS of
// the action, or when the phantom has no spot on the new tile (only
// towers), which JCZ's releases then skip; an EXCHANGE_FOLLOWER after a
// capture that chooses. A pass of the action followed by the phantom is
// the phantom as the action: CGN writes it so. It also gives the turns
// (with their player) whose phantom goes onto a tower in a step that the
// releases skip: the export warns of each.
func expectedMessages(t *testing.T, g generated) ([][]string, []string) {
	t.Helper()
	eg, err := engine.NewGame(g.setup)
	if err != nil {
		t.Fatal(err)
	}
	kind := func(f engine.Figure) string {
		if f == engine.FigurePhantom {
			return " phantom"
		}
		return " small"
	}
	// tileSpots counts the phantom's spots on the tile just placed.
	tileSpots := func() int {
		n := 0
		for _, l := range eg.LegalMoves(nil) {
			if l.Kind == engine.MoveFollower && l.Figure == engine.FigurePhantom {
				n++
			}
		}
		return n
	}
	var out [][]string
	var ransoms, msgs, warned []string
	placed, actionPassed, noAction := false, false, false
	for i, m := range g.moves {
		// After a pass of the action the phantom is the action (CGN
		// writes it so), which JCZ offers in its action step.
		if eg.Phase() == engine.PhasePhantom && !noAction && m.Kind == engine.MoveTowerFollower && tileSpots() == 0 {
			warned = append(warned, fmt.Sprintf("turn %d (%s)", eg.Turn(), g.players[eg.Player()].Name))
		}
		if m.Kind == engine.MovePass && eg.Phase() == engine.PhaseAction {
			noAction = true
		}
		switch m.Kind {
		case engine.MoveRansom:
			ransoms = append(ransoms, typeRansom+kind(m.Figure))
		case engine.MovePlace:
			placed = true
			msgs = append(msgs, typePlaceTile)
		case engine.MoveFollower, engine.MoveTowerFollower:
			msgs = append(msgs, typeDeploy+kind(m.Figure))
		case engine.MoveFloor:
			msgs = append(msgs, typePlaceToken)
		case engine.MoveCapture:
			msgs = append(msgs, typeCapture+kind(m.Figure))
			switch m.Back {
			case engine.ChoiceFollower:
				msgs = append(msgs, typeExchange+kind(engine.FigureFollower))
			case engine.ChoicePhantom:
				msgs = append(msgs, typeExchange+kind(engine.FigurePhantom))
			}
		case engine.MovePass:
			next := g.moves[i+1].Kind
			if eg.Phase() == engine.PhaseAction && (next == engine.MoveFollower || next == engine.MoveTowerFollower) {
				break
			}
			if eg.Phase() == engine.PhasePhantom && (actionPassed || tileSpots() == 0) {
				break
			}
			choices := 0
			for _, l := range eg.LegalMoves(nil) {
				if l.Kind != engine.MoveRansom {
					choices++
				}
			}
			if choices > 1 {
				msgs = append(msgs, typePass)
				actionPassed = eg.Phase() == engine.PhaseAction
			}
		case engine.MoveEndTurn:
			if placed {
				out = append(out, append(append(ransoms, msgs...), typeCommit))
			}
			ransoms, msgs, placed, actionPassed, noAction = nil, nil, false, false, false
		}
		if err := eg.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	return out, warned
}

// exportedMessages gives the messages of each turn (up to a COMMIT), with
// the kind of meeple they name.
func exportedMessages(t *testing.T, sv *save) [][]string {
	t.Helper()
	var out [][]string
	var msgs []string
	for _, m := range sv.Replay {
		var p struct {
			MeepleID string `json:"meepleId"`
			Pointer  struct {
				MeepleID string `json:"meepleId"`
			} `json:"pointer"`
		}
		if err := json.Unmarshal(m.Payload, &p); err != nil {
			t.Fatal(err)
		}
		text := m.Type
		if id := p.MeepleID + p.Pointer.MeepleID; id != "" {
			text += " " + strings.Split(id, ".")[1]
		}
		msgs = append(msgs, text)
		if m.Type == typeCommit {
			out = append(out, msgs)
			msgs = nil
		}
	}
	return out
}

// checkExport exports a generated game and checks what makes JCloisterZone
// replay it message by message to the same end: the messages JCZ asks for,
// a PASS exactly where it asks for one, no INNER_FARM, a draw order that ends the game where the
// record does, and an import that gives the record back.
func checkExport(t *testing.T, g generated) {
	t.Helper()
	data, warnings, err := Export(g.rg, "g.cgn")
	if err != nil {
		t.Fatalf("%s: %v", g.name, err)
	}
	var warned []string
	for _, w := range warnings {
		warned = append(warned, fmt.Sprintf("turn %d (%s)", w.Turn, w.Player))
	}
	if bytes.Contains(data, []byte(locationInnerFarm)) {
		t.Fatalf("%s: the export names %s", g.name, locationInnerFarm)
	}
	var sv save
	if err := json.Unmarshal(data, &sv); err != nil {
		t.Fatal(err)
	}
	got := exportedMessages(t, &sv)
	want, wantWarned := expectedMessages(t, g)
	if !slices.Equal(warned, wantWarned) {
		t.Fatalf("%s: warnings for the turns %v, want %v", g.name, warned, wantWarned)
	}
	if len(got) != len(want) {
		t.Fatalf("%s: %d turns exported, want %d", g.name, len(got), len(want))
	}
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Fatalf("%s: the messages of the %d-th turn that places a tile\n got %v\nwant %v", g.name, i+1, got[i], want[i])
		}
	}
	checkDrawOrder(t, g, sv.Annotations.DrawOrder)
	back, warnings, err := Import(data, "g.jcz")
	if err != nil || len(warnings) > 0 {
		t.Fatalf("%s: %v %v", g.name, err, warnings)
	}
	text, orig := format(t, back), format(t, g.rg)
	if g.setup.Bag != nil && !g.setup.Ordered {
		// The export draws the rest of a subset in an order of its own.
		text, orig = withoutTag(text, "Bag"), withoutTag(orig, "Bag")
	}
	if text != orig {
		t.Fatalf("%s: import(export(g)) differs from g:\n%s\nwant\n%s", g.name, text, orig)
	}
}

func withoutTag(text, name string) string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(line, "["+name+" ") {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}

// checkDrawOrder: the tiles drawn come first, discards included; a game
// over before the box is empty ends the order with #END; an unfinished
// game from the box has only the tiles drawn (JCZ draws the rest at
// random); one from a smaller bag has that bag's rest and #END.
func checkDrawOrder(t *testing.T, g generated, order []string) {
	t.Helper()
	var drawn []string
	for _, m := range g.moves {
		if m.Kind == engine.MoveDraw {
			drawn = append(drawn, m.Tile.Type().JCZ)
		}
	}
	res, _ := g.rg.Tag("Result")
	over := res != "*"
	want := drawn
	switch {
	case g.setup.Bag == nil && over:
		if len(drawn) != boxSize(g.setup.Rules) {
			t.Fatalf("%s: %d tiles drawn in a game over, want the box's %d", g.name, len(drawn), boxSize(g.setup.Rules))
		}
	case g.setup.Bag == nil:
	case over:
		want = append(slices.Clone(drawn), drawEnd)
	default:
		want = slices.Clone(drawn)
		for range len(g.setup.Bag) - len(drawn) {
			want = append(want, "?")
		}
		want = append(want, drawEnd)
	}
	if len(order) != len(want) {
		t.Fatalf("%s: draw order of %d entries, want %d", g.name, len(order), len(want))
	}
	for i, w := range want {
		if w != "?" && order[i] != w {
			t.Fatalf("%s: draw order [%d] = %s, want %s", g.name, i, order[i], w)
		}
	}
}

// TestExportStrict exports generated games of 2 to 6 players under every
// rule set JCloisterZone can express, whole, cut short with a Bag that
// ends them, and unfinished.
func TestExportStrict(t *testing.T) {
	gen := engine.NewGenerator()
	seeds := 4
	if testing.Short() {
		seeds = 1
	}
	n := 0
	for _, words := range jczRules {
		for players := 2; players <= 6; players++ {
			for s := range seeds {
				seed := uint64(100*players + s)
				checkExport(t, generateGame(t, gen, words, players, seed, 0, ""))
				cut := 3 + int(seed%20)
				checkExport(t, generateGame(t, gen, words, players, seed, cut, "order"))
				checkExport(t, generateGame(t, gen, words, players, seed, cut, ""))
				checkExport(t, generateGame(t, gen, words, players, seed, cut, "subset"))
				n += 4
			}
		}
	}
	t.Logf("%d generated games exported, checked and imported back", n)
}

// TestExportStrictGreedy does the same with games of sensible play, which
// pass, capture and build towers otherwise than random play.
func TestExportStrictGreedy(t *testing.T) {
	gen := engine.NewGenerator()
	for players := 2; players <= 6; players++ {
		for _, words := range []string{"tower", "tower farmers=off", "tower phantom", "tower phantom farmers=off"} {
			checkExport(t, generateStyle(t, gen, engine.StyleGreedy, words, players, uint64(players), 0, ""))
		}
	}
}
