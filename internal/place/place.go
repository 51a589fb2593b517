// Package place spells where in an imported file something is, as the
// importers' errors and warnings begin (not API).
package place

import (
	"fmt"
	"strings"
)

// Prefix joins the parts that are not empty (the file, the place in it),
// then the turn and the player who plays it when turn > 0, each followed
// by ": ": "game.json: packet 4: turn 3 (Anna): "; "" when all are empty.
func Prefix(turn int, player string, parts ...string) string {
	var b strings.Builder
	for _, p := range parts {
		if p != "" {
			b.WriteString(p + ": ")
		}
	}
	switch {
	case turn > 0 && player != "":
		fmt.Fprintf(&b, "turn %d (%s): ", turn, player)
	case turn > 0:
		fmt.Fprintf(&b, "turn %d: ", turn)
	}
	return b.String()
}

// Kind says why an importer refused its input.
type Kind uint8

// Kinds of refusal; each importer says what falls under each for its
// format.
const (
	// Unreadable: the input is not of the format, or is truncated or
	// corrupt.
	Unreadable Kind = iota
	// Unsupported: a game towerlog does not play.
	Unsupported
	// Invalid: a move the rules refuse, or an input that contradicts
	// itself.
	Invalid
)

var kindNames = [...]string{"unreadable", "unsupported", "invalid"}

// String gives the kind as messages name it: "unreadable", "unsupported",
// "invalid".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}
