package engine

import (
	"errors"
	"testing"
)

func TestSetupError(t *testing.T) {
	u, _ := LookupTile("U")
	for _, c := range []struct {
		name  string
		setup Setup
		want  string
	}{
		{"Players", Setup{Players: 7}, "7 players: a game has 1 to 6"},
		// The box holds 8 U (tiles.md); the start tile is a D, so all 8 may be drawn.
		{"BagTooBig", Setup{Players: 2, Bag: []TileID{u, u, u, u, u, u, u, u, u}}, "bag holds 9 × U, the box has 8 besides the start tile"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewGame(c.setup)
			var se *SetupError
			if !errors.As(err, &se) || se.Reason != c.want || err.Error() != "engine: "+c.want {
				t.Errorf("NewGame: %v, want a SetupError: %s", err, c.want)
			}
		})
	}
}
