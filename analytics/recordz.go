package analytics

import (
	"bytes"
	"compress/flate"
	"context"
	"database/sql"
	"fmt"
	"io"
	"sync"
)

// maxRecordBytes bounds the text a stored record inflates to, so that a
// damaged or hostile database cannot make a reader allocate without
// limit; a game's record takes a few KB.
const maxRecordBytes = 64 << 20

// deflaters keeps the writers of compressRecord: a flate writer holds
// about 1 MB of tables, which making one a game would allocate again for
// every game stored (measured: 1.2 MB and 23 allocations a record, against
// 4 KB and 5 with a writer reused through Reset, and a quarter of the time).
var deflaters = sync.Pool{New: func() any {
	w, err := flate.NewWriter(nil, flate.BestSpeed)
	if err != nil {
		panic(err) // only for an invalid level
	}
	return w
}}

// compressRecord returns a record's text as games.record stores it: raw
// DEFLATE (RFC 1951) at the best speed. A 4-player record of 3.5 KB takes
// about 1,320 bytes. Slower levels gain little on a record compressed on
// its own (1,200 bytes at the best compression, 960 with a preset
// dictionary of typical records), for ten to twenty-five times the CPU
// of an ingest's workers.
func compressRecord(text string) []byte {
	var buf bytes.Buffer
	buf.Grow(len(text) / 2)
	w := deflaters.Get().(*flate.Writer)
	defer deflaters.Put(w)
	w.Reset(&buf)
	// Writes to a bytes.Buffer do not fail.
	io.WriteString(w, text)
	w.Close()
	return buf.Bytes()
}

// RecordText returns the text of a record as games.record stores it
// (compressed by the ingest, see docs/schema.md).
func RecordText(stored []byte) (string, error) {
	r := flate.NewReader(bytes.NewReader(stored))
	defer r.Close()
	var out bytes.Buffer
	n, err := out.ReadFrom(io.LimitReader(r, maxRecordBytes+1))
	if err != nil {
		return "", fmt.Errorf("stored record: %w", err)
	}
	if n > maxRecordBytes {
		return "", fmt.Errorf("stored record: longer than %d bytes", maxRecordBytes)
	}
	return out.String(), nil
}

func init() { goSteps["migrations/0008_record_deflate.sql"] = recordDeflate }

// recordDeflate is the Go step of migration 0008: it compresses the
// records of games, a page at a time (eachStored), into record_deflate, and
// makes that column games.record. A record written compressed already
// (by an earlier migration's Go step, which writes as the ingest does) is
// kept as it is.
func recordDeflate(ctx context.Context, tx *sql.Tx) (string, error) {
	update, err := tx.PrepareContext(ctx, `UPDATE games SET record_deflate = ? WHERE gid = ?`)
	if err != nil {
		return "", err
	}
	defer update.Close()
	err = eachStored(ctx, tx, "1", func(gid int64, value any) error {
		if text, ok := value.(string); ok {
			value = compressRecord(text)
		}
		_, err := update.ExecContext(ctx, value, gid)
		return err
	})
	if err != nil {
		return "", err
	}
	_, err = tx.ExecContext(ctx, `ALTER TABLE games DROP COLUMN record; ALTER TABLE games RENAME COLUMN record_deflate TO record`)
	return "", err
}
