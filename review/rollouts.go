package review

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/towerlog/towerlog/engine"
)

// The rollouts' bookkeeping, shared by the review and by other analyses
// that play rollouts the same way (package luck): running sums that do
// not grow with the rollouts, workers that each hold a game copied into
// for every rollout, and a loop that hands them chunks of rollout indices.

// chunk is the number of rollouts a worker plays as one job.
const chunk = 16

// winUnit divides a rollout's win among the players who share first
// place: a multiple of every number of players, so that shares add up
// exactly.
const winUnit = 60

// Tally is what a candidate's rollouts found, as running sums: the
// margins, their squares, the differences from the reference candidate's
// margin in the rollout of the same index and their squares, and each
// seat's wins in winUnit. Margins are whole points, so the sums are exact
// whatever order the rollouts end in: the same rollouts give the same
// tally at any number of workers.
type Tally struct {
	n, sum, sum2    int64
	dn, dsum, dsum2 int64
	wins            [engine.MaxPlayers]int64
}

// Add adds u's sums to t's.
func (t *Tally) Add(u *Tally) {
	t.n += u.n
	t.sum += u.sum
	t.sum2 += u.sum2
	t.dn += u.dn
	t.dsum += u.dsum
	t.dsum2 += u.dsum2
	for p := range t.wins {
		t.wins[p] += u.wins[p]
	}
}

// Record adds a rollout's margin and winners (bit p set when seat p has
// the highest final score).
func (t *Tally) Record(margin int64, winners uint8) {
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

// recordDiff adds a rollout's difference from the reference's.
func (t *Tally) recordDiff(d int64) {
	t.dn++
	t.dsum += d
	t.dsum2 += d * d
}

// Count is the number of rollouts recorded.
func (t *Tally) Count() int { return int(t.n) }

// Mean is the rollouts' mean margin, 0 without one.
func (t *Tally) Mean() float64 {
	if t.n == 0 {
		return 0
	}
	return float64(t.sum) / float64(t.n)
}

// Eval is the rollouts' evaluation, from the mover's side, in a game of
// players players.
func (t *Tally) Eval(players int) Eval {
	e := Eval{Value: t.Mean(), StdErr: stdErr(t.n, t.sum, t.sum2), Rollouts: t.Count(), Win: make([]float64, players)}
	for p := range players {
		if t.n > 0 {
			e.Win[p] = float64(t.wins[p]) / winUnit / float64(t.n)
		}
	}
	return e
}

// Sums is a candidate's tally, to which several workers add.
type Sums struct {
	mu sync.Mutex
	Tally
}

// add adds a worker's tally of a chunk.
func (s *Sums) add(t *Tally) {
	s.mu.Lock()
	s.Tally.Add(t)
	s.mu.Unlock()
}

// Worker is what a worker plays rollouts with: the game it plays them in,
// copied into rather than allocated for each, a draw order, and the
// rollout policy.
type Worker struct {
	game  engine.Game
	order []engine.TileID
	gen   *engine.Generator
	style engine.Style
}

// Game is the worker's game, into which a rollout's start is copied.
func (w *Worker) Game() *engine.Game { return &w.game }

// Order returns the draw order of rollout idx of a turn seeded seed: the
// tiles of bag shuffled, then the first copy of each tile of taken (tiles
// already drawn) taken out. It is the worker's, until its next call.
func (w *Worker) Order(bag []engine.TileID, seed, idx uint64, taken []engine.TileID) []engine.TileID {
	w.order = append(w.order[:0], bag...)
	r := rand.New(rand.NewPCG(seed, idx))
	r.Shuffle(len(w.order), func(a, b int) { w.order[a], w.order[b] = w.order[b], w.order[a] })
	for _, t := range taken {
		for k, u := range w.order {
			if u == t {
				w.order = append(w.order[:k], w.order[k+1:]...)
				break
			}
		}
	}
	return w.order
}

// Rollout plays g to its end, the tiles drawn in order, every player's
// moves chosen by the rollout policy with the random numbers of rollout
// idx of a turn seeded seed.
func (w *Worker) Rollout(g *engine.Game, order []engine.TileID, seed, idx uint64) error {
	return w.gen.RolloutStyle(g, order, seed^idx*0x9E3779B97F4A7C15, w.style)
}

// Pool is the workers of an evaluation: o.Workers of them (one per core
// by default), playing rollouts by o's policy.
type Pool struct {
	workers []*Worker
}

// NewPool returns the workers that play rollouts as a review with
// options o plays them: its policy, temperature and breadth.
func NewPool(o Options) *Pool {
	p := &Pool{}
	for range o.workers() {
		gen := engine.NewGenerator()
		gen.Temperature, gen.Breadth = o.temperature(), o.breadth()
		p.workers = append(p.workers, &Worker{gen: gen, style: o.style()})
	}
	return p
}

// RunRollouts plays on the pool's workers, a chunk of indices at a time, the
// rollouts each candidate of cs lacks up to index to: sums(c) is c's
// tally, read for the rollouts c has, and added to; rollout(w, c, i, t)
// plays rollout i of c on worker w and records it in t. Memory does not
// grow with to.
func RunRollouts[C any](ctx context.Context, p *Pool, cs []C, sums func(C) *Sums, to int, rollout func(w *Worker, c C, i int, t *Tally) error) error {
	type job struct {
		c        C
		from, to int
	}
	ch := make(chan job)
	g, ctx := errgroup.WithContext(ctx)
	for _, w := range p.workers {
		g.Go(func() error {
			for j := range ch {
				var t Tally
				for i := j.from; i < j.to; i++ {
					if err := rollout(w, j.c, i, &t); err != nil {
						return err
					}
				}
				sums(j.c).add(&t)
			}
			return nil
		})
	}
	g.Go(func() error {
		defer close(ch)
		for _, c := range cs {
			for i := sums(c).Count(); i < to; i += chunk {
				select {
				case ch <- job{c, i, min(i+chunk, to)}:
				case <-ctx.Done():
					return ctx.Err()
				}
			}
		}
		return nil
	})
	return g.Wait()
}
