package report

import (
	"context"
	"io"
	"runtime"
	"testing"

	"github.com/towerlog/towerlog/analytics/filter"
)

// TestPickerMemoryFlat writes the report of an archive with a picker of
// 200 games drawn 10 at a time, and reads the live heap (after a
// collection) after each chunk: after the last chunk it is no more than
// 1 MB above what it was after the first. What does grow with the games
// offered, their compressed charts (some 1.5 KB a game) and labels, adds
// some 300 KB over the 190 games drawn after the first chunk; keeping
// every game's charts until the last is drawn, some 16 KB a game, would
// add 3 MB. Both readings are of the same run, so the heap the test's
// setup leaves behind weighs on both alike.
func TestPickerMemoryFlat(t *testing.T) {
	ctx := context.Background()
	s, _ := ingested(t, generated(t, 200, 2)...)
	defer func(g, c int, d func()) { pickerGames, pickChunk, chunkDrawn = g, c, d }(pickerGames, pickChunk, chunkDrawn)
	var m runtime.MemStats
	var heaps []uint64
	pickerGames, pickChunk = 200, 10
	chunkDrawn = func() {
		runtime.GC()
		runtime.ReadMemStats(&m)
		heaps = append(heaps, m.HeapAlloc)
	}
	if err := WriteArchive(ctx, io.Discard, s, filter.Filter{}); err != nil {
		t.Fatal(err)
	}
	if len(heaps) != 20 {
		t.Fatalf("%d chunks drawn, want 20", len(heaps))
	}
	first, last := heaps[0], heaps[len(heaps)-1]
	if last > first+1<<20 {
		t.Errorf("live heap of the picker: %d bytes after its last chunk, %d after its first: want no growth", last, first)
	}
	t.Logf("live heap of the picker: %d bytes after its last chunk, %d after its first", last, first)
}
