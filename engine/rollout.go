package engine

// StyleQuick is the rollout policy: the greedy style's judgement of the
// followers on the tile just placed (what the feature is worth, no copy of
// the game) with random placements, captures of the most valuable
// follower in range, and ransoms when the supply is empty. It costs about
// what the random style costs and plays far closer to sensible players;
// a review plays the rest of a game with it from every alternative.
const StyleQuick Style = StyleGreedy + 1

// Rollout plays g to its end in style StyleQuick and returns the error of
// an illegal move (none from a consistent game). The draws follow order:
// the tiles left in the bag, each once, in the order they are to be
// drawn (a game with a prepared order draws its own). The same game,
// order and seed give the same end, whatever else the generator played
// before.
func (gen *Generator) Rollout(g *Game, order []TileID, seed uint64) error {
	return gen.RolloutStyle(g, order, seed, StyleQuick)
}

// RolloutStyle plays g to its end as Rollout does, in style s.
func (gen *Generator) RolloutStyle(g *Game, order []TileID, seed uint64, s Style) error {
	gen.pcg.Seed(seed, seed^0x9E3779B97F4A7C15)
	gen.draws = order
	defer func() { gen.draws = nil }()
	turn := gen.turnFunc(s)
	for !g.Over() {
		gen.moves = gen.moves[:0]
		if err := turn(g); err != nil {
			return err
		}
	}
	return nil
}

// quickTurn plays one turn of StyleQuick.
func (gen *Generator) quickTurn(g *Game) error {
	if err := gen.quickRansom(g); err != nil {
		return err
	}
	if err := gen.drawAndPlace(g, func() Placement { return gen.place[gen.rng.IntN(len(gen.place))] }); err != nil {
		return err
	}
	if g.phase == PhaseAction {
		if err := gen.apply(g, gen.quickAction(g)); err != nil {
			return err
		}
	}
	return gen.quickRest(g)
}

// quickRansom buys a follower back when the supply is empty.
func (gen *Generator) quickRansom(g *Game) error {
	if g.supply[g.player] == 0 && g.score[g.player] >= 2*RansomPrice {
		gen.buf = g.legalRansoms(gen.buf[:0])
		if len(gen.buf) > 0 {
			return gen.apply(g, gen.buf[0])
		}
	}
	return nil
}

// quickRest plays the rest of a turn of StyleQuick after its action: the
// capture, the phantom, the end.
func (gen *Generator) quickRest(g *Game) error {
	if g.phase == PhaseCapture {
		if err := gen.apply(g, gen.quickCapture(g)); err != nil {
			return err
		}
	}
	if g.phase == PhasePhantom {
		m, v := gen.bestSpot(g, FigurePhantom)
		if v <= 1 {
			m = Move{Kind: MovePass}
		}
		if err := gen.apply(g, m); err != nil {
			return err
		}
	}
	return gen.apply(g, Move{Kind: MoveEndTurn})
}

// quickAction puts a follower where the greedy style would, when the
// feature is worth it; else, now and then, a floor on the highest open
// tower (its capture chosen next); else nothing.
func (gen *Generator) quickAction(g *Game) Move {
	if m, v := gen.bestSpot(g, FigureFollower); v > 1 {
		return m
	}
	return gen.quickFloor(g)
}

// quickFloor, now and then, raises the highest open tower (its capture
// chosen next); else it passes.
func (gen *Generator) quickFloor(g *Game) Move {
	if !g.towerActions() || g.floors[g.player] == 0 || gen.rng.IntN(3) != 0 {
		return Move{Kind: MovePass}
	}
	gen.buf = g.legalTowerActions(gen.buf[:0])
	floors := gen.buf[:0]
	for _, m := range gen.buf {
		if m.Kind == MoveFloor {
			floors = append(floors, m)
		}
	}
	if len(floors) == 0 {
		return Move{Kind: MovePass}
	}
	return gen.highest(g, floors)
}

// quickCapture takes the follower in range the greedy style values most,
// if any is worth taking.
func (gen *Generator) quickCapture(g *Game) Move {
	gen.buf = g.legalCaptures(gen.buf[:0])
	best, bestV := Move{Kind: MovePass}, 0.0
	for _, m := range gen.buf {
		if v := gen.captureValue(g, m); v > bestV {
			best, bestV = m, v
		}
	}
	return best
}

// Seed seeds the generator's random numbers, for PlayTurn.
func (gen *Generator) Seed(seed uint64) {
	gen.pcg.Seed(seed, seed^0x9E3779B97F4A7C15)
}

// PlayTurn plays the turn of g that has not started yet in style s,
// drawing from the bag with the generator's random numbers, and returns
// its moves (the generator's own until its next call). It lets players of
// different styles share a game.
func (gen *Generator) PlayTurn(g *Game, s Style) ([]Move, error) {
	gen.moves = gen.moves[:0]
	if err := gen.turnFunc(s)(g); err != nil {
		return nil, err
	}
	return gen.moves, nil
}

// turnFunc returns the function that plays a turn in style s.
func (gen *Generator) turnFunc(s Style) func(*Game) error {
	switch s {
	case StyleGreedy:
		return gen.greedyTurn
	case StyleQuick:
		return gen.quickTurn
	case StyleLearned:
		return gen.learnedTurn
	}
	return gen.turn
}
