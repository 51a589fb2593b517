package engine

import (
	"testing"
)

// BenchmarkApply replays recorded complete 4-player Tower games move by
// move from a new game. games/s and moves/s are per core.
func BenchmarkApply(b *testing.B) {
	const n = 64
	var games [n][]Move
	total := 0
	for i := range games {
		_, ms, err := Generate(GenOptions{Players: 4, Seed: uint64(i)})
		if err != nil {
			b.Fatal(err)
		}
		games[i] = append([]Move(nil), ms...)
		total += len(ms)
	}
	b.ReportAllocs()
	b.ResetTimer()
	moves := 0
	for i := 0; i < b.N; i++ {
		ms := games[i%n]
		g, err := NewGame(Setup{Players: 4})
		if err != nil {
			b.Fatal(err)
		}
		for _, m := range ms {
			if err := g.Apply(m); err != nil {
				b.Fatal(err)
			}
		}
		moves += len(ms)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
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
