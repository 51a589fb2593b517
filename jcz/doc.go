// Package jcz converts between CGN records and JCloisterZone saves (.jcz),
// the JSON files that JCloisterZone 5.7 and later writes and replays.
//
// Import reads a save and returns the game as a CGN record: tile ids are
// mapped through the catalog, locations (already in board orientation in a
// save) to CGN spots, tower floors, captures and ransoms to their CGN
// elements, per-move clocks to clock annotations, and a prepared draw order
// (gameAnnotations.drawOrder, endTurn) to a Bag "order ..." tag, so that the
// game ends with final scoring when that bag runs out, as in JCloisterZone.
// Anything towerlog cannot represent — other expansions, sets, elements or
// rules, unknown tiles or locations, versions before 5.7, malformed JSON —
// is refused with an *Error naming the file, the place in it (the move's
// index in "replay" when it is about a move) and what was not understood.
// Nothing is guessed.
//
// Export writes a CGN game as a save that JCloisterZone replays to the same
// position and scores: sets, elements and rules, the start tile, the
// players, every drawn tile (discards included) in gameAnnotations.drawOrder,
// and the moves, with meeple ids ("0.small.1") tracked as JCloisterZone
// tracks them. Games whose rule flags JCloisterZone cannot express are
// refused.
//
// Importing this package registers ".jcz" with replay.RegisterLoader, so
// replay.Run (and towerlog validate) read saves directly.
//
//	rg, err := jcz.ImportFile("bug-report.jcz")
//	if err != nil {
//		return err // e.g. bug-report.jcz: setup.elements: element "abbot" is not supported ...
//	}
//	_ = record.Format(os.Stdout, rg)
//
//	data, err := jcz.Export(rg, "game.cgn")
//	_ = os.WriteFile("game.jcz", data, 0o644)
package jcz
