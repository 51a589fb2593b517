package jcz

import (
	"github.com/towerlog/towerlog/internal/place"
	"github.com/towerlog/towerlog/record"
)

// Kind says why a save was refused.
type Kind = place.Kind

// Kinds of refusal.
const (
	// Unreadable: the file is not JSON, or its JSON is not shaped as a
	// save.
	Unreadable = place.Unreadable
	// Unsupported: a save of a game towerlog does not play: other
	// expansions, sets, elements, rules or figures, or a save older than
	// JCloisterZone 5.7.
	Unsupported = place.Unsupported
	// Invalid: a move the rules refuse, or a save that contradicts itself
	// (a malformed move, a follower that is not where the save says).
	Invalid = place.Invalid
)

// Place is where in a save (or in a CGN game, on export) something is.
type Place struct {
	File string
	// Where is the part of the file: "replay[4] DEPLOY_MEEPLE",
	// "setup.elements", "turn 12" (export), "" for the whole file.
	Where string
	// Move is the index of the move in the save's "replay" list, or -1
	// when it is not about one move.
	Move int
	// Pos is the line and column of Where in the file, when known.
	Pos record.Position
	// Turn and Player are the turn of the move and the name of the player
	// who makes it; 0 and "" when it is not about a move.
	Turn   int
	Player string
}

// prefix gives "file:line:col: where: turn 3 (Anna): ".
func (p *Place) prefix() string {
	file := p.File
	if p.Pos.IsValid() {
		file = p.Pos.String()
	}
	return place.Prefix(p.Turn, p.Player, file, p.Where)
}

// Error is a save that cannot be imported, or a game that cannot be
// exported: the place, why, and what was not understood. Its Error method
// gives one line, "file:line:col: where: turn 3 (Anna): message".
type Error struct {
	Place
	Kind Kind
	// Rule is the rule an illegal move breaks (engine.Violation.String, e.g.
	// "placement"); "" when the error is not an illegal move.
	Rule string
	Msg  string
}

func (e *Error) Error() string { return e.prefix() + e.Msg }

// Warning is something an import left out; the game is imported all the
// same.
type Warning struct {
	Place
	Msg string
}

func (w *Warning) String() string { return w.prefix() + "warning: " + w.Msg }
