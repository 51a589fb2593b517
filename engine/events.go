package engine

// EventKind says what an Event reports.
type EventKind uint8

// Event kinds.
const (
	EventScore    EventKind = iota // a feature scored
	EventCapture                   // a tower captured a follower
	EventExchange                  // two players exchanged prisoners
	EventRansom                    // a prisoner was bought back
	EventFloor                     // a tower grew by one floor
	EventDiscard                   // a drawn tile fitted nowhere and was discarded
)

var eventNames = [...]string{"score", "capture", "exchange", "ransom", "floor", "discard"}

func (k EventKind) String() string {
	if int(k) < len(eventNames) {
		return eventNames[k]
	}
	return "event?"
}

// Event is one thing that happened in a game, for analytics. Which fields
// are set depends on Kind:
//
//   - EventScore: Feature, Size (tiles; for a cloister itself plus its
//     neighbours; for a field the number of completed cities), Pennants,
//     Points (each scorer's points), Scorers (bit p set for player p), Final
//     (scored at the end of the game), Pos (a tile of the feature), Phantoms
//     (bit p set when player p's phantom stands on the feature).
//   - EventCapture: Player (captor), Other (victim, the follower's owner),
//     Pos (the tower), Height (after the new floor), Target (the tile the
//     follower stood on), Distance (Manhattan, in tiles), Feature (what it
//     stood on; FeatureTower for a guard), Phantoms (bit Other set when the
//     figure captured is Other's phantom).
//   - EventExchange: Player (the captor) and Other each got one figure
//     back; Phantoms has the bit of each whose figure back is its phantom.
//   - EventRansom: Player (payer) paid Points to Other; Phantoms has bit
//     Player set when the figure bought back is Player's phantom.
//   - EventFloor: Player built Pos's tower to Height.
//   - EventDiscard: Player discarded Tile.
type Event struct {
	Kind     EventKind
	Turn     int
	Player   int
	Other    int
	Feature  FeatureKind
	Size     int
	Pennants int
	Points   int
	Scorers  uint8
	Phantoms uint8 // see Event: the players whose phantom the event concerns
	Final    bool
	Pos      Pos
	Target   Pos
	Height   int
	Distance int
	Tile     TileID
}

// Scored reports whether player p is among the scorers of a score event.
func (e *Event) Scored(p int) bool { return e.Scorers&(1<<p) != 0 }

// Phantom reports whether the event concerns player p's phantom (Phantoms).
func (e *Event) Phantom(p int) bool { return e.Phantoms&(1<<p) != 0 }
