package main

import (
	"context"
	"encoding/json"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/luck"
	"github.com/towerlog/towerlog/review"
)

// TestRatioInterval: when the adjusted margins are the raw ones halved,
// every resample's ratio of variances is exactly a quarter; when they are
// the raw ones, one; and when they are unrelated noise of the same spread,
// the interval holds the true ratio 1 and is wide on 30 games.
func TestRatioInterval(t *testing.T) {
	raw := make([]float64, 30)
	half := make([]float64, 30)
	other := make([]float64, 30)
	for i := range raw {
		raw[i] = float64((i*37)%29) - 14
		half[i] = raw[i] / 2
		other[i] = float64((i*11)%29) - 14 // a permutation: the same variance
	}
	for _, c := range []struct {
		name string
		adj  []float64
		want float64
	}{{"halved", half, 0.25}, {"same", raw, 1}} {
		lo, hi := ratioInterval(raw, c.adj)
		if math.Abs(lo-c.want) > 1e-12 || math.Abs(hi-c.want) > 1e-12 {
			t.Errorf("%s: interval %v–%v, want %v", c.name, lo, hi, c.want)
		}
	}
	lo, hi := ratioInterval(raw, other)
	if !(lo < 1 && hi > 1 && hi-lo > 0.5) {
		t.Errorf("unrelated: interval %v–%v, want a wide one around 1", lo, hi)
	}
}

// TestPlayLuck: a game between seats that play the luck's best plays is
// complete and legal (its margin is the final scores'), its seats'
// adjusted margins are the margin less the luck difference, and the
// adjusted margin splits exactly into the expected margin before the
// first draw and the changes not due to the draw (a telescoping sum:
// every turn's expected margin is its best play's value less its luck).
// Few rollouts a turn, played by the quick policy: the identity holds
// at any.
func TestPlayLuck(t *testing.T) {
	lg, err := playLuck(context.Background(), 4, luck.Options{Rollouts: 40, Seed: 4, Workers: 1, Policy: review.PolicyQuick})
	if err != nil {
		t.Fatal(err)
	}
	p := lg.res.Players
	if p[0].Margin != -p[1].Margin || p[0].Margin == 0 && p[0].Luck == 0 {
		t.Fatalf("players %+v", p)
	}
	diff := p[0].Luck - p[1].Luck
	if math.Abs(p[0].Adjusted-(float64(p[0].Margin)-diff)) > 1e-9 || math.Abs(p[1].Adjusted+p[0].Adjusted) > 1e-9 {
		t.Errorf("adjusted %v and %v, margin %d, luck difference %v", p[0].Adjusted, p[1].Adjusted, p[0].Margin, diff)
	}
	// The identity is the evaluator's: with its own luck, uncalibrated.
	rawDiff, diffCal := 0.0, 0.0
	for _, tu := range lg.res.Turns {
		s := 1.0
		if tu.Seat == 1 {
			s = -1
		}
		rawDiff += s * tu.Raw
		diffCal += s * tu.Factor * tu.Raw
	}
	if math.Abs(diffCal-diff) > 1e-9 {
		t.Errorf("calibrated luck difference %v, summed from the turns %v", diff, diffCal)
	}
	rawAdjusted := float64(p[0].Margin) - rawDiff
	sum := lg.start + lg.changes[0] + lg.changes[1] + lg.changes[2]
	if math.Abs(sum-rawAdjusted) > 1e-6 {
		t.Errorf("start %v + changes %v = %v, uncalibrated adjusted margin %v (margin %d, raw luck difference %v)", lg.start, lg.changes, sum, rawAdjusted, p[0].Margin, rawDiff)
	}
	checkTurnLines(t, lg.res)
}

