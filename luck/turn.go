package luck

import (
	"context"
	"fmt"
	"math"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/review"
)

// DefaultRollouts is the number of rollouts a turn's luck spends, over
// all the tiles the bag held and all their ways of being played, when
// Options.Rollouts is 0: as many for each tile type.
const DefaultRollouts = 16000

// Options tunes a measure of luck.
type Options struct {
	// Rollouts is the number of games played to the end for one turn (0:
	// DefaultRollouts; more than review.MaxRollouts means that many). The
	// time grows linearly with it; the memory does not.
	Rollouts int
	// Seed seeds the draw orders and the rollout policy: the same seed,
	// rollouts and game give the same luck, whatever Workers is.
	Seed uint64
	// Workers is the number of rollouts played at once; 0 means one per
	// core, more than review.MaxWorkers means that many.
	Workers int
	// Policy, Temperature and Breadth are the rollout policy's, as a
	// review's (review.Options): the learned policy at the review's
	// temperature and breadth by default.
	Policy      review.Policy
	Temperature float64
	Breadth     int
	// Prior is the weight of the review's prior in the search for each
	// draw's best play, as review.Options.Prior (0: the review's default;
	// negative: none, the best play by value alone).
	Prior float64
	// Scale calibrates the evaluator's luck (nil: DefaultScale();
	// Uncalibrated(): the evaluator's own).
	Scale *Scale
}

func (o Options) scale() Scale {
	if o.Scale == nil {
		return DefaultScale()
	}
	return *o.Scale
}

// Review is the options of the review whose rollouts a measure plays.
func (o Options) Review() review.Options {
	return review.Options{Rollouts: o.Rollouts, Seed: o.Seed, Workers: o.Workers, Policy: o.Policy, Temperature: o.Temperature, Breadth: o.Breadth, Prior: o.Prior}
}

func (o Options) rollouts() int {
	if o.Rollouts > 0 {
		return min(o.Rollouts, review.MaxRollouts)
	}
	return DefaultRollouts
}

// Draw is one of the draws the mover could have had, and what it was
// worth: the value of its best play (the mover's expected final margin)
// and the mover's chance of winning after it.
type Draw struct {
	Tiles  []engine.TileID // one tile; or the tiles drawn, discarded ones first
	Count  int             // copies of the tile in the bag (0 for the tiles drawn with discards)
	Value  float64
	Chance float64 // NaN unless two players
	Best   []engine.Move
}

// TurnLuck is the luck of one turn's draw.
type TurnLuck struct {
	Seat int
	// Raw is the value of the best play with the tiles drawn minus the
	// mean, over the tiles the bag held weighted by their counts, of the
	// value of the best play with each: in points of the mover's final
	// margin, the evaluator's. RawChance is the same in the mover's chance
	// of winning, in percentage points (NaN unless two players).
	Raw, RawChance float64
	// Luck and Chance are Raw and RawChance calibrated (Options.Scale):
	// times Factor, 1 when Exact.
	Luck, Chance float64
	Factor       float64
	// Left is the tiles the bag held before the draw, Total the game's
	// (the start tile included).
	Left, Total int
	// Drawn is the draw that came; Draws are the tiles the bag held, one
	// per tile type, in tile order (Drawn among them unless the mover
	// discarded a tile).
	Drawn Draw
	Draws []Draw
	// Rank is the draw's rank among the bag's tile types (1: no tile was
	// worth more), Kinds their number.
	Rank, Kinds int
	Exact       bool // the values are exact: one tile is left after the draw
	Rollouts    int
}

