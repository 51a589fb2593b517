package jcz

import "strings"

// Error is a save that cannot be imported, or a game that cannot be
// exported: the file, the place in it and what was not understood. Its
// Error method gives one line, "file: where: message".
type Error struct {
	File string // the .jcz file (import) or the CGN file (export)
	// Where is the place in the file: "replay[4] DEPLOY_MEEPLE",
	// "setup.elements", "3:17" (line:column of malformed JSON), "turn 12".
	Where string
	// Move is the index of the offending move in the save's "replay" list,
	// or -1 when the error is not about one move.
	Move int
	Msg  string
}

func (e *Error) Error() string {
	parts := make([]string, 0, 3)
	for _, s := range []string{e.File, e.Where, e.Msg} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, ": ")
}
