package analytics

import "github.com/towerlog/towerlog/internal/collation"

// RankingRule is the one rule that orders players everywhere: the
// report's leaderboard and standings, stats and standings.
// A player whose games are all unfinished has no record to rank, so comes
// after every player with a finished game, whatever their margins.
const RankingRule = "games won (a shared first place counts for each), then the sum of margins, then points, then name (as people sort names, case and accents aside); players with no finished game come last"

// Record is what ranks a player over a selection of finished games; see
// RankingRule.
type Record struct {
	Games int `json:"games"` // finished games played
	Wins  int `json:"wins"`  // games ranked first, a shared first place included
	// Margin is the sum, over the player's games of two or more players,
	// of the player's score minus the best score of the others.
	Margin int `json:"margin"`
	Points int `json:"points"` // the sum of the player's final scores
}

// Add counts a finished game whose final scores by seat are scores for
// the player at seat.
func (r *Record) Add(scores []int, seat int) {
	best, first := -1<<31, true
	for i, s := range scores {
		if i != seat {
			best = max(best, s)
		}
		if s > scores[seat] {
			first = false
		}
	}
	r.Games++
	r.Points += scores[seat]
	if first {
		r.Wins++
	}
	if len(scores) > 1 {
		r.Margin += scores[seat] - best
	}
}

// RanksBefore reports whether a player of record a and name an ranks
// before one of record b and name bn, by RankingRule.
func RanksBefore(a Record, an string, b Record, bn string) bool {
	if (a.Games == 0) != (b.Games == 0) {
		return a.Games > 0
	}
	if a.Wins != b.Wins {
		return a.Wins > b.Wins
	}
	if a.Margin != b.Margin {
		return a.Margin > b.Margin
	}
	if a.Points != b.Points {
		return a.Points > b.Points
	}
	return collation.Less(an, bn)
}

// SharesRank reports whether two records rank level (names aside).
func SharesRank(a, b Record) bool {
	return (a.Games == 0) == (b.Games == 0) && a.Wins == b.Wins && a.Margin == b.Margin && a.Points == b.Points
}

// recordSQL sums, over rows p of players, the figures of a Record
// (Games, Wins, Margin, Points) of the finished games: those whose
// players have places (rank 1 and on; 0 in an unfinished game).
const recordSQL = `sum(p.rank > 0), sum(p.rank = 1),
	sum(CASE WHEN p.rank > 0 THEN p.margin ELSE 0 END), sum(CASE WHEN p.rank > 0 THEN p.score ELSE 0 END)`
