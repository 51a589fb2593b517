// Package jcz converts between CGN records and JCloisterZone saves (.jcz),
// the JSON files that JCloisterZone 5.7 and later writes and replays.
//
// Import reads a save and returns the game as a CGN record: tile ids are
// mapped through the catalog (the garden tiles of basic:2 to their
// twins), locations (already in board orientation in a save) to CGN
// spots, tower floors, captures and ransoms to their CGN elements, the
// Phantom (setup element "phantom", meeples "<seat>.phantom.1") to the
// phantom's signs: the phantom as the action or as the second figure, a
// phantom captured or bought back, and EXCHANGE_FOLLOWER to the capture's
// exchange choice (&+, &*),
// per-move clocks to clock annotations, a prepared draw order that ends
// the game (a last "#END", endTurn) to a Bag "order ..." tag, and the
// printing of the sets to Edition and Gardens tags, and the tags an export
// kept in gameAnnotations.cgnTags back to tags. A save that stops
// inside a turn gives the turns before it with a Warning. A save that
// cannot be imported gives an *Error naming the file, line:column, the
// move's index in "replay", the turn and the player, and its Kind:
// Unreadable (not a save), Unsupported (other expansions, sets, elements,
// rules or figures, versions before 5.7) or Invalid (a move the rules
// refuse: Rule names it). Nothing is guessed.
//
// Export writes a CGN game as a save that JCloisterZone replays, message
// by message, to the same position and scores: sets, elements and rules,
// the start tile, the players, every drawn tile (discards included) in
// gameAnnotations.drawOrder, and the moves, with meeple ids ("0.small.1",
// "0.phantom.1") tracked as JCloisterZone tracks them, the tags its
// fields do not carry (Site, Round, ...) in gameAnnotations.cgnTags, which
// JCloisterZone ignores, and a PASS only
// where it offers a choice: the phantom's step is offered after the
// action (a figure, or a floor and its capture or its PASS) when the
// phantom has a spot on the tile just placed, never after a PASS of the
// action. JCloisterZone's releases (5.x) skip the step when the phantom's
// only spots are towers; a phantom put onto a tower then is written all
// the same, with a Warning, as those releases refuse it. Games whose rule
// flags JCloisterZone cannot express are refused.
//
// Loader makes replay.Run read saves, when the caller names it among its
// replay.Loaders; package format chooses it, by content, for every
// command.
//
//	rg, warnings, err := jcz.ImportFile("bug-report.jcz")
//	if err != nil {
//		return err // e.g. bug-report.jcz:21:17: setup.elements: element "abbot" is not supported ...
//	}
//	for _, w := range warnings {
//		fmt.Println(w.String())
//	}
//	_ = record.Format(os.Stdout, rg)
//
//	data, warnings, err := jcz.Export(rg, "game.cgn")
//	_ = os.WriteFile("game.jcz", data, 0o644)
package jcz
