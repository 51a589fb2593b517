package jcz

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// phantomFixtures holds hand-written saves of games with the Phantom.
var phantomFixtures = filepath.Join(fixtures, "phantom")

// phantomSave imports a hand-written save with the Phantom and checks it
// both ways: the record is the golden one, the game replays to the
// scores the save asserts, its export gives the save's messages back
// (PASSes, phantom ids and the exchange choice included) and the import
// of that export gives the record back.
func phantomSave(t *testing.T, name string) *replay.Game {
	t.Helper()
	path := filepath.Join(phantomFixtures, name+Extension)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	g := replayedData(t, data, path)
	golden(t, filepath.Join(phantomFixtures, name+".cgn"), format(t, g.Record))
	checkAssertions(t, data, g)
	checkSameMessages(t, data, name+Extension)
	out, warnings, err := Export(g.Record, name+".cgn")
	if err != nil || len(warnings) > 0 {
		t.Fatal(err, warnings)
	}
	back, _, err := Import(out, "exported.jcz")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := format(t, back), format(t, g.Record); got != want {
		t.Errorf("round trip changed the record:\n%s\nwant\n%s", got, want)
	}
	return g
}

// TestPhantomSeedExample: the rulebook's example 1a–1d as JCloisterZone
// saves it. Red's tower tile completes the city of four tiles and a
// pennant that Blue's knight holds (4×2 + 2 = 10), Red's floor captures
// the knight one tile north, and Red's phantom takes the emptied city as
// the second figure: 10 for Red, Blue's knight in Red's prison, Red's
// phantom back in supply after the scoring. The game ends there (#END):
// nothing else scores.
func TestPhantomSeedExample(t *testing.T) {
	g := phantomSave(t, "seed-1a-1d")
	st := g.State
	const red, blue = 0, 1
	if !st.Over() {
		t.Error("the game is not over after the draw order's #END")
	}
	if got := st.Scores(); got[red] != 10 || got[blue] != 0 {
		t.Errorf("scores %v, want [10 0]", got)
	}
	if st.Prisoners(red, blue) != 1 || st.Prisoners(blue, red) != 0 {
		t.Errorf("Red holds %d of Blue's, Blue %d of Red's; want 1 and 0", st.Prisoners(red, blue), st.Prisoners(blue, red))
	}
	for p, name := range []string{"Red", "Blue"} {
		if w := st.Phantom(p).Where; w != engine.PhantomInSupply {
			t.Errorf("%s's phantom: %s, want supply", name, w)
		}
	}
	if st.Supply(red) != engine.FollowersPerPlayer || st.Supply(blue) != engine.FollowersPerPlayer-1 {
		t.Errorf("followers in supply %d and %d, want %d and %d", st.Supply(red), st.Supply(blue), engine.FollowersPerPlayer, engine.FollowersPerPlayer-1)
	}
	if len(st.Followers()) != 0 {
		t.Errorf("figures on the board: %v, want none", st.Followers())
	}
	if tw := st.Towers(); len(tw) != 1 || tw[0].Pos != (engine.Pos{X: 1, Y: 0}) || tw[0].Height != 1 || st.Floors(red) != 9 {
		t.Errorf("towers %v, Red's floors %d; want one of height 1 at (1,0), 9 floors", tw, st.Floors(red))
	}
	found := false
	for _, e := range g.Events() {
		if e.Kind == engine.EventScore && e.Points == 10 {
			found = e.Phantom(red) && e.Scored(red) && !e.Scored(blue)
		}
	}
	if !found {
		t.Error("no city scored 10 for Red's phantom alone")
	}
}

