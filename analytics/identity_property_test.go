package analytics

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/analytics/identity"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/generate"
	"github.com/towerlog/towerlog/jcz"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// identityRules are the rule sets the identity's property test cycles
// through: every flag of the engine (as its property tests group them),
// each without and with the Phantom. jczExpressible says which of them a
// JCloisterZone save can hold.
var identityRules = []string{
	"tower", "base", "tower guard-capture=no reopen=no", "tower own-capture=no ransom=off",
	"tower range=diagonal gaps=block", "tower range=short tower-tile-actions=yes farmers=off tiny-city=2",
	"base farmers=off tiny-city=2",
}

func jczExpressible(r engine.Rules) bool {
	plain := engine.Rules{BaseOnly: r.BaseOnly, Phantom: r.Phantom, NoFarmers: r.NoFarmers, TinyCity2: r.TinyCity2}
	return r == plain
}

// identityCase is a generated game: its setup and moves.
type identityCase struct {
	name    string
	players []replay.Player
	setup   engine.Setup
	moves   []engine.Move
}

// write records the case's game with tags; it must be writable.
func (c identityCase) write(t *testing.T, tags map[string]string) *record.Game {
	t.Helper()
	rg, err := replay.Write(c.players, c.setup, c.moves, replay.WriteOptions{Tags: tags})
	if err != nil {
		t.Fatalf("%s: %v", c.name, err)
	}
	return rg
}

// identityOf replays a record leniently (records without Result or
// declared scores) and returns its identity; the game must be valid.
func identityOf(t *testing.T, name string, rg *record.Game) string {
	t.Helper()
	g := replay.Replay("x.cgn", 1, rg, replay.Options{Lenient: true})
	if !g.Valid() {
		t.Fatalf("%s: %v\n%s", name, g.Diagnostics, record.AppendGame(nil, rg))
	}
	return identity.Of(g)
}

// parseText parses a one-game CGN text.
func parseText(t *testing.T, name string, text []byte) *record.Game {
	t.Helper()
	rg, err := record.NewParser().Parse(record.RawGame{Src: text})
	if err != nil {
		t.Fatalf("%s: %v\n%s", name, err, text)
	}
	return rg
}

