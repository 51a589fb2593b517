package jcz

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/generate"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

var update = flag.Bool("update", false, "rewrite the golden files in ../testdata/jcz")

const (
	fixtures = "../testdata/jcz"
	jczSaves = "../testdata/jcz/jcloisterzone" // JCloisterZone's own regression saves
)

func format(t *testing.T, rg *record.Game) string {
	t.Helper()
	var b strings.Builder
	if err := record.Format(&b, rg); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// replayed imports a save and replays the record, which must be valid.
func replayed(t *testing.T, path string) (*record.Game, *replay.Game) {
	t.Helper()
	rg, _, err := ImportFile(path)
	if err != nil {
		t.Fatal(err)
	}
	g := replay.Replay(path, 1, rg, replay.Options{})
	if !g.Valid() {
		t.Fatalf("%s: the imported game is not valid: %v", path, g.Diagnostics)
	}
	return rg, g
}

var (
	hasPoints    = regexp.MustCompile(`^(.+) has (\d+) points?$`)
	scoredPoints = regexp.MustCompile(`^(.+) scored (\w+) for (\d+) points?$`)
)

// refusedSaves are JCZ's saves that use expansions towerlog does not
// play, with the full message of their refusal.
var refusedSaves = map[string]string{
	"garden-scoring.jcz": jczSaves + `/garden-scoring.jcz:21:17: setup.elements: element "abbot" is not supported: towerlog plays the base game, The Tower and the Phantom only`,
	"tiny-city-coa.jcz":  jczSaves + `/tiny-city-coa.jcz:16:13: setup.sets: set "abbey-and-mayor:1" is not supported: towerlog plays the base game (basic:1, basic:2) and The Tower (tower:1, tower:2) only`,
}

// TestJCZRegressionSaves imports every regression save of JCloisterZone:
// those of the base game replay to exactly the scores JCZ asserts, and
// every score event it asserts happened; the others are refused as
// unsupported. A save whose draw order ends the game (endTurn, "#END")
// is over; the others go on with random draws in JCZ, and are unfinished.
func TestJCZRegressionSaves(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(jczSaves, "*.jcz"))
	if len(files) != 6 {
		t.Fatalf("%d JCloisterZone saves in %s, want 6", len(files), jczSaves)
	}
	matched := 0
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			if want, ok := refusedSaves[filepath.Base(f)]; ok {
				_, _, err := ImportFile(f)
				var je *Error
				if !errors.As(err, &je) || je.Kind != Unsupported || err.Error() != want {
					t.Fatalf("got error %v\nwant %s (unsupported)", err, want)
				}
				return
			}
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			g := replayedData(t, data, f)
			if want := endsGame(t, data); g.State.Over() != want {
				t.Fatalf("game over %v, want %v", g.State.Over(), want)
			}
			checkAssertions(t, data, g)
			matched++
		})
	}
	if matched != 4 {
		t.Errorf("%d saves replayed to JCZ's scores, want 4", matched)
	}
}

// endsGame reads from a save whether its draw order ends the game.
func endsGame(t *testing.T, data []byte) bool {
	t.Helper()
	var sv struct {
		GameAnnotations struct {
			DrawOrder []string
			EndTurn   int
		}
	}
	if err := json.Unmarshal(data, &sv); err != nil {
		t.Fatal(err)
	}
	a := sv.GameAnnotations
	return a.EndTurn > 0 || len(a.DrawOrder) > 0 && a.DrawOrder[len(a.DrawOrder)-1] == "#END"
}

// replayedData imports a save and replays the record, which must be valid.
func replayedData(t *testing.T, data []byte, path string) *replay.Game {
	t.Helper()
	rg, warnings, err := Import(data, path)
	if err != nil || len(warnings) > 0 {
		t.Fatal(err, warnings)
	}
	g := replay.Replay(path, 1, rg, replay.Options{})
	if !g.Valid() {
		t.Fatalf("%s: the imported game is not valid: %v", path, g.Diagnostics)
	}
	return g
}

