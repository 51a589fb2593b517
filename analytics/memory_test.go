package analytics

import (
	"context"
	"runtime"
	"testing"
)

// peakLiveHeap ingests an archive of n games and returns the largest live
// heap (after a collection) seen every 100 games, and the live heap before
// the ingest began.
func peakLiveHeap(t *testing.T, n int) (peak, before uint64) {
	t.Helper()
	dir := testArchive(t, n, 4)
	s := openTemp(t)
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	before = m.HeapAlloc
	read := 0
	progress := func() {
		if read++; read%100 == 0 {
			runtime.GC()
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapAlloc)
		}
	}
	st, err := s.Ingest(context.Background(), []string{dir}, IngestOptions{Workers: 2, BatchRows: 5000, Progress: progress})
	if err != nil || st.Added != n {
		t.Fatalf("%+v, %v; want %d games added", st, err, n)
	}
	return peak, before
}

// TestIngestMemoryFlat ingests 300 games and then 3,000, in batches of
// 5,000 rows (some 30 games; ten batches and a hundred): the live heap of
// the larger ingest is no larger than the smaller one's, but for a margin
// of a tenth and 4 MB. Its peak is that of one batch of rows and the
// games queued for the writer, whatever the number of games.
func TestIngestMemoryFlat(t *testing.T) {
	smallPeak, smallBase := peakLiveHeap(t, 300)
	largePeak, largeBase := peakLiveHeap(t, 3000)
	small, large := smallPeak-min(smallPeak, smallBase), largePeak-min(largePeak, largeBase)
	if large > small+small/10+4<<20 {
		t.Errorf("live heap of the ingest: %d bytes for 3,000 games, %d for 300: want no growth", large, small)
	}
	t.Logf("live heap of the ingest: %d bytes for 3,000 games, %d for 300", large, small)
}
