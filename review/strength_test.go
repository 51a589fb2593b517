package review

import (
	"context"
	"math"
	"os"
	"strconv"
	"testing"

	"github.com/towerlog/towerlog/engine"
)

// strengthGames plays n 2-player base games of a seat playing by review
// against the greedy style, the review seat first in even games and
// second in odd ones, and returns the review seat's wins (a shared win
// counts half).
func strengthGames(t *testing.T, n, rollouts int, seed uint64) float64 {
	t.Helper()
	wins := 0.0
	for i := range n {
		seats := []Seat{{Review: true}, {Style: engine.StyleGreedy}}
		me := i % 2
		if me == 1 {
			seats[0], seats[1] = seats[1], seats[0]
		}
		g, _, err := Play(context.Background(), PlayOptions{
			Rules: engine.Rules{BaseOnly: true}, Seed: seed + uint64(i), Seats: seats,
			Review: Options{Rollouts: rollouts},
		})
		if err != nil {
			t.Fatal(err)
		}
		wins += WinShare(g, me)
	}
	return wins
}

// wilsonLower is the lower bound of the one-sided 95% Wilson interval of
// a rate of k successes in n trials.
func wilsonLower(k float64, n int) float64 {
	const z = 1.645
	p, fn := k/float64(n), float64(n)
	centre := p + z*z/(2*fn)
	margin := z * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn))
	return (centre - margin) / (1 + z*z/fn)
}

// TestReviewBeatsGreedy: a player that plays the review's best move at
// every turn, with a small budget, beats the greedy style in more than
// 60% of 2-player base games. The full measure is 200 games
// (REVIEW_STRENGTH_GAMES=200); by default 24 games, and the test asserts
// that the lower 95% bound of the win rate is above 60%.
func TestReviewBeatsGreedy(t *testing.T) {
	n := 24
	if s := os.Getenv("REVIEW_STRENGTH_GAMES"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil || n < 1 {
			t.Fatalf("REVIEW_STRENGTH_GAMES=%q: give a number of games", s)
		}
	}
	wins := strengthGames(t, n, 200, 1000)
	lower := wilsonLower(wins, n)
	t.Logf("the review won %.1f of %d games (%.0f%%; 95%% lower bound %.0f%%)", wins, n, 100*wins/float64(n), 100*lower)
	if lower <= 0.6 {
		t.Errorf("the review won %.1f of %d games: the lower 95%% bound of its win rate, %.0f%%, is not above 60%%", wins, n, 100*lower)
	}
}

func TestWilsonLower(t *testing.T) {
	// Values of the one-sided 95% Wilson bound, computed apart (Python's math module) from
	// (p + z²/2n − z·√(p(1−p)/n + z²/4n²)) / (1 + z²/n) with z = 1.645.
	for _, c := range []struct {
		k    float64
		n    int
		want float64
	}{
		{20, 24, 0.6762},
		{12, 24, 0.3408},
	} {
		if got := wilsonLower(c.k, c.n); math.Abs(got-c.want) > 0.0005 {
			t.Errorf("wilsonLower(%v, %d) = %.4f, want %.4f", c.k, c.n, got, c.want)
		}
	}
}

func TestWilson(t *testing.T) {
	// Values of the two-sided 95% Wilson interval, computed apart
	// (Python's math module) with z = 1.96.
	for _, c := range []struct {
		k      float64
		n      int
		lo, hi float64
	}{
		{20, 24, 0.6415, 0.9332},
		{100, 200, 0.4313, 0.5687},
		{0, 10, 0, 0.2775},
	} {
		lo, hi := Wilson(c.k, c.n)
		if math.Abs(lo-c.lo) > 0.0005 || math.Abs(hi-c.hi) > 0.0005 {
			t.Errorf("Wilson(%v, %d) = %.4f, %.4f, want %.4f, %.4f", c.k, c.n, lo, hi, c.lo, c.hi)
		}
	}
}
