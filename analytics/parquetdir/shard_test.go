package parquetdir

import (
	"context"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/towerlog/towerlog/analytics"
)

// listing returns every file below dir, hidden ones included, with its
// contents.
func listing(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		out[path] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestInterrupted: a shard whose run is stopped midway leaves no file,
// neither its own nor a temporary one, and the shard written before
// under the same id stays as it was.
func TestInterrupted(t *testing.T) {
	files := archive(t, 300)
	dir := t.TempDir()
	if _, err := WriteRecords(t.Context(), dir, "night", files[:1], Options{}); err != nil {
		t.Fatal(err)
	}
	before := listing(t, dir)
	if len(before) != len(analytics.Tables) {
		t.Fatalf("%d files after one shard, want one per table: %v", len(before), slices.Collect(maps.Keys(before)))
	}
	for _, id := range []string{"night", "other"} {
		ctx, cancel := context.WithCancel(t.Context())
		games := 0
		_, err := WriteRecords(ctx, dir, id, files, Options{Workers: 2, Progress: func() {
			// Past the first batch, so that the tables' writers have
			// written rows to their temporary files.
			if games++; games == batchGames+10 {
				cancel()
			}
		}})
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("shard %s: stopped with %v, want context.Canceled", id, err)
		}
		after := listing(t, dir)
		for name := range after {
			if _, ok := before[name]; !ok {
				t.Errorf("shard %s: the interrupted run left %s", id, name)
			}
		}
		for name, b := range before {
			if after[name] != b {
				t.Errorf("shard %s: the interrupted run changed %s", id, name)
			}
		}
	}
}

// TestRewrite: writing a shard again replaces its files, and removes the
// temporary files a killed run of it left behind; other shards stay.
func TestRewrite(t *testing.T) {
	files := archive(t, 60)
	dir := t.TempDir()
	for _, id := range []string{"a", "b"} {
		if _, err := WriteRecords(t.Context(), dir, id, files[:1], Options{}); err != nil {
			t.Fatal(err)
		}
	}
	b := listing(t, dir)
	stale := filepath.Join(dir, "turns", ".a.parquet.tmp-123")
	if err := os.WriteFile(stale, []byte("left by a killed run"), 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := WriteRecords(t.Context(), dir, "a", files[1:2], Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the stale temporary file is still there (%v)", err)
	}
	after := listing(t, dir)
	if len(after) != 2*len(analytics.Tables) {
		t.Errorf("%d files, want two shards of %d tables", len(after), len(analytics.Tables))
	}
	for name, data := range b {
		if filepath.Base(name) == "b.parquet" && after[name] != data {
			t.Errorf("%s changed", name)
		}
	}
	games, err := ReadTable[analytics.GameRow](dir)
	if err != nil {
		t.Fatal(err)
	}
	// Shard a now holds the games of the second file, b those of the first.
	count := map[string]int{}
	for _, g := range games {
		count[filepath.Base(g.File)]++
	}
	first, second := filepath.Base(files[0]), filepath.Base(files[1])
	if len(count) != 2 || count[first] != 20 || count[second] != st.Games || st.Games != 20 {
		t.Errorf("games by file %v, shard a wrote %d; want 20 of %s and 20 of %s", count, st.Games, first, second)
	}
}

// TestBadShard: a shard id that could escape its folder or hide its
// files is refused before anything is written.
func TestBadShard(t *testing.T) {
	dir := t.TempDir()
	for _, id := range []string{"", "../x", "a/b", ".hidden", "_meta", "a b"} {
		if _, err := WriteRecords(t.Context(), dir, id, nil, Options{}); err == nil {
			t.Errorf("shard id %q accepted", id)
		}
	}
	if got := listing(t, dir); len(got) != 0 {
		t.Errorf("files written: %v", got)
	}
}

// TestShardMode: a shard's files are created with mode 0644, as every
// other file towerlog writes, not the 0600 of a temporary file.
func TestShardMode(t *testing.T) {
	dir := t.TempDir()
	if _, err := WriteRecords(t.Context(), dir, "night", archive(t, 3), Options{}); err != nil {
		t.Fatal(err)
	}
	for path := range listing(t, dir) {
		info, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if info.Mode().Perm() != 0o644 {
			t.Errorf("%s: mode %v, want -rw-r--r--", path, info.Mode().Perm())
		}
	}
}
