package review

import (
	"context"
	"math"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"slices"
	"sort"

	"golang.org/x/sync/errgroup"

	"github.com/towerlog/towerlog/engine"
)

// DefaultRollouts is the number of rollouts a turn's review spends, over
// all its alternatives, when Options.Rollouts is 0.
const DefaultRollouts = 6000

// chunk is the number of rollouts a worker plays as one job.
const chunk = 16

// Options tunes a review.
type Options struct {
	// Rollouts is the number of games played to the end for one turn,
	// shared among its alternatives by successive halving (0:
	// DefaultRollouts). The review's time grows linearly with it.
	Rollouts int
	// Seed seeds the draw orders and the rollout policy: the same seed,
	// rollouts and game give the same review, whatever Workers is.
	Seed uint64
	// Workers is the number of rollouts played at once; 0 means one per
	// core, more than MaxWorkers means MaxWorkers.
	Workers int
}

// MaxWorkers is the most rollouts played at once: each holds a game of
// its own, so more would only cost memory.
const MaxWorkers = 64

func (o Options) rollouts() int {
	if o.Rollouts > 0 {
		return o.Rollouts
	}
	return DefaultRollouts
}

func (o Options) workers() int {
	if o.Workers > 0 {
		return min(o.Workers, MaxWorkers)
	}
	return min(runtime.GOMAXPROCS(0), MaxWorkers)
}

// Eval is what the rollouts from one alternative found, from the mover's
// side: the mean final margin (the mover's final score minus the best
// other player's), its standard error, and each player's share of the
// rollouts won (a shared first place is shared).
type Eval struct {
	Value    float64
	StdErr   float64
	Rollouts int
	Win      []float64 // by seat
}

// candidate is an alternative under evaluation: where its rollouts start
// (the game after moves played from the turn's start, or the game after),
// and the margins and winners of its rollouts, by rollout index.
type candidate struct {
	moves   []engine.Move
	after   *engine.Game
	over    bool // the game is over after the turn: every rollout is the same
	margins []float64
	winners []uint8 // bit p set when seat p has the highest final score
}

func (c *candidate) mean() float64 {
	s := 0.0
	for _, m := range c.margins {
		s += m
	}
	return s / float64(len(c.margins))
}

func (c *candidate) eval(players int) Eval {
	n := len(c.margins)
	e := Eval{Value: c.mean(), Rollouts: n, Win: make([]float64, players)}
	if n > 1 {
		e.StdErr = stdErr(c.margins, nil)
	}
	for _, w := range c.winners {
		share := 1 / float64(bits.OnesCount8(w))
		for p := range players {
			if w&(1<<p) != 0 {
				e.Win[p] += share / float64(n)
			}
		}
	}
	return e
}

// stdErr is the standard error of the mean of a, or of a−b rollout by
// rollout over their common rollouts when b is given.
func stdErr(a, b []float64) float64 {
	n := len(a)
	if b != nil {
		n = min(n, len(b))
	}
	if n < 2 {
		return 0
	}
	d := func(i int) float64 {
		if b == nil {
			return a[i]
		}
		return a[i] - b[i]
	}
	mean := 0.0
	for i := range n {
		mean += d(i)
	}
	mean /= float64(n)
	ss := 0.0
	for i := range n {
		ss += (d(i) - mean) * (d(i) - mean)
	}
	return math.Sqrt(ss / float64(n-1) / float64(n))
}

// evaluation runs the rollouts of one turn.
type evaluation struct {
	o      Options
	before *engine.Game // the game at the turn's start
	mover  int
	seed   uint64 // the turn's seed
	bag    []engine.TileID
	cands  []*candidate
}

// newEvaluation prepares the evaluation of the alternatives of the turn
// that starts at before.
func newEvaluation(before *engine.Game, alts []Alternative, o Options, seed uint64) (*evaluation, error) {
	ev := &evaluation{o: o, before: before, mover: before.Player(), seed: seed}
	for _, a := range alts {
		ev.cands = append(ev.cands, &candidate{moves: a.Moves, over: a.Over})
	}
	if len(alts) > 0 {
		g, err := ev.cands[0].start(before)
		if err != nil {
			return nil, err
		}
		ev.bag = bag(g, nil)
	}
	return ev, nil
}

