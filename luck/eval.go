package luck

import (
	"context"
	"math"
	"math/bits"
	"sort"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/review"
)

// candidate is one way of playing a draw: its moves from the turn's
// start, and what its rollouts found.
type candidate struct {
	moves []engine.Move
	base  uint64 // added to the rollouts' indices: fresh rollouts start at freshBase
	t     review.Sums
	// bonus is what the review's prior adds to the candidate's value in
	// the score by which its group's best play is sought (review.Bonuses).
	bonus float64
}

// freshBase is the first rollout index of a group's best candidate's
// evaluation, after its choice: far from the indices the choice used, so
// that the value is not the winner's curse of a maximum of noisy means,
// and the same for every group, so that they share their draw orders.
const freshBase = 1 << 40

func (c *candidate) mean() float64 {
	if c.t.Count() == 0 {
		return math.Inf(-1)
	}
	return c.t.Mean()
}

// score is what the search for a group's best play ranks c by: its mean
// plus the prior's bonus, as a review ranks its alternatives.
func (c *candidate) score() float64 { return c.mean() + c.bonus }

// group is a draw the mover could have had: one tile of the bag (a tile
// that fits nowhere is drawn and discarded, and the turn goes on), or the
// tiles actually drawn when the mover discarded some. Its value is its
// best candidate's.
type group struct {
	draws  []engine.TileID
	cands  []*candidate
	budget int // rollouts, over all its candidates
	best   int
	// value is the best candidate evaluated afresh (the best itself when
	// the evaluation is exact or the group has one candidate).
	value *candidate
}

// evaluation runs the rollouts of one turn's groups. Rollout i of every
// candidate of every group shuffles the whole bag of the turn's start
// with the same random numbers, then takes the group's draws out of it
// (their first copies): the draw orders differ only by the tile drawn, as
// common random numbers, and so do the policy's random numbers.
type evaluation struct {
	before *engine.Game
	mover  int
	seed   uint64
	bag    []engine.TileID // the bag at the turn's start, by tile type
	exact  bool            // one tile is left after each draw: every reply is tried
	pool   *review.Pool
	// review is the options of the review whose rollouts and prior the
	// evaluation plays.
	review review.Options
}

// rollout plays rollout i of candidate c of group gr and returns the
// mover's final margin and the winners.
func (ev *evaluation) rollout(w *review.Worker, gr *group, c *candidate, i int) (int64, uint8, error) {
	g := w.Game()
	ev.before.CopyTo(g)
	for _, m := range c.moves {
		if err := g.Apply(m); err != nil {
			return 0, 0, err
		}
	}
	idx := c.base + uint64(i)
	order := w.Order(ev.bag, ev.seed, idx, gr.draws)
	switch {
	case g.Over():
	case ev.exact && len(order) == 1:
		end, err := review.BestReply(g, order[0])
		if err != nil {
			return 0, 0, err
		}
		g = end
	default:
		if err := w.Rollout(g, order, ev.seed, idx); err != nil {
			return 0, 0, err
		}
	}
	m, win := review.Outcome(g, ev.mover)
	return m, win, nil
}

// run plays the rollouts each candidate of cs (of group gr) lacks up to
// index n, on the workers. Memory does not grow with n.
func (ev *evaluation) run(ctx context.Context, gr *group, cs []*candidate, n int) error {
	return review.RunRollouts(ctx, ev.pool, cs, func(c *candidate) *review.Sums { return &c.t }, n, func(w *review.Worker, c *candidate, i int, t *review.Tally) error {
		m, win, err := ev.rollout(w, gr, c, i)
		if err != nil {
			return err
		}
		t.Record(m, win)
		return nil
	})
}

// value finds the group's best candidate (halve) with half its budget,
// then evaluates it with the other half afresh (freshBase).
func (ev *evaluation) value(ctx context.Context, gr *group) error {
	if len(gr.cands) == 1 {
		gr.best, gr.value = 0, gr.cands[0]
		return ev.run(ctx, gr, gr.cands, max(2, gr.budget))
	}
	if err := ev.halve(ctx, gr, gr.budget/2); err != nil {
		return err
	}
	gr.value = gr.cands[gr.best]
	if ev.exact {
		return nil
	}
	gr.value = &candidate{moves: gr.value.moves, base: freshBase}
	return ev.run(ctx, gr, []*candidate{gr.value}, max(2, gr.budget/2))
}

// halve finds the group's best candidate by successive halving, as a
// review does, in about budget rollouts: each round plays as many new
// rollouts for every candidate left and keeps the better half, until one
// or two are left. An exact evaluation plays each candidate once: its one
// rollout is its value.
func (ev *evaluation) halve(ctx context.Context, gr *group, budget int) error {
	left := make([]int, len(gr.cands))
	for i := range left {
		left[i] = i
	}
	if ev.exact {
		if err := ev.run(ctx, gr, gr.cands, 1); err != nil {
			return err
		}
		gr.best = bestOf(gr, left)
		return nil
	}
	rounds := max(1, bits.Len(uint(len(left)-1)))
	n := 0
	for {
		n += max(2, budget/(rounds*len(left)))
		cs := make([]*candidate, len(left))
		for i, k := range left {
			cs[i] = gr.cands[k]
		}
		if err := ev.run(ctx, gr, cs, n); err != nil {
			return err
		}
		sort.SliceStable(left, func(a, b int) bool { return gr.cands[left[a]].score() > gr.cands[left[b]].score() })
		if len(left) <= 2 {
			gr.best = left[0]
			return nil
		}
		left = left[:(len(left)+1)/2]
	}
}

// bestOf returns the index, among left, of the candidate of highest mean
// (the first of equals).
func bestOf(gr *group, left []int) int {
	best := left[0]
	for _, k := range left[1:] {
		if gr.cands[k].mean() > gr.cands[best].mean() {
			best = k
		}
	}
	return best
}