// TestPhantomExchangeRansom: docs/notation.md's third example with the
// Phantom as JCloisterZone saves it. Bob captures Anna's phantom (her
// follower is already his prisoner) and puts his phantom on the road it
// took; Anna captures Bob's monk and chooses her follower back
// (EXCHANGE_FOLLOWER "0.small.1"), leaving her phantom in Bob's prison;
// she buys it back (PAY_RANSOM "0.phantom.1", 3 points: 4 − 3 = 1, 0 + 3
// = 3) and puts it onto the tower of height 3, which it closes.
func TestPhantomExchangeRansom(t *testing.T) {
	g := phantomSave(t, "exchange-ransom")
	st := g.State
	const anna, bob = 0, 1
	if st.Prisoners(anna, bob)+st.Prisoners(bob, anna) != 0 {
		t.Errorf("prisoners left: Anna holds %d, Bob %d", st.Prisoners(anna, bob), st.Prisoners(bob, anna))
	}
	tower := engine.Pos{X: 1, Y: 1}
	if ph := st.Phantom(anna); ph.Where != engine.PhantomOnBoard || ph.Pos != tower || ph.Spot.Kind != engine.FeatureTower {
		t.Errorf("Anna's phantom %+v, want on the tower at %v", ph, tower)
	}
	road := engine.Pos{X: 2, Y: 0}
	if ph := st.Phantom(bob); ph.Where != engine.PhantomOnBoard || ph.Pos != road || ph.Spot.Kind != engine.FeatureRoad {
		t.Errorf("Bob's phantom %+v, want on the road at %v", ph, road)
	}
	if st.Supply(anna) != engine.FollowersPerPlayer || st.Supply(bob) != engine.FollowersPerPlayer-1 {
		t.Errorf("followers in supply %d and %d, want %d and %d", st.Supply(anna), st.Supply(bob), engine.FollowersPerPlayer, engine.FollowersPerPlayer-1)
	}
	if st.Floors(anna) != 9 || st.Floors(bob) != 8 {
		t.Errorf("floors %d and %d, want 9 and 8", st.Floors(anna), st.Floors(bob))
	}
	var exchanges, ransoms int
	for _, e := range g.Events() {
		switch e.Kind {
		case engine.EventExchange:
			exchanges++
			if e.Player != anna || e.Phantom(anna) || e.Phantom(bob) {
				t.Errorf("exchange %+v: want Anna's follower and Bob's monk back", e)
			}
		case engine.EventRansom:
			ransoms++
			if e.Player != anna || e.Other != bob || !e.Phantom(anna) || e.Points != engine.RansomPrice {
				t.Errorf("ransom %+v: want Anna's phantom bought from Bob", e)
			}
		}
	}
	if exchanges != 1 || ransoms != 1 {
		t.Errorf("%d exchanges and %d ransoms, want 1 and 1", exchanges, ransoms)
	}
}

// TestPhantomsOnly: JCloisterZone can play The Tower with phantoms and no
// followers (elements without small-follower); towerlog plays the Phantom
// beside the seven followers, so such a save is unsupported, with the
// reason.
func TestPhantomsOnly(t *testing.T) {
	path := filepath.Join(phantomFixtures, "phantoms-only.jcz")
	rg, _, err := ImportFile(path)
	var je *Error
	want := path + ":13:17: setup.elements: no small-follower element: the players have only their phantoms; towerlog plays the Phantom beside 7 followers per player, not instead of them"
	if !errors.As(err, &je) || je.Kind != Unsupported || err.Error() != want || rg != nil {
		t.Fatalf("got %v (record %v)\nwant %s (unsupported, no record)", err, rg != nil, want)
	}
}

// without removes the move at index i.
func without(i int) func(sv map[string]any) {
	return func(sv map[string]any) {
		r := sv["replay"].([]any)
		sv["replay"] = append(r[:i:i], r[i+1:]...)
	}
}

