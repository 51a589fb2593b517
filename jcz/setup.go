package jcz

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/replay"
)

// minVersion is the oldest JCloisterZone whose saves towerlog reads.
var minVersion = [2]int{5, 7}

// checkVersion refuses saves written before JCloisterZone 5.7.
func checkVersion(v string) error {
	if v == "" {
		return setupErr("appVersion", "no appVersion: saves of JCloisterZone %d.%d and later name their version", minVersion[0], minVersion[1])
	}
	parts := strings.SplitN(v, ".", 3)
	if len(parts) < 2 {
		return setupErr("appVersion", "version %q is not major.minor[.patch]", v)
	}
	major, err1 := strconv.Atoi(parts[0])
	minor, err2 := strconv.Atoi(strings.TrimRightFunc(parts[1], func(r rune) bool { return r < '0' || r > '9' }))
	if err1 != nil || err2 != nil {
		return setupErr("appVersion", "version %q is not major.minor[.patch]", v)
	}
	if major < minVersion[0] || major == minVersion[0] && minor < minVersion[1] {
		return setupErr("appVersion", "version %s is older than %d.%d, whose save format towerlog reads", v, minVersion[0], minVersion[1])
	}
	return nil
}

// setupError is an error about one part of the setup ("setup.elements").
type setupError struct {
	where string
	kind  Kind
	msg   string
}

func (e *setupError) Error() string { return e.where + ": " + e.msg }

// setupErr is a setup towerlog cannot play.
func setupErr(where, format string, args ...any) error {
	return &setupError{where, Unsupported, fmt.Sprintf(format, args...)}
}

// badSetup is a setup that is not one JCloisterZone writes.
func badSetup(where, format string, args ...any) error {
	return &setupError{where, Invalid, fmt.Sprintf(format, args...)}
}

// edition is the printing of each set in play, as JCloisterZone numbers
// them: basic 1 or 2, tower 1 or 2 (0 when The Tower is not in play).
type edition struct{ basic, tower int }

// gardenTwins maps the tiles of basic:2 that carry a garden to their
// garden-less twins: the same tile for towerlog, which has no Abbot.
var gardenTwins = map[string]string{
	"BA/CcG":  "BA/Cc.1",
	"BA/Cc+G": "BA/Cc+",
	"BA/CccG": "BA/Ccc",
	"BA/CG":   "BA/C",
	"BA/CFCG": "BA/CFC.2",
	"BA/CCG":  "BA/CC.2",
	"BA/RrG":  "BA/Rr",
	"BA/RFrG": "BA/RFr",
}

// gardenOf is the JCZ id of the garden copy of tile t in basic:2, or "".
func gardenOf(t engine.TileID) string {
	for g, twin := range gardenTwins {
		if twin == t.Type().JCZ {
			return g
		}
	}
	return ""
}

// readRules turns sets, elements and rules into engine rules.
func readRules(s *setup) (engine.Rules, edition, error) {
	var r engine.Rules
	ed, err := readSets(s.Sets)
	if err != nil {
		return r, ed, err
	}
	towerElement, err := readElements(s.Elements, &r)
	if err != nil {
		return r, ed, err
	}
	if tower := ed.tower > 0; tower != towerElement {
		if tower {
			return r, ed, setupErr("setup.elements", "the Tower tiles are in play (set tower) but not the tower element: towerlog cannot play Tower tiles without towers")
		}
		return r, ed, setupErr("setup.sets", "the tower element is on but no Tower set is in play: towerlog plays towers only with the Tower tiles")
	}
	r.BaseOnly = ed.tower == 0
	if err := readJCZRules(s.Rules, &r); err != nil {
		return r, ed, err
	}
	for _, k := range sortedKeys(s.Options) {
		return r, ed, setupErr("setup.options", "option %q is not supported", k)
	}
	return r, ed, nil
}

func readSets(sets map[string]int) (edition, error) {
	var ed edition
	for _, k := range sortedKeys(sets) {
		set, n, _ := strings.Cut(k, ":")
		p := &ed.basic
		if set == "tower" {
			p = &ed.tower
		}
		if set != "basic" && set != "tower" || n != "1" && n != "2" {
			return ed, setupErr("setup.sets", "set %q is not supported: towerlog plays the base game (basic:1, basic:2) and The Tower (tower:1, tower:2) only", k)
		}
		if *p != 0 {
			return ed, setupErr("setup.sets", "two editions of %s are in play: towerlog plays with one box of each", set)
		}
		if sets[k] != 1 {
			return ed, setupErr("setup.sets", "%d copies of set %q: towerlog plays with one box of each", sets[k], k)
		}
		*p = int(n[0] - '0')
	}
	if ed.basic == 0 {
		return ed, setupErr("setup.sets", "the base game (basic:1 or basic:2) is not in play")
	}
	return ed, nil
}

