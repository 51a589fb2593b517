package engine

import (
	"testing"
)

// Greedy games are legal, replayable, and score like real games: far more
// than random play.
func TestGreedyGames(t *testing.T) {
	var greedy, random int
	for seed := uint64(0); seed < 12; seed++ {
		for _, style := range []Style{StyleGreedy, StyleRandom} {
			o := GenOptions{Players: 2 + int(seed)%4, Rules: propertyRules[seed%uint64(len(propertyRules))], Seed: seed, Style: style}
			g, ms, err := Generate(o)
			if err != nil {
				t.Fatal(err)
			}
			r, _ := NewGame(Setup{Players: o.Players, Rules: o.Rules})
			for i, m := range ms {
				if err := r.Apply(m); err != nil {
					t.Fatalf("seed %d move %d: %v", seed, i, err)
				}
				if err := r.checkInvariants(); err != nil {
					t.Fatalf("seed %d move %d: %v", seed, i, err)
				}
			}
			total := 0
			for _, s := range g.Scores() {
				total += s
			}
			if style == StyleGreedy {
				greedy += total
			} else {
				random += total
			}
		}
	}
	t.Logf("total points: greedy %d, random %d", greedy, random)
	if greedy < 2*random {
		t.Fatalf("greedy play scored %d points, random %d", greedy, random)
	}
}
