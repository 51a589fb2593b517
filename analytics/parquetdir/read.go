package parquetdir

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/parquet-go/parquet-go"
)

// ReadTable reads the rows of the table whose rows are of type T
// (analytics.GameRow and the others) from every shard of dir, shard by
// shard in the order of their names.
func ReadTable[T any](dir string) ([]T, error) {
	files, err := filepath.Glob(filepath.Join(dir, table[T]().Name, "*.parquet"))
	if err != nil {
		return nil, err
	}
	var all []T
	for _, name := range files {
		if all, err = readFile(name, all); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	return all, nil
}

// readFile appends the rows of one file to rows.
func readFile[T any](name string, rows []T) ([]T, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	pf, err := parquet.OpenFile(f, info.Size())
	if err != nil {
		return nil, err
	}
	if !parquet.EqualNodes(pf.Schema(), Schema[T]()) {
		return nil, fmt.Errorf("not a %s table of this version: its schema is %v", table[T]().Name, pf.Schema())
	}
	var opts []parquet.ReaderOption
	for _, o := range columns[T]() {
		opts = append(opts, o.(parquet.ReaderOption))
	}
	r := parquet.NewGenericReader[T](pf, opts...)
	defer r.Close()
	for {
		// A new buffer each time: the rows read keep their strings.
		buf := make([]T, 1024)
		n, err := r.Read(buf)
		rows = append(rows, buf[:n]...)
		if errors.Is(err, io.EOF) {
			return rows, nil
		}
		if err != nil {
			return nil, err
		}
	}
}
