// Package review reviews games as a chess engine does: for every turn, it
// evaluates every way the mover could have played the tiles drawn by
// Monte Carlo rollouts from the game after each (the rest of the game
// played to its end many times by engine.StyleQuick, the draw order
// sampled from the tiles left), and says what the move played was worth,
// what the best alternative was, how many points were given away and who
// was likely to win. docs/review.md describes the method and its limits.
//
// A value is the mover's mean final margin: their final score minus the
// best other player's. The rollouts of a turn are shared among its
// alternatives by successive halving, and rollout i of every alternative
// draws the same tiles with the same random numbers, so that the
// differences between alternatives are those of the moves.
//
//	g := replay.Replay("final.cgn", 1, rg, replay.Options{})
//	turns, err := review.Game(ctx, g, review.Options{Rollouts: 6000, Seed: 1}, nil)
//	for _, t := range turns {
//		fmt.Println(t.Number, t.Player, t.PlayedText, t.Played.Value, t.BestText, t.Glyph())
//	}
//	review.Annotate(g.Record, turns, names, "towerlog review --seed 1")
//
// Play plays whole games whose seats choose their moves by review
// (towerlog generate --style review).
package review
