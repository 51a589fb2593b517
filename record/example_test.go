package record_test

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/towerlog/towerlog/record"
)

const file = `[Event "Club night"]
[Players "Anna:red; Bob:blue"]
[Rules "tower"]

1. Anna U@1,0r0 +R:WE
2. Bob T04@1,-1r0 ^1,-1 x1,0:R:WE
3. Anna $Bob V@2,0r0 +R:SW =0-0

[Event "Second game"]

1. Anna V@1,0r45
`

func ExampleScanner() {
	sc := record.NewScanner(strings.NewReader(file), "club.cgn")
	for sc.Scan() {
		event, _ := sc.Game().Tag("Event")
		if err := sc.Err(); err != nil {
			fmt.Printf("%s: %v\n", event, err)
			continue
		}
		fmt.Printf("%s: %d turns\n", event, len(sc.Game().Turns))
	}
	if err := sc.Err(); err != nil {
		fmt.Println("read error:", err)
	}
	// Output:
	// Club night: 3 turns
	// Second game: club.cgn:11:14: expected rotation r0, r90, r180 or r270, found "r45"
}

func ExampleParse() {
	games, err := record.Parse(strings.NewReader(file), "club.cgn")
	fmt.Println(len(games), "games")
	var list record.ErrorList
	if errors.As(err, &list) {
		fmt.Println(list[0].Excerpt())
	}
	turn := games[0].Turns[1]
	floor := turn.Action.(*record.TowerFloor)
	fmt.Printf("turn %d: %s builds at (%d,%d) and captures on (%d,%d) %v\n",
		turn.Number, turn.Player.Text, floor.X, floor.Y, floor.Capture.X, floor.Capture.Y, floor.Capture.Spot)
	// Output:
	// 2 games
	// club.cgn:11:14: expected rotation r0, r90, r180 or r270, found "r45"
	//    11 | 1. Anna V@1,0r45
	//       |              ^^^
	// turn 2: Bob builds at (1,-1) and captures on (1,0) R:WE
}

func ExampleFormat() {
	lax := "[players \" Anna ; Bob \"]  [event \"Lax\"]\nAnna d@1,0R90 +city:s !\nBob u@2,0r0 +road:EW ; that road again\n"
	games, err := record.Parse(strings.NewReader(lax), "lax.cgn")
	if err != nil {
		fmt.Println(err)
		return
	}
	record.Format(os.Stdout, games[0])
	// Output:
	// [Event "Lax"]
	// [Players "Anna; Bob"]
	//
	// 1. Anna D@1,0r90 +C:S!
	// 2. Bob U@2,0r0 +R:WE {that road again}
}

func ExampleGame_Players() {
	games, _ := record.Parse(strings.NewReader(file), "club.cgn")
	players, err := games[0].Players()
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range players {
		fmt.Printf("%s plays %s (name at %v)\n", p.Name, p.Colour, p.Pos)
	}
	// Output:
	// Anna plays red (name at club.cgn:2:11)
	// Bob plays blue (name at club.cgn:2:21)
}

func ExampleSpot() {
	sp, err := record.ParseSpot("field:wr.nl.nr")
	fmt.Println(sp, sp.Kind == record.Field, sp.Halves&record.HalfNL != 0, err)
	fmt.Println(record.Spot{Kind: record.City, Edges: record.EdgeE | record.EdgeS | record.EdgeW})
	// Output:
	// F:NL.NR.WR true true <nil>
	// C:_N
}

// A Parser reuses its memory: keep what you need of a game before parsing
// the next one.
func ExampleParser() {
	src := "[Players \"Anna; Bob\"]\n\n1. Anna U@1,0r0\n\n[Players \"Anna; Bob\"]\n\n1. Anna V@0,1r90\n2. Bob E@0,-1r180\n"
	sc := record.NewScanner(strings.NewReader(src), "games.cgn")
	ps := record.NewParser()
	for sc.ScanRaw() {
		g, err := ps.Parse(sc.Raw())
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println("turns:", len(g.Turns), "last placement:", g.Turns[len(g.Turns)-1].Placement)
	}
	// Output:
	// turns: 1 last placement: U@1,0r0
	// turns: 2 last placement: E@0,-1r180
}
