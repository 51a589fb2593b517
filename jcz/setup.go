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
		return fmt.Errorf("no appVersion: saves of JCloisterZone %d.%d and later name their version", minVersion[0], minVersion[1])
	}
	parts := strings.SplitN(v, ".", 3)
	if len(parts) < 2 {
		return fmt.Errorf("version %q is not major.minor[.patch]", v)
	}
	major, err1 := strconv.Atoi(parts[0])
	minor, err2 := strconv.Atoi(strings.TrimRightFunc(parts[1], func(r rune) bool { return r < '0' || r > '9' }))
	if err1 != nil || err2 != nil {
		return fmt.Errorf("version %q is not major.minor[.patch]", v)
	}
	if major < minVersion[0] || major == minVersion[0] && minor < minVersion[1] {
		return fmt.Errorf("version %s is older than %d.%d, whose save format towerlog reads", v, minVersion[0], minVersion[1])
	}
	return nil
}

// setupError is an error about one part of the setup ("setup.elements").
type setupError struct {
	where string
	msg   string
}

func (e *setupError) Error() string { return e.where + ": " + e.msg }

func setupErr(where, format string, args ...any) error {
	return &setupError{where, fmt.Sprintf(format, args...)}
}

// readRules turns sets, elements and rules into engine rules.
func readRules(s *setup) (engine.Rules, error) {
	var r engine.Rules
	tower, err := readSets(s.Sets)
	if err != nil {
		return r, err
	}
	towerElement, err := readElements(s.Elements, &r)
	if err != nil {
		return r, err
	}
	if tower != towerElement {
		if tower {
			return r, setupErr("setup.elements", "the Tower tiles are in play (set tower) but not the tower element: towerlog cannot play Tower tiles without towers")
		}
		return r, setupErr("setup.sets", "the tower element is on but no Tower set is in play: towerlog plays towers only with the Tower tiles")
	}
	r.BaseOnly = !tower
	if err := readJCZRules(s.Rules, &r); err != nil {
		return r, err
	}
	for _, k := range sortedKeys(s.Options) {
		return r, setupErr("setup.options", "option %q is not supported", k)
	}
	return r, nil
}

func readSets(sets map[string]int) (tower bool, err error) {
	basic := false
	for _, k := range sortedKeys(sets) {
		switch k {
		case "basic:1":
			basic = true
		case "tower:1", "tower:2":
			tower = true
		default:
			return false, setupErr("setup.sets", "set %q is not supported: towerlog plays the base game (basic:1) and The Tower (tower:1, tower:2) only", k)
		}
		if sets[k] != 1 {
			return false, setupErr("setup.sets", "%d copies of set %q: towerlog plays with one box of each", sets[k], k)
		}
	}
	if !basic {
		return false, setupErr("setup.sets", "the base game (basic:1) is not in play")
	}
	return tower, nil
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
				return false, setupErr("setup.elements", "farmers: %s is not true or false", v)
			}
		case "tower":
			switch v {
			case "1", "true":
				tower = true
			case "0", "false":
			default:
				return false, setupErr("setup.elements", "tower: %s is not understood", v)
			}
		default:
			return false, setupErr("setup.elements", "element %q is not supported: towerlog plays the base game and The Tower only", k)
		}
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
func readStart(st []start, r engine.Rules) (engine.TileID, engine.Rotation, error) {
	if len(st) != 1 {
		return 0, 0, setupErr("setup.start", "%d start tiles: towerlog plays with one", len(st))
	}
	s := st[0]
	id, err := tileOf(s.Tile, r)
	if err != nil {
		return 0, 0, setupErr("setup.start", "%v", err)
	}
	rot, ok := engine.RotationFromDegrees(s.Rotation)
	if !ok {
		return 0, 0, setupErr("setup.start", "rotation %d is not 0, 90, 180 or 270", s.Rotation)
	}
	if s.X != 0 || s.Y != 0 {
		return 0, 0, setupErr("setup.start", "the start tile lies at (%d,%d); towerlog needs it at (0,0)", s.X, s.Y)
	}
	return id, rot, nil
}

// tileOf looks a JCZ tile id up in the catalog and checks that its set is
// in play.
func tileOf(jczID string, r engine.Rules) (engine.TileID, error) {
	id, ok := engine.LookupTile(jczID)
	if !ok || id.Type().JCZ != jczID {
		return 0, fmt.Errorf("unknown tile %q: not a tile of the base game or The Tower", jczID)
	}
	if engine.BoxCount(id, r) == 0 {
		return 0, fmt.Errorf("tile %q (%s) is not in the sets in play", jczID, id)
	}
	return id, nil
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