func checkAssertions(t *testing.T, data []byte, g *replay.Game) {
	t.Helper()
	var sv struct {
		Test struct{ Assertions []string }
	}
	if err := json.Unmarshal(data, &sv); err != nil {
		t.Fatal(err)
	}
	if len(sv.Test.Assertions) == 0 {
		t.Fatal("the save asserts nothing")
	}
	seat := map[string]int{}
	for i, p := range g.Players {
		seat[p.Name] = i
	}
	for _, a := range sv.Test.Assertions {
		if m := hasPoints.FindStringSubmatch(a); m != nil {
			want, _ := strconv.Atoi(m[2])
			if got := g.State.Score(seat[m[1]]); got != want {
				t.Errorf("%q: %s has %d points", a, m[1], got)
			}
			continue
		}
		if m := scoredPoints.FindStringSubmatch(a); m != nil {
			pts, _ := strconv.Atoi(m[3])
			if !scored(g.Events(), seat[m[1]], m[2], pts) {
				t.Errorf("%q: no such score event", a)
			}
			continue
		}
		t.Errorf("assertion %q not understood", a)
	}
}

func scored(evs []engine.Event, p int, feature string, points int) bool {
	if feature == "monastery" {
		feature = "cloister"
	}
	for _, e := range evs {
		if e.Kind == engine.EventScore && e.Scored(p) && e.Feature.String() == feature && e.Points == points {
			return true
		}
	}
	return false
}

// TestFixtures imports the hand-written saves of testdata/jcz (a tower
// floor, a capture, an exchange of prisoners, a discard and a ransom paid
// in the middle of a turn) and compares the record and the final state
// with their golden files.
func TestFixtures(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(fixtures, "*.jcz"))
	if len(files) < 4 {
		t.Fatalf("%d fixtures in %s", len(files), fixtures)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			rg, g := replayed(t, f)
			st, err := json.MarshalIndent(replay.State(g.State, g.Players, len(g.Turns)), "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			base := strings.TrimSuffix(f, Extension)
			golden(t, base+".cgn", format(t, rg))
			golden(t, base+".state.json", string(st)+"\n")
		})
	}
}

func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs:\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// TestFixturesRoundTrip exports each imported fixture and imports it
// again: the record must not change (clocks, discards and the ransom
// included).
func TestFixturesRoundTrip(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(fixtures, "*.jcz"))
	for _, f := range files {
		rg, _, err := ImportFile(f)
		if err != nil {
			t.Fatal(err)
		}
		data, _, err := Export(rg, f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		back, _, err := Import(data, "exported.jcz")
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if got, want := format(t, back), format(t, rg); got != want {
			t.Errorf("%s: round trip changed the record:\n%s\nwant\n%s", f, got, want)
		}
	}
}

// TestRoundTrip exports generated games of 2 to 6 players with the default
// rules and imports them again: the canonical text must not change.
func TestRoundTrip(t *testing.T) {
	gen := engine.NewGenerator()
	games := 100
	if testing.Short() {
		games = 10
	}
	for i := 0; i < games; i++ {
		o := engine.GenOptions{Players: 2 + i%5, Seed: uint64(1000 + i)}
		rg, err := generate.Game(gen, o, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := format(t, rg)
		data, _, err := Export(rg, "generated.cgn")
		if err != nil {
			t.Fatalf("seed %d: %v", o.Seed, err)
		}
		back, _, err := Import(data, "generated.jcz")
		if err != nil {
			t.Fatalf("seed %d: %v", o.Seed, err)
		}
		if got := format(t, back); got != want {
			t.Fatalf("seed %d, %d players: import(export(g)) differs from g:\n%s\nwant\n%s", o.Seed, o.Players, got, want)
		}
	}
}

// mutate loads the tower-floor fixture as plain JSON, lets change edit it
// and returns the edited save.
func mutate(t *testing.T, change func(sv map[string]any)) []byte {
	t.Helper()
	return mutateFile(t, filepath.Join(fixtures, "tower-floor.jcz"), change)
}

// mutateFile is mutate for the save at path.
func mutateFile(t *testing.T, path string, change func(sv map[string]any)) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return mutateData(t, data, change)
}

