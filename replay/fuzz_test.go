package replay

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
)

// addSeeds seeds a fuzz target with the openings of generated games under
// every rule set (short inputs mutate well) and a few odd setups.
func addSeeds(f *testing.F) {
	gen := engine.NewGenerator()
	for i, rules := range roundTripRules {
		rg, err := generated(gen, engine.GenOptions{Players: 2 + i%5, Rules: rules, Seed: uint64(i)}, nil)
		if err != nil {
			f.Fatal(err)
		}
		// Seed with the opening of the game: short inputs mutate well.
		rg.Turns = rg.Turns[:min(len(rg.Turns), 25)]
		rg.SetTag("Result", "*")
		f.Add(record.AppendGame(nil, rg))
	}
	f.Add([]byte("[Players \"A; B\"]\n[Rules \"tower\"]\n[Bag \"order E U T12\"]\n\n1. A E@0,-1r180 +C:S\n2. B U@1,0r0 ^0,-1 x0,0:C:N\n3. A $B T12@0,1r0 +T@0,-1\n"))
	f.Add([]byte("[Players \"A\"]\n[Start \"C@0,0r90\"]\n[Bag \"subset C:1\"]\n\n1. A -C\n"))
	f.Add([]byte("[Players \"A\"]\n[Bag \"subset\"]\n"))
}

// FuzzReplay checks that replaying whatever the parser accepts never
// panics, and that every game is either valid or explains why not.
func FuzzReplay(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		sc := record.NewScanner(bytes.NewReader(src), "fuzz.cgn")
		for i := 1; sc.Scan(); i++ {
			g := ReplayParsed("fuzz.cgn", i, sc.Game(), sc.Err(), Options{})
			if !g.Valid() && len(g.Diagnostics) == 0 {
				t.Fatal("invalid game without a diagnostic")
			}
			for _, d := range g.Diagnostics {
				_ = d.Render()
			}
			if g.State != nil {
				_ = State(g.State, g.Players, len(g.Turns))
			}
		}
	})
}

// FuzzReuse checks that replaying in reused memory, as RunSummaries
// does, gives what a fresh replay gives, whatever the games before. Each
// input's games are replayed twice over in one new memory, so that every
// game meets memory left by others, and a failing input fails again alone.
func FuzzReuse(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		m := &memory{parser: record.NewParser()}
		for pass := 1; pass <= 2; pass++ {
			sc := record.NewScanner(bytes.NewReader(src), "fuzz.cgn")
			for i := 1; sc.ScanRaw(); i++ {
				raw := sc.Raw()
				rg, err := raw.Parse()
				if rg == nil && err == nil {
					continue
				}
				want := digestGame(ReplayParsed("fuzz.cgn", i, rg, err, Options{}))
				rg2, err2 := m.parser.Parse(raw)
				got := digestGame(replayIn(m, "fuzz.cgn", i, rg2, err2, nil, Options{}))
				if got != want {
					t.Fatalf("pass %d, game %d replayed in reused memory differs:\n got %s\nwant %s", pass, i, got, want)
				}
			}
		}
	})
}

// digestGame describes everything a replay produced.
func digestGame(g *Game) string {
	var b bytes.Buffer
	fmt.Fprintf(&b, "valid=%v players=%v rules=%v turns=%+v\n", g.Valid(), g.Players, g.Rules, g.Turns)
	for _, d := range g.Diagnostics {
		fmt.Fprintf(&b, "%s|%s\n", d.Error(), d.Board)
	}
	if g.State != nil {
		st, _ := json.Marshal(State(g.State, g.Players, len(g.Turns)))
		fmt.Fprintf(&b, "%s\n%+v\n", st, g.Events())
	}
	return b.String()
}

// TestReuseBags replays, in one memory from new, games with and without a
// Bag tag, an empty subset among them (no tile at all, not the whole box):
// each must replay as it does in fresh memory. (A memory that had not held
// a bag yet read an empty subset as the whole box.)
func TestReuseBags(t *testing.T) {
	games := []string{
		"[Players \"A\"]\n[Bag \"subset\"]\n[Result \"*\"]\n",
		"[Players \"A; B\"]\n[Result \"*\"]\n\n1. A U@1,0r0\n",
		"[Players \"A\"]\n[Bag \"subset\"]\n[Result \"*\"]\n",
		"[Players \"A\"]\n[Start \"C@0,0r90\"]\n[Bag \"subset C:1\"]\n[Result \"*\"]\n\n1. A -C\n",
		"[Players \"A\"]\n[Bag \"subset\"]\n[Result \"0\"]\n",
	}
	m := &memory{parser: record.NewParser()}
	for i, src := range games {
		raw := record.RawGame{Filename: "bags.cgn", Src: []byte(src), Line: 1}
		rg, err := raw.Parse()
		want := digestGame(ReplayParsed("bags.cgn", i+1, rg, err, Options{}))
		rg2, err2 := m.parser.Parse(raw)
		if got := digestGame(replayIn(m, "bags.cgn", i+1, rg2, err2, nil, Options{})); got != want {
			t.Errorf("game %d replayed in reused memory differs:\n got %s\nwant %s", i+1, got, want)
		}
	}
}
