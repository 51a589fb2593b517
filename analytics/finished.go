package analytics

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// finishedStep decides, by replaying its stored record, whether each game
// not known to be finished is: a finished game gets the engine's result,
// an unfinished one loses its winner and its places. A game stored
// without its record (before records were kept) stays unfinished until
// its file is ingested again.
func finishedStep(ctx context.Context, tx *sql.Tx) (string, error) {
	return "", eachStored(ctx, tx, "finished = 0", func(gid int64, stored any) error {
		text, _, err := recordValue(stored)
		if err == nil {
			err = decideFinished(ctx, tx, gid, text)
		}
		if err != nil {
			return fmt.Errorf("game %d: %w", gid, err)
		}
		return nil
	})
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
