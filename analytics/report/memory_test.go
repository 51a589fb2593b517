package report

import (
	"context"
	"io"
	"runtime"
	"testing"

	"github.com/towerlog/towerlog/analytics/filter"
)

// TestPickerMemoryFlat writes the report of one archive with a picker of
// 10 games and of 100, drawn 10 at a time: the live heap after each chunk
// (after a collection) is no larger with 100 games than with 10, but for
// a margin of a quarter and 256 KiB for what does grow with the games
// offered, their compressed charts (some 1.5 KB a game) and labels.
// Keeping every game's charts until the last is drawn, some 16 KB a
// game, would add 1.4 MB.
func TestPickerMemoryFlat(t *testing.T) {
	ctx := context.Background()
	s, _ := ingested(t, generated(t, 100, 2)...)
	peak := func(games int) uint64 {
		defer func(g, c int, d func()) { pickerGames, pickChunk, chunkDrawn = g, c, d }(pickerGames, pickChunk, chunkDrawn)
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		before, top := m.HeapAlloc, uint64(0)
		pickerGames, pickChunk = games, 10
		chunkDrawn = func() {
			runtime.GC()
			runtime.ReadMemStats(&m)
			top = max(top, m.HeapAlloc-min(m.HeapAlloc, before))
		}
		if err := WriteArchive(ctx, io.Discard, s, filter.Filter{}); err != nil {
			t.Fatal(err)
		}
		return top
	}
	small, large := peak(10), peak(100)
	if large > small+small/4+256<<10 {
		t.Errorf("live heap of the picker: %d bytes for 100 games, %d for 10: want no growth", large, small)
	}
	t.Logf("live heap of the picker: %d bytes for 100 games, %d for 10", large, small)
}
