package review

import (
	"fmt"
	"slices"

	"github.com/towerlog/towerlog/engine"
)

// Alternative is one way the mover could have played a turn: its moves
// from the turn's first (a ransom, or the draw) to its EndTurn. The game
// after them is not kept (a 4-player Tower turn may have thousands of
// alternatives): Over says whether it is over, and key identifies it.
type Alternative struct {
	Moves []engine.Move
	Over  bool
	key   string
}

// Alternatives lists every way of playing the turn that starts at before
// (a game in its draw phase) with the tiles it draws, in order: the
// discarded tiles, then the tile placed. Each is a ransom or none, the
// draws, a legal placement of the tile and every legal sequence of actions
// after it (follower, floor and capture, tower follower, the phantom's
// step, or nothing), then the end of the turn. A ransom is taken at the
// start of the turn, where CGN writes it. before is not changed.
func Alternatives(before *engine.Game, draws []engine.TileID) ([]Alternative, error) {
	if len(draws) == 0 {
		return nil, fmt.Errorf("review: turn %d draws no tile", before.Turn())
	}
	prefixes := [][]engine.Move{nil}
	for _, m := range before.LegalMoves(nil) {
		if m.Kind == engine.MoveRansom {
			prefixes = append(prefixes, []engine.Move{m})
		}
	}
	var out []Alternative
	for _, pre := range prefixes {
		g := before.Clone()
		moves := append([]engine.Move(nil), pre...)
		for i, t := range draws {
			moves = append(moves, engine.Move{Kind: engine.MoveDraw, Tile: t})
			if i < len(draws)-1 {
				moves = append(moves, engine.Move{Kind: engine.MoveDiscard})
			}
		}
		for _, m := range moves {
			if err := g.Apply(m); err != nil {
				return nil, fmt.Errorf("review: turn %d: %w", before.Turn(), err)
			}
		}
		var err error
		if out, err = expand(g, moves, out); err != nil {
			return nil, err
		}
	}
	return distinct(out), nil
}

// distinct keeps the first of alternatives that leave the same game: the
// same tile turned two ways that look the same, with the same figures.
func distinct(alts []Alternative) []Alternative {
	seen := make(map[string]bool, len(alts))
	out := alts[:0]
	for _, a := range alts {
		if !seen[a.key] {
			seen[a.key] = true
			out = append(out, a)
		}
	}
	return out
}

// key identifies a game after a turn among the games after other ways of
// playing the same turn: the tile placed (its rotation taken as the first
// that looks the same), the figures, the towers and the players' scores,
// supplies and prisoners.
func key(g *engine.Game) string {
	s := g.State()
	var last engine.PlacedTile
	if n := len(s.Tiles); n > 0 {
		last = s.Tiles[n-1]
		last.Rot = sameRotation(last.Tile, last.Rot)
	}
	return fmt.Sprint(last, s.Followers, s.Towers, s.Players)
}

// sameRotation returns the first rotation of t that looks as r does: the
// same spots in board orientation.
func sameRotation(t engine.TileID, r engine.Rotation) engine.Rotation {
	want := engine.Segments(t, r)
	for q := engine.R0; q < r; q++ {
		if sameSpots(engine.Segments(t, q), want) {
			return q
		}
	}
	return r
}

func sameSpots(a, b []engine.Spot) bool {
	if len(a) != len(b) {
		return false
	}
	for _, s := range a {
		if !slices.Contains(b, s) {
			return false
		}
	}
	return true
}

// expand appends to out every way of finishing the turn g is in, after
// moves.
func expand(g *engine.Game, moves []engine.Move, out []Alternative) ([]Alternative, error) {
	if g.Phase() == engine.PhaseEnd {
		moves = append(moves[:len(moves):len(moves)], engine.Move{Kind: engine.MoveEndTurn})
		if err := g.Apply(moves[len(moves)-1]); err != nil {
			return nil, err
		}
		return append(out, Alternative{Moves: moves, Over: g.Over(), key: key(g)}), nil
	}
	legal := g.LegalMoves(nil)
	for _, m := range legal {
		if m.Kind == engine.MoveRansom {
			continue
		}
		c := g.Clone()
		if err := c.Apply(m); err != nil {
			return nil, err
		}
		var err error
		if out, err = expand(c, append(moves[:len(moves):len(moves)], m), out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// played returns the index of the alternative that leaves the game as
// after does, or -1 (a ransom paid at the end of the turn, which the
// alternatives pay at its start).
func played(alts []Alternative, after *engine.Game) int {
	want := key(after)
	for i := range alts {
		if alts[i].key == want {
			return i
		}
	}
	return -1
}

// Finishes lists every way of finishing the turn that g is in after
// moves, the turn's moves so far (its draws and placement, say): each
// alternative is moves, then legal actions, then the end of the turn, as
// Alternatives lists them for a whole turn, without taking one of two
// that leave the same game. g is not changed.
func Finishes(g *engine.Game, moves []engine.Move) ([]Alternative, error) {
	return expand(g.Clone(), moves, nil)
}
