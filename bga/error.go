package bga

import (
	"github.com/towerlog/towerlog/internal/place"
)

// Kind says why a log or a link was refused.
type Kind = place.Kind

// Kinds of refusal.
const (
	// Unreadable: the input is not a table log or a link at all, or it is
	// truncated or corrupt (broken JSON, a bad character in a link).
	Unreadable = place.Unreadable
	// Unsupported: a game towerlog does not play: a BGA expansion, or
	// another game of BoardGameArena.
	Unsupported = place.Unsupported
	// Invalid: a move the rules refuse, or a score of BGA's that differs
	// from the engine's.
	Invalid = place.Invalid
)

// Place is where in a log or a link something is.
type Place struct {
	// File is the file read, or the link itself when it was given alone.
	File string
	// Where is the part of the input: "packet 57" (its index in the log,
	// counting from 1), "character 130" (an offset in the link, from 0),
	// "line 12" (of a list of links); "" for the whole input.
	Where string
	// Turn and Player are the turn (from 1) and the name of the player
	// who plays it; 0 and "" when it is not about a move.
	Turn   int
	Player string
}

// prefix gives "file: where: turn 3 (Anna): ".
func (p *Place) prefix() string { return place.Prefix(p.Turn, p.Player, p.File, p.Where) }

// Error is a log or a link that cannot be imported, or a game that cannot
// be exported as a link. Its Error method gives one line: "file: packet
// 57: turn 3 (Anna): message".
type Error struct {
	Place
	Kind Kind
	// Rule is the rule an illegal move breaks (engine.Violation.String, e.g.
	// "placement"); "" when the error is not an illegal move.
	Rule string
	Msg  string
}

func (e *Error) Error() string { return e.prefix() + e.Msg }

// Warning is something an import notes; the game is imported all the
// same.
type Warning struct {
	Place
	Msg string
	// repair is set when the warning says what the reading changed in
	// what it read (a byte replaced, a clock or a colour left out).
	repair bool
}

func (w *Warning) String() string { return w.prefix() + "warning: " + w.Msg }
