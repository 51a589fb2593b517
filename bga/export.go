package bga

import (
	"fmt"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/replay"
)

// ExportLink returns the CarcassonneLab link of a replayed game. Only a
// legal game of the base game with towerlog's default rules, from the
// rulebook's start, can be shown by CarcassonneLab: any other is an
// *Error of Kind Unsupported saying why (a Tower game, the Phantom, a rule
// flag, another start tile, a tile placed too far from the start for a
// link's coordinates).
func ExportLink(g *replay.Game) (*Link, error) {
	fail := func(format string, args ...any) error {
		return &Error{Place: Place{File: g.File}, Kind: Unsupported, Msg: fmt.Sprintf(format, args...)}
	}
	switch {
	case g.Record == nil || g.State == nil || !g.Valid():
		return nil, &Error{Place: Place{File: g.File}, Kind: Invalid, Msg: "the game is not legal: validate shows why"}
	case !g.Rules.BaseOnly:
		return nil, fail("a game with The Tower: CarcassonneLab shows the base game only")
	case g.Rules.Phantom:
		return nil, fail("a game with the Phantom: CarcassonneLab shows the base game only")
	case g.Rules != baseRules:
		return nil, fail("the rules %q: CarcassonneLab shows the base game with its usual rules (%q) only", g.Rules.String(), baseRules.String())
	case g.Setup.StartTile != nil && (*g.Setup.StartTile != engine.StartTile || g.Setup.StartRot != engine.R0):
		return nil, fail("a start tile other than D@0,0r0: CarcassonneLab starts every game with it")
	}
	l := &Link{Types: []int{StartType}}
	colours := true
	for _, p := range g.Players {
		l.Players = append(l.Players, p.Name)
		l.Colors = append(l.Colors, p.Colour)
		colours = colours && p.Colour != ""
	}
	if !colours {
		l.Colors = nil
	}
	for _, t := range g.Turns {
		for _, d := range t.Discards {
			l.Types = append(l.Types, typeOf[d])
			l.Discards = append(l.Discards, len(l.Moves))
		}
		if !t.Placed {
			continue
		}
		typ := typeOf[t.Tile]
		m := Move{X: t.Pos.X, Y: t.Pos.Y, Ori: oriOf(t.Tile, t.Rot)}
		if abs(m.X) >= len(moveChars) || abs(m.Y) >= len(moveChars) {
			return nil, fail("turn %d: %s at %s is too far from the start tile for a link (at most %d squares)", t.Number, t.Tile, t.Pos, len(moveChars)-1)
		}
		if t.Action == replay.ActionFollower {
			m.Pos = posOf(typ, m.Ori, t.Spot)
		}
		l.Types = append(l.Types, typ)
		l.Moves = append(l.Moves, m)
	}
	return l, nil
}