// mutateData lets change edit the save data as plain JSON and returns the
// edited save.
func mutateData(t *testing.T, data []byte, change func(sv map[string]any)) []byte {
	t.Helper()
	var sv map[string]any
	if err := json.Unmarshal(data, &sv); err != nil {
		t.Fatal(err)
	}
	change(sv)
	out, err := json.MarshalIndent(sv, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func obj(v any, keys ...string) map[string]any {
	m := v.(map[string]any)
	for _, k := range keys {
		m = m[k].(map[string]any)
	}
	return m
}

func moveAt(sv map[string]any, i int) map[string]any {
	return sv["replay"].([]any)[i].(map[string]any)
}

func payloadAt(sv map[string]any, i int) map[string]any {
	return obj(moveAt(sv, i), "payload")
}

// The moves of tower-floor.jcz: 0 PLACE_TILE BA/RFr, 1 DEPLOY_MEEPLE,
// 2 COMMIT, 3 PLACE_TILE BA/Cc.1, 4 DEPLOY_MEEPLE, 5 COMMIT, 6 PLACE_TILE
// TO/RR, 7 PLACE_TOKEN, 8 COMMIT. Positions are those of the edited save
// (mutate writes the keys sorted): replay[0] begins at 27:5.
var refusals = []struct {
	name   string
	change func(sv map[string]any)
	kind   Kind
	rule   string
	want   string
}{
	{"OldVersion", func(sv map[string]any) { sv["appVersion"] = "5.6.3" }, Unsupported, "",
		"x.jcz:2:17: appVersion: version 5.6.3 is older than 5.7, whose save format towerlog reads"},
	{"NoVersion", func(sv map[string]any) { delete(sv, "appVersion") }, Unsupported, "",
		"x.jcz: appVersion: no appVersion: saves of JCloisterZone 5.7 and later name their version"},
	{"OtherExpansion", func(sv map[string]any) { obj(sv, "setup", "elements")["abbot"] = 1 }, Unsupported, "",
		`x.jcz:122:17: setup.elements: element "abbot" is not supported: towerlog plays the base game, The Tower and the Phantom only`},
	{"OtherSet", func(sv map[string]any) { obj(sv, "setup", "sets")["inns-and-cathedrals:1"] = 1 }, Unsupported, "",
		`x.jcz:128:13: setup.sets: set "inns-and-cathedrals:1" is not supported: towerlog plays the base game (basic:1, basic:2) and The Tower (tower:1, tower:2) only`},
	{"TwoEditions", func(sv map[string]any) { obj(sv, "setup", "sets")["basic:2"] = 1 }, Unsupported, "",
		`x.jcz:128:13: setup.sets: two editions of basic are in play: towerlog plays with one box of each`},
	{"OtherRule", func(sv map[string]any) { obj(sv, "setup", "rules")["princess-action"] = "must" }, Unsupported, "",
		`x.jcz:127:14: setup.rules: rule princess-action = "must" is not supported`},
	{"TowerTilesWithoutTowers", func(sv map[string]any) { delete(obj(sv, "setup", "elements"), "tower") }, Unsupported, "",
		"x.jcz:122:17: setup.elements: the Tower tiles are in play (set tower) but not the tower element: towerlog cannot play Tower tiles without towers"},
	{"StartElsewhere", func(sv map[string]any) { obj(sv, "setup")["start"].([]any)[0].(map[string]any)["x"] = 2 }, Unsupported, "",
		"x.jcz:133:7: setup.start[0]: the start tile lies at (2,0); towerlog needs it at (0,0)"},
	{"UnknownTileInOrder", func(sv map[string]any) { obj(sv, "gameAnnotations")["drawOrder"].([]any)[1] = "AM/CCc+" }, Unsupported, "",
		`x.jcz:8:7: gameAnnotations.drawOrder[1]: unknown tile "AM/CCc+": not a tile of the base game or The Tower`},
	{"GardenTileOfTheFirstEdition", func(sv map[string]any) { obj(sv, "gameAnnotations")["drawOrder"].([]any)[1] = "BA/CcG" }, Invalid, "",
		`x.jcz:8:7: gameAnnotations.drawOrder[1]: tile "BA/CcG" (N with a garden) is a tile of basic:2, not of basic:1`},
	{"EndInsideTheOrder", func(sv map[string]any) { obj(sv, "gameAnnotations")["drawOrder"].([]any)[1] = "#END" }, Invalid, "",
		`x.jcz:8:7: gameAnnotations.drawOrder[1]: #END ends the draw order, but tiles follow it`},
	{"CatalogIDInsteadOfJCZ", func(sv map[string]any) { payloadAt(sv, 0)["tileId"] = "U" }, Unsupported, "",
		`x.jcz:27:5: replay[0] PLACE_TILE: turn 1 (Anna): unknown tile "U": not a tile of the base game or The Tower`},
	{"BadRotation", func(sv map[string]any) { payloadAt(sv, 3)["rotation"] = "R45" }, Invalid, "",
		`x.jcz:58:5: replay[3] PLACE_TILE: turn 2 (Bob): rotation "R45" is not R0, R90, R180 or R270`},
	{"NotTheNextTile", func(sv map[string]any) { payloadAt(sv, 3)["tileId"] = "BA/RFr" }, Invalid, "bag",
		"x.jcz:58:5: replay[3] PLACE_TILE: turn 2 (Bob): places BA/RFr (U), but the draw order gives BA/Cc.1 (N) next"},
	{"UnknownLocation", func(sv map[string]any) { obj(payloadAt(sv, 1), "pointer")["location"] = "EW" }, Invalid, "",
		`x.jcz:38:5: replay[1] DEPLOY_MEEPLE: turn 1 (Anna): unknown location "EW" for a Road`},
	{"UnknownFeature", func(sv map[string]any) { obj(payloadAt(sv, 1), "pointer")["feature"] = "Garden" }, Unsupported, "",
		`x.jcz:38:5: replay[1] DEPLOY_MEEPLE: turn 1 (Anna): feature "Garden" is not supported (towerlog knows Road, City, Field, Monastery and Tower)`},
	{"NoSuchRoad", func(sv map[string]any) { obj(payloadAt(sv, 1), "pointer")["location"] = "NS" }, Invalid, "follower",
		"x.jcz:38:5: replay[1] DEPLOY_MEEPLE: turn 1 (Anna): tile U at (1,0) r0 has no road NS; its spots are R:WE F:NL.NR.EL.WR F:ER.SL.SR.WL"},
	{"OtherMeepleKind", func(sv map[string]any) { payloadAt(sv, 1)["meepleId"] = "0.abbot.1" }, Unsupported, "",
		`x.jcz:38:5: replay[1] DEPLOY_MEEPLE: turn 1 (Anna): meeple "0.abbot.1": kind "abbot" is not supported (towerlog knows normal followers, "small", and the phantom)`},
	{"PhantomWithoutThePhantom", func(sv map[string]any) { payloadAt(sv, 1)["meepleId"] = "0.phantom.1" }, Invalid, "",
		`x.jcz:38:5: replay[1] DEPLOY_MEEPLE: turn 1 (Anna): meeple id "0.phantom.1" names a phantom, but the game is played without the Phantom (no phantom element)`},
	{"SecondPhantom", func(sv map[string]any) {
		obj(sv, "setup", "elements")["phantom"] = 1
		payloadAt(sv, 1)["meepleId"] = "0.phantom.2"
	}, Invalid, "", `x.jcz:38:5: replay[1] DEPLOY_MEEPLE: turn 1 (Anna): meeple id "0.phantom.2" names no figure of a 2-player game`},
	{"SomeoneElsesMeeple", func(sv map[string]any) { payloadAt(sv, 1)["meepleId"] = "1.small.1" }, Invalid, "",
		"x.jcz:38:5: replay[1] DEPLOY_MEEPLE: turn 1 (Anna): Anna deploys meeple 1.small.1 of Bob"},
	{"WrongPlayer", func(sv map[string]any) { moveAt(sv, 3)["player"] = 0 }, Invalid, "turn-order",
		"x.jcz:58:5: replay[3] PLACE_TILE: turn 2 (Bob): Anna (seat 0) acts, but it is Bob's turn"},
	{"OtherToken", func(sv map[string]any) { payloadAt(sv, 7)["token"] = "BRIDGE" }, Unsupported, "",
		`x.jcz:100:5: replay[7] PLACE_TOKEN: turn 3 (Anna): token "BRIDGE" is not supported (towerlog knows TOWER_PIECE)`},
	{"UnknownMove", func(sv map[string]any) { moveAt(sv, 2)["type"] = "FLOCK_SHEEP" }, Unsupported, "",
		`x.jcz:52:5: replay[2] FLOCK_SHEEP: turn 1 (Anna): move type "FLOCK_SHEEP" is not supported`},
	{"MovesAfterEndTurn", func(sv map[string]any) { obj(sv, "gameAnnotations")["endTurn"] = 2 }, Invalid, "game-over",
		"x.jcz:90:5: replay[6] PLACE_TILE: turn 3 (Anna): the game ended after endTurn = 2 turns"},
	{"ExchangeWithoutCapture", func(sv map[string]any) { moveAt(sv, 2)["type"] = "EXCHANGE_FOLLOWER" }, Invalid, "exchange",
		"x.jcz:52:5: replay[2] EXCHANGE_FOLLOWER: turn 1 (Anna): no capture just made asks which figure comes back in an exchange"},
}

// TestRefused checks the full message, the kind and the rule of every
// kind of save towerlog cannot import.
func TestRefused(t *testing.T) {
	for _, c := range refusals {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := Import(mutate(t, c.change), "x.jcz")
			var je *Error
			if !errors.As(err, &je) {
				t.Fatalf("got %v, want an *Error", err)
			}
			if err.Error() != c.want || je.Kind != c.kind || je.Rule != c.rule {
				t.Fatalf("got  %s (%s, rule %q)\nwant %s (%s, rule %q)", err, je.Kind, je.Rule, c.want, c.kind, c.rule)
			}
		})
	}
}

