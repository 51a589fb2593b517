package luck

import (
	"context"
	"fmt"
	"math"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// GameTurn is the luck of one turn of a game.
type GameTurn struct {
	Number int // the turn's number, from 1
	Player string
	*TurnLuck
	Label Label
}

// PlayerLuck is one player's luck over a game.
type PlayerLuck struct {
	Player string
	Seat   int
	Turns  int // the turns whose luck was measured
	// Luck is the sum of the player's luck in points of margin; Chance in
	// percentage points of the chance of winning (NaN unless two players).
	Luck, Chance float64
	// Margin is the player's final score minus the best other player's;
	// Adjusted is Margin − Luck + the others' mean Luck (for two players,
	// + the opponent's): the result with the draw taken out.
	Margin   int
	Adjusted float64
	// Luckiest and Unluckiest are the numbers of the player's luckiest
	// and unluckiest turns (0 without a turn).
	Luckiest, Unluckiest int
}

// PerTurn is the player's mean luck per turn, in points.
func (p *PlayerLuck) PerTurn() float64 {
	if p.Turns == 0 {
		return 0
	}
	return p.Luck / float64(p.Turns)
}

// Result is the luck of a game: its turns and its players.
type Result struct {
	Turns   []GameTurn
	Players []PlayerLuck
	// Prepared reports a prepared bag ([Bag "order ..."]): the draws were
	// known, so there was no luck, and no turn was measured.
	Prepared bool
}

// Game measures the luck of every turn of a replayed game whose tile was
// placed (a turn that only discards chose nothing, and is left out), in
// order; done, if not nil, is called after each turn. g must be valid.
func Game(ctx context.Context, g *replay.Game, o Options, done func()) (*Result, error) {
	if !g.Valid() {
		return nil, fmt.Errorf("luck: %s is not a valid game", g)
	}
	res := &Result{}
	if bag, err := g.Record.Bag(); err != nil {
		return nil, err
	} else if bag != nil && bag.Kind == record.BagOrder {
		res.Prepared = true
	}
	state := func(k int) *engine.Game {
		return replay.Replay(g.File, g.Index, g.Record, replay.Options{Stop: replay.StopAfter(k), Lenient: true}).State
	}
	var before *engine.Game
	for k, t := range g.Turns {
		if t.Placed && !res.Prepared {
			if before == nil {
				before = state(k)
			}
			draws := append(append([]engine.TileID(nil), t.Discards...), t.Tile)
			tl, err := Turn(ctx, before, draws, o)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", g, err)
			}
			res.Turns = append(res.Turns, GameTurn{Number: t.Number, Player: g.Players[t.Seat].Name, TurnLuck: tl, Label: LabelOf(tl.Luck, tl.Chance)})
			before = state(k + 1)
		} else {
			before = nil
		}
		if done != nil {
			done()
		}
	}
	res.Players = players(g, res.Turns)
	return res, nil
}

// players sums the turns' luck by player and adjusts their margins.
func players(g *replay.Game, turns []GameTurn) []PlayerLuck {
	n := len(g.Players)
	out := make([]PlayerLuck, n)
	best := make([]float64, n)
	worst := make([]float64, n)
	for p := range out {
		out[p] = PlayerLuck{Player: g.Players[p].Name, Seat: p, Margin: margin(g.State, p)}
		if n != 2 {
			out[p].Chance = math.NaN()
		}
	}
	for _, t := range turns {
		p := &out[t.Seat]
		p.Turns++
		p.Luck += t.Luck
		if n == 2 {
			p.Chance += t.Chance
		}
		if p.Luckiest == 0 || t.Luck > best[t.Seat] {
			p.Luckiest, best[t.Seat] = t.Number, t.Luck
		}
		if p.Unluckiest == 0 || t.Luck < worst[t.Seat] {
			p.Unluckiest, worst[t.Seat] = t.Number, t.Luck
		}
	}
	margins := make([]int, n)
	lucks := make([]float64, n)
	for i, p := range out {
		margins[i], lucks[i] = p.Margin, p.Luck
	}
	for i, a := range AdjustedMargins(margins, lucks) {
		out[i].Adjusted = a
	}
	return out
}

// AdjustedMargins are the players' margins with the draw taken out:
// each margin minus the player's own luck plus the mean of the others'
// (for two players, the opponent's), by seat.
func AdjustedMargins(margins []int, lucks []float64) []float64 {
	n := len(margins)
	total := 0.0
	for _, l := range lucks {
		total += l
	}
	out := make([]float64, n)
	for i := range out {
		others := 0.0
		if n > 1 {
			others = (total - lucks[i]) / float64(n-1)
		}
		out[i] = float64(margins[i]) - lucks[i] + others
	}
	return out
}

// margin is seat p's score in g minus the best other player's.
func margin(g *engine.Game, p int) int {
	other := math.MinInt
	for q := range g.NumPlayers() {
		if q != p {
			other = max(other, g.Score(q))
		}
	}
	if other == math.MinInt {
		return g.Score(p)
	}
	return g.Score(p) - other
}
