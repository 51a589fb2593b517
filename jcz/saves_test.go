package jcz

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/replay"
)

// messages are a save's moves as JSON values (type and payload), its
// draw order and its sets, for comparing saves.
type messages struct {
	Replay []map[string]any
	Order  []string
	Sets   map[string]int
}

func messagesOf(t *testing.T, data []byte) messages {
	t.Helper()
	var sv struct {
		Setup struct {
			Sets map[string]int `json:"sets"`
		} `json:"setup"`
		Replay []struct {
			Type    string         `json:"type"`
			Payload map[string]any `json:"payload"`
		} `json:"replay"`
		GameAnnotations struct {
			DrawOrder []string `json:"drawOrder"`
		} `json:"gameAnnotations"`
	}
	if err := json.Unmarshal(data, &sv); err != nil {
		t.Fatal(err)
	}
	m := messages{Order: sv.GameAnnotations.DrawOrder, Sets: sv.Setup.Sets}
	for _, r := range sv.Replay {
		p := r.Payload
		if r.Type == typeCommit {
			p = nil // the random number of JCZ's next draw
		}
		m.Replay = append(m.Replay, map[string]any{"type": r.Type, "payload": p})
	}
	return m
}

// checkSameMessages imports a save, exports the record and compares the
// messages: JCZ's own saves hold a PASS only where JCZ asks for one, so
// an export that writes PASSes elsewhere, or misses one, differs.
func checkSameMessages(t *testing.T, data []byte, name string) {
	t.Helper()
	rg, _, err := Import(data, name)
	if err != nil {
		t.Fatal(err)
	}
	out, _, err := Export(rg, name)
	if err != nil {
		t.Fatal(err)
	}
	got, want := messagesOf(t, out), messagesOf(t, data)
	if !reflect.DeepEqual(got.Replay, want.Replay) {
		for i := range min(len(got.Replay), len(want.Replay)) {
			if !reflect.DeepEqual(got.Replay[i], want.Replay[i]) {
				t.Fatalf("%s: message %d\n got %v\nwant %v", name, i, got.Replay[i], want.Replay[i])
			}
		}
		t.Fatalf("%s: %d messages, want %d", name, len(got.Replay), len(want.Replay))
	}
	if !reflect.DeepEqual(got.Sets, want.Sets) {
		t.Errorf("%s: sets %v, want %v", name, got.Sets, want.Sets)
	}
}

// TestJCZSavesSameMessages: import then export of JCZ's base-game saves
// gives JCZ's messages back, PASSes included.
func TestJCZSavesSameMessages(t *testing.T) {
	for _, name := range []string{"city-and-road-scoring.jcz", "field-scoring.jcz", "monastery-scoring.jcz", "tiny-city-rule.jcz"} {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(jczSaves, name))
			if err != nil {
				t.Fatal(err)
			}
			checkSameMessages(t, data, name)
		})
	}
}

