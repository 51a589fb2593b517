package analytics

import (
	"context"
	"database/sql"

	"github.com/towerlog/towerlog/analytics/recordcodec"
)

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
			value = recordcodec.Deflate(text)
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