// start returns a new copy of the game the candidate's rollouts start
// from.
func (c *candidate) start(before *engine.Game) (*engine.Game, error) {
	if c.after != nil {
		return c.after.Clone(), nil
	}
	g := before.Clone()
	for _, m := range c.moves {
		if err := g.Apply(m); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// job is a run of rollouts of one candidate: indices from to to.
type job struct {
	c        *candidate
	from, to int
}

// rollout plays rollout i of c and records it.
func (ev *evaluation) rollout(gen *engine.Generator, order []engine.TileID, c *candidate, i int) ([]engine.TileID, error) {
	g, err := c.start(ev.before)
	if err != nil {
		return order, err
	}
	if !g.Over() {
		order = append(order[:0], ev.bag...)
		r := rand.New(rand.NewPCG(ev.seed, uint64(i)))
		r.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
		if err := gen.Rollout(g, order, ev.seed^uint64(i)*0x9E3779B97F4A7C15); err != nil {
			return order, err
		}
	}
	best, other := math.MinInt, math.MinInt
	var w uint8
	for p := range g.NumPlayers() {
		s := g.Score(p)
		switch {
		case s > best:
			best, w = s, 1<<p
		case s == best:
			w |= 1 << p
		}
		if p != ev.mover {
			other = max(other, s)
		}
	}
	c.margins[i] = float64(g.Score(ev.mover) - other)
	c.winners[i] = w
	return order, nil
}

// run plays rollouts up to n for each candidate of cs, on the workers.
func (ev *evaluation) run(ctx context.Context, cs []*candidate, n int) error {
	var jobs []job
	for _, c := range cs {
		from := len(c.margins)
		if from >= n {
			continue
		}
		c.margins = slices.Grow(c.margins, n-from)[:n]
		c.winners = slices.Grow(c.winners, n-from)[:n]
		if c.over {
			// The game is over: every rollout is the final score.
			if _, err := ev.rollout(nil, nil, c, from); err != nil {
				return err
			}
			for i := from + 1; i < n; i++ {
				c.margins[i], c.winners[i] = c.margins[from], c.winners[from]
			}
			continue
		}
		for i := from; i < n; i += chunk {
			jobs = append(jobs, job{c, i, min(i+chunk, n)})
		}
	}
	ch := make(chan job)
	g, ctx := errgroup.WithContext(ctx)
	for range min(ev.o.workers(), len(jobs)) {
		g.Go(func() error {
			gen := engine.NewGenerator()
			var order []engine.TileID
			for j := range ch {
				for i := j.from; i < j.to; i++ {
					var err error
					if order, err = ev.rollout(gen, order, j.c, i); err != nil {
						return err
					}
				}
			}
			return nil
		})
	}
	g.Go(func() error {
		defer close(ch)
		for _, j := range jobs {
			select {
			case ch <- j:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		return nil
	})
	return g.Wait()
}

// halve evaluates the candidates by successive halving: each round plays
// the same number of new rollouts for every candidate left, then keeps
// the better half (and keep, the move played, whatever its value), until
// one or two are left. Every candidate's rollout i uses the same draw
// order and policy seed, so that differences between candidates are not
// those of luck. It returns the index of the best candidate.
func (ev *evaluation) halve(ctx context.Context, keep int) (int, error) {
	left := make([]int, len(ev.cands))
	for i := range left {
		left[i] = i
	}
	rounds := max(1, bits.Len(uint(len(left)-1)))
	budget := ev.o.rollouts()
	n := 0
	for {
		n += max(2, budget/(rounds*len(left)))
		cs := make([]*candidate, len(left))
		for i, k := range left {
			cs[i] = ev.cands[k]
		}
		if err := ev.run(ctx, cs, n); err != nil {
			return 0, err
		}
		sort.SliceStable(left, func(a, b int) bool { return ev.cands[left[a]].mean() > ev.cands[left[b]].mean() })
		next := left[:(len(left)+1)/2]
		if keep >= 0 && !slices.Contains(next, keep) {
			next = append(next, keep)
		}
		if len(left) <= 2 || len(next) >= len(left) {
			return left[0], nil
		}
		left = next
	}
}
