// Package record reads and writes CGN, the Carcassonne Game Notation: a
// plain-text record of games of Carcassonne and The Tower, specified in
// docs/notation.md.
//
// The package is notation only. It knows no tiles and no rules: it turns
// text into an AST whose every element keeps its position (file, line,
// column, byte offset) and writes an AST back in the one canonical form.
// Whether a move is legal is the replayer's question.
//
// A Scanner reads a file one game at a time, so memory does not depend on
// the size of the file. Syntax errors are collected per game, each an
// *SyntaxError whose Error method reads "file:line:col: expected X, found Y";
// after a broken game the scanner carries on with the next one:
//
//	sc := record.NewScanner(f, "games.cgn")
//	for sc.Scan() {
//		if err := sc.Err(); err != nil {
//			fmt.Println(err.(record.ErrorList).Excerpt())
//			continue
//		}
//		g := sc.Game()
//		players, _ := g.Players()
//		fmt.Println(len(players), "players,", len(g.Turns), "turns")
//	}
//	if err := sc.Err(); err != nil {
//		return err // a read error
//	}
//
// To parse on several cores, ScanRaw cuts out each game's text cheaply and
// RawGame.Parse parses it on any goroutine. A Parser does the same for one
// goroutine, reusing its memory from game to game: each Game it returns is
// valid only until its next Parse, and in exchange parsing allocates next
// to nothing.
//
// Format writes a game canonically. Parsing canonical text and formatting it
// again gives the same bytes; formatting any accepted text gives canonical
// text.
package record
