package review

import (
	"context"
	"fmt"
	"math"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
)

// Thresholds of points given away for the glyphs of a review, and the
// lead over every other alternative that earns a "!".
const (
	DubiousAt = 3  // ?!
	MistakeAt = 6  // ?
	BlunderAt = 12 // ??
	GoodLead  = 6  // !
)

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
}

// Clear reports whether the points given away exceed twice their standard
// error: only then are they shown.
func (t *TurnReview) Clear() bool {
	return t.GivenAway > 2*t.GivenAwayErr && t.GivenAway > 0
}

// Glyph is the turn's assessment: "??" for BlunderAt points given away or
// more, "?" for MistakeAt, "?!" for DubiousAt (when Clear); "!" when the
// move played was best and every other alternative was at least GoodLead
// points worse, by more than twice the standard error; NoGlyph otherwise.
func (t *TurnReview) Glyph() record.Glyph {
	if t.Clear() {
		switch {
		case t.GivenAway >= BlunderAt:
			return record.Blunder
		case t.GivenAway >= MistakeAt:
			return record.Mistake
		case t.GivenAway >= DubiousAt:
			return record.Dubious
		}
		return record.NoGlyph
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
	keep := at
	if at < 0 {
		keep = len(ev.cands)
		ev.cands = append(ev.cands, &candidate{after: after, over: after.Over()})
	}
	best, err := ev.halve(ctx, keep)
	if err != nil {
		return nil, fmt.Errorf("review: turn %d: %w", before.Turn(), err)
	}
	n := before.NumPlayers()
	pc, bc := ev.cands[keep], ev.cands[best]
	tr := &TurnReview{
		Seat: before.Player(), Alternatives: len(alts),
		Played: pc.eval(n), Best: bc.eval(n), PlayedAt: at, BestAt: best,
		RunnerUp: math.NaN(),
	}
	if best == keep {
		tr.BestAt = at
	}
	if best < len(alts) {
		tr.BestMoves = alts[best].Moves
	}
	if at >= 0 {
		tr.playedMoves = alts[at].Moves
	}
	for _, c := range ev.cands {
		tr.Rollouts += c.count()
	}
	tr.GivenAway = tr.Best.Value - tr.Played.Value
	tr.GivenAwayErr = bc.diffErr()
	for i, c := range ev.cands {
		if i == keep || c.count() == 0 {
			continue
		}
		if v := c.mean(); math.IsNaN(tr.RunnerUp) || v > tr.RunnerUp {
			tr.RunnerUp, tr.RunnerUpErr = v, c.diffErr()
		}
	}
	return tr, nil
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
