package analytics

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/towerlog/towerlog/generate"
	"github.com/towerlog/towerlog/replay"
)

// The benchmarks run over a generated archive of -bench.games games,
// kept in -bench.dir between runs when that is set (see
// analytics/bench.sh for the 100,000-game figures).
var (
	benchGames = flag.Int("bench.games", 2000, "games in the benchmark archive")
	benchDir   = flag.String("bench.dir", "", "directory to keep the benchmark archive in (default: a temporary one)")
)

// benchArchive returns the directory of the benchmark archive, generating
// it when it is missing.
func benchArchive(b *testing.B) string {
	b.Helper()
	dir := *benchDir
	if dir == "" {
		dir = filepath.Join(b.TempDir(), "archive")
	} else {
		dir = filepath.Join(dir, "archive-"+strconv.Itoa(*benchGames))
	}
	if _, err := os.Stat(filepath.Join(dir, "complete")); err == nil {
		return dir
	}
	start := time.Now()
	files := max(1, *benchGames/1000)
	if _, err := generate.Archive(context.Background(), dir, generate.ArchiveOptions{Games: *benchGames, Files: files, Seed: 42}); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "complete"), nil, 0o644); err != nil {
		b.Fatal(err)
	}
	b.Logf("generated %d games in %d files in %v", *benchGames, files, time.Since(start))
	return dir
}

// BenchmarkIngest ingests the archive into a new database: parse, replay
// on every core, one writer.
func BenchmarkIngest(b *testing.B) {
	dir := benchArchive(b)
	ctx := context.Background()
	var rows int
	cpu0, _ := cpuTime()
	for b.Loop() {
		b.StopTimer()
		s := openBench(b)
		b.StartTimer()
		st, err := s.Ingest(ctx, []string{dir}, IngestOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if st.Added != *benchGames {
			b.Fatalf("added %d games, want %d", st.Added, *benchGames)
		}
		rows = st.Rows
		b.StopTimer()
		s.Close()
		b.StartTimer()
	}
	reportCPU(b, cpu0)
	b.ReportMetric(float64(*benchGames)*float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}

// BenchmarkBareInsert writes the same rows as BenchmarkIngest through the
// same writer, the games parsed and replayed beforehand: the cost of the
// database alone.
func BenchmarkBareInsert(b *testing.B) {
	dir := benchArchive(b)
	ctx := context.Background()
	files, err := replay.ExpandPaths([]string{dir})
	if err != nil {
		b.Fatal(err)
	}
	var all []*gameRows
	err = replay.RunWith(ctx, files, replay.RunOptions{}, newRows, func(_ *replay.Game, r *gameRows) error {
		all = append(all, r)
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	var rows int
	cpu0, _ := cpuTime()
	for b.Loop() {
		b.StopTimer()
		s := openBench(b)
		in := make(chan *gameRows, len(all))
		for _, r := range all {
			in <- r
		}
		close(in)
		b.StartTimer()
		var st IngestStats
		if err := s.write(ctx, in, 200_000, &st); err != nil {
			b.Fatal(err)
		}
		rows = st.Rows
		b.StopTimer()
		s.Close()
		b.StartTimer()
	}
	reportCPU(b, cpu0)
	b.ReportMetric(float64(len(all))*float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}

func openBench(b *testing.B) *Store {
	b.Helper()
	s, err := Open(context.Background(), filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	return s
}

func reportCPU(b *testing.B, since time.Duration) {
	if now, ok := cpuTime(); ok {
		b.ReportMetric((now-since).Seconds()/float64(b.N), "cpu-s/op")
	}
}

// BenchmarkReport writes the archive report of the ingested archive.
func BenchmarkReport(b *testing.B) {
	dir := benchArchive(b)
	ctx := context.Background()
	s := openBench(b)
	defer s.Close()
	if _, err := s.Ingest(ctx, []string{dir}, IngestOptions{}); err != nil {
		b.Fatal(err)
	}
	var size int
	cpu0, _ := cpuTime()
	b.ResetTimer()
	for b.Loop() {
		var w countingWriter
		if err := s.WriteReport(ctx, &w, Filter{}); err != nil {
			b.Fatal(err)
		}
		size = int(w)
	}
	reportCPU(b, cpu0)
	b.ReportMetric(float64(size)/1e6, "MB")
}

type countingWriter int

func (w *countingWriter) Write(p []byte) (int, error) {
	*w += countingWriter(len(p))
	return len(p), nil
}