// checkTurnLines: the lines -turns writes for a game are its measured
// turns and then its margin; each turn's bag holds the draw's luck (when
// the mover placed the first tile drawn), and its luck weighted by the
// copies averages to zero, as a turn's luck does over the bag.
func checkTurnLines(t *testing.T, res *luck.Result) {
	t.Helper()
	var b strings.Builder
	tw := &turnWriter{enc: json.NewEncoder(&b)}
	tw.write(7, res)
	if tw.err != nil {
		t.Fatal(tw.err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != len(res.Turns)+1 {
		t.Fatalf("%d lines for %d turns", len(lines), len(res.Turns))
	}
	for i, line := range lines {
		var l turnLine
		if err := json.Unmarshal([]byte(line), &l); err != nil || l.Game != 7 {
			t.Fatalf("line %d: %q (%v)", i+1, line, err)
		}
		if i == len(res.Turns) {
			if l.Margin == nil || *l.Margin != res.Players[0].Margin {
				t.Errorf("last line %q, want the margin %d", line, res.Players[0].Margin)
			}
			continue
		}
		tu := res.Turns[i]
		if l.Turn != tu.Number || l.Luck != tu.Raw || len(l.Bag) != tu.Kinds {
			t.Errorf("line %q for turn %d, luck %v, %d kinds", line, tu.Number, tu.Raw, tu.Kinds)
		}
		n, mean, drawn := 0.0, 0.0, false
		for _, c := range l.Bag {
			n += c[0]
			mean += c[0] * c[1]
			drawn = drawn || math.Abs(c[1]-l.Luck) < 1e-9
		}
		if mean /= n; math.Abs(mean) > 1e-9 || len(tu.Drawn.Tiles) == 1 && !drawn {
			t.Errorf("turn %d: bag %v, weighted mean %v, drawn luck %v", tu.Number, l.Bag, mean, l.Luck)
		}
	}
}

// TestFitScale: games whose margins are made from their turns' luck with
// a known calibration (0.4 + 0.5 × the share left, the exact turns'
// luck whole, a first-seat edge of 3) and rounded to whole points, as
// -turns writes them: the fit finds the calibration again, and adjusts
// the margins to about the edge.
func TestFitScale(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	var b strings.Builder
	enc := json.NewEncoder(&b)
	for game := 1; game <= 300; game++ {
		m := 3.0
		for turn := 1; turn <= 6; turn++ {
			l := turnLine{Game: game, Turn: turn, Seat: (turn + 1) % 2, Luck: 20 * r.NormFloat64(), Left: r.Float64(), Exact: turn == 6}
			x := l.Luck
			if l.Seat == 1 {
				x = -x
			}
			if l.Exact {
				m += x
			} else {
				m += (0.4 + 0.5*l.Left) * x
			}
			if err := enc.Encode(l); err != nil {
				t.Fatal(err)
			}
		}
		margin := int(math.Round(m))
		if err := enc.Encode(turnLine{Game: game, Margin: &margin}); err != nil {
			t.Fatal(err)
		}
	}
	games, err := readTurns(strings.NewReader(b.String()))
	if err != nil || len(games) != 300 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	s, err := fitScale(games, true)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(s.Base-0.4) > 0.01 || math.Abs(s.Left-0.5) > 0.02 {
		t.Errorf("fitted %+v, want Base 0.4, Left 0.5", s)
	}
	for _, g := range games[:10] {
		if a := g.adjusted(s); math.Abs(a-3) > 1 {
			t.Errorf("adjusted margin %v of a game with margin %v, want 3 and its rounding", a, g.margin)
		}
	}
	one, err := fitScale(games, false)
	if err != nil || one.Left != 0 || one.Base < 0.4 || one.Base > 0.9 {
		t.Errorf("one factor %+v (%v), want between 0.4 and 0.9", one, err)
	}
	// Games without luck determine no factor: an error, not a division by zero.
	if s, err := fitScale([]gameLuck{{margin: 3}, {margin: -5}, {margin: 8}}, false); err == nil {
		t.Errorf("games without luck: fitted %+v, want an error", s)
	}
}
