package review

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/towerlog/towerlog/engine"
)

// PlayRollouts is the budget of the reviews of towerlog generate --style
// review: rollouts per turn.
const PlayRollouts = 200

// Seat says how a seat plays a game of Play: by review (each turn the
// best alternative a review finds), or in an engine style.
type Seat struct {
	Review bool
	Style  engine.Style
	// Policy is the rollout policy of a seat that plays by review
	// (PolicyDefault: PlayOptions.Review's), and Rollouts its rollouts a
	// turn (0: PlayOptions.Review's).
	Policy   Policy
	Rollouts int
}

// PlayOptions configures Play.
type PlayOptions struct {
	Rules engine.Rules
	Seed  uint64
	Seats []Seat // one per player
	// Review tunes the reviews of the seats that play by review; its
	// Seed is replaced by one drawn from Seed.
	Review Options
}

// Play plays a complete seeded game and returns it with the moves that
// make it. The tiles are drawn at random from the bag, the same for
// every seat; a seat that plays by review evaluates, at each of its
// turns, every way of playing the tiles it drew and plays the best.
func Play(ctx context.Context, o PlayOptions) (*engine.Game, []engine.Move, error) {
	g, err := engine.NewGame(engine.Setup{Players: len(o.Seats), Rules: o.Rules})
	if err != nil {
		return nil, nil, err
	}
	gen := engine.NewGenerator()
	gen.Seed(o.Seed)
	rng := rand.New(rand.NewPCG(o.Seed, 0x5EED))
	var moves []engine.Move
	for !g.Over() {
		seat := o.Seats[g.Player()]
		var ms []engine.Move
		if seat.Review {
			ro := o.Review
			ro.Seed = rng.Uint64()
			if seat.Policy != PolicyDefault {
				ro.Policy = seat.Policy
			}
			if seat.Rollouts > 0 {
				ro.Rollouts = seat.Rollouts
			}
			ms, err = reviewTurn(ctx, g, rng, ro)
		} else {
			ms, err = gen.PlayTurn(g, seat.Style)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("review: game of seed %d, turn %d: %w", o.Seed, g.Turn(), err)
		}
		moves = append(moves, ms...)
	}
	return g, moves, nil
}

// reviewTurn plays g's next turn as the best alternative a review finds:
// tiles drawn at random until one fits (those that fit nowhere are
// discarded), then the best way of playing it.
func reviewTurn(ctx context.Context, g *engine.Game, rng *rand.Rand, o Options) ([]engine.Move, error) {
	var draws []engine.TileID
	left := bag(g, nil)
	rng.Shuffle(len(left), func(a, b int) { left[a], left[b] = left[b], left[a] })
	for _, t := range left {
		draws = append(draws, t)
		if g.CanPlace(t) {
			break
		}
	}
	if !g.CanPlace(draws[len(draws)-1]) {
		// No tile left fits: every one is discarded and the game ends.
		var ms []engine.Move
		for _, t := range draws {
			ms = append(ms, engine.Move{Kind: engine.MoveDraw, Tile: t}, engine.Move{Kind: engine.MoveDiscard})
		}
		return ms, apply(g, ms)
	}
	alts, err := Alternatives(g, draws)
	if err != nil {
		return nil, err
	}
	ev, err := newEvaluation(g, alts, o, o.Seed)
	if err != nil {
		return nil, err
	}
	best, err := ev.halve(ctx, -1)
	if err != nil {
		return nil, err
	}
	return alts[best].Moves, apply(g, alts[best].Moves)
}

// WinShare is seat's share of the win of game g between two players: 1
// when its score is higher, 0.5 when the scores are equal, else 0.
func WinShare(g *engine.Game, seat int) float64 {
	mine, theirs := g.Score(seat), g.Score(1-seat)
	switch {
	case mine > theirs:
		return 1
	case mine == theirs:
		return 0.5
	}
	return 0
}

func apply(g *engine.Game, ms []engine.Move) error {
	for _, m := range ms {
		if err := g.Apply(m); err != nil {
			return err
		}
	}
	return nil
}