// TestRefusedMoveIndex: an illegal move gives its index, and the turns
// completed before it, unfinished.
func TestRefusedMoveIndex(t *testing.T) {
	rg, _, err := Import(mutate(t, func(sv map[string]any) { payloadAt(sv, 3)["position"] = []any{5, 5} }), "x.jcz")
	var je *Error
	if !errors.As(err, &je) || je.Move != 3 || je.Rule != "placement" || je.Turn != 2 || je.Player != "Bob" {
		t.Fatalf("got %#v, want move 3, rule placement, turn 2 of Bob", err)
	}
	if rg == nil || len(rg.Turns) != 1 {
		t.Fatalf("got %v, want the first turn", rg)
	}
	if res, _ := rg.Tag("Result"); res != "*" {
		t.Errorf("Result %q, want *", res)
	}
}

func TestMalformedJSON(t *testing.T) {
	for _, c := range []struct{ name, data, want string }{
		{"Truncated", "{\n  \"appVersion\": \"5.7.0\",\n  \"setup\": {", "x.jcz:3:12: malformed JSON: unexpected end of JSON input"},
		{"BadToken", "{\n  \"appVersion\": 5.7.0\n}", "x.jcz:2:20: malformed JSON: invalid character '.' after object key:value pair"},
		{"WrongType", "{\n  \"players\": {}\n}", "x.jcz:2:14: malformed save: players holds a JSON object, not a []jcz.player"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := Import([]byte(c.data), "x.jcz")
			var je *Error
			if !errors.As(err, &je) || je.Kind != Unreadable || err.Error() != c.want {
				t.Fatalf("got  %v\nwant %s", err, c.want)
			}
		})
	}
}

