// Command towerlog records, replays, verifies and analyses games of
// Carcassonne with The Tower, written in CGN (Carcassonne Game Notation).
//
// The package only wires: each command is a cobra command (root.go lists
// them) that parses its flags into an options struct, calls the packages
// that do the work (replay, analytics, report, site, review, generate,
// jcz, bga), writes their answers (tables through internal/table, the
// standings' cells through internal/show, JSON lines) and maps errors to
// the exit status: 0 success, 1 invalid input, 2 usage or I/O error, 130
// interrupted (main.go, exitError). run is the whole program, in process,
// as the tests call it.
//
//	towerlog validate games/
//	towerlog ingest games/ && towerlog stats --event "Spring league"
package main
