package parquetdir

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/towerlog/towerlog/analytics"
)

// seen is the set of the games a shard has read, on disk: an
// analytics.GameSet in a temporary file beside the shard's temporary
// files (and named like them, so that the next run of the shard removes
// it should a killed run leave it behind), removed with them.
type seen struct {
	*analytics.GameSet
	path string
}

// newSeen creates an empty set in folder, for shard id.
func newSeen(ctx context.Context, folder, id string) (*seen, error) {
	f, err := os.CreateTemp(folder, "."+id+".parquet.tmp-*")
	if err != nil {
		return nil, err
	}
	s := &seen{path: f.Name()}
	f.Close()
	if s.GameSet, err = analytics.NewGameSet(ctx, s.path); err != nil {
		os.Remove(s.path)
		return nil, fmt.Errorf("%s: %w", filepath.Base(s.path), err)
	}
	return s, nil
}

// close closes the set and removes its file.
func (s *seen) close() {
	s.GameSet.Close()
	os.Remove(s.path)
}