func TestExportRefusesRules(t *testing.T) {
	gen := engine.NewGenerator()
	for _, c := range []struct {
		rules string
		want  string
	}{
		{"tower range=diagonal", `g.cgn: Rules tag: rules "tower range=diagonal": JCloisterZone cannot express range=diagonal (its Tower rules are the defaults)`},
		{"tower reopen=no ransom=off", `g.cgn: Rules tag: rules "tower reopen=no ransom=off": JCloisterZone cannot express reopen=no ransom=off (its Tower rules are the defaults)`},
	} {
		r, err := engine.ParseRules(strings.Fields(c.rules))
		if err != nil {
			t.Fatal(err)
		}
		rg, err := generate.Game(gen, engine.GenOptions{Players: 2, Rules: r, Seed: 3}, nil)
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = Export(rg, "g.cgn")
		if err == nil || err.Error() != c.want {
			t.Errorf("got  %v\nwant %s", err, c.want)
		}
	}
}

func TestExportExpressibleRules(t *testing.T) {
	gen := engine.NewGenerator()
	for _, words := range []string{"base", "base farmers=off tiny-city=2", "tower farmers=off"} {
		r, _ := engine.ParseRules(strings.Fields(words))
		rg, err := generate.Game(gen, engine.GenOptions{Players: 3, Rules: r, Seed: 11}, nil)
		if err != nil {
			t.Fatal(err)
		}
		data, _, err := Export(rg, "g.cgn")
		if err != nil {
			t.Fatalf("%s: %v", words, err)
		}
		back, _, err := Import(data, "g.jcz")
		if err != nil {
			t.Fatalf("%s: %v", words, err)
		}
		if got, want := format(t, back), format(t, rg); got != want {
			t.Errorf("%s: round trip differs", words)
		}
	}
}

