package review

import (
	"context"
	"fmt"
	"github.com/towerlog/towerlog/internal/english"
	"math"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
)

// GoodLead is the lead in points over every other alternative that
// earns the move played a "!".
const GoodLead = 6

// MaxExact is the most games an exact search of a turn with one tile
// left after it may play to the end: its alternatives times the replies
// to the move played (about a second and a half of one core). Beyond, as
// in a four-player Tower game with thousands of each, rollouts are used.
const MaxExact = 30_000

// exactFits reports whether the turn from before to after, whose
// alternatives are alts and after which tile is the last, is small
// enough to be searched exactly (MaxExact).
func exactFits(before, after *engine.Game, alts []Alternative, tile engine.TileID) (bool, error) {
	if after.Over() || !after.CanPlace(tile) {
		return len(alts) <= MaxExact, nil
	}
	replies, err := Alternatives(after, []engine.TileID{tile})
	if err != nil {
		return false, err
	}
	return len(alts)*len(replies) <= MaxExact, nil
}

// TieWithin is the difference in points within which two alternatives
// count as equal: the points given away by a move played within it of the
// best are not shown, and the move is graded Best.
const TieWithin = 0.5

// Ranked is one of the best alternatives of a turn.
type Ranked struct {
	Moves []engine.Move
	Eval
}

// TurnReview is the review of one turn.
type TurnReview struct {
	Seat         int
	Alternatives int // the distinct ways of playing the turn evaluated
	Rollouts     int // played for the turn, over all its alternatives
	// Played and Best are the evaluations of the move played and of the
	// best alternative found (the same when the move played was best).
	Played, Best Eval
	// PlayedAt and BestAt index the turn's alternatives; PlayedAt is -1
	// when the move played is none of them (a ransom paid at the end of
	// the turn).
	PlayedAt, BestAt int
	// BestMoves is the best alternative's moves, from the turn's first.
	BestMoves   []engine.Move
	playedMoves []engine.Move
	// GivenAway is Best.Value − Played.Value, and GivenAwayErr the
	// standard error of that difference, rollout by rollout over the
	// rollouts both played (they share draw orders).
	GivenAway, GivenAwayErr float64
	// RunnerUp is the value of the best alternative other than the move
	// played (NaN when there is none).
	RunnerUp, RunnerUpErr float64
	// PlayedChance and BestChance are the mover's chance of winning after
	// the move played and after the best move (see chance); Drop is the
	// difference in percentage points (0 when the move played is graded
	// Best), DropErr its standard error.
	PlayedChance, BestChance, Drop, DropErr float64
	Grade                                   Grade
	// Tied is the number of alternatives whose values are within
	// TieWithin points of the best's after as many rollouts (the last
	// round of successive halving), or exactly, the best included.
	Tied int
	// Top holds the best alternatives found, at most Options.Top, by
	// value, each at the rollouts it got (an alternative dropped early by
	// successive halving counts with its value, and may come before the
	// best move, which successive halving chose among the last round's).
	Top []Ranked
	// PlayedRank is the move played's rank by value among all the
	// alternatives, each at the rollouts it got: 1 + the number of those
	// whose value is above the move played's; 0 when the move played is
	// none of them. RankLow and RankHigh bound it within twice the
	// standard errors of the differences: 1 + the alternatives above by
	// more than twice theirs, 1 + those not below by more than twice
	// theirs. The rank is uncertain (RankSure is false) when they differ.
	PlayedRank, RankLow, RankHigh int
	// Exact reports that the values are exact: the game ends with the
	// turn, or one tile is left and every reply to each alternative was
	// tried (the next player playing the reply best for them).
	Exact bool
	// Regraded is the number of rollouts the move played and the best one
	// were given more, their drop lying near a grade's threshold (counted
	// in Rollouts too).
	Regraded int
	// Considered holds every alternative evaluated, in the order of the
	// alternatives, when Options.Considered asks for it (for measures of
	// the advice).
	Considered []Considered
}

// Considered is what the review found of one alternative of a turn.
type Considered struct {
	Moves []engine.Move
	Eval
	// DiffErr is the standard error of its value's difference from the
	// move played's, rollout by rollout; Round the last round of
	// successive halving it was in; LogP the move model's
	// log-probability of it (0 without a prior).
	DiffErr float64
	Round   int
	LogP    float64
}

