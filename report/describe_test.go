package report

import (
	"context"
	"slices"
	"testing"

	"github.com/towerlog/towerlog/replay"
)

// TestDescribePhantom checks the game viewer's sentences about the
// phantom, written by hand from the moves of the Phantom games of the
// proof archive (its 13th to 15th records).
func TestDescribePhantom(t *testing.T) {
	type want struct {
		game, turn int
		title      string
		event      string // one of the turn's events, "" for none to check
	}
	cases := []want{
		// 1. Fatima U@1,0r180 *R:WE
		{13, 1, "Turn 1: Fatima placed tile U at (1, 0), turned 180° and put the phantom on a road", ""},
		// 3. Bruno W@2,0r0 +F:ER.SL *R:E
		{13, 3, "Turn 3: Bruno placed tile W at (2, 0) and put a follower on a field, then the phantom on a road", ""},
		// 14. Anna T09@0,-2r180 ^0,-2 x0,-1:*F:NL.ER *F:NL.WR: Anna's
		// phantom went onto P@0,-1 on turn 5.
		{13, 14, "Turn 14: Anna placed tile T09 at (0, -2), turned 180° and built a floor on the tower at (0, -2), then the phantom on a field",
			"Anna's tower at (0, -2) took back Anna's own phantom from a field at (0, -1)."},
		// 15. Bruno V@0,-3r270 ^0,-2 x0,-2:*F:NL.WR: the tower's second floor.
		{13, 15, "Turn 15: Bruno placed tile V at (0, -3), turned 270° and built a floor on the tower at (0, -2)",
			"Bruno's tower at (0, -2), 2 floors high, captured Anna's phantom on a field at (0, -2), 0 tiles away."},
		// 29. Anna D@-4,-1r270 ^-3,3 x-1,3:T: Bruno's guard, while Bruno
		// holds Anna's phantom since turn 15.
		{13, 29, "", "Anna and Bruno exchanged prisoners: Anna got the phantom back, Bruno a follower."},
		// 32. Anna H@-1,-4r90 ^-3,-3 x-3,-3:F:... *T@-1,3
		{13, 32, "Turn 32: Anna placed tile H at (-1, -4), turned 90° and built a floor on the tower at (-3, -3), then the phantom on the tower at (-1, 3)", ""},
		// 53. Anna $*Bruno L@-1,7r0 *C:N =0-4-7 after =0-3-4: Anna paid 3
		// and scored 4 with the phantom just placed.
		{13, 53, "", "Anna paid Bruno a ransom of 3 points to free the phantom."},
		{13, 53, "", "Anna scored 4 points for a city of 2 tiles, where Anna's phantom stood."},
		// 49. Anna $*Bruno A@-2,-3r0 *T@2,-1 (the 14th record)
		{14, 49, "Turn 49: Anna placed tile A at (-2, -3) and put the phantom as a guard on the tower at (2, -1)", ""},
		// 36. Chloé S@2,-2r90 ^2,-1 x2,-1:C:N &*
		{15, 36, "", "Chloé and Bruno exchanged prisoners: Chloé got the phantom back, Bruno a follower."},
	}
	games := map[int]*replay.Game{}
	err := replay.Run(context.Background(), []string{proofArchive}, replay.RunOptions{}, func(g *replay.Game) error {
		games[g.Index] = g
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		g := games[c.game]
		if g == nil || !g.Valid() || c.turn > len(g.Turns) {
			t.Fatalf("record %d has no turn %d", c.game, c.turn)
		}
		turn := &g.Turns[c.turn-1]
		if got := describeTurn(g, turn); c.title != "" && got != c.title {
			t.Errorf("record %d, turn %d:\ngot  %q\nwant %q", c.game, c.turn, got, c.title)
		}
		events := describeEvents(g, g.Events()[turn.EventsFrom:turn.EventsTo])
		if c.event != "" && !slices.Contains(events, c.event) {
			t.Errorf("record %d, turn %d: events %q, want %q among them", c.game, c.turn, events, c.event)
		}
	}
}
