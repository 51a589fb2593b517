package analytics

import (
	"context"

	"github.com/towerlog/towerlog/analytics/filter"
)

// RatingOrder is the order in which ratings count finished games: by
// date (games without a date first), then by round as people number
// them, then by the game's id, which depends on what was played and not
// on when it was stored.
const RatingOrder = "by date (games without one first), then round, then the game's id"

// EachFinishedGame calls emit with each finished game f selects, with
// its players (names, scores and places) but not its record, in
// RatingOrder. It holds one game at a time. When f selects nothing, the
// error is a *filter.NoGamesError.
func (s *Store) EachFinishedGame(ctx context.Context, f filter.Filter, emit func(*Game) error) error {
	if _, err := s.CountGames(ctx, f); err != nil {
		return err
	}
	where, args, err := f.Where()
	if err != nil {
		return err
	}
	_, err = selectOrdered(ctx, s.db, "g.finished AND ("+where+")", args, ratingOrder, false, emit)
	return err
}