// Clear reports whether the points given away exceed twice their standard
// error and TieWithin: only then are they shown.
func (t *TurnReview) Clear() bool {
	return t.GivenAway > 2*t.GivenAwayErr && t.GivenAway > TieWithin
}

// ManyPoints is the points given away from which a mild grade needs
// saying why: the game was decided, so they hardly moved the chance of
// winning (Decided).
const ManyPoints = 5

// Decided says, when the move played gave away ManyPoints or more, clear
// of their error, yet graded good or better, that the chance of winning
// hardly moved: "7.4 points given away, but the chance moved 1%"; ""
// otherwise.
func (t *TurnReview) Decided() string {
	if !t.Clear() || t.GivenAway < ManyPoints || t.Grade >= Inaccuracy {
		return ""
	}
	moved := fmt.Sprintf("%.0f%%", t.Drop)
	if math.Round(t.Drop) < 1 {
		moved = "less than 1%"
	}
	return fmt.Sprintf("%.1f points given away, but the chance moved %s", t.GivenAway, moved)
}

// Glyph is the turn's grade's glyph (?!, ? or ??); "!" when the move
// played was best and every other alternative was at least GoodLead
// points worse, by more than twice the standard error; NoGlyph otherwise.
func (t *TurnReview) Glyph() record.Glyph {
	if g := t.Grade.Glyph(); g != record.NoGlyph {
		return g
	}
	lead := t.Played.Value - t.RunnerUp
	if t.PlayedAt == t.BestAt && !math.IsNaN(lead) && lead >= GoodLead && lead > 2*t.RunnerUpErr {
		return record.Good
	}
	return record.NoGlyph
}

// Turn reviews the turn that starts at before (a game in its draw phase),
// draws the tiles draws (the discarded ones, then the one placed) and
// ends at after (the game after the move played). number seeds the turn's
// rollouts together with o.Seed.
func Turn(ctx context.Context, before, after *engine.Game, draws []engine.TileID, o Options) (*TurnReview, error) {
	alts, err := Alternatives(before, draws)
	if err != nil {
		return nil, err
	}
	at := played(alts, after)
	ev, err := newEvaluation(before, alts, o, turnSeed(o.Seed, before.Turn()))
	if err != nil {
		return nil, fmt.Errorf("review: turn %d: %w", before.Turn(), err)
	}
	if len(ev.bag) == 1 {
		if ev.exact, err = exactFits(before, after, alts, ev.bag[0]); err != nil {
			return nil, fmt.Errorf("review: turn %d: %w", before.Turn(), err)
		}
	}
	keep := at
	if at < 0 {
		keep = len(ev.cands)
		// The model does not know a ransom paid at the end of a turn: its
		// prior is the lowest of the turn's, never favoured by it.
		lowest := &candidate{after: after, over: after.Over()}
		for _, c := range ev.cands {
			lowest.logp, lowest.bonus = min(lowest.logp, c.logp), min(lowest.bonus, c.bonus)
		}
		ev.cands = append(ev.cands, lowest)
	}
	best, err := ev.halve(ctx, keep)
	if err != nil {
		return nil, fmt.Errorf("review: turn %d: %w", before.Turn(), err)
	}
	if ev.cands[best].mean()-ev.cands[keep].mean() <= TieWithin {
		// The move played is as good as the best: it is one of the best.
		best = keep
	}
	n := before.NumPlayers()
	mover := before.Player()
	tr := &TurnReview{Seat: mover, Alternatives: len(alts), PlayedAt: at, BestAt: best, Exact: ev.exact || ev.cands[keep].over && ev.cands[best].over}
	if best == keep {
		tr.BestAt = at
	}
	if best < len(alts) {
		tr.BestMoves = alts[best].Moves
	}
	if at >= 0 {
		tr.playedMoves = alts[at].Moves
	}
	pc, bc := ev.cands[keep], ev.cands[best]
	bestAfter := after
	if best != keep {
		if bestAfter, err = bc.start(before); err != nil {
			return nil, err
		}
	}
	// A drop near a grade's threshold is measured again with more
	// rollouts of the two moves, at most twice, each time doubling them
	// within an eighth of the turn's budget for each (at most half the
	// budget in all).
	for extra := 0; ; extra++ {
		tr.Played, tr.Best = pc.eval(n), bc.eval(n)
		tr.GivenAway = tr.Best.Value - tr.Played.Value
		tr.GivenAwayErr = bc.diffErr()
		tr.PlayedChance = chance(after, mover, tr.Played)[mover]
		tr.BestChance = chance(bestAfter, mover, tr.Best)[mover]
		tr.Drop, tr.DropErr = 0, 0
		if best != keep {
			tr.Drop = 100 * (tr.BestChance - tr.PlayedChance)
			shifted := tr.Best
			shifted.Value += tr.GivenAwayErr
			tr.DropErr = 100 * math.Abs(chance(bestAfter, mover, shifted)[mover]-tr.BestChance)
			if chanceWeights == nil || n != 2 {
				tr.DropErr = 100 * math.Sqrt(shareVar(tr.BestChance, tr.Best.Rollouts)+shareVar(tr.PlayedChance, tr.Played.Rollouts))
			}
		}
		if best == keep || extra == 2 || !nearThreshold(tr.Drop, tr.DropErr) || tr.Exact {
			break
		}
		more := min(2*max(pc.count(), bc.count()), max(pc.count(), bc.count())+ev.o.rollouts()/8, MaxRollouts)
		if more <= pc.count() {
			break
		}
		tr.Regraded += 2*more - pc.count() - bc.count()
		if err := ev.run(ctx, []*candidate{pc, bc}, more); err != nil {
			return nil, fmt.Errorf("review: turn %d: %w", before.Turn(), err)
		}
	}
	tr.Grade = gradeOf(tr.Drop, tr.Clear())
	if tr.Grade == Best {
		tr.Drop = 0
	}
	tr.RunnerUp = math.NaN()
	for i, c := range ev.cands {
		tr.Rollouts += c.count()
		if i == keep || c.count() == 0 {
			continue
		}
		if v := c.mean(); math.IsNaN(tr.RunnerUp) || v > tr.RunnerUp {
			tr.RunnerUp, tr.RunnerUpErr = v, c.diffErr()
		}
	}
	for _, c := range ev.cands {
		// A tie is within TieWithin of the best after as many rollouts, or
		// exactly.
		if c.count() > 0 && (c.round == bc.round || tr.Exact) && bc.mean()-c.mean() <= TieWithin {
			tr.Tied++
		}
	}
	for _, k := range ev.ranking() {
		if len(tr.Top) == o.top() {
			break
		}
		if k < len(alts) {
			tr.Top = append(tr.Top, Ranked{Moves: alts[k].Moves, Eval: ev.cands[k].eval(n)})
		}
	}
	if at >= 0 {
		tr.PlayedRank, tr.RankLow, tr.RankHigh = ev.rank(keep)
	}
	for i, c := range ev.cands[:len(alts)] {
		if !o.Considered {
			break
		}
		tr.Considered = append(tr.Considered, Considered{Moves: alts[i].Moves, Eval: c.eval(n), DiffErr: c.diffErr(), Round: c.round, LogP: c.logp})
	}
	return tr, nil
}

