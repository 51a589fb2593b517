package jcz

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/towerlog/towerlog/engine"
)

// save is the top level of a .jcz file. Fields towerlog does not use
// (test, clientId, ...) are skipped on reading and not written.
type save struct {
	AppVersion    string       `json:"appVersion"`
	GameID        string       `json:"gameId"`
	Name          string       `json:"name"`
	InitialRandom float64      `json:"initialRandom"`
	Created       string       `json:"created,omitempty"`
	Clock         int64        `json:"clock"`
	Setup         setup        `json:"setup"`
	Players       []player     `json:"players"`
	Replay        []move       `json:"replay"`
	Annotations   *annotations `json:"gameAnnotations,omitempty"`
}

type setup struct {
	Sets     map[string]int             `json:"sets"`
	Elements map[string]json.RawMessage `json:"elements"`
	Rules    map[string]json.RawMessage `json:"rules"`
	Timer    json.RawMessage            `json:"timer"`
	Start    []start                    `json:"start"`
	Options  map[string]json.RawMessage `json:"options,omitempty"`
}

type start struct {
	Tile     string `json:"tile"`
	X        int    `json:"x"`
	Y        int    `json:"y"`
	Rotation int    `json:"rotation"`
}

type player struct {
	Name string `json:"name"`
	Slot *int   `json:"slot,omitempty"`
}

// move is one entry of "replay": Player is the acting seat, Clock the
// milliseconds since the start of the game; both may be missing.
type move struct {
	Type    string          `json:"type"`
	Payload json.RawMessage `json:"payload"`
	Player  *int            `json:"player,omitempty"`
	Clock   *int64          `json:"clock,omitempty"`
}

// annotations are the save's gameAnnotations. JCloisterZone reads
// drawOrder and endTurn, and ignores the other keys; CGNTags is
// towerlog's: the tags of the record an export wrote that the save's own
// fields do not give back (Site, Round, ...), set again by an import.
type annotations struct {
	DrawOrder []string          `json:"drawOrder"`
	EndTurn   int               `json:"endTurn,omitempty"`
	CGNTags   map[string]string `json:"cgnTags,omitempty"`
}

// pointer is JCZ's feature pointer: a tile and a location on it.
type pointer struct {
	Position []int  `json:"position"`
	Feature  string `json:"feature"`
	Location string `json:"location"`
}

// Move payloads.
type (
	placeTile struct {
		TileID   string `json:"tileId"`
		Rotation string `json:"rotation"`
		Position []int  `json:"position"`
	}
	deployMeeple struct {
		Pointer  pointer `json:"pointer"`
		MeepleID string  `json:"meepleId"`
	}
	placeToken struct {
		Token   string  `json:"token"`
		Pointer pointer `json:"pointer"`
	}
	meeplePointer struct {
		FeaturePointer *pointer `json:"featurePointer"`
		MeepleID       string   `json:"meepleId"`
	}
	// captureFollower reads both shapes: the nested pointer JCZ's engine
	// writes, and a flat pointer with the meeple id beside it.
	captureFollower struct {
		Pointer  *meeplePointer `json:"pointer,omitempty"`
		Position []int          `json:"position,omitempty"`
		Feature  string         `json:"feature,omitempty"`
		Location string         `json:"location,omitempty"`
		MeepleID string         `json:"meepleId,omitempty"`
	}
	meepleOnly struct {
		MeepleID string `json:"meepleId"`
	}
	commit struct {
		Random float64 `json:"random"`
	}
)

// Move types of a save's replay.
const (
	typePlaceTile     = "PLACE_TILE"
	typeDeploy        = "DEPLOY_MEEPLE"
	typePlaceToken    = "PLACE_TOKEN"
	typeCapture       = "CAPTURE_FOLLOWER"
	typeExchange      = "EXCHANGE_FOLLOWER"
	typeRansom        = "PAY_RANSOM"
	typePass          = "PASS"
	typeCommit        = "COMMIT"
	tokenTowerPiece   = "TOWER_PIECE"
	locationInner     = "I"
	locationInnerFarm = "INNER_FARM" // the enclosed field before 5.7: read, never written
	drawEnd           = "#END"       // the last entry of a draw order that ends the game
)

var rotationNames = [4]string{"R0", "R90", "R180", "R270"}

func parseRotation(s string) (engine.Rotation, bool) {
	for r, n := range rotationNames {
		if n == s {
			return engine.Rotation(r), true
		}
	}
	return 0, false
}

// featureNames are JCZ's names of the features a follower stands on.
var featureNames = map[engine.FeatureKind]string{
	engine.FeatureRoad:     "Road",
	engine.FeatureCity:     "City",
	engine.FeatureField:    "Field",
	engine.FeatureCloister: "Monastery",
	engine.FeatureTower:    "Tower",
}

// edgeSets maps JCZ's edge location names (N, NE, NS, _N, NWSE, ...) to
// edge sets; engine.EdgeSet.String gives exactly those names.
var edgeSets = func() map[string]engine.EdgeSet {
	m := map[string]engine.EdgeSet{}
	for s := engine.EdgeSet(1); s < 16; s++ {
		m[s.String()] = s
	}
	return m
}()

