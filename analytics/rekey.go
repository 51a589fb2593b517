package analytics

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/towerlog/towerlog/analytics/identity"

	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// rekey gives every stored game with a record its identity of today, in
// the temporary table rekey first, then merges the games that share one
// and writes the identities into games.id. It says how many games it
// merged into others.
func rekey(ctx context.Context, tx *sql.Tx) (string, error) {
	defer tx.ExecContext(context.WithoutCancel(ctx), `DROP TABLE IF EXISTS temp.rekey`)
	err := eachStored(ctx, tx, "1", func(gid int64, _ any) error { return rekeyGame(ctx, tx, gid) })
	if err != nil {
		return "", err
	}
	merged, err := mergeDuplicates(ctx, tx)
	if err != nil {
		return "", err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE games SET id = (SELECT id FROM temp.rekey r WHERE r.gid = games.gid)
		WHERE gid IN (SELECT gid FROM temp.rekey)`); err != nil {
		return "", err
	}
	if merged == 0 {
		return "", nil
	}
	noun := "copies"
	if merged == 1 {
		noun = "copy"
	}
	return fmt.Sprintf("%d stored %s of games stored before merged into them: a game is what was played, whatever the spelling of its tags",
		merged, noun), nil
}

// rekeyGame replays the record of the game gid and notes its identity. A
// record that no longer replays as valid keeps the id it has.
func rekeyGame(ctx context.Context, tx *sql.Tx, gid int64) error {
	rg, file, idx, err := loadStored(ctx, tx, gid)
	var pe *storedParseError
	if errors.As(err, &pe) {
		return nil
	}
	if err != nil {
		return err
	}
	g := replay.Replay(file, int(idx), rg, replay.Options{Lenient: true})
	if !g.Valid() {
		return nil
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO temp.rekey (gid, id) VALUES (?, ?)`, gid, identity.Of(g))
	return err
}

// mergeDuplicates merges every set of games of one identity into the one
// stored first, copy after copy in the order they were stored, and
// returns the number of games merged into another.
func mergeDuplicates(ctx context.Context, tx *sql.Tx) (int, error) {
	ids, err := queryColumn[string](ctx, tx, `SELECT id FROM temp.rekey GROUP BY id HAVING count(*) > 1 ORDER BY min(gid)`)
	if err != nil {
		return 0, err
	}
	look, err := newStoredLookup(ctx, tx, false, false)
	if err != nil {
		return 0, err
	}
	defer look.close()
	merged := 0
	for _, id := range ids {
		gids, err := queryColumn[int64](ctx, tx, `SELECT gid FROM temp.rekey WHERE id = ? ORDER BY gid`, id)
		if err != nil {
			return 0, err
		}
		if err := mergeGames(ctx, tx, look, id, gids); err != nil {
			return 0, err
		}
		merged += len(gids) - 1
	}
	return merged, nil
}

// storedParseError is a stored record that does not parse.
type storedParseError struct {
	File  string
	Index int64
	Err   error
}

func (e *storedParseError) Error() string {
	return fmt.Sprintf("game stored from %s#%d: %v", e.File, e.Index, e.Err)
}

func (e *storedParseError) Unwrap() error { return e.Err }

// loadStored returns the parsed record of the stored game gid, and the
// file and index it was last read from.
func loadStored(ctx context.Context, tx *sql.Tx, gid int64) (rg *record.Game, file string, idx int64, err error) {
	if err := tx.QueryRowContext(ctx, `SELECT file, idx FROM games WHERE gid = ?`, gid).Scan(&file, &idx); err != nil {
		return nil, "", 0, err
	}
	text, _, err := storedRecord(ctx, tx, gid)
	if err != nil {
		return nil, "", 0, err
	}
	rg, err = record.NewParser().Parse(record.RawGame{Src: []byte(text)})
	if err != nil {
		return nil, "", 0, &storedParseError{file, idx, err}
	}
	return rg, file, idx, nil
}

// mergeGames merges the games gids (in the order stored) into the first.
func mergeGames(ctx context.Context, tx *sql.Tx, look *storedLookup, id string, gids []int64) error {
	var acc *record.Game
	var file string
	var idx int64
	for i, gid := range gids {
		rg, f, n, err := loadStored(ctx, tx, gid)
		if err != nil {
			return err
		}
		file, idx = f, n
		if i == 0 {
			acc = rg
			continue
		}
		acc, _ = identity.Merge(acc, rg, false)
		for _, q := range []string{`DELETE FROM games WHERE gid = ?`, `DELETE FROM temp.rekey WHERE gid = ?`} {
			if _, err := tx.ExecContext(ctx, q, gid); err != nil {
				return err
			}
		}
	}
	return look.reannotate(gids[0], id, file, idx, acc)
}

// queryColumn returns the values of a one-column query.
func queryColumn[T any](ctx context.Context, tx *sql.Tx, query string, args ...any) ([]T, error) {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		var v T
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