// TestPhantomRefused: saves with the Phantom that break a rule, each with
// its message, kind and rule. exchange-ransom.jcz: replay[2] is Anna's
// PASS of the phantom's step in turn 1, replay[27] Anna's capture of
// Bob's monk, replay[28] the EXCHANGE_FOLLOWER that brings her follower
// back, replay[33] her ransom of her phantom, replay[35] the phantom onto
// the tower; replay[22] is Bob's capture of Anna's phantom, replay[23]
// his phantom as the second figure.
func TestPhantomRefused(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(sv map[string]any)
		kind   Kind
		rule   string
		want   string
	}{
		{"TwoPhantoms", func(sv map[string]any) { obj(sv, "setup", "elements")["phantom"] = 2 }, Unsupported, "",
			"x.jcz:477:17: setup.elements: phantom: 2 phantoms per player; towerlog plays the Phantom with one"},
		{"NoChoice", without(28), Invalid, "exchange",
			"x.jcz:377:5: replay[28] COMMIT: turn 7 (Anna): the capture of meeple 1.small.1 at replay[27] leads to an exchange in which Anna chooses which figure comes back: EXCHANGE_FOLLOWER must follow it"},
		{"ChoiceNotHeld", func(sv map[string]any) { payloadAt(sv, 28)["meepleId"] = "0.small.2" }, Invalid, "exchange",
			"x.jcz:377:5: replay[28] EXCHANGE_FOLLOWER: turn 7 (Anna): meeple 0.small.2 cannot come back: the exchange gives Anna back the first of its figures of each kind that Bob holds"},
		{"ChoiceOfTheOtherPlayer", func(sv map[string]any) { payloadAt(sv, 28)["meepleId"] = "1.phantom.1" }, Invalid, "exchange",
			"x.jcz:377:5: replay[28] EXCHANGE_FOLLOWER: turn 7 (Anna): meeple 1.phantom.1 cannot come back: the exchange gives Anna back the first of its figures of each kind that Bob holds"},
		// With the phantom chosen back, Anna has no phantom in Bob's
		// prison to buy back two turns later.
		{"OtherChoice", func(sv map[string]any) { payloadAt(sv, 28)["meepleId"] = "0.phantom.1" }, Invalid, "ransom",
			"x.jcz:430:5: replay[33] PAY_RANSOM: turn 9 (Anna): meeple 0.phantom.1 is not a prisoner"},
		{"SecondFigureNotThePhantom", func(sv map[string]any) {
			m := moveAt(sv, 2)
			m["type"] = typeDeploy
			m["payload"] = map[string]any{"pointer": map[string]any{"position": []any{1, 0}, "feature": "Field", "location": "NL.NR.EL.WR"}, "meepleId": "0.small.2"}
		}, Invalid, "phantom",
			"x.jcz:61:5: replay[2] DEPLOY_MEEPLE: turn 1 (Anna): the turn's action is done: only the phantom may follow it, not a follower"},
		// Bob's floor has Anna's phantom in range: JCZ asks for the
		// capture or a PASS before the phantom's step.
		{"PhantomBeforeTheCapture", without(22), Invalid, "phase",
			"x.jcz:288:5: replay[22] DEPLOY_MEEPLE: turn 6 (Bob): follower is not allowed now: the turn is in its capture phase"},
		{"PhantomInPrison", without(33), Invalid, "phantom",
			"x.jcz:443:5: replay[34] DEPLOY_MEEPLE: turn 9 (Anna): Anna's phantom is not in supply: it is held by Bob"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := Import(mutateFile(t, filepath.Join(phantomFixtures, "exchange-ransom.jcz"), c.change), "x.jcz")
			var je *Error
			if !errors.As(err, &je) {
				t.Fatalf("got %v, want an *Error", err)
			}
			if err.Error() != c.want || je.Kind != c.kind || je.Rule != c.rule {
				t.Fatalf("got  %s (%s, rule %q)\nwant %s (%s, rule %q)", err, je.Kind, je.Rule, c.want, c.kind, c.rule)
			}
		})
	}
}

// towersOnlyGame is a two-turn game with the Phantom whose phantom's step
// offers, in both turns, a tower and nothing else when farmers are off:
// Anna's T12 (fields all round, a tower foundation) south of the start
// tile gets its first floor, with no figure in range (no capture step);
// the fields take no figure, so the new tower is the phantom's only spot.
// Bob's B (a cloister amid fields) at (1,1) gets his monk; the cloister is
// taken and the fields take no figure, so the tower at (0,1), open at
// height 1, is again the phantom's only spot. With farmers on, the fields
// of each tile are spots too. The cloister scores 1 + 2 neighbours (the
// start tile and T12) for Bob at the end, after the last turn.
func towersOnlyGame(rules, second string) string {
	return `[Players "Anna:red; Bob:blue"]
[Rules "` + rules + `"]
[Bag "order T12 B"]
[Result "0-3"]

1. Anna T12@0,1r0 ^0,1 =0-0
2. Bob B@1,1r0 +M` + second + " =0-3\n"
}

