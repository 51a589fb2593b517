// Package luck measures how much of a game's result was the draw, as GNU
// Backgammon measures the luck of a roll: for every turn, the luck of the
// draw is the value of the best play with the tile drawn minus the mean,
// over the tiles the bag held (weighted by their counts), of the value of
// the best play with each. A value is the mover's expected final margin,
// found by the review's rollouts (package review); for two players it is
// also given as the review's calibrated chance of winning. A tile that
// fits nowhere is part of the draw: its value is the game after its
// discard, the mover drawing again. A prepared bag has no luck.
//
// The evaluation is shared among the tiles: rollout i of every way of
// playing every tile shuffles the same bag with the same random numbers
// and takes the tile out (common random numbers); each tile's best play
// is found by successive halving with half its rollouts, ranked as a
// review ranks its alternatives (by value plus the move model's prior),
// and valued afresh, by value alone, with the other half; with two
// tiles left every reply is tried.
// docs/luck.md describes the method and its limits.
//
//	res, err := luck.Game(ctx, g, luck.Options{Rollouts: 8000, Seed: 1}, nil)
//	for _, t := range res.Turns {
//		fmt.Println(t.Number, t.Player, t.Luck, t.Chance, t.Label)
//	}
//	for _, p := range res.Players {
//		fmt.Println(p.Player, p.Luck, p.Margin, p.Adjusted)
//	}
package luck
