package replay

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/record"
)

// The seeds' Phantom examples, as CGN records in testdata/cgn: the states
// after them, worked out by hand from the rules.
func TestPhantomSeedRecords(t *testing.T) {
	games := replayCorpusFile(t, "../testdata/cgn/phantom-seed-examples.cgn")
	if len(games) != 3 {
		t.Fatalf("%d games", len(games))
	}
	supply := &PhantomJSON{Where: "supply"}
	one := 1
	for i, c := range []struct {
		scores    [2]int
		followers [2]int
		floors    [2]int
		redHolds  int // followers of Blue in Red's prison
		phantoms  [2]*PhantomJSON
		board     []FollowerJSON
		towers    []TowerJSON
	}{
		{ // 1a-1d: 4 tiles and a pennant, doubled, for Red's phantom
			scores: [2]int{10, 0}, followers: [2]int{7, 6}, floors: [2]int{9, 10}, redHolds: 1,
			phantoms: [2]*PhantomJSON{supply, supply}, board: []FollowerJSON{},
			towers: []TowerJSON{{X: 1, Y: 0, Height: 1}},
		},
		{ // a follower and the phantom close the two towers
			scores: [2]int{0, 0}, followers: [2]int{6, 7}, floors: [2]int{9, 9},
			phantoms: [2]*PhantomJSON{{Where: "board", X: &one, Y: &one, Feature: "tower", Spot: "T"}, supply},
			board: []FollowerJSON{
				{Player: "Red", X: 0, Y: 1, Feature: "tower", Spot: "T"},
				{Player: "Red", X: 1, Y: 1, Feature: "tower", Spot: "T", Phantom: true},
			},
			towers: []TowerJSON{{X: 0, Y: 1, Height: 1, Guard: ptr("Red"), Closed: true}, {X: 1, Y: 1, Height: 1, Guard: ptr("Red"), Closed: true}},
		},
		{ // seed 004: 3 tiles, doubled, after a second floor two tiles away
			scores: [2]int{6, 0}, followers: [2]int{7, 6}, floors: [2]int{8, 10}, redHolds: 1,
			phantoms: [2]*PhantomJSON{supply, supply}, board: []FollowerJSON{},
			towers: []TowerJSON{{X: 0, Y: 1, Height: 2}},
		},
	} {
		g := games[i]
		if !g.Valid() || len(g.Diagnostics) > 0 || len(g.Turns) != 3 {
			t.Fatalf("game %d: %d turns, %v", i+1, len(g.Turns), g.Diagnostics)
		}
		s := State(g.State, g.Players, len(g.Turns))
		for p, pj := range s.Players {
			if pj.Score != c.scores[p] || pj.Followers != c.followers[p] || pj.Floors != c.floors[p] || !reflect.DeepEqual(pj.Phantom, c.phantoms[p]) {
				t.Errorf("game %d, %s: %+v %+v", i+1, pj.Name, pj, pj.Phantom)
			}
		}
		if s.Players[0].Prisoners["Blue"] != c.redHolds {
			t.Errorf("game %d: Red's prisoners %v", i+1, s.Players[0].Prisoners)
		}
		if !reflect.DeepEqual(s.Followers, c.board) {
			t.Errorf("game %d: followers %+v, want %+v", i+1, s.Followers, c.board)
		}
		if !reflect.DeepEqual(s.Towers, c.towers) {
			t.Errorf("game %d: towers %+v, want %+v", i+1, s.Towers, c.towers)
		}
	}
}

func ptr(s string) *string { return &s }

// The JSON of a phantom: where it is, and nothing for games without it.
func TestPhantomStateJSON(t *testing.T) {
	games := replayCorpusFile(t, "../testdata/cgn/phantom-seed-examples.cgn")
	b, err := json.Marshal(State(games[1].State, games[1].Players, 3).Players)
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"name":"Red","colour":"red","score":0,"followers":6,"floors":9,"prisoners":{},` +
		`"phantom":{"where":"board","x":1,"y":1,"feature":"tower","spot":"T"}},` +
		`{"name":"Blue","colour":"blue","score":0,"followers":7,"floors":9,"prisoners":{},"phantom":{"where":"supply"}}]`
	if string(b) != want {
		t.Errorf("players\n%s\nwant\n%s", b, want)
	}
	src := "[Players \"Anna; Bob\"]\n[Rules \"tower phantom\"]\n[Result \"*\"]\n\n" +
		"1. Anna U@1,0r0 *R:WE\n2. Bob T12@1,1r0 ^1,1 x1,0:*R:WE\n"
	rg, err := record.Parse(strings.NewReader(src), "p.cgn")
	if err != nil {
		t.Fatal(err)
	}
	g := Replay("p.cgn", 1, rg[0], Options{})
	b, _ = json.Marshal(State(g.State, g.Players, 2).Players[0].Phantom)
	if string(b) != `{"where":"prison","holder":"Bob"}` {
		t.Errorf("phantom in prison: %s", b)
	}
	plain := replayCorpusFile(t, "../testdata/cgn/tower-exchange-ransom.cgn")[0]
	b, _ = json.Marshal(State(plain.State, plain.Players, len(plain.Turns)))
	if strings.Contains(string(b), "phantom") {
		t.Errorf("a game without the Phantom shows phantoms: %s", b)
	}
}

// Every example of docs/notation.md played with the Phantom is a legal
// game whose declared scores are right.
func TestPhantomNotationExamples(t *testing.T) {
	data, err := os.ReadFile("../docs/notation.md")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, block := range strings.Split(string(data), "```cgn\n")[1:] {
		text, _, _ := strings.Cut(block, "```")
		if !strings.Contains(text, `[Rules "tower phantom"]`) || !strings.Contains(text, "[Result") {
			continue
		}
		n++
		rg, err := record.Parse(strings.NewReader(text), "notation.md")
		if err != nil {
			t.Fatalf("%v\n%s", err, text)
		}
		g := Replay("notation.md", 1, rg[0], Options{})
		if !g.Valid() || len(g.Diagnostics) > 0 || len(g.Turns) != len(rg[0].Turns) {
			t.Errorf("example\n%s\n%v", text, g.Diagnostics)
		}
	}
	if n < 3 {
		t.Errorf("%d Phantom examples in docs/notation.md", n)
	}
}