// identityCases generates games of every rule set of identityRules, with
// and without the Phantom, for 2 to 6 players, cut at a turn within the
// game so that the bag is not empty.
func identityCases(t *testing.T) []identityCase {
	gen := engine.NewGenerator()
	var out []identityCase
	for i, words := range identityRules {
		for _, phantom := range []bool{false, true} {
			w := strings.Fields(words)
			if phantom {
				w = slices.Insert(w, 1, "phantom")
			}
			r, err := engine.ParseRules(w)
			if err != nil {
				t.Fatal(err)
			}
			players := 2 + i%5
			seed := uint64(10*i + 1)
			if phantom {
				seed++
			}
			_, moves, err := gen.Generate(engine.GenOptions{Players: players, Rules: r, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			c := identityCase{name: fmt.Sprintf("%q, %d players, seed %d", strings.Join(w, " "), players, seed),
				setup: engine.Setup{Players: players, Rules: r}, moves: slices.Clone(moves)}
			for p := range players {
				c.players = append(c.players, replay.Player{Name: generate.Names[p], Colour: replay.DefaultColours[p]})
			}
			out = append(out, c)
		}
	}
	return out
}

// TestIdentityProperty: for generated games of every rule set, spelling
// and annotating a game otherwise keeps its identity; changing a move, a
// seat or a rule changes it.
func TestIdentityProperty(t *testing.T) {
	annotated := map[string]string{"Event": "Club night", "Site": "Lyon", "Round": "2"}
	for _, c := range identityCases(t) {
		rg := c.write(t, annotated)
		id := identityOf(t, c.name, rg)
		text := record.AppendGame(nil, rg)
		same := map[string]*record.Game{
			"fmt":                parseText(t, c.name, text),
			"default tags added": parseText(t, c.name, withDefaultTags(t, c, text)),
			"tags reordered":     parseText(t, c.name, reversedTags(text)),
			"re-annotated": parseText(t, c.name, fmt.Appendf(nil, "[Annotator \"Greta\"]\n%s\n{A fine game.}\n",
				strings.Replace(string(text), "Club night", "Spring cup", 1))),
			"no colours, no tags": c.write(t, nil),
		}
		if jczExpressible(c.setup.Rules) {
			save, _, err := jcz.Export(rg, "x.cgn")
			if err != nil {
				t.Fatalf("%s: export: %v", c.name, err)
			}
			back, _, err := jcz.Import(save, "x.jcz")
			if err != nil {
				t.Fatalf("%s: import: %v", c.name, err)
			}
			same["JCloisterZone round trip"] = back
		}
		for variant, v := range same {
			if got := identityOf(t, c.name+", "+variant, v); got != id {
				t.Errorf("%s, %s: identity changed\n%s", c.name, variant, record.AppendGame(nil, v))
			}
		}
		for variant, v := range otherGames(t, c) {
			if got := identityOf(t, c.name+", "+variant, v); got == id {
				t.Errorf("%s, %s: same identity", c.name, variant)
			}
		}
	}
}

// withDefaultTags returns text with the tags that restate the defaults:
// the rulebook's start, the box as the Bag, and every rule word of the
// game's rules spelled out.
func withDefaultTags(t *testing.T, c identityCase, text []byte) []byte {
	t.Helper()
	if c.setup.Bag != nil || c.setup.StartTile != nil {
		t.Fatalf("%s: the case has a Bag or Start of its own", c.name)
	}
	var box []string
	for id := range engine.NumTileTypes {
		n := engine.BoxCount(engine.TileID(id), c.setup.Rules)
		if engine.TileID(id) == engine.StartTile {
			n--
		}
		if n > 0 {
			box = append(box, fmt.Sprintf("%s:%d", engine.TileID(id), n))
		}
	}
	words := []string{strings.Fields(c.setup.Rules.String())[0]}
	if c.setup.Rules.Phantom {
		words = append(words, "phantom")
	}
	for _, w := range engine.RuleWords()[3:] {
		key, values, _ := strings.Cut(w, "=")
		def, alt, _ := strings.Cut(values, "|")
		if strings.Contains(c.setup.Rules.String(), key+"=") {
			words = append(words, key+"="+strings.Split(alt, "|")[0])
			for _, v := range strings.Split(alt, "|") {
				if strings.Contains(c.setup.Rules.String(), key+"="+v) {
					words[len(words)-1] = key + "=" + v
				}
			}
			continue
		}
		words = append(words, key+"="+def)
	}
	rules := fmt.Sprintf("[Rules %q]", c.setup.Rules.String())
	if !strings.Contains(string(text), rules) {
		t.Fatalf("%s: no %s in\n%s", c.name, rules, text)
	}
	out := strings.Replace(string(text), rules, fmt.Sprintf("[Rules %q]\n[Bag \"subset %s\"]\n[Start \"D@0,0r0\"]",
		strings.Join(words, " "), strings.Join(box, " ")), 1)
	return []byte(out)
}

// reversedTags returns text with its tag lines in reverse order.
func reversedTags(text []byte) []byte {
	lines := strings.Split(string(text), "\n")
	n := 0
	for n < len(lines) && strings.HasPrefix(lines[n], "[") {
		n++
	}
	slices.Reverse(lines[:n])
	return []byte(strings.Join(lines, "\n"))
}

// otherGames returns games that differ from c's in one move, one seat or
// one rule, each still valid.
func otherGames(t *testing.T, c identityCase) map[string]*record.Game {
	out := map[string]*record.Game{}
	// The last move of the game undone: the player ends the turn without
	// the figure or the floor (or, when the move was the tile, without
	// the turn).
	less := c
	less.moves = slices.Clone(c.moves[:lastTurnStart(c.moves)])
	out["a turn less"] = less.write(t, nil)
	renamed := c
	renamed.players = slices.Clone(c.players)
	renamed.players[len(renamed.players)-1].Name = "Zoé"
	out["a seat renamed"] = renamed.write(t, nil)
	swapped := c
	swapped.players = slices.Clone(c.players)
	swapped.players[0], swapped.players[1] = swapped.players[1], swapped.players[0]
	out["two seats swapped"] = swapped.write(t, nil)
	// Another rule that allows the same moves: the first of these.
	for _, toggle := range []func(*engine.Rules){
		func(r *engine.Rules) { r.TinyCity2 = !r.TinyCity2 },
		func(r *engine.Rules) { r.GapsBlock = !r.GapsBlock },
		func(r *engine.Rules) { r.NoFarmers = !r.NoFarmers },
		func(r *engine.Rules) { r.Range = (r.Range + 1) % 3 },
		func(r *engine.Rules) { r.GuardsSafe = !r.GuardsSafe },
		func(r *engine.Rules) { r.NoReopen = !r.NoReopen },
		func(r *engine.Rules) { r.NoOwnCapture = !r.NoOwnCapture },
		func(r *engine.Rules) { r.TowerTileActions = !r.TowerTileActions },
	} {
		other := c
		toggle(&other.setup.Rules)
		if rg, err := replay.Write(other.players, other.setup, other.moves, replay.WriteOptions{}); err == nil {
			out["another rule"] = rg
			break
		}
	}
	if out["another rule"] == nil {
		t.Fatalf("%s: no other rule allows the game's moves", c.name)
	}
	start := c
	rot := engine.R180
	start.setup.StartTile, start.setup.StartRot = ptr(engine.StartTile), rot
	if rg, err := replay.Write(start.players, start.setup, start.moves, replay.WriteOptions{}); err == nil {
		out["the start turned"] = rg
	}
	return out
}

// lastTurnStart returns the index of the first move of the last turn of
// moves (its draw).
func lastTurnStart(moves []engine.Move) int {
	end := len(moves)
	for end > 0 && moves[end-1].Kind == engine.MoveEndTurn {
		end--
	}
	for i := end - 1; i >= 0; i-- {
		if moves[i].Kind == engine.MoveDraw {
			return i
		}
	}
	return 0
}
