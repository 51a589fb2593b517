package analytics

import (
	"context"
	"database/sql"
	"sort"

	"github.com/towerlog/towerlog/analytics/filter"
)

// PlayerStats are one player's figures over a selection of games: those
// of the archive report's leaderboard and more.
type PlayerStats struct {
	Name string `json:"name"`
	// Games, Wins, Margin and the sum of final scores count the
	// player's finished games and rank the player (RankingRule).
	Games        int     `json:"games"`
	Wins         int     `json:"wins"`     // games ranked first, a shared first place included
	WinRate      float64 `json:"win_rate"` // Wins / Games, 0 without a finished game
	Margin       int     `json:"margin"`   // see Record.Margin
	TotalScore   int     `json:"total_score"`
	AverageScore float64 `json:"average_score"` // over finished games, 0 without one
	// Unfinished counts the player's games not played to their end,
	// which give no win, loss or place.
	Unfinished int `json:"unfinished"`
	// Points scored from each kind of feature (city, road, cloister,
	// field), during play and at the end, in finished games as the
	// average score is; ransoms are not included. The figures below
	// count every game, unfinished ones too.
	Points map[string]int `json:"points"`
	// Followers of opponents captured by the player's towers, of the
	// player's captured by opponents' towers, and of the player's own
	// taken back by the player's towers.
	CapturesMade     int `json:"captures_made"`
	CapturesSuffered int `json:"captures_suffered"`
	OwnTakenBack     int `json:"own_taken_back"`
	// Points paid as ransoms to free the player's followers, and received
	// for prisoners the player held.
	RansomsPaid     int `json:"ransoms_paid"`
	RansomsReceived int `json:"ransoms_received"`
	FloorsBuilt     int `json:"floors_built"` // tower floors the player built
	// Phantom is the player's use of the phantom, nil when the player
	// played no game with the Phantom.
	Phantom *PhantomUse `json:"phantom,omitempty"`
	// LuckGames counts the player's finished games whose records carry
	// their luck (towerlog luck -o); MeanLuck is the player's mean luck
	// per such game and MeanAdjustedMargin their mean luck-adjusted
	// margin, in points, nil without one (docs/luck.md).
	LuckGames          int      `json:"luck_games"`
	MeanLuck           *float64 `json:"mean_luck"`
	MeanAdjustedMargin *float64 `json:"mean_adjusted_margin"`
}

// PhantomUse is a player's use of the phantom over the selected games
// with the Phantom: the figures of the report's Phantom section.
type PhantomUse struct {
	Games    int `json:"games"`     // games with the Phantom
	Placed   int `json:"placed"`    // phantoms placed, as the turn's figure or its second
	Second   int `json:"second"`    // of them, as a turn's second figure
	OnTowers int `json:"on_towers"` // of them, on top of a tower
	// Points of every feature the player scored while their phantom
	// stood on it.
	Points int `json:"points"`
	// The player's phantom captured by other players' towers, and other
	// players' phantoms captured by the player's towers.
	CapturedByOthers int `json:"captured_by_others"`
	CapturedOfOthers int `json:"captured_of_others"`
	Ransomed         int `json:"ransomed"`  // ransoms paid to free it
	Exchanged        int `json:"exchanged"` // times it came back in an exchange of prisoners
}

// Features lists the kinds of feature that score, in the order the
// statistics show them.
var Features = []string{"city", "road", "cloister", "field"}

// PlayerStatistics returns the figures of every player of the games f
// selects, ranked by RankingRule. When f selects nothing, the error is a
// *filter.NoGamesError.
func (s *Store) PlayerStatistics(ctx context.Context, f filter.Filter) ([]PlayerStats, error) {
	if _, err := s.CountGames(ctx, f); err != nil {
		return nil, err
	}
	where, args, err := f.Where()
	if err != nil {
		return nil, err
	}
	// One aggregate over the selected games' seats: the figures are
	// columns of players (PlayerRow), summed by SQLite. Without a filter
	// it reads players alone, in the order of the index on names; a
	// game is finished when its players have places (rank > 0). With
	// one, it reads the games the filter selects (by an index when the
	// filter has one, as for an event), then their seats by key: CROSS
	// JOIN keeps games first.
	// Without a filter, the players' totals (migration 0014) when they
	// are those of the games stored, read in the transaction that says so.
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return playerStatistics(ctx, tx, where, args)
}

