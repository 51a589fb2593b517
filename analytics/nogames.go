package analytics

import (
	"context"

	"github.com/towerlog/towerlog/analytics/filter"
)

// KnownNames reads the names of players, events, sites and rounds of the
// stored games.
func (s *Store) KnownNames(ctx context.Context) (*filter.Known, error) {
	k := filter.NewKnown()
	for _, q := range []struct {
		sql string
		m   map[string]bool
	}{
		{`SELECT DISTINCT name FROM players`, k.Players},
		{`SELECT DISTINCT coalesce(event, '` + filter.NoEvent + `') FROM games`, k.Events},
		{`SELECT DISTINCT site FROM games WHERE site IS NOT NULL`, k.Sites},
		{`SELECT DISTINCT round FROM games WHERE round IS NOT NULL`, k.Rounds},
	} {
		rows, err := s.db.QueryContext(ctx, q.sql)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var v string
			if err := rows.Scan(&v); err != nil {
				rows.Close()
				return nil, err
			}
			q.m[v] = true
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return k, nil
}

// NoGames returns the error of a filter that selected no stored game: a
// *filter.NoGamesError with the hints of the names the store knows.
func (s *Store) NoGames(ctx context.Context, f filter.Filter) error {
	k, err := s.KnownNames(ctx)
	if err != nil {
		return err
	}
	return &filter.NoGamesError{Filter: f, Hints: f.Hints(k)}
}

// CountGames returns the number of stored games f selects. A filter that
// selects none is a *filter.NoGamesError (the zero Filter on an empty database
// is not: it selects every game there is).
func (s *Store) CountGames(ctx context.Context, f filter.Filter) (int, error) {
	where, args, err := f.Where()
	if err != nil {
		return 0, err
	}
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM games g WHERE `+where, args...).Scan(&n); err != nil {
		return 0, err
	}
	if n == 0 && !f.IsZero() {
		return 0, s.NoGames(ctx, f)
	}
	return n, nil
}
