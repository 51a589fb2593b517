package replay

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
)

var roundTripRules = []engine.Rules{
	{}, {BaseOnly: true}, {GuardsSafe: true, NoReopen: true}, {NoOwnCapture: true, NoRansom: true},
	{Range: engine.RangeDiagonal, GapsBlock: true}, {Range: engine.RangeShort, TowerTileActions: true, NoFarmers: true, TinyCity2: true},
}

// replay(record(game)) == game: a generated game written as CGN, formatted,
// parsed again and replayed reaches the same state and events, and the
// text is canonical.
func TestGeneratedGamesRoundTrip(t *testing.T) {
	gen := engine.NewGenerator()
	n := 300
	if testing.Short() {
		n = 30
	}
	for i := 0; i < n; i++ {
		o := engine.GenOptions{Players: 2 + i%5, Rules: roundTripRules[i%len(roundTripRules)], Seed: uint64(1000 + i)}
		want, _, err := gen.Generate(o)
		if err != nil {
			t.Fatal(err)
		}
		rg, err := Generate(gen, o, map[string]string{"Event": "round trip"})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := record.Format(&buf, rg); err != nil {
			t.Fatal(err)
		}
		text := buf.Bytes()
		games, err := record.Parse(bytes.NewReader(text), "rt.cgn")
		if err != nil || len(games) != 1 {
			t.Fatalf("game %d: parse: %v\n%s", i, err, text)
		}
		var again bytes.Buffer
		record.Format(&again, games[0])
		if !bytes.Equal(again.Bytes(), text) {
			t.Fatalf("game %d: not canonical", i)
		}
		got := Replay("rt.cgn", 1, games[0], nil, Options{})
		if !got.Valid() {
			t.Fatalf("game %d: %v", i, got.Diagnostics[0].Error())
		}
		if !reflect.DeepEqual(got.State.State(), want.State()) || !reflect.DeepEqual(got.Events(), want.Events()) {
			t.Fatalf("game %d: replayed game differs", i)
		}
	}
}