func TestExportRefusesInvalidGame(t *testing.T) {
	games, err := record.Parse(strings.NewReader("[Players \"Anna; Bob\"]\n\n1. Anna U@5,5r0\n"), "bad.cgn")
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = Export(games[0], "bad.cgn")
	want := "bad.cgn: 3:9: the game is not valid: tile U at (5,5) is not next to any tile"
	if err == nil || err.Error() != want {
		t.Fatalf("got  %v\nwant %s", err, want)
	}
}

// loaders are the formats of towerlog's commands.
var loaders = replay.Loaders{".cgn": replay.CGN(), Extension: Loader()}

// TestLoader reads saves through replay.Run, as towerlog validate does:
// directories give their saves only when the loaders name .jcz.
func TestLoader(t *testing.T) {
	files, err := replay.ExpandPaths([]string{fixtures})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if filepath.Ext(f) != ".cgn" {
			t.Fatalf("without a loader of saves: %v", files)
		}
	}
	files, err = loaders.ExpandPaths([]string{fixtures})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	err = replay.Run(t.Context(), files, replay.RunOptions{Workers: 1, Loaders: loaders}, func(g *replay.Game) error {
		if filepath.Ext(g.File) == Extension {
			got = append(got, filepath.Base(g.File)+" "+strconv.FormatBool(g.Valid()))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// JCloisterZone's saves of the Abbot and of Abbey and Mayor are
	// unsupported, hence not valid; so is a game with phantoms only.
	want := "capture.jcz true|exchange.jcz true|" +
		"city-and-road-scoring.jcz true|field-scoring.jcz true|garden-scoring.jcz false|monastery-scoring.jcz true|tiny-city-coa.jcz false|tiny-city-rule.jcz true|" +
		"exchange-ransom.jcz true|phantoms-only.jcz false|seed-1a-1d.jcz true|ransom.jcz true|tower-floor.jcz true"
	if strings.Join(got, "|") != want {
		t.Fatalf("got %v, want %s", got, want)
	}
}

func TestExportShape(t *testing.T) {
	rg, _, err := ImportFile(filepath.Join(fixtures, "exchange.jcz"))
	if err != nil {
		t.Fatal(err)
	}
	data, _, err := Export(rg, "exchange.cgn")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`"featurePointer": {`,     // the nested capture shape
		`"meepleId": "1.small.1"`, // ids tracked through the exchange
		`"location": "I"`,         // tower pieces and guards
		`"drawOrder": [`,
	} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("the export has no %s", want)
		}
	}
}

