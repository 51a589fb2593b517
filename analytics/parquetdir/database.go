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
// analytics.Open) as shard id of dir, games first, then the other tables
// two at a time. The games' keys become Key(id), in games and in
// the tables that refer to them; all else is copied as it is. The shard
// appears only once every table is written. Its memory does not depend
// on the number of games: the keys are checked, and found for the rows
// that refer to a game, by SQLite's indexes.
func WriteDatabase(ctx context.Context, dir, id string, db *sql.DB) (Stats, error) {
	var st Stats
	s, err := createShard(dir, id)
	if err != nil {
		return st, err
	}
	defer s.discard()

	if err := checkKeys(ctx, db); err != nil {
		return st, err
	}
	err = copyTable(ctx, db, s.games, func(r *analytics.GameRow) (err error) {
		r.GID, err = Key(r.ID)
		return err
	})
	if err != nil {
		return st, err
	}
	g, gctx := errgroup.WithContext(ctx)
	// Each table read at once holds a connection and its page cache (16
	// MiB, 32 MB of memory): two keep both cores busy, all ten would
	// take 320 MB once the tables are large.
	g.SetLimit(2)
	g.Go(func() error {
		return copyGames(gctx, db, s.players, func(r *analytics.PlayerRow) *int64 { return &r.Game })
	})
	g.Go(func() error {
		return copyGames(gctx, db, s.turns, func(r *analytics.TurnRow) *int64 { return &r.Game })
	})
	g.Go(func() error {
		return copyGames(gctx, db, s.seconds, func(r *analytics.SecondFigureRow) *int64 { return &r.Game })
	})
	g.Go(func() error {
		return copyGames(gctx, db, s.scores, func(r *analytics.ScoreRow) *int64 { return &r.Game })
	})
	g.Go(func() error {
		return copyGames(gctx, db, s.captures, func(r *analytics.CaptureRow) *int64 { return &r.Game })
	})
	g.Go(func() error {
		return copyGames(gctx, db, s.exchanges, func(r *analytics.ExchangeRow) *int64 { return &r.Game })
	})
	g.Go(func() error {
		return copyGames(gctx, db, s.ransoms, func(r *analytics.RansomRow) *int64 { return &r.Game })
	})
	g.Go(func() error {
		return copyGames(gctx, db, s.discards, func(r *analytics.DiscardRow) *int64 { return &r.Game })
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

// checkKeys returns an error if two games of db share a key. Keys follow
// the order of the ids (a key is an id's first 63 bits), so games that
// share one are next to each other in the index of games.id: the check
// reads it in order, and remembers one id.
func checkKeys(ctx context.Context, db *sql.DB) error {
	rows, err := db.QueryContext(ctx, "SELECT id FROM games ORDER BY id")
	if err != nil {
		return fmt.Errorf("games: %w", err)
	}
	defer rows.Close()
	last := int64(-1)
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return fmt.Errorf("games: %w", err)
		}
		k, err := Key(id)
		if err != nil {
			return fmt.Errorf("games: %w", err)
		}
		if k == last {
			return fmt.Errorf("games: game %s: its key %d is that of another game", id, k)
		}
		last = k
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("games: %w", err)
	}
	return nil
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

// copyGames writes the rows of T's table in db to t, the game each refers
// to (the column game, a gid of the database) replaced by its key. SQLite
// finds each row's game id by its gid, so that nothing is kept of the
// games copied before.
func copyGames[T any](ctx context.Context, db *sql.DB, t *tableFile[T], game func(*T) *int64) error {
	id := "(SELECT games.id FROM games WHERE games.gid = " + table[T]().Name + ".game)"
	return scanTable(ctx, db, id, func(row *T, id *string) error {
		gid := game(row)
		if id == nil {
			return fmt.Errorf("a row refers to game %d, which is not in games", *gid)
		}
		k, err := Key(*id)
		if err != nil {
			return err
		}
		*gid = k
		return t.add(*row)
	})
}

// ScanTable calls each with every row of the table of db whose rows are
// of type T (analytics.GameRow and the others). The columns are selected
// by name, in the order of T's fields, and scanned into them (a game's
// record as its text); each row is a new one, which each may keep.
func ScanTable[T any](ctx context.Context, db *sql.DB, each func(*T) error) error {
	return scanTable(ctx, db, "", func(row *T, _ *string) error { return each(row) })
}

// scanTable is ScanTable with, when extra is not empty, one more column,
// the SQL expression extra, whose text (nil for NULL) each receives beside
// the row.
func scanTable[T any](ctx context.Context, db *sql.DB, extra string, each func(*T, *string) error) error {
	tab := table[T]()
	cols := tab.Columns
	if extra != "" {
		cols = append(cols[:len(cols):len(cols)], extra)
	}
	var records *analytics.RecordReader
	if tab.Name == "games" {
		var err error
		if records, err = analytics.NewRecordReader(ctx, db); err != nil {
			return fmt.Errorf("%s: %w", tab.Name, err)
		}
		defer records.Close()
	}
	rows, err := db.QueryContext(ctx, "SELECT "+strings.Join(cols, ", ")+" FROM "+tab.Name)
	if err != nil {
		return fmt.Errorf("%s: %w", tab.Name, err)
	}
	defer rows.Close()
	for rows.Next() {
		row := new(T)
		v := reflect.ValueOf(row).Elem()
		dest := make([]any, v.NumField(), v.NumField()+1)
		for i := range dest {
			dest[i] = v.Field(i).Addr().Interface()
		}
		var x *string
		if extra != "" {
			dest = append(dest, &x)
		}
		if err := rows.Scan(dest...); err != nil {
			return fmt.Errorf("%s: %w", tab.Name, err)
		}
		if g, ok := any(row).(*analytics.GameRow); ok && g.Record != nil {
			// Compressed in the database, text in GameRow (and in
			// Parquet, whose pages are compressed as a whole).
			text, err := records.Text(ctx, g.GID, []byte(*g.Record))
			if err != nil {
				return fmt.Errorf("%s: game %s: %w", tab.Name, g.ID, err)
			}
			g.Record = &text
		}
		if err := each(row, x); err != nil {
			return fmt.Errorf("%s: %w", tab.Name, err)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("%s: %w", tab.Name, err)
	}
	return nil
}
