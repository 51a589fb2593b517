package analytics

import (
	"context"
	"database/sql"
	"strings"
)

// Each player's figures summed over every stored game (migration 0014):
// stats and the archive report read them without a filter, a row a
// player, when rating_state says they are those of the games stored.

// totalsColumns are the columns of player_totals after name, in order.
var totalsColumns = []string{"seats", "finished", "wins", "margin", "score",
	"city_points", "road_points", "cloister_points", "field_points",
	"captures_made", "captures_suffered", "own_taken_back", "ransoms_paid", "ransoms_received", "floors_built",
	"phantom_city", "phantom_road", "phantom_cloister", "phantom_field", "phantom_tower", "phantom_second",
	"phantom_points", "phantom_lost", "phantom_taken", "phantom_ransomed", "phantom_exchanged", "phantom_games",
	"luck_games", "luck_tenths", "adjusted_margin_tenths"}

// totalsSelect sums the columns of player_totals over the seats of the
// games g that the condition that follows it selects.
const totalsSelect = `SELECT p.name, count(*), ` + recordSQL + `,
	sum(CASE WHEN p.rank > 0 THEN p.city_points ELSE 0 END), sum(CASE WHEN p.rank > 0 THEN p.road_points ELSE 0 END),
	sum(CASE WHEN p.rank > 0 THEN p.cloister_points ELSE 0 END), sum(CASE WHEN p.rank > 0 THEN p.field_points ELSE 0 END),
	sum(p.captures_made), sum(p.captures_suffered), sum(p.own_taken_back),
	sum(p.ransoms_paid), sum(p.ransoms_received), sum(p.floors_built), ` + phantomSQL + `, sum(` + phantomGame + `),
	` + luckSQL + `
	FROM games g CROSS JOIN players p ON p.game = g.gid WHERE `

// refreshTotals brings player_totals up to date in tx, the refresh of
// the stored ladder: when games were only added (every one with a key
// above lastGID), it adds their seats; otherwise it sums every seat
// again.
func refreshTotals(ctx context.Context, tx *sql.Tx, added bool, lastGID int64) error {
	if !added {
		if _, err := tx.ExecContext(ctx, `DELETE FROM player_totals`); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO player_totals `+totalsSelect+`1 GROUP BY p.name`)
		return err
	}
	sums := make([]string, len(totalsColumns))
	for i, c := range totalsColumns {
		sums[i] = c + " = " + c + " + excluded." + c
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO player_totals `+totalsSelect+`g.gid > ? GROUP BY p.name
		ON CONFLICT (name) DO UPDATE SET `+strings.Join(sums, ", "), lastGID)
	return err
}

// totalsFresh reports whether player_totals (and the stored ladder) are
// those of the games stored.
func totalsFresh(ctx context.Context, q queryer) (bool, error) {
	var fresh bool
	err := eachRow(ctx, q, `SELECT stale = 0 FROM rating_state`, nil, func(rows *sql.Rows) error {
		return rows.Scan(&fresh)
	})
	return fresh, err
}
