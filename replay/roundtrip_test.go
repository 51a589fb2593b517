package replay

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
)

// roundTripRules are every rule flag, each set without and with the
// Phantom.
var roundTripRules = func() []engine.Rules {
	var out []engine.Rules
	for _, r := range []engine.Rules{
		{}, {BaseOnly: true}, {GuardsSafe: true, NoReopen: true}, {NoOwnCapture: true, NoRansom: true},
		{Range: engine.RangeDiagonal, GapsBlock: true}, {Range: engine.RangeShort, TowerTileActions: true, NoFarmers: true, TinyCity2: true},
	} {
		p := r
		p.Phantom = true
		out = append(out, r, p)
	}
	return out
}()

// phantomSigns are the notation's phantom signs and what they write: the
// round trip must meet each in the records of generated Phantom games.
var phantomSigns = map[string]string{
	" *C:": "the phantom on a city", " *T@": "the phantom on a tower", ":*": "a phantom captured",
	" &+": "a follower back in an exchange", " &*": "the phantom back in an exchange", "$*": "a phantom ransomed",
}

// replay(record(game)) == game: a generated game written as CGN, formatted,
// parsed again and replayed reaches the same state and events, and the
// text is canonical. Every rule set is played with and without the
// Phantom, now and then in the greedy style.
func TestGeneratedGamesRoundTrip(t *testing.T) {
	gen := engine.NewGenerator()
	n := 300
	if testing.Short() {
		n = 30
	}
	seen := map[string]int{}
	for i := 0; i < n; i++ {
		o := engine.GenOptions{Players: 2 + i%5, Rules: roundTripRules[i%len(roundTripRules)], Seed: uint64(1000 + i)}
		if i%25 == 1 {
			o.Style = engine.StyleGreedy
		}
		want, _, err := gen.Generate(o)
		if err != nil {
			t.Fatal(err)
		}
		rg, err := generated(gen, o, map[string]string{"Event": "round trip"})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := record.Format(&buf, rg); err != nil {
			t.Fatal(err)
		}
		text := buf.Bytes()
		for sign := range phantomSigns {
			if n := bytes.Count(text, []byte(sign)); n > 0 && !o.Rules.Phantom {
				t.Fatalf("game %d without the Phantom writes %q", i, sign)
			} else {
				seen[sign] += n
			}
		}
		games, err := record.Parse(bytes.NewReader(text), "rt.cgn")
		if err != nil || len(games) != 1 {
			t.Fatalf("game %d: parse: %v\n%s", i, err, text)
		}
		var again bytes.Buffer
		record.Format(&again, games[0])
		if !bytes.Equal(again.Bytes(), text) {
			t.Fatalf("game %d: not canonical", i)
		}
		got := Replay("rt.cgn", 1, games[0], Options{})
		if !got.Valid() {
			t.Fatalf("game %d: %v", i, got.Diagnostics[0].Error())
		}
		if !reflect.DeepEqual(got.State.State(), want.State()) || !reflect.DeepEqual(got.Events(), want.Events()) {
			t.Fatalf("game %d: replayed game differs", i)
		}
	}
	t.Logf("phantom signs %v", seen)
	for sign, what := range phantomSigns {
		if seen[sign] == 0 && !testing.Short() {
			t.Errorf("no %s (%q) in %d generated records", what, sign, n)
		}
	}
}

func TestSetupChecks(t *testing.T) {
	for _, c := range []struct {
		name, players, msg string
	}{
		{"CommaForSemicolon", "Anna:red, Bruno:blue", `unknown colour "red, Bruno:blue" for Anna: the colours are black, blue, brown, gray, green, grey, orange, pink, purple, red, white, yellow (seats are separated by ";")`},
		{"SameColour", "Anna:red; Bruno:Red", "Anna and Bruno both play red"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := "[Players \"" + c.players + "\"]\n[Result \"*\"]\n\n1. Anna U@1,0r0\n"
			games, err := record.Parse(strings.NewReader(src), "s.cgn")
			if err != nil {
				t.Fatal(err)
			}
			g := Replay("s.cgn", 1, games[0], Options{})
			if g.Valid() || g.Diagnostics[0].Message != c.msg {
				t.Fatalf("got %+v", g.Diagnostics)
			}
		})
	}
}

func TestFinishedGameMarkedUnfinished(t *testing.T) {
	src := "[Players \"Anna; Bruno\"]\n[Bag \"order E\"]\n[Result \"*\"]\n\n1. Anna E@0,-1r180 +C:S\n"
	games, _ := record.Parse(strings.NewReader(src), "u.cgn")
	g := Replay("u.cgn", 1, games[0], Options{})
	d := g.Diagnostics
	if !g.Valid() || len(d) != 1 || d[0].Severity != Warning || d[0].Message != "every tile has been played, yet the Result tag says unfinished (*): the final scores are 4-0" {
		t.Fatalf("diagnostics %+v", d)
	}
}

func TestDateWarnings(t *testing.T) {
	for date, want := range map[string]string{
		"2026.11.20": "",
		"2026.??.??": "",
		"2024-05-01": "the Date tag is not a date such as 2026.11.20 (?? for an unknown part)",
		"24.5.1":     "the year 24 of the Date tag has fewer than four digits",
		"2024.02.30": "2024.02.30 is not a day of the calendar",
	} {
		src := "[Date \"" + date + "\"]\n[Players \"Anna; Bruno\"]\n[Result \"*\"]\n\n1. Anna U@1,0r0\n"
		games, _ := record.Parse(strings.NewReader(src), "d.cgn")
		g := Replay("d.cgn", 1, games[0], Options{})
		got := ""
		for _, d := range g.Diagnostics {
			if d.Code == CodeDate && d.Severity == Warning {
				got = d.Message
			}
		}
		if got != want || !g.Valid() {
			t.Errorf("%s: %q, want %q", date, got, want)
		}
	}
}

// TestStop replays a game of many turns to where Options.Stop says: the
// zero Stop plays every turn, StopAfter(n) the first n, and StopAfter(0)
// none (the position before the first turn).
func TestStop(t *testing.T) {
	rg, err := generated(engine.NewGenerator(), engine.GenOptions{Players: 2, Seed: 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	all := len(rg.Turns)
	if all < 10 {
		t.Fatalf("the generated game has %d turns; the cases need at least 10", all)
	}
	for _, c := range []struct {
		name  string
		stop  Stop
		turns int
	}{
		{"Zero", Stop{}, all},
		{"BeforeFirst", StopAfter(0), 0},
		{"Negative", StopAfter(-4), 0},
		{"AfterThird", StopAfter(3), 3},
		{"AfterLast", StopAfter(all), all},
		{"BeyondLast", StopAfter(all + 5), all},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := Replay("stop.cgn", 1, rg, Options{Stop: c.stop})
			if !g.Valid() || len(g.Turns) != c.turns || g.State.Turn() != c.turns+1 {
				t.Fatalf("valid %v, %d turns, engine at turn %d; want %d turns", g.Valid(), len(g.Turns), g.State.Turn(), c.turns)
			}
		})
	}
}
