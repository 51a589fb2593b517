package analytics

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

func init() { goSteps["migrations/0007_finished.sql"] = finishedStep }

// finishedBatch is how many stored records finishedStep replays at a
// time: its memory is that of one batch, however many games are stored.
const finishedBatch = 100

// finishedStep decides, by replaying its stored record, whether each game
// not known to be finished is: a finished game gets the engine's result,
// an unfinished one loses its winner and its places. A game stored
// without its record (before records were kept) stays unfinished until
// its file is ingested again.
func finishedStep(ctx context.Context, tx *sql.Tx) (string, error) {
	var last int64
	for {
		type stored struct {
			gid    int64
			record string
		}
		var batch []stored
		err := EachRow(ctx, tx, `SELECT gid, record FROM games WHERE gid > ? AND finished = 0 AND record IS NOT NULL
			ORDER BY gid LIMIT ?`, []any{last, finishedBatch}, func(rows *sql.Rows) error {
			var s stored
			var v any
			if err := rows.Scan(&s.gid, &v); err != nil {
				return err
			}
			text, _, err := recordValue(v)
			if err != nil {
				return fmt.Errorf("game %d: %w", s.gid, err)
			}
			s.record = text
			batch = append(batch, s)
			return nil
		})
		if err != nil || len(batch) == 0 {
			return "", err
		}
		for _, s := range batch {
			if err := decideFinished(ctx, tx, s.gid, s.record); err != nil {
				return "", fmt.Errorf("game %d: %w", s.gid, err)
			}
		}
		last = batch[len(batch)-1].gid
	}
}

// decideFinished replays the stored record of game gid and writes the
// engine's verdict.
func decideFinished(ctx context.Context, tx *sql.Tx, gid int64, text string) error {
	rg, err := record.NewParser().Parse(record.RawGame{Src: []byte(text)})
	if err != nil {
		return fmt.Errorf("its stored record does not parse: %w", err)
	}
	g := replay.Replay("stored", 1, rg, replay.Options{Lenient: true})
	if g.Finished() {
		_, err = tx.ExecContext(ctx, `UPDATE games SET finished = 1, result = ? WHERE gid = ?`, g.Result().String(), gid)
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE games SET result = '*', winner = NULL WHERE gid = ?`, gid); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `UPDATE players SET rank = 0 WHERE game = ?`, gid)
	return err
}