// basic2Copy is city-and-road-scoring.jcz played with basic:2: the second
// of its three BA/Cc.1 and its BA/C become the garden copies (the edition
// holds two BA/Cc.1 besides BA/CcG).
func basic2Copy(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(jczSaves, "city-and-road-scoring.jcz"))
	if err != nil {
		t.Fatal(err)
	}
	var sv map[string]any
	if err := json.Unmarshal(data, &sv); err != nil {
		t.Fatal(err)
	}
	obj(sv, "setup")["sets"] = map[string]any{"basic:2": 1}
	order := obj(sv, "gameAnnotations")["drawOrder"].([]any)
	rename := map[string]int{"BA/Cc.1": 2, "BA/C": 1} // which copy gets the garden
	seen := map[string]int{}
	for i, tile := range order {
		name := tile.(string)
		if seen[name]++; seen[name] == rename[name] {
			order[i] = gardenOf(mustTile(t, name))
		}
	}
	seen = map[string]int{}
	for i := range sv["replay"].([]any) {
		if moveAt(sv, i)["type"] != typePlaceTile {
			continue
		}
		p := payloadAt(sv, i)
		name := p["tileId"].(string)
		if seen[name]++; seen[name] == rename[name] {
			p["tileId"] = gardenOf(mustTile(t, name))
		}
	}
	out, err := json.MarshalIndent(sv, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func mustTile(t *testing.T, jczID string) engine.TileID {
	t.Helper()
	id, ok := engine.LookupTile(jczID)
	if !ok {
		t.Fatalf("no tile %s", jczID)
	}
	return id
}

// TestBasic2 imports a basic:2 copy of a base save: it scores as JCZ
// asserts for the original, its record keeps the edition and the garden
// copies, and its export gives the copy's messages, sets and draw order
// back.
func TestBasic2(t *testing.T) {
	data := basic2Copy(t)
	if !strings.Contains(string(data), `"BA/CcG"`) || !strings.Contains(string(data), `"BA/CG"`) {
		t.Fatal("the copy has no garden tiles")
	}
	rg, _, err := Import(data, "basic2.jcz")
	if err != nil {
		t.Fatal(err)
	}
	g := replay.Replay("basic2.jcz", 1, rg, replay.Options{})
	if !g.Valid() {
		t.Fatal(g.Diagnostics)
	}
	checkAssertions(t, data, g)
	orig, _, err := ImportFile(filepath.Join(jczSaves, "city-and-road-scoring.jcz"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := withoutTag(withoutTag(format(t, rg), tagEdition), tagGardens), format(t, orig); got != want {
		t.Errorf("the basic:2 copy differs from the original beyond its tags:\n%s\nwant\n%s", got, want)
	}
	for tag, want := range map[string]string{tagEdition: "basic:2", tagGardens: "E:1 N:2"} {
		if v, _ := rg.Tag(tag); v != want {
			t.Errorf("%s tag %q, want %q", tag, v, want)
		}
	}
	checkSameMessages(t, data, "basic2.jcz")
	out, _, err := Export(rg, "basic2.cgn")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := messagesOf(t, out).Order, messagesOf(t, data).Order; !reflect.DeepEqual(got, want) {
		t.Errorf("draw order %v, want %v", got, want)
	}
}

// TestBasic2Copies: basic:2 holds one garden copy of each garden tile.
func TestBasic2Copies(t *testing.T) {
	for _, c := range []struct{ name, from, to, want string }{
		{"ThreePlain", "BA/CcG", "BA/Cc.1", "basic2.jcz:10:7: gameAnnotations.drawOrder[3]: BA/Cc.1 3 times: basic:2 holds 2 of it besides BA/CcG"},
		{"TwoGardens", "BA/Cc.1", "BA/CcG", "basic2.jcz:9:7: gameAnnotations.drawOrder[2]: a second BA/CcG: basic:2 holds one"},
	} {
		t.Run(c.name, func(t *testing.T) {
			data := strings.ReplaceAll(string(basic2Copy(t)), `"`+c.from+`"`, `"`+c.to+`"`)
			_, _, err := Import([]byte(data), "basic2.jcz")
			var je *Error
			if !errors.As(err, &je) || je.Kind != Invalid || err.Error() != c.want {
				t.Fatalf("got  %v\nwant %s", err, c.want)
			}
		})
	}
}

// TestInnerField: a follower on the enclosed field of T07 is written as
// Field "I", as JCZ 5.7 and later name it; the older INNER_FARM is still
// read.
func TestInnerField(t *testing.T) {
	t07, _ := engine.LookupTile("T07")
	setup := engine.Setup{Players: 2, Rules: engine.Rules{}, Bag: []engine.TileID{t07}, Ordered: true}
	eg, err := engine.NewGame(setup)
	if err != nil {
		t.Fatal(err)
	}
	if err := eg.Draw(t07); err != nil {
		t.Fatal(err)
	}
	at := eg.Placements(t07, nil)[0]
	moves := []engine.Move{
		{Kind: engine.MoveDraw, Tile: t07},
		{Kind: engine.MovePlace, Pos: at.Pos, Rot: at.Rot},
		{Kind: engine.MoveFollower, Spot: engine.Spot{Kind: engine.FeatureField}},
		{Kind: engine.MoveEndTurn},
	}
	players := []replay.Player{{Name: "Anna", Colour: "red"}, {Name: "Bob", Colour: "blue"}}
	rg, err := replay.Write(players, setup, moves, replay.WriteOptions{Scores: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(format(t, rg), " +F:I ") {
		t.Fatalf("no follower on the inner field:\n%s", format(t, rg))
	}
	data, _, err := Export(rg, "t07.cgn")
	if err != nil {
		t.Fatal(err)
	}
	var sv save
	if err := json.Unmarshal(data, &sv); err != nil {
		t.Fatal(err)
	}
	var p deployMeeple
	if sv.Replay[1].Type != typeDeploy || json.Unmarshal(sv.Replay[1].Payload, &p) != nil {
		t.Fatalf("message 1 is %s", sv.Replay[1].Type)
	}
	if p.Pointer.Feature != "Field" || p.Pointer.Location != "I" || strings.Contains(string(data), locationInnerFarm) {
		t.Fatalf("the follower stands on %s %q", p.Pointer.Feature, p.Pointer.Location)
	}
	for _, loc := range []string{`"I"`, `"INNER_FARM"`} {
		text := strings.Replace(string(data), `"location": "I"`, `"location": `+loc, 1)
		back, _, err := Import([]byte(text), "t07.jcz")
		if err != nil {
			t.Fatalf("%s: %v", loc, err)
		}
		if got, want := format(t, back), format(t, rg); got != want {
			t.Errorf("%s: got\n%s\nwant\n%s", loc, got, want)
		}
	}
}

// TestPartialTurn: a save that stops inside a turn gives the turns
// before, unfinished, and a warning that says how many moves were left
// out; those moves must still be legal.
func TestPartialTurn(t *testing.T) {
	cut := func(n int) func(sv map[string]any) {
		return func(sv map[string]any) { sv["replay"] = sv["replay"].([]any)[:n] }
	}
	for _, c := range []struct {
		name string
		n    int
		want string
	}{
		{"OneMove", 7, "x.jcz:89:5: replay[6] PLACE_TILE: turn 3 (Anna): warning: the save stops inside a turn: the last move, after the last COMMIT, is left out; the game is unfinished"},
		{"TwoMoves", 8, "x.jcz:89:5: replay[6] PLACE_TILE: turn 3 (Anna): warning: the save stops inside a turn: the last 2 moves (replay[6] to replay[7]), after the last COMMIT, are left out; the game is unfinished"},
	} {
		t.Run(c.name, func(t *testing.T) {
			data := mutate(t, cut(c.n))
			rg, warnings, err := Import(data, "x.jcz")
			if err != nil {
				t.Fatal(err)
			}
			if len(warnings) != 1 || warnings[0].String() != c.want {
				t.Fatalf("warnings %v\nwant %s", warnings, c.want)
			}
			text := format(t, rg)
			if !strings.Contains(text, `[Result "*"]`) || !strings.HasSuffix(text, "2. Bob N@0,-1r180 +C:SE =0-0\n") {
				t.Fatalf("got\n%s", text)
			}
			if g := replay.Replay("x.jcz", 1, rg, replay.Options{}); !g.Valid() {
				t.Fatal(g.Diagnostics)
			}
		})
	}
	t.Run("IllegalLastMove", func(t *testing.T) {
		data := mutate(t, func(sv map[string]any) {
			cut(8)(sv)
			obj(payloadAt(sv, 7), "pointer")["position"] = []any{9, 9}
		})
		_, _, err := Import(data, "x.jcz")
		var je *Error
		if !errors.As(err, &je) || je.Kind != Invalid || je.Move != 7 {
			t.Fatalf("got %v, want an invalid move 7", err)
		}
	})
}

// TestLoad: what validate and replay see of a save: an illegal move is an
// invalid game with the rule, turn, player and place of the move; a game
// towerlog does not play is unsupported and has no record; a save that
// stops inside a turn is valid with a warning; a file that is not JSON
// is the loader's error.
func TestLoad(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	illegal := write("illegal.jcz", mutate(t, func(sv map[string]any) { payloadAt(sv, 3)["position"] = []any{5, 5} }))
	other := write("other.jcz", mutate(t, func(sv map[string]any) { obj(sv, "setup", "elements")["abbot"] = 1 }))
	partial := write("partial.jcz", mutate(t, func(sv map[string]any) { sv["replay"] = sv["replay"].([]any)[:7] }))
	broken := write("broken.jcz", []byte("{\n  \"appVersion\": "))
	var got []string
	err := replay.Run(t.Context(), []string{illegal, other, partial, broken}, replay.RunOptions{Workers: 1, Loaders: loaders},
		func(g *replay.Game) error {
			line := filepath.Base(g.File) + " valid=" + fmt.Sprint(g.Valid()) + " record=" + fmt.Sprint(g.Record != nil)
			for _, d := range g.Diagnostics {
				js, _ := json.Marshal(d)
				line += "\n  " + strings.ReplaceAll(string(js), dir+string(filepath.Separator), "")
			}
			got = append(got, line)
			return nil
		})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`illegal.jcz valid=false record=true` +
			"\n  " + `{"code":"placement","severity":"error","file":"illegal.jcz","line":58,"col":5,"game":1,"turn":2,"player":"Bob","message":"replay[3] PLACE_TILE: tile N at (5,5) is not next to any tile"}`,
		`other.jcz valid=false record=false` +
			"\n  " + `{"code":"unsupported","severity":"error","file":"other.jcz","line":122,"col":17,"game":1,"message":"setup.elements: element \"abbot\" is not supported: towerlog plays the base game, The Tower and the Phantom only"}`,
		`partial.jcz valid=true record=true` +
			"\n  " + `{"code":"partial-turn","severity":"warning","file":"partial.jcz","line":89,"col":5,"game":1,"turn":3,"player":"Anna","message":"replay[6] PLACE_TILE: the save stops inside a turn: the last move, after the last COMMIT, is left out; the game is unfinished"}`,
		`broken.jcz valid=false record=false` +
			"\n  " + `{"code":"syntax","severity":"error","file":"broken.jcz","line":2,"col":16,"game":1,"message":"malformed JSON: unexpected end of JSON input"}`,
	}
	if len(got) != len(want) {
		t.Fatalf("got %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("got\n%s\nwant\n%s", got[i], want[i])
		}
	}
}

// TestTower2: a save of tower:2 (the later art, the same tiles) imports
// with its edition, and exports with it.
func TestTower2(t *testing.T) {
	data := mutate(t, func(sv map[string]any) {
		sets := obj(sv, "setup", "sets")
		delete(sets, "tower:1")
		sets["tower:2"] = 1
	})
	rg, _, err := Import(data, "tower2.jcz")
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := rg.Tag(tagEdition); v != "tower:2" {
		t.Fatalf("Edition %q", v)
	}
	checkSameMessages(t, data, "tower2.jcz")
}

// TestGardensWithoutTag: a record that names basic:2 but not its garden
// copies gets the garden on the last copy of each tile, so that no tile
// is drawn more often than the edition's box holds it; the import of the
// export names them.
func TestGardensWithoutTag(t *testing.T) {
	g := generateGame(t, engine.NewGenerator(), "base", 3, 7, 0, "")
	g.rg.SetTag(tagEdition, "basic:2")
	data, _, err := Export(g.rg, "g.cgn")
	if err != nil {
		t.Fatal(err)
	}
	var gardens []string
	for _, id := range messagesOf(t, data).Order {
		if _, ok := gardenTwins[id]; ok {
			gardens = append(gardens, id)
		}
	}
	slices.Sort(gardens)
	if got := strings.Join(gardens, " "); got != "BA/CCG BA/CFCG BA/CG BA/Cc+G BA/CcG BA/CccG BA/RFrG BA/RrG" {
		t.Fatalf("garden tiles in the draw order: %s", got)
	}
	back, _, err := Import(data, "g.jcz")
	if err != nil {
		t.Fatal(err)
	}
	// The box holds 5 E, 3 H, 2 I, 2 M, 3 N, 3 R, 8 U and 9 V: the last of
	// each carries the garden.
	if v, _ := back.Tag(tagGardens); v != "E:5 H:3 I:2 M:2 N:3 R:3 U:8 V:9" {
		t.Fatalf("Gardens %q", v)
	}
	g.rg.SetTag(tagGardens, "E:5 H:3 I:2 M:2 N:3 R:3 U:8 V:9")
	if got, want := format(t, back), format(t, g.rg); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

// TestEditionTagErrors exports games whose Edition or Gardens tag export
// cannot write; the messages name the tag and the offending word.
func TestEditionTagErrors(t *testing.T) {
	tests := []struct {
		name, edition, gardens, want string
	}{
		{"UnknownEdition", "basic:3", "", `g.cgn: Edition tag: "basic:3" is not basic:1, basic:2, tower:1 or tower:2 (with The Tower in play)`},
		{"GardensWithoutBasic2", "", "E:1", `g.cgn: Gardens tag: gardens are tiles of basic:2, and the Edition tag does not name it`},
		{"NoGarden", "basic:2", "A:1", `g.cgn: Gardens tag: "A:1": A is no tile with a garden in basic:2`},
		{"NotTileN", "basic:2", "E:0", `g.cgn: Gardens tag: "E:0" is not TILE:N with N from 1`},
		{"Twice", "basic:2", "E:1 E:2", `g.cgn: Gardens tag: E is named twice: basic:2 holds one BA/CG`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := generateGame(t, engine.NewGenerator(), "base", 3, 7, 0, "")
			if tc.edition != "" {
				g.rg.SetTag(tagEdition, tc.edition)
			}
			if tc.gardens != "" {
				g.rg.SetTag(tagGardens, tc.gardens)
			}
			_, _, err := Export(g.rg, "g.cgn")
			if err == nil || err.Error() != tc.want {
				t.Fatalf("Export: %v\nwant %s", err, tc.want)
			}
		})
	}
}