// playerStatistics is PlayerStatistics of the games where selects (a
// condition on games g, with its args), read in the transaction tx.
func playerStatistics(ctx context.Context, tx *sql.Tx, where string, args []any) ([]PlayerStats, error) {
	query, phantomQuery := statsSQL(where), `SELECT p.name, count(*) FROM games g CROSS JOIN players p ON p.game = g.gid
		WHERE (`+where+`) AND `+phantomGame+` GROUP BY p.name`
	if where == "1" {
		fresh, err := totalsFresh(ctx, tx)
		if err != nil {
			return nil, err
		}
		if fresh {
			query, phantomQuery = totalsStatsQuery, `SELECT name, phantom_games FROM player_totals WHERE phantom_games > 0`
		}
	}
	var out []PlayerStats
	sums := map[string]*phantomSums{}
	err := eachRow(ctx, tx, query, args, func(rows *sql.Rows) error {
		p := PlayerStats{Points: map[string]int{}}
		var r Record
		var city, road, cloister, field int
		ps := &phantomSums{}
		var l Luck
		dest := append([]any{&p.Name, &r.Games, &r.Wins, &r.Margin, &r.Points, &p.Unfinished, &city, &road, &cloister, &field,
			&p.CapturesMade, &p.CapturesSuffered, &p.OwnTakenBack, &p.RansomsPaid, &p.RansomsReceived, &p.FloorsBuilt},
			ps.dest()...)
		if err := rows.Scan(append(dest, l.dest()...)...); err != nil {
			return err
		}
		p.LuckGames = l.Games
		if mean, adjusted, ok := l.Mean(); ok {
			p.MeanLuck, p.MeanAdjustedMargin = &mean, &adjusted
		}
		p.Points["city"], p.Points["road"], p.Points["cloister"], p.Points["field"] = city, road, cloister, field
		p.Games, p.Wins, p.Margin, p.TotalScore = r.Games, r.Wins, r.Margin, r.Points
		if r.Games > 0 {
			p.AverageScore = float64(r.Points) / float64(r.Games)
			p.WinRate = float64(r.Wins) / float64(r.Games)
		}
		sums[p.Name] = ps
		out = append(out, p)
		return nil
	})
	if err != nil {
		return nil, err
	}
	// The games with the Phantom, few or none in most archives: their
	// rules are read from games.
	err = eachRow(ctx, tx, phantomQuery, args, func(rows *sql.Rows) error {
		var name string
		var n int
		if err := rows.Scan(&name, &n); err != nil {
			return err
		}
		if ps := sums[name]; ps != nil {
			ps.games = n
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for i := range out {
		if u := sums[out[i].Name].counts(); u.Games > 0 {
			out[i].Phantom = &PhantomUse{Games: u.Games, Placed: u.Total(), Second: u.Second, OnTowers: u.Placed["tower"],
				Points: u.Points, CapturedByOthers: u.Lost, CapturedOfOthers: u.Taken, Ransomed: u.Ransomed, Exchanged: u.Swapped}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := &out[i], &out[j]
		return RanksBefore(a.record(), a.Name, b.record(), b.Name)
	})
	return out, nil
}

// totalsStatsQuery reads the columns of statsSQL from player_totals.
const totalsStatsQuery = `SELECT name, finished, wins, margin, score, seats - finished,
	city_points, road_points, cloister_points, field_points,
	captures_made, captures_suffered, own_taken_back, ransoms_paid, ransoms_received, floors_built,
	phantom_city, phantom_road, phantom_cloister, phantom_field, phantom_tower, phantom_second,
	phantom_points, phantom_lost, phantom_taken, phantom_ransomed, phantom_exchanged, ` + luckTotalsSQL + `
	FROM player_totals`

// statsSQL is the query of PlayerStatistics over the games where selects
// (a condition on games g).
func statsSQL(where string) string {
	from := `players p`
	if where != "1" {
		from = `games g CROSS JOIN players p ON p.game = g.gid WHERE ` + where
	}
	return `SELECT p.name, ` + recordSQL + `, sum(p.rank = 0),
		sum(CASE WHEN p.rank > 0 THEN p.city_points ELSE 0 END), sum(CASE WHEN p.rank > 0 THEN p.road_points ELSE 0 END),
		sum(CASE WHEN p.rank > 0 THEN p.cloister_points ELSE 0 END), sum(CASE WHEN p.rank > 0 THEN p.field_points ELSE 0 END),
		sum(p.captures_made), sum(p.captures_suffered), sum(p.own_taken_back),
		sum(p.ransoms_paid), sum(p.ransoms_received), sum(p.floors_built), ` + phantomSQL + `, ` + luckSQL + `
		FROM ` + from + ` GROUP BY p.name`
}

func (p *PlayerStats) record() Record {
	return Record{Games: p.Games, Wins: p.Wins, Margin: p.Margin, Points: p.TotalScore}
}

// eachRow runs a query and calls scan for every row.
func eachRow(ctx context.Context, q queryer, query string, args []any, scan func(*sql.Rows) error) error {
	rows, err := q.QueryContext(ctx, query, args...)
	return scanRows(rows, err, scan)
}

// scanRows calls scan for every row of a query's result, unless the query
// failed (err), and closes the rows.
func scanRows(rows *sql.Rows, err error, scan func(*sql.Rows) error) error {
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// PlaysTower reports whether a game f selects is played with The Tower:
// without one, the Tower's figures (captures, ransoms, floors) are zeros
// that say nothing.
func (s *Store) PlaysTower(ctx context.Context, f filter.Filter) (bool, error) {
	where, args, err := f.Where()
	if err != nil {
		return false, err
	}
	var tower bool
	err = s.db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM games g WHERE (`+where+`)
		AND instr(' ' || g.rules || ' ', ' tower ') > 0)`, args...).Scan(&tower)
	return tower, err
}
