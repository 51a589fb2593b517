package parquetdir

import (
	"context"
	"fmt"

	"golang.org/x/sync/errgroup"

	"github.com/towerlog/towerlog/analytics"
)

// WriteDatabase writes the tables of an analytics database (opened with
// analytics.Open or analytics.OpenReadOnly) as shard id of dir, games first, then the other tables
// two at a time. The games' keys become Key(id), in games and in
// the tables that refer to them; all else is copied as it is. The shard
// appears only once every table is written. Its memory does not depend
// on the number of games: the keys are checked, and found for the rows
// that refer to a game, by SQLite's indexes.
func WriteDatabase(ctx context.Context, dir, id string, db *analytics.Store) (Stats, error) {
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
		return copyGames(gctx, db, s.towers, func(r *analytics.TowerRow) *int64 { return &r.Game })
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
func checkKeys(ctx context.Context, db *analytics.Store) error {
	last := int64(-1)
	err := db.EachGameID(ctx, func(id string) error {
		k, err := Key(id)
		if err != nil {
			return err
		}
		if k == last {
			return fmt.Errorf("game %s: its key %d is that of another game", id, k)
		}
		last = k
		return nil
	})
	if err != nil {
		return fmt.Errorf("games: %w", err)
	}
	return nil
}

// copyTable writes the rows of T's table in db to t, each through fix
// when fix is not nil.
func copyTable[T any](ctx context.Context, db *analytics.Store, t *tableFile[T], fix func(*T) error) error {
	return analytics.ScanTable(ctx, db, func(row *T) error {
		if fix != nil {
			if err := fix(row); err != nil {
				return err
			}
		}
		return t.add(*row)
	})
}

// copyGames writes the rows of T's table in db to t, the game each refers
// to (the column game, a gid of the database) replaced by its key.
func copyGames[T any](ctx context.Context, db *analytics.Store, t *tableFile[T], game func(*T) *int64) error {
	return analytics.ScanGameTable(ctx, db, func(row *T, id *string) error {
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