var halfNames = [8]string{"NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"}

// parseHalves reads a field location: half-edges joined by dots, or "I"
// for the enclosed field of T07 (the empty set; INNER_FARM before 5.7).
func parseHalves(s string) (engine.HalfSet, bool) {
	if s == locationInner || s == locationInnerFarm {
		return 0, true
	}
	var set engine.HalfSet
	for _, part := range strings.Split(s, ".") {
		i := indexOf(halfNames[:], part)
		if i < 0 || set&(1<<i) != 0 {
			return 0, false
		}
		set |= 1 << i
	}
	return set, true
}

func indexOf[T comparable](list []T, v T) int {
	for i, x := range list {
		if x == v {
			return i
		}
	}
	return -1
}

// spotOf turns a JCZ feature and location into an engine spot.
func spotOf(p pointer) (engine.Spot, error) {
	switch p.Feature {
	case "Road", "City":
		set, ok := edgeSets[p.Location]
		if !ok {
			return engine.Spot{}, fmt.Errorf("unknown location %q for a %s", p.Location, p.Feature)
		}
		kind := engine.FeatureRoad
		if p.Feature == "City" {
			kind = engine.FeatureCity
		}
		return engine.Spot{Kind: kind, Edges: set}, nil
	case "Field":
		set, ok := parseHalves(p.Location)
		if !ok {
			return engine.Spot{}, fmt.Errorf("unknown location %q for a Field", p.Location)
		}
		return engine.Spot{Kind: engine.FeatureField, Halves: set}, nil
	case "Monastery", "Tower":
		if p.Location != locationInner {
			return engine.Spot{}, fmt.Errorf("unknown location %q for a %s (expected %q)", p.Location, p.Feature, locationInner)
		}
		if p.Feature == "Tower" {
			return engine.Spot{Kind: engine.FeatureTower}, nil
		}
		return engine.Spot{Kind: engine.FeatureCloister}, nil
	}
	return engine.Spot{}, notSupported("feature %q is not supported (towerlog knows Road, City, Field, Monastery and Tower)", p.Feature)
}

// pointerOf is the JCZ pointer of spot s on the tile at pos.
func pointerOf(pos engine.Pos, s engine.Spot) pointer {
	p := pointer{Position: []int{pos.X, pos.Y}, Feature: featureNames[s.Kind]}
	switch s.Kind {
	case engine.FeatureRoad, engine.FeatureCity:
		p.Location = s.Edges.String()
	case engine.FeatureField:
		p.Location = s.Halves.String() // "I" for the enclosed field
	default:
		p.Location = locationInner
	}
	return p
}

func posOf(xy []int) (engine.Pos, error) {
	if len(xy) != 2 {
		return engine.Pos{}, fmt.Errorf("position %v is not [x, y]", xy)
	}
	return engine.Pos{X: xy[0], Y: xy[1]}, nil
}

// meepleID names one figure: "<seat>.small.<n>" for a follower, n from 1,
// or "<seat>.phantom.1" for the player's phantom.
type meepleID struct {
	seat int
	fig  engine.Figure
	n    int
}

// Meeple kinds as JCZ names them.
const (
	kindSmall   = "small"
	kindPhantom = "phantom"
)

func (m meepleID) String() string {
	kind := kindSmall
	if m.fig == engine.FigurePhantom {
		kind = kindPhantom
	}
	return fmt.Sprintf("%d.%s.%d", m.seat, kind, m.n)
}

// slot is the figure's index among its owner's: followers first, then the
// phantom.
func (m meepleID) slot() int {
	if m.fig == engine.FigurePhantom {
		return engine.FollowersPerPlayer
	}
	return m.n - 1
}

// parseMeeple reads a meeple id of a game of players seats, with the
// Phantom or not.
func parseMeeple(s string, players int, phantom bool) (meepleID, error) {
	parts := strings.Split(s, ".")
	if len(parts) != 3 {
		return meepleID{}, fmt.Errorf("meeple id %q is not <seat>.<kind>.<n>", s)
	}
	id, last := meepleID{}, engine.FollowersPerPlayer
	switch parts[1] {
	case kindSmall:
	case kindPhantom:
		if !phantom {
			return meepleID{}, fmt.Errorf("meeple id %q names a phantom, but the game is played without the Phantom (no phantom element)", s)
		}
		id.fig, last = engine.FigurePhantom, 1
	default:
		return meepleID{}, notSupported("meeple %q: kind %q is not supported (towerlog knows normal followers, \"small\", and the phantom)", s, parts[1])
	}
	seat, err1 := strconv.Atoi(parts[0])
	n, err2 := strconv.Atoi(parts[2])
	if err1 != nil || err2 != nil || seat < 0 || seat >= players || n < 1 || n > last {
		return meepleID{}, fmt.Errorf("meeple id %q names no figure of a %d-player game", s, players)
	}
	id.seat, id.n = seat, n
	return id, nil
}

// unsupportedError is a part of a save that towerlog does not play (as
// opposed to one that is wrong).
type unsupportedError struct{ error }

func notSupported(format string, args ...any) error {
	return unsupportedError{fmt.Errorf(format, args...)}
}
