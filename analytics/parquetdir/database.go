package parquetdir

import (
	"context"
	"database/sql"
	"fmt"
	"reflect"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/towerlog/towerlog/analytics"
)

// WriteDatabase writes the tables of an analytics database (opened with
// analytics.Open) as shard id of dir, every table but games on a
// goroutine of its own. The games' keys become Key(id), in games and in
// the tables that refer to them; all else is copied as it is. The shard
// appears only once every table is written.
func WriteDatabase(ctx context.Context, dir, id string, db *sql.DB) (Stats, error) {
	var st Stats
	s, err := createShard(dir, id)
	if err != nil {
		return st, err
	}
	defer s.discard()

	keys := map[int64]int64{} // gid in the database → key
	taken := map[int64]bool{} // the keys given
	err = copyTable(ctx, db, s.games, func(r *analytics.GameRow) error {
		k, err := Key(r.ID)
		if err != nil {
			return err
		}
		if taken[k] {
			return fmt.Errorf("game %s: its key %d is that of another game", r.ID, k)
		}
		taken[k] = true
		keys[r.GID] = k
		r.GID = k
		return nil
	})
	if err != nil {
		return st, err
	}
	rekey := func(gid *int64) error {
		k, ok := keys[*gid]
		if !ok {
			return fmt.Errorf("a row refers to game %d, which is not in games", *gid)
		}
		*gid = k
		return nil
	}
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		return copyTable(gctx, db, s.players, func(r *analytics.PlayerRow) error { return rekey(&r.Game) })
	})
	g.Go(func() error {
		return copyTable(gctx, db, s.turns, func(r *analytics.TurnRow) error { return rekey(&r.Game) })
	})
	g.Go(func() error {
		return copyTable(gctx, db, s.seconds, func(r *analytics.SecondFigureRow) error { return rekey(&r.Game) })
	})
	g.Go(func() error {
		return copyTable(gctx, db, s.scores, func(r *analytics.ScoreRow) error { return rekey(&r.Game) })
	})
	g.Go(func() error {
		return copyTable(gctx, db, s.captures, func(r *analytics.CaptureRow) error { return rekey(&r.Game) })
	})
	g.Go(func() error {
		return copyTable(gctx, db, s.exchanges, func(r *analytics.ExchangeRow) error { return rekey(&r.Game) })
	})
	g.Go(func() error {
		return copyTable(gctx, db, s.ransoms, func(r *analytics.RansomRow) error { return rekey(&r.Game) })
	})
	g.Go(func() error {
		return copyTable(gctx, db, s.discards, func(r *analytics.DiscardRow) error { return rekey(&r.Game) })
	})
	g.Go(func() error { return copyTable(gctx, db, s.invalid, nil) })
	g.Go(func() error { return copyTable(gctx, db, s.diagnostics, nil) })
	if err := g.Wait(); err != nil {
		return st, err
	}
	if err := s.commit(); err != nil {
		return st, err
	}
	st.Games, st.Invalid, st.Rows = s.games.rows, s.invalid.rows, s.rows()
	return st, nil
}

// copyTable writes the rows of T's table in db to t, each through fix
// when fix is not nil.
func copyTable[T any](ctx context.Context, db *sql.DB, t *tableFile[T], fix func(*T) error) error {
	return ScanTable(ctx, db, func(row *T) error {
		if fix != nil {
			if err := fix(row); err != nil {
				return err
			}
		}
		return t.add(*row)
	})
}

// ScanTable calls each with every row of the table of db whose rows are
// of type T (analytics.GameRow and the others). The columns are selected
// by name, in the order of T's fields, and scanned into them (a game's
// record as its text); each row is a new one, which each may keep.
func ScanTable[T any](ctx context.Context, db *sql.DB, each func(*T) error) error {
	tab := table[T]()
	rows, err := db.QueryContext(ctx, "SELECT "+strings.Join(tab.Columns, ", ")+" FROM "+tab.Name)
	if err != nil {
		return fmt.Errorf("%s: %w", tab.Name, err)
	}
	defer rows.Close()
	for rows.Next() {
		row := new(T)
		v := reflect.ValueOf(row).Elem()
		dest := make([]any, v.NumField())
		for i := range dest {
			dest[i] = v.Field(i).Addr().Interface()
		}
		if err := rows.Scan(dest...); err != nil {
			return fmt.Errorf("%s: %w", tab.Name, err)
		}
		if g, ok := any(row).(*analytics.GameRow); ok && g.Record != nil {
			// Compressed in the database, text in GameRow (and in
			// Parquet, whose pages are compressed as a whole).
			text, err := analytics.RecordText([]byte(*g.Record))
			if err != nil {
				return fmt.Errorf("%s: game %s: %w", tab.Name, g.ID, err)
			}
			g.Record = &text
		}
		if err := each(row); err != nil {
			return fmt.Errorf("%s: %w", tab.Name, err)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("%s: %w", tab.Name, err)
	}
	return nil
}