// Turn measures the luck of the turn that starts at before (a game in its
// draw phase) and draws draws (the discarded tiles, then the one placed).
// before is not changed.
func Turn(ctx context.Context, before *engine.Game, draws []engine.TileID, o Options) (*TurnLuck, error) {
	if len(draws) == 0 {
		return nil, fmt.Errorf("luck: turn %d draws no tile", before.Turn())
	}
	ro := o.Review()
	ev := &evaluation{before: before, mover: before.Player(), seed: turnSeed(o.Seed, before.Turn()), pool: review.NewPool(ro), review: ro}
	for id := range engine.NumTileTypes {
		for range before.BagCount(engine.TileID(id)) {
			ev.bag = append(ev.bag, engine.TileID(id))
		}
	}
	tl := &TurnLuck{Seat: ev.mover, Chance: math.NaN(), RawChance: math.NaN()}
	groups, drawn, err := ev.groups(draws)
	if err != nil {
		return nil, fmt.Errorf("luck: turn %d: %w", before.Turn(), err)
	}
	tl.Kinds = len(groups)
	all := groups
	if !contains(groups, drawn) {
		all = append(groups[:len(groups):len(groups)], drawn)
	}
	// With one kind of tile in the bag whatever came was the same: the
	// luck is zero, as the mean of one value, and the best play is still
	// sought, for those who play it. The last tile's plays end the game.
	ev.exact = len(ev.bag) == 1 || len(ev.bag) == 2 && exactFits(all)
	for _, gr := range all {
		gr.budget = o.rollouts() / len(groups)
	}
	for _, gr := range all {
		if len(gr.cands) > 0 {
			if err := ev.value(ctx, gr); err != nil {
				return nil, fmt.Errorf("luck: turn %d: %w", before.Turn(), err)
			}
		}
	}
	tl.Exact = ev.exact
	for _, gr := range all {
		for _, c := range gr.cands {
			tl.Rollouts += c.t.Count()
		}
		if gr.value != gr.cands[gr.best] {
			tl.Rollouts += gr.value.t.Count()
		}
	}
	mean, meanChance := 0.0, 0.0
	for _, gr := range groups {
		d, err := ev.draw(gr)
		if err != nil {
			return nil, err
		}
		tl.Draws = append(tl.Draws, d)
		w := float64(d.Count) / float64(len(ev.bag))
		mean += w * d.Value
		meanChance += w * d.Chance
		if gr == drawn {
			tl.Drawn = d
		}
	}
	if !contains(groups, drawn) {
		if tl.Drawn, err = ev.draw(drawn); err != nil {
			return nil, err
		}
	}
	tl.Raw = tl.Drawn.Value - mean
	tl.RawChance = 100 * (tl.Drawn.Chance - meanChance)
	tl.Left, tl.Total = before.TilesLeft(), before.TilesLeft()+before.NumTiles()
	tl.Factor = 1
	if !tl.Exact {
		tl.Factor = o.scale().Factor(tl.Left, tl.Total)
	}
	tl.Luck, tl.Chance = tl.Factor*tl.Raw, tl.Factor*tl.RawChance
	tl.Rank = 1
	for _, d := range tl.Draws {
		if d.Value > tl.Drawn.Value {
			tl.Rank++
		}
	}
	return tl, nil
}

func contains(gs []*group, g *group) bool {
	for _, x := range gs {
		if x == g {
			return true
		}
	}
	return false
}

// groups lists a group per tile type in the bag, in tile order, and the
// group of the tiles drawn: one of them when one tile was drawn, else a
// group of its own.
func (ev *evaluation) groups(draws []engine.TileID) ([]*group, *group, error) {
	var out []*group
	var drawn *group
	for id := range engine.NumTileTypes {
		t := engine.TileID(id)
		if ev.before.BagCount(t) == 0 {
			continue
		}
		gr, err := ev.group([]engine.TileID{t})
		if err != nil {
			return nil, nil, err
		}
		out = append(out, gr)
		if len(draws) == 1 && draws[0] == t {
			drawn = gr
		}
	}
	if len(draws) > 1 {
		gr, err := ev.group(draws)
		if err != nil {
			return nil, nil, err
		}
		return out, gr, nil
	}
	if drawn == nil {
		return nil, nil, fmt.Errorf("tile %s is not in the bag", draws[0])
	}
	return out, drawn, nil
}

// group makes the group of a draw: every way of playing it
// (review.Alternatives), or for one tile that fits nowhere its discard,
// after which the mover draws again.
func (ev *evaluation) group(draws []engine.TileID) (*group, error) {
	gr := &group{draws: draws}
	if len(draws) == 1 && !ev.before.CanPlace(draws[0]) {
		gr.cands = []*candidate{{moves: []engine.Move{{Kind: engine.MoveDraw, Tile: draws[0]}, {Kind: engine.MoveDiscard}}}}
		return gr, nil
	}
	alts, err := review.Alternatives(ev.before, draws)
	if err != nil {
		return nil, err
	}
	for i, b := range review.Bonuses(ev.before, alts, ev.review) {
		gr.cands = append(gr.cands, &candidate{moves: alts[i].Moves, bonus: b})
	}
	return gr, nil
}

// exactFits reports whether the groups of a turn with two tiles in the
// bag are small enough to be searched exactly: the ways of playing one
// tile times those of the other at most review.MaxExact.
func exactFits(gs []*group) bool {
	n := 1
	for _, gr := range gs[:min(2, len(gs))] {
		n *= len(gr.cands)
	}
	return n <= review.MaxExact
}

// draw is the group's best play and what it is worth.
func (ev *evaluation) draw(gr *group) (Draw, error) {
	d := Draw{Tiles: gr.draws, Chance: math.NaN()}
	if len(gr.draws) == 1 {
		d.Count = ev.before.BagCount(gr.draws[0])
	}
	c := gr.value
	e := c.t.Eval(ev.before.NumPlayers())
	d.Value, d.Best = e.Value, c.moves
	if ev.before.NumPlayers() == 2 {
		after := ev.before.Clone()
		for _, m := range c.moves {
			if err := after.Apply(m); err != nil {
				return Draw{}, err
			}
		}
		d.Chance = review.ChanceAfter(after, ev.mover, e)[ev.mover]
	}
	return d, nil
}

// turnSeed derives a turn's seed from the measure's (splitmix64).
func turnSeed(seed uint64, turn int) uint64 {
	z := seed + uint64(turn)*0x9E3779B97F4A7C15 + 0x5851F42D4C957F2D
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}
