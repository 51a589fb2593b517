package main

import (
	"context"
	"math"
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
	sum := lg.start + lg.changes[0] + lg.changes[1] + lg.changes[2]
	if math.Abs(sum-p[0].Adjusted) > 1e-6 {
		t.Errorf("start %v + changes %v = %v, adjusted margin %v", lg.start, lg.changes, sum, p[0].Adjusted)
	}
}
