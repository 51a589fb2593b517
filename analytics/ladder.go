package analytics

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/towerlog/towerlog/analytics/filter"
	"github.com/towerlog/towerlog/analytics/rating"
)

// ratingOrder is the ORDER BY of RatingOrder, over games g.
const ratingOrder = "coalesce(g.date, ''), coalesce(g.round, '') COLLATE " + roundCollation + ", g.id, g.gid"

// Ladder returns the Glicko-2 ratings of the finished games f selects,
// counted in RatingOrder, without the players' histories (see
// RatingHistory). Without a filter it reads the stored ladder of every
// finished game (the ratings table) when that is up to date, and rates
// the games otherwise: the ratings are the same to the last bit. When f
// selects nothing, the error is a *filter.NoGamesError.
func (s *Store) Ladder(ctx context.Context, f filter.Filter) (*rating.Ladder, error) {
	if f.IsZero() {
		if _, err := s.CountGames(ctx, f); err != nil {
			return nil, err
		}
		if l, err := s.storedLadder(ctx); err != nil || l != nil {
			return l, err
		}
	}
	l := rating.Restore(rating.State{})
	return l, s.rate(ctx, f, l)
}

// storedLadder returns the stored ladder, or nil when it is stale.
func (s *Store) storedLadder(ctx context.Context) (*rating.Ladder, error) {
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	st, stale, _, err := storedRatings(ctx, tx)
	if err != nil || stale != 0 {
		return nil, err
	}
	return rating.Restore(st), nil
}

// RatingHistory is Ladder with each player's rating history (see
// rating.Ladder.History), which only rating the games gives.
func (s *Store) RatingHistory(ctx context.Context, f filter.Filter) (*rating.Ladder, error) {
	l := rating.NewLadder()
	return l, s.rate(ctx, f, l)
}

// rate adds the finished games f selects to l, in RatingOrder.
func (s *Store) rate(ctx context.Context, f filter.Filter, l *rating.Ladder) error {
	return s.EachFinishedGame(ctx, f, func(g *Game) error {
		l.Add(ratingGame(g))
		return nil
	})
}

// ratingGame is g as ratings see it.
func ratingGame(g *Game) rating.Game {
	seats := make([]rating.Seat, len(g.Players))
	for i, p := range g.Players {
		seats[i] = rating.Seat{Name: p.Name, Place: p.Rank}
	}
	return rating.Game{Date: g.Date, Round: g.Round, Seats: seats}
}

// storedRatings reads the stored ladder: its state, how stale it is (0
// up to date, 1 games were added since, 2 games changed otherwise: see
// migration 0012) and the largest key of the games it was rated over.
// The players are read only when the ladder is up to date or stale is 1.
func storedRatings(ctx context.Context, q queryer) (st rating.State, stale int, lastGID int64, err error) {
	err = eachRow(ctx, q, `SELECT periods, date, round, last_gid, stale FROM rating_state`, nil, func(rows *sql.Rows) error {
		return rows.Scan(&st.Periods, &st.Date, &st.Round, &lastGID, &stale)
	})
	if err != nil || stale > 1 {
		return st, stale, lastGID, err
	}
	err = eachRow(ctx, q, `SELECT name, rating, deviation, volatility, last, games FROM ratings ORDER BY name`, nil, func(rows *sql.Rows) error {
		var e rating.Entry
		err := rows.Scan(&e.Name, &e.R, &e.RD, &e.Volatility, &e.Last, &e.Games)
		st.Players = append(st.Players, e)
		return err
	})
	return st, stale, lastGID, err
}

// refreshRatings brings the stored ladder up to date, in a write
// transaction of its own, when the games changed since it was rated:
// when games were only added, all of them after its last period (a new
// club night), it continues from the stored state with them; otherwise
// it rates every finished game again. Stopped before its commit, it
// leaves the ladder stale, which readers do not read.
func (s *Store) refreshRatings(ctx context.Context) error {
	var stale int
	if err := s.db.QueryRowContext(ctx, `SELECT stale FROM rating_state`).Scan(&stale); err != nil || stale == 0 {
		return err
	}
	tx, err := beginWrite(ctx, ctx, s.db)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	st, stale, lastGID, err := storedRatings(ctx, tx)
	if err != nil || stale == 0 {
		return err
	}
	// The totals of the players add the games added whatever their
	// dates: only the ladder's order depends on them.
	added := stale == 1
	if stale == 1 && st.Periods > 0 {
		// A game added of the last period or one before it: rated
		// again from the start.
		var before bool
		err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM games WHERE gid > ? AND finished
			AND (coalesce(date, '') < ? OR coalesce(date, '') = ? AND coalesce(round, '') COLLATE `+roundCollation+` <= ?))`,
			lastGID, st.Date, st.Date, st.Round).Scan(&before)
		if err != nil {
			return err
		}
		if before {
			stale = 2
		}
	}
	where, args := "g.finished AND g.gid > ?", []any{lastGID}
	if stale > 1 {
		st, where, args = rating.State{}, "g.finished", nil
	}
	l := rating.Restore(st)
	// SQLite sorts the games in RatingOrder in as much memory as the
	// connection's page cache, and at the end of an ingest, whose memory
	// is not all given back yet, that took the process past its bound
	// (195 MB instead of 164 for 10,000 games). The pages the sort reads
	// are read once: it runs with a cache of 2 MiB.
	if _, err := tx.ExecContext(ctx, `PRAGMA cache_size = -2048`); err != nil {
		return err
	}
	err = eachSelected(ctx, tx, where, args, ratingOrder, false, func(g *Game, _ []byte) error {
		l.Add(ratingGame(g))
		return nil
	})
	_, restore := tx.ExecContext(ctx, `PRAGMA cache_size = `+cacheKiB)
	if err := errors.Join(err, restore); err != nil {
		return err
	}
	if err := writeRatings(ctx, tx, l.State()); err != nil {
		return err
	}
	if err := refreshTotals(ctx, tx, added, lastGID); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	if ratingsRefreshed != nil {
		ratingsRefreshed(stale == 1)
	}
	return nil
}

// ratingsRefreshed, when not nil, hears of every refreshRatings that
// committed: whether it continued from the stored state. A variable so
// that the tests can tell the two ways apart, which give the same
// ratings.
var ratingsRefreshed func(continued bool)

// writeRatings stores st as the ladder of the games stored, up to date.
func writeRatings(ctx context.Context, tx *sql.Tx, st rating.State) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM ratings`); err != nil {
		return err
	}
	insert, err := tx.PrepareContext(ctx, `INSERT INTO ratings (name, rating, deviation, volatility, last, games) VALUES (?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	for _, e := range st.Players {
		if _, err := insert.ExecContext(ctx, e.Name, e.R, e.RD, e.Volatility, e.Last, e.Games); err != nil {
			return errors.Join(fmt.Errorf("rating of %s: %w", e.Name, err), insert.Close())
		}
	}
	if err := insert.Close(); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `UPDATE rating_state SET periods = ?, date = ?, round = ?,
		last_gid = (SELECT coalesce(max(gid), 0) FROM games), stale = 0`, st.Periods, st.Date, st.Round)
	return err
}
