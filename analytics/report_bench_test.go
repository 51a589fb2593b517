package analytics_test

// The archive report's benchmark is here, beside the ingest's, to share
// its archive, flags and figures (analytics/bench.sh runs them in turn).

import (
	"context"
	"testing"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/filter"
	"github.com/towerlog/towerlog/report"
)

// BenchmarkReport writes the archive report of the ingested archive.
func BenchmarkReport(b *testing.B) {
	dir := analytics.BenchArchive(b)
	ctx := context.Background()
	s := analytics.OpenBench(b)
	defer s.Close()
	if _, err := s.Ingest(ctx, []string{dir}, analytics.IngestOptions{}); err != nil {
		b.Fatal(err)
	}
	var size int
	cpu0, _ := analytics.CPUTime()
	b.ResetTimer()
	for b.Loop() {
		var w countingWriter
		if err := report.WriteArchive(ctx, &w, s, filter.Filter{}); err != nil {
			b.Fatal(err)
		}
		size = int(w)
	}
	analytics.ReportCPU(b, cpu0)
	b.ReportMetric(float64(size)/1e6, "MB")
}

type countingWriter int

func (w *countingWriter) Write(p []byte) (int, error) {
	*w += countingWriter(len(p))
	return len(p), nil
}
