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

// The records as migration 8 stored them: raw DEFLATE, each on its own.
// Migrations 6 to 8 read and write them so; migration 10 compresses them
// against their rows (recorddict.go), as the ingest stores them now.

// deflaters keeps the writers of deflateRecord: a flate writer holds
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

// deflateRecord returns a record's text as migration 8 stored it: raw
// DEFLATE (RFC 1951) at the best speed. A 4-player record of 3.5 KB takes
// about 1,320 bytes.
func deflateRecord(text string) []byte {
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

// inflateRecord returns the text of a record stored by deflateRecord.
func inflateRecord(stored []byte) (string, error) {
	text, err := inflate(flate.NewReader(bytes.NewReader(stored)))
	if err != nil {
		return "", fmt.Errorf("stored record: %w", err)
	}
	return text, nil
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
			value = deflateRecord(text)
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
