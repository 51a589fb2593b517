package replay

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
)

// benchCorpus returns n generated 4-player Tower games as canonical CGN.
func benchCorpus(b *testing.B, n int) []byte {
	b.Helper()
	gen := engine.NewGenerator()
	var buf bytes.Buffer
	for i := 0; i < n; i++ {
		rg, err := generated(gen, engine.GenOptions{Players: 4, Seed: uint64(i)}, map[string]string{"Event": "bench"})
		if err != nil {
			b.Fatal(err)
		}
		if i > 0 {
			buf.WriteByte('\n')
		}
		record.Format(&buf, rg)
	}
	return buf.Bytes()
}

// BenchmarkReplay replays parsed 4-player Tower games (no parsing).
func BenchmarkReplay(b *testing.B) {
	games, err := record.Parse(bytes.NewReader(benchCorpus(b, 200)), "bench.cgn")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g := Replay("bench.cgn", 1, games[i%len(games)], Options{})
		if !g.Valid() {
			b.Fatal(g.Diagnostics[0].Error())
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkParse parses the same games without replaying them.
func BenchmarkParse(b *testing.B) {
	src := benchCorpus(b, 200)
	b.SetBytes(int64(len(src)) / 200)
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for n < b.N {
		sc := record.NewScanner(bytes.NewReader(src), "bench.cgn")
		for n < b.N && sc.Scan() {
			n++
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkValidate parses and replays games from a file on the given
// number of workers, as `towerlog validate` does.
func BenchmarkValidate(b *testing.B) {
	dir := b.TempDir()
	src := benchCorpus(b, 2000)
	path := filepath.Join(dir, "corpus.cgn")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		b.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		b.Run(map[int]string{1: "workers=1", 2: "workers=2"}[workers], func(b *testing.B) {
			b.SetBytes(int64(len(src)) / 2000)
			b.ReportAllocs()
			n := 0
			for n < b.N {
				err := RunSummaries(context.Background(), []string{path}, RunOptions{Workers: workers}, (*Game).Valid, func(bool) error {
					n++
					return nil
				})
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "games/s")
		})
	}
}
