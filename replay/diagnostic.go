package replay

import (
	"fmt"

	"github.com/towerlog/towerlog/record"
)

// Severity grades a diagnostic.
type Severity uint8

// Severities.
const (
	Error   Severity = iota // the game is invalid
	Warning                 // something is missing or unverifiable; the game stays valid
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// MarshalText spells the severity in JSON.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Diagnostic codes besides the engine's rule names (engine.Violation.String),
// which are used as they are for illegal moves.
const (
	CodeSyntax        = "syntax"         // the text is not CGN (or not a save of the format read)
	CodePlayers       = "players"        // Players tag missing or wrong
	CodeRules         = "rules"          // Rules tag not understood
	CodeBag           = "bag-tag"        // Bag tag not understood
	CodeStart         = "start"          // Start tag not understood
	CodeTurnNumber    = "turn-number"    // turn numbers out of sequence
	CodeTurnOrder     = "turn-order"     // a turn given to the wrong player
	CodeUnknownPlayer = "unknown-player" // a name that is not in the Players tag
	CodeUnknownTile   = "unknown-tile"   // a tile id that is not in the catalog
	CodeNoPlacement   = "no-placement"   // a turn places no tile while tiles are left
	CodeScore         = "score"          // declared scores differ from the recomputed ones
	CodeResult        = "result"         // the Result tag differs from the final scores
	CodeUnfinished    = "unfinished"     // a game claimed finished that did not use every tile
	CodeNoResult      = "no-result"      // the Result tag is missing
	CodeDate          = "date"           // the Date tag is no calendar date (a warning)
	CodeIO            = "io"             // the file could not be read
	// Codes of files of other programs (JCloisterZone saves).
	CodeUnsupported = "unsupported"  // a game towerlog cannot play: another expansion, an older format
	CodeSave        = "save"         // a save that contradicts itself: a malformed move, a follower that is not there
	CodePartialTurn = "partial-turn" // a save that stops inside a turn: its last moves are left out (a warning)
	CodeRepaired    = "repaired"     // what the reading changed in what it read: a byte not UTF-8 replaced, a clock or a colour left out (a warning)
)

// Diagnostic is one finding about a game: where, in which game, turn and
// player, and what.
type Diagnostic struct {
	Code     string          `json:"code"`
	Severity Severity        `json:"severity"`
	Pos      record.Position `json:"-"`
	Game     int             `json:"game"`             // 1-based index of the game in its file
	Turn     int             `json:"turn,omitempty"`   // 0 outside the movetext
	Player   string          `json:"player,omitempty"` // the acting player's name
	Message  string          `json:"message"`
	// Source is the line of the record holding Pos, and Span how many
	// bytes from Pos.Column the carets mark; filled for syntax errors by
	// the parser and for others by Annotate.
	// SourceFrom is the column of the line where Source starts, when it
	// holds a piece of a long line (0 or 1: the whole line).
	Source     string `json:"-"`
	SourceFrom int    `json:"-"`
	Span       int    `json:"-"`
	// Board is a small drawing of the board around the move, for illegal
	// moves.
	Board string `json:"-"`
}

// Error gives the one-line form: "file:line:col: turn 12 (Anna): message"
// ("file: ..." when the place in the file has no line; an io
// diagnostic's message names its file).
func (d *Diagnostic) Error() string {
	where := ""
	if d.Pos.IsValid() || (d.Pos.Filename != "" && d.Code != CodeIO) {
		where = d.Pos.String() + ": "
	}
	who := ""
	switch {
	case d.Turn > 0 && d.Player != "":
		who = fmt.Sprintf("turn %d (%s): ", d.Turn, d.Player)
	case d.Turn > 0:
		who = fmt.Sprintf("turn %d: ", d.Turn)
	}
	sev := ""
	if d.Severity == Warning {
		sev = "warning: "
	}
	return where + sev + who + d.Message
}

// Diagnostics are the findings of a Loader about one game; as an error
// they say the first.
type Diagnostics []Diagnostic

func (ds Diagnostics) Error() string {
	switch len(ds) {
	case 0:
		return "no diagnostics"
	case 1:
		return ds[0].Error()
	}
	return fmt.Sprintf("%s (and %d more)", ds[0].Error(), len(ds)-1)
}

// UnmarshalText reads the JSON spelling of a severity.
func (s *Severity) UnmarshalText(b []byte) error {
	switch string(b) {
	case "error":
		*s = Error
	case "warning":
		*s = Warning
	default:
		return fmt.Errorf("unknown severity %q", b)
	}
	return nil
}
