// Package engine implements the rules of Carcassonne with the expansion
// The Tower and, as an option, the Phantom: the tile catalog, the board, features, followers, scoring,
// tower floors, captures, prisoner exchanges and ransoms, with every
// disputed rule available as a flag of Rules.
//
// A Game applies one Move at a time for the player whose turn it is. A
// turn is a sequence of moves:
//
//	[ransom] draw (discard draw)* place [follower | floor [capture] | tower-follower | pass] [phantom | pass] [ransom] end-turn
//
// The second action, [phantom | pass], exists only with the Phantom
// (Rules.Phantom): after the first action and its capture, a player whose
// phantom is in supply may put it on a free feature of the new tile or on
// top of an open tower (a follower or tower-follower move with
// Figure FigurePhantom). The phantom may also be the first action's figure.
//
// An illegal move returns an *IllegalMoveError naming the Rule it breaks
// and leaves the game unchanged. Events reports what happened (scorings,
// captures, exchanges, ransoms, tower growth, discards) for analytics.
//
// Coordinates: x grows east, y grows south; rotations are clockwise
// quarter turns; the start tile is a D at (0,0), unrotated. Spots (where a
// follower stands) are named in board orientation with JCloisterZone's
// location vocabulary.
//
// The package imports only the standard library.
//
//	g, _ := engine.NewGame(engine.Setup{Players: 2})
//	u, _ := engine.LookupTile("U")
//	_ = g.Apply(engine.Move{Kind: engine.MoveDraw, Tile: u})
//	_ = g.Apply(engine.Move{Kind: engine.MovePlace, Pos: engine.Pos{X: 1, Y: 0}})
//	_ = g.Apply(engine.Move{Kind: engine.MoveEndTurn})
package engine
