// Package draw pictures the board of a game: a standalone SVG document with
// a legend (SVG), and a text board for terminals (Board). It draws engine
// games; the players' names and colours come as Seats, which Seats takes
// from a replayed game. With the Phantom, the SVG draws each phantom
// hollow and the text board marks it P, so that it is told from a
// follower (solid, F) at a glance.
//
//	g, _, _ := engine.Generate(engine.GenOptions{Players: 2, Seed: 1})
//	seats := []draw.Seat{{Name: "Anna", Colour: "red"}, {Name: "Bruno", Colour: "blue"}}
//	f, _ := os.Create("board.svg")
//	draw.SVG(f, g, seats)
//	fmt.Print(draw.Board(g, seats))
package draw
