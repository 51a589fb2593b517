package review

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sort"
	"sync"

	"github.com/towerlog/towerlog/engine"
)

// DefaultRollouts is the number of rollouts a turn's review spends, over
// all its alternatives, when Options.Rollouts is 0.
const DefaultRollouts = 6000

// MaxRollouts is the most rollouts a turn's review spends: a review keeps
// running sums, not the rollouts, so its memory does not depend on the
// rollouts, but a million rollouts a turn already take hours.
const MaxRollouts = 1_000_000

// block is the number of rollout indices played at once: the move
// played's rollouts of a block first, then every other alternative's, each
// compared with the move played's rollout of the same index.
const block = 1024

// Options tunes a review.
type Options struct {
	// Rollouts is the number of games played to the end for one turn,
	// shared among its alternatives by successive halving (0:
	// DefaultRollouts; more than MaxRollouts means MaxRollouts). The
	// review's time grows linearly with it; its memory does not.
	Rollouts int
	// Seed seeds the draw orders and the rollout policy: the same seed,
	// rollouts and game give the same review, whatever Workers is.
	Seed uint64
	// Workers is the number of rollouts played at once; 0 means one per
	// core, more than MaxWorkers means MaxWorkers.
	Workers int
	// Turns, when not empty, lists the numbers of the turns Game reviews.
	Turns []int
	// Top is the number of best alternatives a turn's review lists (0:
	// DefaultTop).
	Top int
	// Policy is the rollout policy (PolicyDefault: DefaultPolicy), and
	// Temperature the learned policy's (0: DefaultTemperature).
	Policy      Policy
	Temperature float64
	// Breadth is the number of placements the learned policy weighs at
	// each turn of a rollout, drawn at random (0: DefaultBreadth; -1:
	// every one).
	Breadth int
	// Prior is the weight of the move model's prior in successive
	// halving and the choice of the best move, in points per unit of
	// log-probability, and Farmer the points added to the score of an
	// alternative that puts a farmer (Prior 0: DefaultPrior and
	// DefaultFarmer; negative: neither, the best move by value alone).
	// PriorWeights are the move model's weights (nil:
	// engine.PolicyWeights); a measurement out of fold gives weights
	// fitted without the game reviewed.
	Prior, Farmer float64
	PriorWeights  *[engine.NumPolicyFeatures]float64
	// Considered asks Turn to list every alternative it evaluated
	// (TurnReview.Considered), for measures of the advice.
	Considered bool
}

// DefaultTemperature is the learned policy's temperature in a review's
// rollouts when Options.Temperature is 0: greedier than the fitted
// model (1), its advice agrees more often with strong players
// (docs/review.md, "The rollout policy").
const DefaultTemperature = 0.5

func (o Options) temperature() float64 { return positiveOr(o.Temperature, DefaultTemperature) }

// positiveOr returns v if it is positive, else d.
func positiveOr[T int | float64](v, d T) T {
	if v > 0 {
		return v
	}
	return d
}

// DefaultBreadth is the number of placements the learned policy weighs
// at each turn of a review's rollouts when Options.Breadth is 0: the
// policy's time grows with it (BenchmarkRollout).
const DefaultBreadth = 4

func (o Options) breadth() int {
	switch {
	case o.Breadth < 0:
		return 0
	case o.Breadth == 0:
		return DefaultBreadth
	}
	return o.Breadth
}

// Policy is the way the rollouts play every player's moves.
type Policy uint8

// Rollout policies.
const (
	PolicyDefault Policy = iota // DefaultPolicy
	PolicyQuick                 // engine.StyleQuick: random placements, greedy followers
	PolicyLearned               // engine.StyleLearned: fitted on real games of strong players
)

// DefaultPolicy is the rollout policy of a review whose Options.Policy is
// PolicyDefault: the one whose advice agrees best with strong players
// (docs/review.md, "The rollout policy").
const DefaultPolicy = PolicyLearned

var policyNames = [...]string{PolicyDefault: "default", PolicyQuick: "quick", PolicyLearned: "learned"}