// RankSure reports whether the move played's rank is certain: no
// alternative lies within twice the standard error of its difference
// from the move played.
func (t *TurnReview) RankSure() bool { return t.RankLow == t.RankHigh }

// RankText spells the move played's rank among the alternatives: "3rd of
// 38", or "about 7th of 38" when it is uncertain (RankSure); "" when the
// move played is none of them.
func (t *TurnReview) RankText() string {
	if t.PlayedRank == 0 {
		return ""
	}
	s := fmt.Sprintf("%s of %d", english.Ordinal(t.PlayedRank), t.Alternatives)
	if !t.RankSure() {
		s = "about " + s
	}
	return s
}

// shareVar is the variance of a share p of n rollouts.
func shareVar(p float64, n int) float64 { return p * (1 - p) / float64(max(n, 1)) }

// nearThreshold reports whether a drop of the chance of winning lies
// within twice its error of a threshold between grades.
func nearThreshold(drop, err float64) bool {
	for _, t := range thresholds {
		if math.Abs(drop-t) < 2*err {
			return true
		}
	}
	return false
}

// turnSeed derives a turn's seed from the review's (splitmix64).
func turnSeed(seed uint64, turn int) uint64 {
	z := seed + uint64(turn)*0x9E3779B97F4A7C15
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// bag appends the tiles left in g's bag to buf, by tile type.
func bag(g *engine.Game, buf []engine.TileID) []engine.TileID {
	for id := range engine.NumTileTypes {
		for range g.BagCount(engine.TileID(id)) {
			buf = append(buf, engine.TileID(id))
		}
	}
	return buf
}