// TestDrawOrder checks how a prepared draw order ends the game: when it
// runs out after "#END" (a last tile that fits nowhere is discarded in a
// turn of its own), after endTurn turns (the order is cut there), or not
// yet; without "#END" or endTurn, JCZ goes on drawing at random once the
// order is used up, and the tiles drawn then are those placed.
func TestDrawOrder(t *testing.T) {
	annotations := func(sv map[string]any) map[string]any { return obj(sv, "gameAnnotations") }
	// before inserts tiles before the order's "#END".
	before := func(sv map[string]any, tiles ...any) {
		order := annotations(sv)["drawOrder"].([]any)
		end := len(order) - 1
		annotations(sv)["drawOrder"] = append(append(order[:end:end], tiles...), order[end])
	}
	noEnd := func(sv map[string]any) {
		order := annotations(sv)["drawOrder"].([]any)
		annotations(sv)["drawOrder"] = order[:len(order)-1]
	}
	for _, c := range []struct {
		name   string
		change func(sv map[string]any)
		tags   string
		last   string
	}{
		{"LastTileFitsNowhere", func(sv map[string]any) { before(sv, "BA/Cccc+") },
			"[Bag \"order U N T08 C\"]\n[Result \"3-2\"]", "4. Bob -C =3-2\n"},
		{"EndTurnCutsTheOrder", func(sv map[string]any) {
			before(sv, "BA/RFr", "BA/L")
			annotations(sv)["endTurn"] = 3
		}, "[Bag \"order U N T08\"]\n[Result \"3-2\"]", "3. Anna T08@-1,0r180 ^-1,0 =3-2\n"},
		{"EndTurnWithoutEnd", func(sv map[string]any) {
			noEnd(sv)
			annotations(sv)["endTurn"] = 3
		}, "[Bag \"order U N T08\"]\n[Result \"3-2\"]", "3. Anna T08@-1,0r180 ^-1,0 =3-2\n"},
		{"Unfinished", func(sv map[string]any) { before(sv, "BA/RFr", "BA/L") },
			"[Bag \"order U N T08 U B\"]\n[Result \"*\"]", "3. Anna T08@-1,0r180 ^-1,0 =0-0\n"},
		{"NoEndGoesOn", noEnd,
			"[Rules \"tower\"]\n[Result \"*\"]", "3. Anna T08@-1,0r180 ^-1,0 =0-0\n"},
		{"TilesAfterTheOrder", func(sv map[string]any) { annotations(sv)["drawOrder"] = []any{"BA/RFr"} },
			"[Rules \"tower\"]\n[Result \"*\"]", "3. Anna T08@-1,0r180 ^-1,0 =0-0\n"},
		{"NoOrder", func(sv map[string]any) { delete(sv, "gameAnnotations") },
			"[Rules \"tower\"]\n[Result \"*\"]", "3. Anna T08@-1,0r180 ^-1,0 =0-0\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rg, _, err := Import(mutate(t, c.change), "x.jcz")
			if err != nil {
				t.Fatal(err)
			}
			text := format(t, rg)
			if !strings.Contains(text, c.tags) || !strings.HasSuffix(text, c.last) {
				t.Fatalf("got\n%s\nwant %q and a last turn %q", text, c.tags, c.last)
			}
			if g := replay.Replay("x", 1, rg, replay.Options{}); !g.Valid() {
				t.Fatalf("invalid: %v", g.Diagnostics)
			}
			data, _, err := Export(rg, "x.cgn")
			if err != nil {
				t.Fatal(err)
			}
			back, _, err := Import(data, "y.jcz")
			if err != nil {
				t.Fatal(err)
			}
			if format(t, back) != text {
				t.Fatalf("round trip:\n%s\nwant\n%s", format(t, back), text)
			}
		})
	}
}

// TestImportFileTooLarge checks that a file past MaxSaveBytes is refused
// with its name, read no further than the limit.
func TestImportFileTooLarge(t *testing.T) {
	path := filepath.Join(t.TempDir(), "huge.jcz")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxSaveBytes + 1); err != nil { // sparse: no disk space
		t.Fatal(err)
	}
	f.Close()
	_, _, err = ImportFile(path)
	want := path + ": save larger than 16 MiB (the limit): stopped reading"
	var tl *record.TooLargeError
	if err == nil || err.Error() != want || !errors.As(err, &tl) {
		t.Fatalf("error %v, want the *record.TooLargeError %s", err, want)
	}
}
