package luck

import (
	"context"
	"math"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"sort"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/review"
)

// chunk is the number of rollouts a worker plays as one job.
const chunk = 16

// tally is what a candidate's rollouts found, as running sums of whole
// points and of wins in units of 1/60 (a multiple of every number of
// players), so that the sums are exact whatever order the rollouts end
// in, and the evaluation is the same at any number of workers.
type tally struct {
	n, sum, sum2 int64
	wins         [engine.MaxPlayers]int64
}

const winUnit = 60

func (t *tally) record(margin int64, winners uint8) {
	t.n++
	t.sum += margin
	t.sum2 += margin * margin
	k := int64(bits.OnesCount8(winners))
	for p := range engine.MaxPlayers {
		if winners&(1<<p) != 0 {
			t.wins[p] += winUnit / k
		}
	}
}

func (t *tally) add(u *tally) {
	t.n += u.n
	t.sum += u.sum
	t.sum2 += u.sum2
	for p := range t.wins {
		t.wins[p] += u.wins[p]
	}
}

// candidate is one way of playing a draw: its moves from the turn's
// start, and what its rollouts found.
type candidate struct {
	moves []engine.Move
	base  uint64 // added to the rollouts' indices: fresh rollouts start at freshBase
	mu    sync.Mutex
	t     tally
}

// freshBase is the first rollout index of a group's best candidate's
// evaluation, after its choice: far from the indices the choice used, so
// that the value is not the winner's curse of a maximum of noisy means,
// and the same for every group, so that they share their draw orders.
const freshBase = 1 << 40

func (c *candidate) mean() float64 {
	if c.t.n == 0 {
		return math.Inf(-1)
	}
	return float64(c.t.sum) / float64(c.t.n)
}

// eval is the candidate's evaluation, from the mover's side.
func (c *candidate) eval(players int) review.Eval {
	e := review.Eval{Value: c.mean(), Rollouts: int(c.t.n), Win: make([]float64, players)}
	if n := float64(c.t.n); n > 1 {
		ss := max(0, float64(c.t.sum2)-float64(c.t.sum)*float64(c.t.sum)/n)
		e.StdErr = math.Sqrt(ss / (n - 1) / n)
	}
	for p := range players {
		if c.t.n > 0 {
			e.Win[p] = float64(c.t.wins[p]) / winUnit / float64(c.t.n)
		}
	}
	return e
}

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
	before  *engine.Game
	mover   int
	seed    uint64
	bag     []engine.TileID // the bag at the turn's start, by tile type
	exact   bool            // one tile is left after each draw: every reply is tried
	workers int
	pool    []*worker
}

type worker struct {
	gen   *engine.Generator
	order []engine.TileID
	game  engine.Game
}

func workers(n int) int {
	if n > 0 {
		return min(n, review.MaxWorkers)
	}
	return min(runtime.GOMAXPROCS(0), review.MaxWorkers)
}

// rollout plays rollout i of candidate c of group gr and returns the
// mover's final margin and the winners.
func (ev *evaluation) rollout(w *worker, gr *group, c *candidate, i int) (int64, uint8, error) {
	g := &w.game
	ev.before.CopyTo(g)
	for _, m := range c.moves {
		if err := g.Apply(m); err != nil {
			return 0, 0, err
		}
	}
	w.order = append(w.order[:0], ev.bag...)
	idx := c.base + uint64(i)
	r := rand.New(rand.NewPCG(ev.seed, idx))
	r.Shuffle(len(w.order), func(a, b int) { w.order[a], w.order[b] = w.order[b], w.order[a] })
	for _, t := range gr.draws {
		for k, u := range w.order {
			if u == t {
				w.order = append(w.order[:k], w.order[k+1:]...)
				break
			}
		}
	}
	switch {
	case g.Over():
	case ev.exact && len(w.order) == 1:
		end, err := review.BestReply(g, w.order[0])
		if err != nil {
			return 0, 0, err
		}
		g = end
	default:
		if err := w.gen.Rollout(g, w.order, ev.seed^idx*0x9E3779B97F4A7C15); err != nil {
			return 0, 0, err
		}
	}
	m, win := review.Outcome(g, ev.mover)
	return m, win, nil
}

type job struct {
	c        *candidate
	from, to int
}

// run plays the rollouts each candidate of cs (of group gr) lacks up to
// index n, on the workers. Memory does not grow with n.
func (ev *evaluation) run(ctx context.Context, gr *group, cs []*candidate, n int) error {
	for len(ev.pool) < ev.workers {
		ev.pool = append(ev.pool, &worker{gen: engine.NewGenerator()})
	}
	ch := make(chan job)
	eg, ctx := errgroup.WithContext(ctx)
	for _, w := range ev.pool {
		eg.Go(func() error {
			for j := range ch {
				var t tally
				for i := j.from; i < j.to; i++ {
					m, win, err := ev.rollout(w, gr, j.c, i)
					if err != nil {
						return err
					}
					t.record(m, win)
				}
				j.c.mu.Lock()
				j.c.t.add(&t)
				j.c.mu.Unlock()
			}
			return nil
		})
	}
	eg.Go(func() error {
		defer close(ch)
		for _, c := range cs {
			for i := int(c.t.n); i < n; i += chunk {
				select {
				case ch <- job{c, i, min(i+chunk, n)}:
				case <-ctx.Done():
					return ctx.Err()
				}
			}
		}
		return nil
	})
	return eg.Wait()
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
		sort.SliceStable(left, func(a, b int) bool { return gr.cands[left[a]].mean() > gr.cands[left[b]].mean() })
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
