package record

import (
	"strings"
	"time"
)

// Game is one game of a CGN file: its tags and its movetext.
type Game struct {
	Pos      Position   // where the game starts (its first tag or movetext token)
	Tags     []*Tag     // in the order read; Format writes them in canonical order
	Comments []*Comment // comments before the first turn
	Turns    []*Turn    // the main line, in order
}

// Tag is a header tag [Name "Value"].
type Tag struct {
	Pos      Position // position of "["
	Name     string   // canonical spelling for roster tags, else as written
	Value    string   // unescaped
	ValuePos Position // position of the opening quote of the value
	raw      string   // the value as written between the quotes, if it has escapes (for positions)
}

// Turn is one turn of one player: the elements it played, in order of play,
// with their annotations.
type Turn struct {
	Pos        Position // position of the turn number, or of the player if it has none
	Number     int      // as written; when omitted, the previous turn's number + 1
	Numbered   bool     // the number was written in the input
	Player     Name
	Notes      *Notes // annotations right after the player (nil if none)
	Ransoms    []*Ransom
	Discards   []*Discard // in draw order
	Placement  *Placement // nil when every drawn tile was discarded
	Action     Action     // nil when the player did nothing more
	Second     Action     // the second figure after the action (the Phantom's step), nil if none
	Score      *Score     // declared scores after the turn (nil if none)
	Variations []*Variation
}

// Name is a player name as written in the movetext.
type Name struct {
	Pos  Position
	Text string // unescaped; "" when absent
}

// Ransom pays the ransom for a captured follower of Owner held by Holder.
type Ransom struct {
	Pos     Position
	Phantom bool // the prisoner bought back is the owner's phantom ($*Bob)
	Owner   Name // the captured follower's owner; Text "" when not written (the mover)
	Holder  Name // the player who holds the prisoner and receives the ransom
	Notes   *Notes
}

// Discard is a drawn tile put out of the game because it fitted nowhere.
type Discard struct {
	Pos   Position
	Tile  string // tile id, upper case
	Notes *Notes
}

// Placement puts a tile on the board.
type Placement struct {
	Pos      Position
	Tile     string // tile id, upper case
	X, Y     int
	Rotation Rotation
	Notes    *Notes
}

// String returns the placement's canonical spelling, e.g. "V@2,-1r90".
func (pl *Placement) String() string {
	var b []byte
	return string(appendPlacement(b, pl.Tile, pl.X, pl.Y, pl.Rotation))
}

// Action is an action of a turn after the placement: *Follower,
// *TowerFloor or *TowerFollower. A turn has one, and with the Phantom a
// second figure (Turn.Second).
type Action interface {
	Position() Position
	action()
}

// Follower puts a follower from supply on a feature of the tile just placed:
// +C:N, or the phantom *C:N.
type Follower struct {
	Pos     Position
	Phantom bool // the figure is the phantom
	Spot    Spot
	Notes   *Notes
}

// TowerFloor puts a tower floor on the foundation or open tower at (X, Y),
// optionally followed by a capture.
type TowerFloor struct {
	Pos     Position
	X, Y    int
	Notes   *Notes
	Capture *Capture // nil if the tower captured nothing
}

// Capture takes the follower standing on Spot of the tile at (X, Y); Spot.Kind
// is Tower for a follower on the tower there.
type Capture struct {
	Pos      Position
	X, Y     int
	Phantom  bool // the figure captured is a phantom (x4,-1:*C:N)
	Spot     Spot
	Notes    *Notes
	Exchange *Exchange // the exchange's choice, nil when not written
}

// Exchange is the choice written after a capture (&+ or &*): which of the
// capturer's own figures comes back in the exchange of prisoners that
// follows, when the other player holds a follower and the phantom of it.
type Exchange struct {
	Pos     Position
	Phantom bool // the phantom comes back (&*); else a follower (&+)
	Notes   *Notes
}

// TowerFollower puts a follower from supply on top of the tower at (X, Y):
// +T@3,-1, or the phantom *T@3,-1.
type TowerFollower struct {
	Pos     Position
	Phantom bool // the figure is the phantom
	X, Y    int
	Notes   *Notes
}

// Position returns the position of the action.
func (a *Follower) Position() Position { return a.Pos }

// Position returns the position of the action.
func (a *TowerFloor) Position() Position { return a.Pos }

// Position returns the position of the action.
func (a *TowerFollower) Position() Position { return a.Pos }

func (*Follower) action()      {}
func (*TowerFloor) action()    {}
func (*TowerFollower) action() {}

// Score holds the scores declared after a turn, in seat order.
type Score struct {
	Pos    Position
	Points []int
	Notes  *Notes
}

// Variation is an alternative line of play: its first turn replaces the turn
// it follows.
type Variation struct {
	Pos   Position // position of "("
	Turns []*Turn
	Notes *Notes // annotations after ")"
}

// Notes holds the annotations written after an item (turn head, element,
// score or variation). In canonical form they follow it as: glyph (attached),
// clock, comments.
type Notes struct {
	Glyph    Glyph
	GlyphPos Position
	Clock    *Clock
	Comments []*Comment
}

// Clock is the elapsed game time at an item, written ~[h:]m:ss[.fff].
type Clock struct {
	Pos     Position
	Elapsed time.Duration // whole milliseconds
}

// String returns the canonical spelling without "~": m:ss or h:mm:ss, with a
// fraction of up to three digits when it is not zero.
func (c *Clock) String() string { return string(appendClock(nil, c.Elapsed)) }

// Comment is a comment, written {text} (or "; text" to the end of a line).
type Comment struct {
	Pos  Position
	Text string // unescaped, surrounding white space trimmed, may hold line ends
}

// Tag returns the value of the tag with the given name (case-insensitive).
func (g *Game) Tag(name string) (string, bool) {
	if t := g.tag(name); t != nil {
		return t.Value, true
	}
	return "", false
}

func (g *Game) tag(name string) *Tag {
	for _, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			return t
		}
	}
	return nil
}

// SetTag sets the tag's value, adding the tag if it is missing. A roster name
// (Event, Site, ...) is spelt canonically whatever its case.
func (g *Game) SetTag(name, value string) {
	if t := g.tag(name); t != nil {
		t.Value, t.raw = value, ""
		return
	}
	g.Tags = append(g.Tags, &Tag{Name: canonicalTagName(name), Value: value})
}

// Roster is the fixed order of the well-known tags; Format writes these
// first, in this order, then every other tag sorted by name.
var Roster = []string{"Event", "Site", "Date", "Round", "Players", "Rules", "Bag", "Start", "Result", "Termination", "Source", "Annotator"}

func rosterIndex(name string) int {
	for i, r := range Roster {
		if strings.EqualFold(r, name) {
			return i
		}
	}
	return -1
}

func canonicalTagName(name string) string {
	if i := rosterIndex(name); i >= 0 {
		return Roster[i]
	}
	return name
}
