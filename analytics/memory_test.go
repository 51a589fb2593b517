package analytics

import (
	"context"
	"runtime"
	"testing"
)

// TestIngestMemoryFlat ingests 3,000 games in batches of 5,000 rows (some
// 30 games) and reads the live heap (after a collection) every 100 games.
// The largest of the second half of the ingest is no larger than the
// largest of the first half (after its first 300 games, which fill the
// queues and caches), but for a margin of a tenth and 4 MB: the peak is
// that of one batch of rows and the games queued for the writer, whatever
// the number of games stored before. The two halves are read alike (as
// many samples, the same process, the same load on the machine), so a
// heap that grows by 3 KB a game, a game's record kept, shows as 4 MB
// more.
func TestIngestMemoryFlat(t *testing.T) {
	const n = 3000
	dir := testArchive(t, n, 4)
	s := openTemp(t)
	var m runtime.MemStats
	var first, second uint64
	read := 0
	progress := func() {
		if read++; read%100 != 0 || read <= 300 {
			return
		}
		runtime.GC()
		runtime.ReadMemStats(&m)
		if read <= 300+(n-300)/2 {
			first = max(first, m.HeapAlloc)
		} else {
			second = max(second, m.HeapAlloc)
		}
	}
	st, err := s.Ingest(context.Background(), []string{dir}, IngestOptions{Workers: 2, BatchRows: 5000, Progress: progress})
	if err != nil || st.Added != n {
		t.Fatalf("%+v, %v; want %d games added", st, err, n)
	}
	if second > first+first/10+4<<20 {
		t.Errorf("live heap of the ingest: %d bytes at most in its second half, %d in its first: want no growth", second, first)
	}
	t.Logf("live heap of the ingest: %d bytes at most in its second half, %d in its first", second, first)
}