// String spells the policy as towerlog review --policy takes it.
func (p Policy) String() string {
	if int(p) < len(policyNames) {
		return policyNames[p]
	}
	return "policy?"
}

// ParsePolicy reads a policy's name: "quick" or "learned".
func ParsePolicy(name string) (Policy, bool) {
	for p, n := range policyNames {
		if n == name && Policy(p) != PolicyDefault {
			return Policy(p), true
		}
	}
	return PolicyDefault, false
}

// style returns the engine style of the options' policy.
func (o Options) style() engine.Style {
	p := o.Policy
	if p == PolicyDefault {
		p = DefaultPolicy
	}
	if p == PolicyLearned {
		return engine.StyleLearned
	}
	return engine.StyleQuick
}

// DefaultTop is the number of best alternatives a turn's review lists
// when Options.Top is 0.
const DefaultTop = 3

func (o Options) top() int { return positiveOr(o.Top, DefaultTop) }

// MaxWorkers is the most rollouts played at once: each holds a game of
// its own, so more would only cost memory.
const MaxWorkers = 64

func (o Options) rollouts() int {
	if o.Rollouts > 0 {
		return min(o.Rollouts, MaxRollouts)
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

// stdErr is the standard error of the mean of n values of sum s and sum
// of squares s2.
func stdErr(n, s, s2 int64) float64 {
	if n < 2 {
		return 0
	}
	f := float64(n)
	ss := max(0, float64(s2)-float64(s)*float64(s)/f)
	return math.Sqrt(ss / (f - 1) / f)
}

// candidate is an alternative under evaluation: where its rollouts start
// (the game after moves played from the turn's start, or the game after),
// and what its rollouts found.
type candidate struct {
	moves []engine.Move
	after *engine.Game
	over  bool // the game is over after the turn: every rollout is the same
	t     Sums
	round int // the last round of successive halving it was in
	// logp is the move model's log-probability of the alternative
	// (priors); bonus what the prior adds to its value in its score.
	logp, bonus float64
	// final is the outcome of every rollout of a candidate that is over.
	final struct {
		once    sync.Once
		margin  int64
		winners uint8
		err     error
	}
}

func (c *candidate) count() int { return c.t.Count() }

func (c *candidate) mean() float64 { return c.t.Mean() }

func (c *candidate) eval(players int) Eval { return c.t.Eval(players) }

// diffErr is the standard error of the mean difference between c's
// rollouts and the reference candidate's, rollout by rollout.
func (c *candidate) diffErr() float64 { return stdErr(c.t.dn, c.t.dsum, c.t.dsum2) }

// evaluation runs the rollouts of one turn.
type evaluation struct {
	o      Options
	before *engine.Game // the game at the turn's start
	mover  int
	seed   uint64 // the turn's seed
	bag    []engine.TileID
	cands  []*candidate
	// ref indexes the candidate every other is compared with, rollout by
	// rollout (the move played), or is -1.
	ref int
	// pool holds the workers, made at the first rollouts.
	pool *Pool
	// exact is set when one tile is left after the turn: a candidate's
	// value is then found by trying every reply, not by rollouts.
	exact bool
}

// newEvaluation prepares the evaluation of the alternatives of the turn
// that starts at before.
func newEvaluation(before *engine.Game, alts []Alternative, o Options, seed uint64) (*evaluation, error) {
	ev := &evaluation{o: o, before: before, mover: before.Player(), seed: seed, ref: -1}
	var logp []float64
	prior, _ := o.prior()
	if (prior > 0 || o.Considered) && len(alts) > 1 {
		logp = priors(before, alts, o.PriorWeights)
	}
	for i, a := range alts {
		c := &candidate{moves: a.Moves, over: a.Over}
		if logp != nil {
			c.logp = logp[i]
			c.bonus = o.bonus(a.Moves, c.logp)
		}
		ev.cands = append(ev.cands, c)
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
	g := &engine.Game{}
	return g, c.startIn(before, g)
}

// startIn makes g the game the candidate's rollouts start from.
func (c *candidate) startIn(before, g *engine.Game) error {
	if c.after != nil {
		c.after.CopyTo(g)
		return nil
	}
	before.CopyTo(g)
	for _, m := range c.moves {
		if err := g.Apply(m); err != nil {
			return err
		}
	}
	return nil
}

// rollout plays rollout i of c and returns the mover's margin and the
// winners (bit p set when seat p has the highest final score).
func (ev *evaluation) rollout(w *Worker, c *candidate, i int) (int64, uint8, error) {
	if c.over || ev.exact {
		f := &c.final
		f.once.Do(func() {
			var g *engine.Game
			if g, f.err = c.start(ev.before); f.err != nil {
				return
			}
			if !g.Over() {
				if g, f.err = bestReply(g, ev.bag[0]); f.err != nil {
					return
				}
			}
			f.margin, f.winners = outcome(g, ev.mover)
		})
		return f.margin, f.winners, f.err
	}
	g := w.Game()
	if err := c.startIn(ev.before, g); err != nil {
		return 0, 0, err
	}
	if !g.Over() {
		if err := w.Rollout(g, w.Order(ev.bag, ev.seed, uint64(i), nil), ev.seed, uint64(i)); err != nil {
			return 0, 0, err
		}
	}
	m, win := outcome(g, ev.mover)
	return m, win, nil
}

// bestReply plays the last turn of g, whose last tile is tile, as its
// player would play it best: of every way of playing it (Alternatives),
// the one with the highest final margin for that player (the first of
// equals), or the tile's discard when it fits nowhere. It returns the
// game at its end.
func bestReply(g *engine.Game, tile engine.TileID) (*engine.Game, error) {
	if !g.CanPlace(tile) {
		end := g.Clone()
		err := apply(end, []engine.Move{{Kind: engine.MoveDraw, Tile: tile}, {Kind: engine.MoveDiscard}})
		return end, err
	}
	alts, err := Alternatives(g, []engine.TileID{tile})
	if err != nil {
		return nil, err
	}
	replier := g.Player()
	var best *engine.Game
	bestMargin := int64(math.MinInt64)
	for _, a := range alts {
		end := g.Clone()
		if err := apply(end, a.Moves); err != nil {
			return nil, err
		}
		if !end.Over() {
			return nil, fmt.Errorf("review: turn %d: the game goes on after its last tile", g.Turn())
		}
		if m, _ := outcome(end, replier); m > bestMargin {
			best, bestMargin = end, m
		}
	}
	return best, nil
}

// outcome returns the mover's final margin in g (their score minus the
// best other player's) and the winners (bit p set when seat p has the
// highest score).
func outcome(g *engine.Game, mover int) (int64, uint8) {
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
		if p != mover {
			other = max(other, s)
		}
	}
	return int64(g.Score(mover) - other), w
}

// run plays rollouts up to n for each candidate of cs, on the workers,
// a block of indices at a time: the reference candidate's first (when it
// is among cs), then the others', each compared with the reference's
// rollout of the same index. Memory does not grow with n.
func (ev *evaluation) run(ctx context.Context, cs []*candidate, n int) error {
	var ref *candidate
	rest := make([]*candidate, 0, len(cs))
	for _, c := range cs {
		if ev.ref >= 0 && c == ev.cands[ev.ref] {
			ref = c
		} else {
			rest = append(rest, c)
		}
	}
	lo := n
	for _, c := range cs {
		lo = min(lo, c.count())
	}
	var refMargins []int64
	for b := lo; b < n; b += block {
		hi := min(b+block, n)
		refFrom := hi
		if ref != nil {
			refFrom = max(b, ref.count())
			refMargins = slices.Grow(refMargins[:0], hi-refFrom)[:hi-refFrom]
			if err := ev.play(ctx, []*candidate{ref}, hi, refMargins, refFrom, nil); err != nil {
				return err
			}
		}
		if err := ev.play(ctx, rest, hi, nil, refFrom, refMargins); err != nil {
			return err
		}
	}
	return nil
}

// play plays, on the workers, the rollouts each candidate of cs lacks up
// to index to. store, if not nil, receives the margins of indices from
// storeFrom on (cs is then the reference alone); the rollouts of indices
// from diffFrom on are compared with diff's margins.
func (ev *evaluation) play(ctx context.Context, cs []*candidate, to int, store []int64, diffFrom int, diff []int64) error {
	if ev.pool == nil {
		ev.pool = NewPool(ev.o)
	}
	return RunRollouts(ctx, ev.pool, cs, func(c *candidate) *Sums { return &c.t }, to, func(w *Worker, c *candidate, i int, t *Tally) error {
		m, win, err := ev.rollout(w, c, i)
		if err != nil {
			return err
		}
		t.Record(m, win)
		if store != nil && i >= diffFrom {
			store[i-diffFrom] = m
		}
		if diff != nil && i >= diffFrom {
			t.recordDiff(m - diff[i-diffFrom])
		}
		return nil
	})
}

// score is what successive halving ranks candidate c by, and the best
// move is chosen by: its value plus the prior's weight times the move
// model's log-probability of it, plus the farmer's points if it puts a
// farmer (its value alone without a prior).
func (ev *evaluation) score(c *candidate) float64 { return c.mean() + c.bonus }

// halve evaluates the candidates by successive halving: each round plays
// the same number of new rollouts for every candidate left, then keeps
// the better half by score (and keep, the move played, whatever its
// value), until one or two are left. Every candidate's rollout i uses the same draw
// order and policy seed, so that differences between candidates are not
// those of luck; each is compared with keep's, rollout by rollout. It
// returns the index of the best candidate by score.
func (ev *evaluation) halve(ctx context.Context, keep int) (int, error) {
	ev.ref = keep
	left := make([]int, len(ev.cands))
	for i := range left {
		left[i] = i
	}
	rounds := max(1, bits.Len(uint(len(left)-1)))
	budget := ev.o.rollouts()
	n, round := 0, 0
	for {
		n += max(2, budget/(rounds*len(left)))
		round++
		cs := make([]*candidate, len(left))
		for i, k := range left {
			cs[i] = ev.cands[k]
			cs[i].round = round
		}
		if err := ev.run(ctx, cs, n); err != nil {
			return 0, err
		}
		sort.SliceStable(left, func(a, b int) bool { return ev.score(ev.cands[left[a]]) > ev.score(ev.cands[left[b]]) })
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

// ranking returns the indices of the candidates that were played, by
// value, each at the rollouts it got (ties in the order of the
// alternatives): the move played is listed after every alternative whose
// value is above its own, even within TieWithin.
func (ev *evaluation) ranking() []int {
	var order []int
	for i, c := range ev.cands {
		if c.count() > 0 {
			order = append(order, i)
		}
	}
	sort.SliceStable(order, func(a, b int) bool {
		return ev.cands[order[a]].mean() > ev.cands[order[b]].mean()
	})
	return order
}

// rank returns the rank by value of candidate k among all the candidates,
// each at the rollouts it got (1 + those whose value is above k's), and
// its bounds within twice the standard error of each difference: 1 + the
// candidates above k by more than twice that, 1 + those not below it by
// more than twice that.
func (ev *evaluation) rank(k int) (rank, low, high int) {
	ref := ev.cands[k]
	rank, low, high = 1, 1, 1
	for i, c := range ev.cands {
		if i == k || c.count() == 0 {
			continue
		}
		d, se := c.mean()-ref.mean(), ev.diffErr(c, ref)
		if d > 0 {
			rank++
		}
		if d > 2*se {
			low++
		}
		if d > -2*se {
			high++
		}
	}
	return rank, low, high
}

// diffErr is the standard error of the difference between the values of
// candidates c and ref: rollout by rollout when ref is the reference
// every candidate is compared with, else as of independent values.
func (ev *evaluation) diffErr(c, ref *candidate) float64 {
	if ev.ref >= 0 && ref == ev.cands[ev.ref] && c.t.dn >= 2 {
		return c.diffErr()
	}
	a, b := stdErr(c.t.n, c.t.sum, c.t.sum2), stdErr(ref.t.n, ref.t.sum, ref.t.sum2)
	return math.Sqrt(a*a + b*b)
}
