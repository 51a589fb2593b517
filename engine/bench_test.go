package engine

import (
	"testing"
)

// BenchmarkApply replays recorded complete 4-player Tower games move by
// move, from a new game each time or from one game Reset again and again
// (as a validator does). games/s and moves/s are per core.
func BenchmarkApply(b *testing.B) {
	const n = 64
	var games [n][]Move
	for i := range games {
		_, ms, err := Generate(GenOptions{Players: 4, Seed: uint64(i)})
		if err != nil {
			b.Fatal(err)
		}
		games[i] = append([]Move(nil), ms...)
	}
	for _, reset := range []bool{false, true} {
		name := map[bool]string{false: "new", true: "reset"}[reset]
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			moves := 0
			g := &Game{}
			for i := 0; i < b.N; i++ {
				var err error
				if reset {
					err = g.Reset(Setup{Players: 4})
				} else {
					g, err = NewGame(Setup{Players: 4})
				}
				if err != nil {
					b.Fatal(err)
				}
				ms := games[i%n]
				for _, m := range ms {
					if err := g.Apply(m); err != nil {
						b.Fatal(err)
					}
				}
				moves += len(ms)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
		})
	}
}

// BenchmarkGenerate plays random complete 4-player Tower games.
func BenchmarkGenerate(b *testing.B) {
	gen := NewGenerator()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, _, err := gen.Generate(GenOptions{Players: 4, Seed: uint64(i)}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkClone copies a finished 4-player game.
func BenchmarkClone(b *testing.B) {
	g, _, _ := Generate(GenOptions{Players: 4, Seed: 1})
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = g.Clone()
	}
}

// BenchmarkNewGame sets up a 4-player Tower game (the fixed cost of every
// replay).
func BenchmarkNewGame(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := NewGame(Setup{Players: 4}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRollout plays the rest of a game in each rollout style (the
// quick one, the learned one weighing every placement, 8 or 4) from the position after the first turn,
// as a review does from every alternative: rollouts/s per core, for a
// 2-player base game and a 4-player Tower game.
func BenchmarkRollout(b *testing.B) {
	for _, s := range []struct {
		name    string
		style   Style
		breadth int
	}{{"quick", StyleQuick, 0}, {"learned", StyleLearned, 0}, {"learned-8", StyleLearned, 8}, {"learned-4", StyleLearned, 4}} {
		for _, c := range rolloutGames[:2] {
			b.Run(s.name+"/"+c.name, func(b *testing.B) { benchRollout(b, c.players, c.rules, s.style, s.breadth) })
		}
	}
}

func benchRollout(b *testing.B, players int, rules Rules, style Style, breadth int) {
	start, err := NewGame(Setup{Players: players, Rules: rules})
	if err != nil {
		b.Fatal(err)
	}
	gen := NewGenerator()
	gen.Breadth = breadth
	var order []TileID
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		g := start.Clone()
		order = shuffledBag(g, order[:0], uint64(i))
		if err := gen.RolloutStyle(g, order, uint64(i), style); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rollouts/s")
}
