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
//     (scored at the end of the game), Pos (a tile of the feature).
//   - EventCapture: Player (captor), Other (victim, the follower's owner),
//     Pos (the tower), Height (after the new floor), Target (the tile the
//     follower stood on), Distance (Manhattan, in tiles), Feature (what it
//     stood on; FeatureTower for a guard).
//   - EventExchange: Player and Other each got one follower back.
//   - EventRansom: Player (payer) paid Points to Other.
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
	Final    bool
	Pos      Pos
	Target   Pos
	Height   int
	Distance int
	Tile     TileID
}

// Scored reports whether player p is among the scorers of a score event.
func (e *Event) Scored(p int) bool { return e.Scorers&(1<<p) != 0 }
