package main

import (
	"math"
	"testing"
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
