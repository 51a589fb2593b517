// Package draw pictures the board of a game: a standalone SVG document with
// a legend (SVG), a text board for terminals (Board), and the window of a
// few squares around a move that diagnostics show (Around). It depends only
// on the engine; the players' names and colours come as Seats. With the
// Phantom, the SVG draws each phantom hollow and the text board marks it P,
// so that it is told from a follower (solid, F) at a glance.
//
//	g, _, _ := engine.Generate(engine.GenOptions{Players: 2, Seed: 1})
//	seats := []draw.Seat{{Name: "Anna", Colour: "red"}, {Name: "Bruno", Colour: "blue"}}
//	os.WriteFile("board.svg", draw.SVG(g, seats), 0o644)
//	fmt.Print(draw.Board(g, seats))
package draw
