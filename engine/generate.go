package engine

import (
	"fmt"
	"math/rand/v2"
)

// GenOptions configures Generate.
type GenOptions struct {
	Players int
	Rules   Rules
	Seed    uint64
	Style   Style
}

// Generator plays random complete legal games. Its policy uses every kind
// of move often: ransoms (at the start of a turn, where CGN writes them)
// half of the times they are possible,
// towers grown high, captures of every kind (guards and one's own
// followers included), discards when forced and, with the Phantom, the
// phantom as the first figure and as the second, on features and towers,
// and every choice of exchange. The same seed gives the same game. A
// Generator reuses its buffers: one per goroutine.
type Generator struct {
	pcg   *rand.PCG
	rng   *rand.Rand
	moves []Move
	buf   []Move
	place []Placement
	draws []TileID // Rollout's draw order, the tiles not drawn yet
	// Temperature divides the learned policy's scores (StyleLearned):
	// above 1 it plays more at random, below 1 more greedily; 0 means
	// DefaultTemperature.
	Temperature float64
	// Breadth is the number of placements of the tile drawn the learned
	// policy weighs, drawn at random among the legal ones; 0 weighs every
	// one. A review's rollouts weigh a few: the policy's time grows with
	// them.
	Breadth int
	pol     policyScratch
	choices []choice
	weights []float64
}

// NewGenerator returns a Generator.
func NewGenerator() *Generator {
	pcg := rand.NewPCG(0, 0)
	return &Generator{pcg: pcg, rng: rand.New(pcg)}
}

// Generate plays a complete game and returns it with the moves that make it.
func Generate(o GenOptions) (*Game, []Move, error) {
	return NewGenerator().Generate(o)
}

// Generate plays a complete game and returns it with the moves that make
// it. The returned slice is the generator's own until the next call.
func (gen *Generator) Generate(o GenOptions) (*Game, []Move, error) {
	g, err := NewGame(Setup{Players: o.Players, Rules: o.Rules})
	if err != nil {
		return nil, nil, err
	}
	gen.Seed(o.Seed)
	gen.moves = gen.moves[:0]
	turn := gen.turnFunc(o.Style)
	for !g.Over() {
		if err := turn(g); err != nil {
			return nil, nil, err
		}
	}
	return g, gen.moves, nil
}

func (gen *Generator) apply(g *Game, m Move) error {
	if err := g.Apply(m); err != nil {
		return fmt.Errorf("generator: %w", err)
	}
	gen.moves = append(gen.moves, m)
	return nil
}

// maybeRansom pays a ransom half of the times one is possible.
func (gen *Generator) maybeRansom(g *Game) error {
	if gen.rng.IntN(2) == 0 {
		return nil
	}
	gen.buf = g.legalRansoms(gen.buf[:0])
	if len(gen.buf) == 0 {
		return nil
	}
	return gen.apply(g, gen.buf[gen.rng.IntN(len(gen.buf))])
}

func (gen *Generator) turn(g *Game) error {
	if err := gen.maybeRansom(g); err != nil {
		return err
	}
	if err := gen.drawAndPlace(g, func() Placement { return gen.place[gen.rng.IntN(len(gen.place))] }); err != nil {
		return err
	}
	if g.phase == PhaseAction {
		if err := gen.apply(g, gen.action(g)); err != nil {
			return err
		}
	}
	if g.phase == PhaseCapture {
		if err := gen.apply(g, gen.captureChoice(g)); err != nil {
			return err
		}
	}
	if g.phase == PhasePhantom {
		if err := gen.apply(g, gen.phantomChoice(g)); err != nil {
			return err
		}
	}
	return gen.apply(g, Move{Kind: MoveEndTurn})
}

// drawAndPlace draws tiles, discarding those that fit nowhere, until one
// can be placed, and places it where choose says (choose picks among
// gen.place, the legal placements). The bag may run out first.
func (gen *Generator) drawAndPlace(g *Game, choose func() Placement) error {
	for g.phase == PhaseDraw {
		if err := gen.apply(g, Move{Kind: MoveDraw, Tile: gen.pick(g)}); err != nil {
			return err
		}
		gen.place = g.Placements(g.drawn, gen.place[:0])
		if len(gen.place) == 0 {
			if err := gen.apply(g, Move{Kind: MoveDiscard}); err != nil {
				return err
			}
			continue
		}
		p := choose()
		if err := gen.apply(g, Move{Kind: MovePlace, Pos: p.Pos, Rot: p.Rot}); err != nil {
			return err
		}
	}
	return nil
}

// pick draws a tile as from a shuffled bag (or the next of a prepared order).
func (gen *Generator) pick(g *Game) TileID {
	if g.order != nil {
		return g.order[g.orderPos]
	}
	if len(gen.draws) > 0 {
		t := gen.draws[0]
		gen.draws = gen.draws[1:]
		return t
	}
	n := gen.rng.IntN(g.bagLeft)
	for id, c := range g.bagCount {
		if n < int(c) {
			return TileID(id)
		}
		n -= int(c)
	}
	panic("engine: bag count out of step") // unreachable: bagLeft is the sum of bagCount
}

// action chooses the turn's action: floors often (mostly on the highest
// open tower, so towers grow high), followers on the new tile, sometimes a
// follower onto a tower, sometimes nothing.
func (gen *Generator) action(g *Game) Move {
	gen.buf = g.legalFollowers(gen.buf[:0])
	nf := len(gen.buf)
	gen.buf = g.legalTowerActions(gen.buf)
	var floors, guards []Move
	for _, m := range gen.buf[nf:] {
		if m.Kind == MoveFloor {
			floors = append(floors, m)
		} else {
			guards = append(guards, m)
		}
	}
	roll := gen.rng.IntN(100)
	switch {
	case roll < 40 && len(floors) > 0:
		if gen.rng.IntN(2) == 0 {
			return gen.highest(g, floors)
		}
		return floors[gen.rng.IntN(len(floors))]
	case roll < 50 && len(guards) > 0:
		return guards[gen.rng.IntN(len(guards))]
	case roll < 92 && nf > 0:
		return gen.buf[gen.rng.IntN(nf)]
	}
	return Move{Kind: MovePass}
}

func (gen *Generator) highest(g *Game, floors []Move) Move {
	best, bh := floors[0], -1
	for _, m := range floors {
		v := g.grid.get(m.Pos)
		if h := int(g.towers[g.tiles[v].tower].height); h > bh {
			best, bh = m, h
		}
	}
	return best
}

// captureChoice captures most of the time, preferring guards on towers and
// now and then one's own follower.
func (gen *Generator) captureChoice(g *Game) Move {
	gen.buf = g.legalCaptures(gen.buf[:0])
	if len(gen.buf) == 0 || gen.rng.IntN(100) < 15 {
		return Move{Kind: MovePass}
	}
	for _, m := range gen.buf {
		if m.Spot.Kind == FeatureTower && gen.rng.IntN(2) == 0 {
			return m
		}
	}
	return gen.buf[gen.rng.IntN(len(gen.buf))]
}

// phantomChoice plays the Phantom's step: the phantom on the new tile or
// onto an open tower most of the times it can be, else nothing.
func (gen *Generator) phantomChoice(g *Game) Move {
	gen.buf = g.legalPhantoms(gen.buf[:0])
	if len(gen.buf) == 0 || gen.rng.IntN(100) < 30 {
		return Move{Kind: MovePass}
	}
	return gen.buf[gen.rng.IntN(len(gen.buf))]
}
