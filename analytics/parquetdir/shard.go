package parquetdir

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/parquet-go/parquet-go"

	"github.com/towerlog/towerlog/analytics"
)

// bufferRows is the number of rows a table's writer gathers before it
// hands them to parquet-go in one call. A batch of the games table holds
// the batch's records in full, and parquet-go copies them once more: 4,096
// rows were some 35 MB of the Go heap, and the collector ran the more for
// it under the memory limit. With 512, 100,000 games take 0.76 times the
// CPU and 118 MiB instead of 136 at the peak (medians of three runs, one
// process of two cores); 128 does no better.
const bufferRows = 512

// tableFile is the file of one table of a shard, written under a hidden
// temporary name in the table's folder until the shard commits.
type tableFile[T any] struct {
	name string // DIR/TABLE/SHARD.parquet
	tmp  *os.File
	bw   *bufio.Writer
	w    *parquet.GenericWriter[T]
	buf  []T
	rows int
	// flushed is the writer's size after the last row group written:
	// what it holds beyond is the group being filled.
	flushed int64
}

// shardPerm is the mode of a shard's files.
const shardPerm = 0o644

func createTable[T any](dir, shard string) (*tableFile[T], error) {
	folder := filepath.Join(dir, table[T]().Name)
	if err := os.MkdirAll(folder, 0o755); err != nil {
		return nil, err
	}
	name := filepath.Join(folder, shard+".parquet")
	// The temporary name starts with '.': DuckDB's *.parquet globs and
	// Spark skip it, should a killed run leave it behind.
	tmp, err := os.CreateTemp(folder, "."+shard+".parquet.tmp-*")
	if err != nil {
		return nil, err
	}
	// CreateTemp makes the file 0600; a shard is an output like the
	// others, which everyone may read (internal/atomicfile).
	if err := tmp.Chmod(shardPerm); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, err
	}
	bw := bufio.NewWriterSize(tmp, 64<<10)
	return &tableFile[T]{name: name, tmp: tmp, bw: bw, w: parquet.NewGenericWriter[T](bw, writerOptions[T]()...),
		buf: make([]T, 0, bufferRows)}, nil
}

// add writes rows.
func (t *tableFile[T]) add(rows ...T) error {
	t.buf = append(t.buf, rows...)
	t.rows += len(rows)
	if len(t.buf) < bufferRows {
		return nil
	}
	return t.flush()
}

// flush hands the buffered rows to the writer, and writes the row group
// being filled once it holds groupBytes (the writer itself writes it at
// groupRows rows).
func (t *tableFile[T]) flush() error {
	_, err := t.w.Write(t.buf)
	clear(t.buf) // let the rows' strings go
	t.buf = t.buf[:0]
	if err == nil && t.w.Size()-t.flushed >= groupBytes {
		err = t.w.Flush()
		t.flushed = t.w.Size()
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", t.name, err)
	}
	return nil
}

// finish writes what remains and the file's footer, and closes the
// temporary file.
func (t *tableFile[T]) finish() error {
	err := t.flush()
	if err == nil {
		err = t.w.Close()
	}
	if err == nil {
		err = t.bw.Flush()
	}
	if err == nil {
		err = t.tmp.Sync()
	}
	if cerr := t.tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", t.name, err)
	}
	return nil
}

// commit renames the finished temporary file over the table's file.
func (t *tableFile[T]) commit() error { return os.Rename(t.tmp.Name(), t.name) }

// discard closes and removes the temporary file (harmless once
// committed: the name is gone).
func (t *tableFile[T]) discard() {
	t.tmp.Close()
	os.Remove(t.tmp.Name())
}

// file is a tableFile of any row type.
type file interface {
	finish() error
	commit() error
	discard()
}

// shard is the files of one shard, one per table of analytics.Tables.
type shard struct {
	games       *tableFile[analytics.GameRow]
	players     *tableFile[analytics.PlayerRow]
	turns       *tableFile[analytics.TurnRow]
	towers      *tableFile[analytics.TowerRow]
	seconds     *tableFile[analytics.SecondFigureRow]
	scores      *tableFile[analytics.ScoreRow]
	captures    *tableFile[analytics.CaptureRow]
	exchanges   *tableFile[analytics.ExchangeRow]
	ransoms     *tableFile[analytics.RansomRow]
	discards    *tableFile[analytics.DiscardRow]
	invalid     *tableFile[analytics.InvalidGameRow]
	diagnostics *tableFile[analytics.DiagnosticRow]
	files       []file // the above, in the order of analytics.Tables
}

// createShard creates the temporary files of shard id in dir, after
// removing those a killed run of the same shard left behind.
func createShard(dir, id string) (s *shard, err error) {
	if err := CheckShard(id); err != nil {
		return nil, err
	}
	for _, t := range analytics.Tables {
		stale, _ := filepath.Glob(filepath.Join(dir, t.Name, "."+id+".parquet.tmp-*"))
		for _, f := range stale {
			if err := os.Remove(f); err != nil {
				return nil, err
			}
		}
	}
	s = &shard{}
	defer func() {
		if err != nil {
			s.discard()
		}
	}()
	// In the order of analytics.Tables, parents before children; the
	// folders are created with the files.
	opens := []func() error{
		func() error { return open(s, &s.games, dir, id) },
		func() error { return open(s, &s.players, dir, id) },
		func() error { return open(s, &s.turns, dir, id) },
		func() error { return open(s, &s.towers, dir, id) },
		func() error { return open(s, &s.seconds, dir, id) },
		func() error { return open(s, &s.scores, dir, id) },
		func() error { return open(s, &s.captures, dir, id) },
		func() error { return open(s, &s.exchanges, dir, id) },
		func() error { return open(s, &s.ransoms, dir, id) },
		func() error { return open(s, &s.discards, dir, id) },
		func() error { return open(s, &s.invalid, dir, id) },
		func() error { return open(s, &s.diagnostics, dir, id) },
	}
	for _, o := range opens {
		if err := o(); err != nil {
			return s, err
		}
	}
	if len(s.files) != len(analytics.Tables) {
		return s, errors.New("parquetdir: a table of analytics.Tables has no file")
	}
	return s, nil
}

// open creates the file of a table of s.
func open[T any](s *shard, f **tableFile[T], dir, id string) error {
	t, err := createTable[T](dir, id)
	if err != nil {
		return err
	}
	*f = t
	s.files = append(s.files, t)
	return nil
}

// commit finishes every file and renames them into place, games last, so
// that a game is listed only once its rows are all there.
func (s *shard) commit() error {
	defer s.discard()
	for _, f := range s.files {
		if err := f.finish(); err != nil {
			return err
		}
	}
	for i := len(s.files) - 1; i >= 0; i-- {
		if err := s.files[i].commit(); err != nil {
			return err
		}
	}
	return nil
}

// discard removes the temporary files not yet renamed.
func (s *shard) discard() {
	for _, f := range s.files {
		f.discard()
	}
}

// rows is the number of rows written, all tables together.
func (s *shard) rows() int {
	return s.games.rows + s.players.rows + s.turns.rows + s.towers.rows + s.seconds.rows + s.scores.rows + s.captures.rows + s.exchanges.rows +
		s.ransoms.rows + s.discards.rows + s.invalid.rows + s.diagnostics.rows
}
