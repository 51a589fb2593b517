package replay

import (
	"github.com/towerlog/towerlog/engine"
)

// StateJSON is the JSON form of a game state after a turn.
type StateJSON struct {
	Turn      int            `json:"turn"` // turns completed
	Over      bool           `json:"over"`
	Rules     string         `json:"rules"`
	Players   []PlayerJSON   `json:"players"`
	Towers    []TowerJSON    `json:"towers"`
	Followers []FollowerJSON `json:"followers"`
	Tiles     []TileJSON     `json:"tiles"`
	Remaining int            `json:"remaining"` // tiles left in the bag
}

// PlayerJSON is a player's part of a state.
type PlayerJSON struct {
	Name      string         `json:"name"`
	Colour    string         `json:"colour,omitempty"`
	Score     int            `json:"score"`
	Followers int            `json:"followers"`         // in supply
	Floors    int            `json:"floors"`            // tower floors left
	Prisoners map[string]int `json:"prisoners"`         // followers held captive, by owner (phantoms included)
	Phantom   *PhantomJSON   `json:"phantom,omitempty"` // games with the Phantom only
}

// PhantomJSON says where a player's phantom is.
type PhantomJSON struct {
	Where   string `json:"where"`             // supply, board or prison
	X       *int   `json:"x,omitempty"`       // board: the tile it stands on
	Y       *int   `json:"y,omitempty"`       // board
	Feature string `json:"feature,omitempty"` // board: road, city, field, cloister, tower
	Spot    string `json:"spot,omitempty"`    // board: CGN spelling
	Holder  string `json:"holder,omitempty"`  // prison: the player holding it
}

// TowerJSON is a tower (height 0: a bare foundation).
type TowerJSON struct {
	X      int     `json:"x"`
	Y      int     `json:"y"`
	Height int     `json:"height"`
	Guard  *string `json:"guard"` // the guard's player, null for none
	Closed bool    `json:"closed"`
}

// FollowerJSON is a follower on the board.
type FollowerJSON struct {
	Player  string `json:"player"`
	X       int    `json:"x"`
	Y       int    `json:"y"`
	Feature string `json:"feature"`           // road, city, field, cloister, tower
	Spot    string `json:"spot"`              // CGN spelling: C:N, R:WE, F:NL.NR, M, T
	Phantom bool   `json:"phantom,omitempty"` // the figure is the player's phantom
}

// TileJSON is a tile on the board.
type TileJSON struct {
	X        int    `json:"x"`
	Y        int    `json:"y"`
	ID       string `json:"id"`
	Rotation int    `json:"rotation"` // degrees clockwise
}

// State returns the JSON form of g's state after turn turns.
func State(g *engine.Game, players []Player, turns int) StateJSON {
	s := StateJSON{Turn: turns, Over: g.Over(), Rules: g.Rules().String(), Remaining: g.TilesLeft(),
		Towers: []TowerJSON{}, Followers: []FollowerJSON{}}
	for p, pl := range players {
		pj := PlayerJSON{Name: pl.Name, Colour: pl.Colour, Score: g.Score(p), Followers: g.Supply(p), Floors: g.Floors(p),
			Prisoners: map[string]int{}}
		for o := range players {
			if n := g.Prisoners(p, o); n > 0 {
				pj.Prisoners[players[o].Name] = n
			}
		}
		pj.Phantom = phantomJSON(g.Phantom(p), players)
		s.Players = append(s.Players, pj)
	}
	for _, tw := range g.Towers() {
		tj := TowerJSON{X: tw.Pos.X, Y: tw.Pos.Y, Height: tw.Height, Closed: tw.Closed}
		if tw.Guard >= 0 {
			name := players[tw.Guard].Name
			tj.Guard = &name
		}
		s.Towers = append(s.Towers, tj)
	}
	for _, f := range g.Followers() {
		s.Followers = append(s.Followers, FollowerJSON{Player: players[f.Player].Name, X: f.Pos.X, Y: f.Pos.Y,
			Feature: f.Spot.Kind.String(), Spot: f.Spot.String(), Phantom: f.Phantom})
	}
	for _, t := range g.Tiles() {
		s.Tiles = append(s.Tiles, TileJSON{X: t.Pos.X, Y: t.Pos.Y, ID: t.Tile.String(), Rotation: t.Rot.Degrees()})
	}
	return s
}

// phantomJSON is the JSON form of where a phantom is; nil in a game
// without the Phantom.
func phantomJSON(ph engine.PhantomInfo, players []Player) *PhantomJSON {
	switch ph.Where {
	case engine.PhantomAbsent:
		return nil
	case engine.PhantomOnBoard:
		x, y := ph.Pos.X, ph.Pos.Y
		return &PhantomJSON{Where: ph.Where.String(), X: &x, Y: &y, Feature: ph.Spot.Kind.String(), Spot: ph.Spot.String()}
	case engine.PhantomInPrison:
		return &PhantomJSON{Where: ph.Where.String(), Holder: players[ph.Holder].Name}
	}
	return &PhantomJSON{Where: ph.Where.String()}
}