func readElements(el map[string]json.RawMessage, r *engine.Rules) (tower bool, err error) {
	r.NoFarmers = true
	followers := false
	for _, k := range sortedKeys(el) {
		v := strings.TrimSpace(string(el[k]))
		switch k {
		case "small-follower":
			if v != strconv.Itoa(engine.FollowersPerPlayer) {
				return false, setupErr("setup.elements", "small-follower: %s followers per player; towerlog plays with %d", v, engine.FollowersPerPlayer)
			}
			followers = true
		case "farmers":
			switch v {
			case "true":
				r.NoFarmers = false
			case "false":
			default:
				return false, badSetup("setup.elements", "farmers: %s is not true or false", v)
			}
		case "tower":
			switch v {
			case "1", "true":
				tower = true
			case "0", "false":
			default:
				return false, badSetup("setup.elements", "tower: %s is not understood", v)
			}
		case "phantom":
			switch v {
			case "1", "true":
				r.Phantom = true
			case "0", "false":
			default:
				return false, setupErr("setup.elements", "phantom: %s phantoms per player; towerlog plays the Phantom with one", v)
			}
		default:
			return false, setupErr("setup.elements", "element %q is not supported: towerlog plays the base game, The Tower and the Phantom only", k)
		}
	}
	if !followers && r.Phantom {
		return false, setupErr("setup.elements", "no small-follower element: the players have only their phantoms; towerlog plays the Phantom beside %d followers per player, not instead of them", engine.FollowersPerPlayer)
	}
	if !followers {
		return false, setupErr("setup.elements", "no small-follower element: towerlog plays with %d followers per player", engine.FollowersPerPlayer)
	}
	return tower, nil
}

func readJCZRules(rules map[string]json.RawMessage, r *engine.Rules) error {
	for _, k := range sortedKeys(rules) {
		v := strings.TrimSpace(string(rules[k]))
		switch {
		case k == "tiny-city-scoring" && (v == `"2"` || v == "2"):
			r.TinyCity2 = true
		case k == "tiny-city-scoring" && (v == `"4"` || v == "4"):
		default:
			return setupErr("setup.rules", "rule %s = %s is not supported", k, v)
		}
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// readStart returns the start tile; it must lie at (0,0).
func readStart(st []start, r engine.Rules, ed edition) (engine.TileID, engine.Rotation, error) {
	if len(st) != 1 {
		return 0, 0, setupErr("setup.start", "%d start tiles: towerlog plays with one", len(st))
	}
	s := st[0]
	t, kind, err := tileOf(s.Tile, r, ed)
	if err != nil {
		return 0, 0, &setupError{"setup.start[0]", kind, err.Error()}
	}
	rot, ok := engine.RotationFromDegrees(s.Rotation)
	if !ok {
		return 0, 0, badSetup("setup.start[0]", "rotation %d is not 0, 90, 180 or 270", s.Rotation)
	}
	if s.X != 0 || s.Y != 0 {
		return 0, 0, setupErr("setup.start[0]", "the start tile lies at (%d,%d); towerlog needs it at (0,0)", s.X, s.Y)
	}
	return t.id, rot, nil
}

// jczTile is a tile as a save names it: the catalog's tile, and whether
// it is the copy of basic:2 with a garden.
type jczTile struct {
	id     engine.TileID
	garden bool
}

// tileOf looks a JCZ tile id up in the catalog (a garden tile of basic:2
// is its twin) and checks that its set is in play. A tile towerlog does
// not know is Unsupported; one of a set not in play makes the save
// Invalid.
func tileOf(jczID string, r engine.Rules, ed edition) (jczTile, Kind, error) {
	name, garden := gardenTwins[jczID]
	if !garden {
		name = jczID
	}
	id, ok := engine.LookupTile(name)
	if !ok || id.Type().JCZ != name {
		return jczTile{}, Unsupported, fmt.Errorf("unknown tile %q: not a tile of the base game or The Tower", jczID)
	}
	if garden && ed.basic != 2 {
		return jczTile{}, Invalid, fmt.Errorf("tile %q (%s with a garden) is a tile of basic:2, not of basic:%d", jczID, id, ed.basic)
	}
	if engine.BoxCount(id, r) == 0 {
		return jczTile{}, Invalid, fmt.Errorf("tile %q (%s) is not in the sets in play", jczID, id)
	}
	return jczTile{id, garden}, 0, nil
}

// name is the JCZ id of the tile.
func (t jczTile) name() string {
	if t.garden {
		return gardenOf(t.id)
	}
	return t.id.Type().JCZ
}

// readPlayers returns the seats; a slot gives the colour JCZ shows.
func readPlayers(ps []player) ([]replay.Player, error) {
	if len(ps) < 1 || len(ps) > engine.MaxPlayers {
		return nil, setupErr("players", "%d players: towerlog plays with 1 to %d", len(ps), engine.MaxPlayers)
	}
	out := make([]replay.Player, len(ps))
	seen := map[string]bool{}
	for i, p := range ps {
		name := strings.TrimSpace(p.Name)
		if name == "" {
			return nil, setupErr(fmt.Sprintf("players[%d]", i), "the player has no name")
		}
		if seen[name] {
			return nil, setupErr(fmt.Sprintf("players[%d]", i), "player %q is named twice", name)
		}
		seen[name] = true
		out[i].Name = name
		if p.Slot != nil {
			if *p.Slot < 0 || *p.Slot >= len(replay.DefaultColours) {
				return nil, setupErr(fmt.Sprintf("players[%d]", i), "slot %d has no colour towerlog knows (0 to %d)", *p.Slot, len(replay.DefaultColours)-1)
			}
			out[i].Colour = replay.DefaultColours[*p.Slot]
		}
	}
	return out, nil
}