// TestExportPhantomTowersOnly: JCloisterZone's releases skip the phantom's
// step when its only spots are towers (FORMAT.md): the export writes no
// PASS for it, and a phantom put onto the tower then is written with a
// warning naming the turn, the player and the message they refuse. With a
// spot on the tile the step is offered and declined with a PASS. Each
// export imports back to the record.
func TestExportPhantomTowersOnly(t *testing.T) {
	const warning = "x.cgn:7:19: turn 2 (Bob): warning: the phantom onto the tower at (0,1) is written as replay[5] DEPLOY_MEEPLE, " +
		"which JCloisterZone releases (5.x) refuse: the tower is the phantom's only spot, and they skip the phantom's step " +
		"when it has no spot on the tile just placed (their PhantomPhase tests those before adding the towers); the rules allow the move"
	for _, c := range []struct {
		name, rules, second string
		want                []string // each message: type and meeple id
		warnings            []string
		// fork: JCZ's fan fork offers the step the releases skip, and its
		// saves decline it with a PASS in both turns: they import to the
		// same record.
		fork bool
	}{
		{"PassSkipped", "tower phantom farmers=off", "", []string{
			"PLACE_TILE", "PLACE_TOKEN", "COMMIT",
			"PLACE_TILE", "DEPLOY_MEEPLE 1.small.1", "COMMIT",
		}, nil, true},
		{"PhantomOntoTheOnlyTower", "tower phantom farmers=off", " *T@0,1", []string{
			"PLACE_TILE", "PLACE_TOKEN", "COMMIT",
			"PLACE_TILE", "DEPLOY_MEEPLE 1.small.1", "DEPLOY_MEEPLE 1.phantom.1", "COMMIT",
		}, []string{warning}, false},
		{"FieldsOfferTheStep", "tower phantom", "", []string{
			"PLACE_TILE", "PLACE_TOKEN", "PASS", "COMMIT",
			"PLACE_TILE", "DEPLOY_MEEPLE 1.small.1", "PASS", "COMMIT",
		}, nil, false},
		{"PhantomOntoTheTowerBesideFields", "tower phantom", " *T@0,1", []string{
			"PLACE_TILE", "PLACE_TOKEN", "PASS", "COMMIT",
			"PLACE_TILE", "DEPLOY_MEEPLE 1.small.1", "DEPLOY_MEEPLE 1.phantom.1", "COMMIT",
		}, nil, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			games, err := record.Parse(strings.NewReader(towersOnlyGame(c.rules, c.second)), "x.cgn")
			if err != nil {
				t.Fatal(err)
			}
			rg := games[0]
			if g := replay.Replay("x.cgn", 1, rg, replay.Options{}); !g.Valid() {
				t.Fatalf("the record is not valid: %v", g.Diagnostics)
			}
			data, warnings, err := Export(rg, "x.cgn")
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for i := range warnings {
				got = append(got, warnings[i].String())
			}
			if !slices.Equal(got, c.warnings) {
				t.Errorf("warnings\n%q\nwant\n%q", got, c.warnings)
			}
			var sv save
			if err := json.Unmarshal(data, &sv); err != nil {
				t.Fatal(err)
			}
			got = nil
			for _, m := range sv.Replay {
				var p struct {
					MeepleID string `json:"meepleId"`
				}
				if err := json.Unmarshal(m.Payload, &p); err != nil {
					t.Fatal(err)
				}
				got = append(got, strings.TrimSpace(m.Type+" "+p.MeepleID))
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("messages\n%v\nwant\n%v", got, c.want)
			}
			back, _, err := Import(data, "x.jcz")
			if err != nil {
				t.Fatal(err)
			}
			if got, want := format(t, back), format(t, rg); got != want {
				t.Errorf("import(export) differs:\n%s\nwant\n%s", got, want)
			}
			if !c.fork {
				return
			}
			fork := mutateData(t, data, func(sv map[string]any) {
				r := sv["replay"].([]any)
				pass := func() any { return map[string]any{"type": typePass, "payload": map[string]any{}} }
				sv["replay"] = slices.Concat(r[:2], []any{pass()}, r[2:5], []any{pass()}, r[5:])
			})
			back, _, err = Import(fork, "fork.jcz")
			if err != nil {
				t.Fatal(err)
			}
			if got, want := format(t, back), format(t, rg); got != want {
				t.Errorf("the fork's save imports otherwise:\n%s\nwant\n%s", got, want)
			}
		})
	}
}
