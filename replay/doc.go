// Package replay drives the engine (package engine) from a record (package
// record): it plays every move of a game through the rules, stops at the
// first illegal one, and says what is wrong as positioned diagnostics
// (file:line:col, turn, player), as validate, ingest, report and every
// command that reads games show them. A replayed Game keeps each turn,
// its scores and the engine's state, which State turns into the JSON of
// towerlog replay; Write does the reverse, a record from moves the
// engine played (towerlog generate, review's variations).
//
// Run replays the games of many files on every core, in bounded memory,
// and gives them back in file and game order; its Loaders read the
// formats of other programs (JCloisterZone saves, BoardGameArena logs,
// CarcassonneLab links) by ending, beside CGN.
//
// The package knows the notation and the rules, nothing of the store or
// the pages: it imports engine, record and internal helpers only.
//
//	games, err := record.Parse(f, "final.cgn")
//	if err != nil {
//		return err
//	}
//	g := replay.Replay("final.cgn", 1, games[0], replay.Options{})
//	for i := range g.Diagnostics {
//		fmt.Println(g.Diagnostics[i].Error())
//	}
package replay
