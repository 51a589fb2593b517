package jcz

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
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
	out, err := Export(rg, name)
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
			data, err := os.ReadFile(filepath.Join(sharedSave, name))
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
	data, err := os.ReadFile(filepath.Join(sharedSave, "city-and-road-scoring.jcz"))
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
	g := replay.Replay("basic2.jcz", 1, rg, nil, replay.Options{})
	if !g.Valid() {
		t.Fatal(g.Diagnostics)
	}
	checkAssertions(t, data, g)
	orig, _, err := ImportFile(filepath.Join(sharedSave, "city-and-road-scoring.jcz"))
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
	out, err := Export(rg, "basic2.cgn")
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
