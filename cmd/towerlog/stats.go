package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/rating"
	"github.com/towerlog/towerlog/internal/show"
	"github.com/towerlog/towerlog/internal/table"
)

func newStatsCmd() *cobra.Command {
	var ratings bool
	cmd := queryFlags(&cobra.Command{
		Use:   "stats",
		Short: "Player statistics of the database's games, as a table, CSV or JSON",
		Long: `stats prints one line per player over the games of the database the
filters choose (the same filters as select's and report's): finished games,
wins (a shared first place counts), win rate, margin (over their finished
games, their score minus the best score of the others at the table),
average score, unfinished games (which give no win, loss or place), points
from cities, roads, cloisters and fields (over finished games, as the
average score), followers captured from
opponents, followers lost to opponents' towers, own followers taken back,
ransom points paid and received, tower floors built, and the luck of
analysed games: the finished games whose records carry the luck of their
draws (towerlog luck -o, docs/luck.md), the mean luck per such game and the
mean luck-adjusted margin, which tells who wins on skill. A game is finished
when the engine played it to its end and scored it, whatever its Result
tag says. Players are ranked as everywhere (the report's leaderboard and
standings, standings): by ` + analytics.RankingRule + `.

The table is aligned for the terminal, without the Tower's columns
(captures, ransoms, floors) when no game of the selection is played with
The Tower, and without luck's (LUCK GAMES, LUCK, ADJ MARGIN) when no game
of it is analysed; "-" marks a player without an analysed game. --csv and
--json (one object per player and line) give every figure unrounded for
other programs, the Tower's and luck's always (luck_games, mean_luck and
mean_adjusted_margin: empty in CSV, null in JSON, without an analysed
game). --json adds, for a player of games with the Phantom, "phantom": the
figures of the report's Phantom section (phantoms placed, as second figure
and on towers, points it scored, captured, ransomed and exchanged).

--rating prints the rating list instead: every player's Glicko-2 rating,
its deviation (about 95% of the time a player's strength is within the
rating plus or minus twice the deviation) and volatility, and the finished
games rated, highest rating first, as the site shows it. A rating whose
deviation is above ` + strconv.Itoa(rating.ProvisionalRD) + ` is provisional, as lichess has it: too uncertain
to rank its player among the others. It is marked "?" (1480?), and its
players are ranked after the established ones (--csv: provisional true;
--json: "provisional": true). Ratings count the
finished games the filters choose ` + analytics.RatingOrder + `; the
games of one date and round are one rating period. See docs/site.md.`,
		Example: `  towerlog stats
  towerlog stats --event "Spring league" --since 2025-03
  towerlog stats --player Anna --players 2 --csv > anna-duels.csv
  towerlog stats --rating --event "Spring league"`,
	}, "write one JSON object per player and line",
		"write CSV with a header", func(cmd *cobra.Command, o queryOptions) error {
			if ratings {
				return runRatings(cmd, o)
			}
			return runStats(cmd, o)
		})
	cmd.Flags().BoolVar(&ratings, "rating", false, "print the rating list: every player's Glicko-2 rating and deviation")
	return cmd
}

func runRatings(cmd *cobra.Command, o queryOptions) error {
	s, err := openExisting(cmd.Context(), o.db)
	if err != nil {
		return &exitError{exitUsage, err}
	}
	defer s.Close()
	l, err := s.Ladder(cmd.Context(), o.filter.filter())
	if err != nil {
		return selectionError(err)
	}
	players := l.Players()
	out := cmd.OutOrStdout()
	if o.json {
		return writeJSONLines(out, players)
	}
	fields := ratingFields
	if o.csv {
		fields = append(fields[:len(fields):len(fields)], provisionalField)
	}
	return writeTable(cmd, o, fields, players)
}

// ratingFields are the columns of stats --rating.
var ratingFields = []table.Field[rating.Player]{
	{Head: "#", CSV: "rank", Right: true, Text: func(p rating.Player) string { return strconv.Itoa(p.Rank) }},
	{Head: "PLAYER", CSV: "name", Narrow: table.Clip, Text: func(p rating.Player) string { return p.Name }},
	// An established rating is followed by a space where a provisional
	// one has its "?", so that the digits align.
	{Head: "RATING", CSV: "rating", Right: true, Text: func(p rating.Player) string {
		return show.Rating(p.Rating) + map[bool]string{false: " "}[p.Provisional]
	},
		Exact: func(p rating.Player) string { return exact(p.R) }},
	{Head: "RD", CSV: "deviation", Right: true, Text: func(p rating.Player) string { return fmt.Sprintf("%.0f", p.RD) },
		Exact: func(p rating.Player) string { return exact(p.RD) }},
	{Head: "VOLATILITY", CSV: "volatility", Right: true, Drop: 1, Text: func(p rating.Player) string { return fmt.Sprintf("%.4f", p.Volatility) },
		Exact: func(p rating.Player) string { return exact(p.Volatility) }},
	{Head: "GAMES", CSV: "games", Right: true, Text: func(p rating.Player) string { return strconv.Itoa(p.Games) }},
}

// provisionalField is the last column of stats --rating --csv: the table
// marks a provisional rating with its "?".
var provisionalField = table.Field[rating.Player]{Head: "provisional",
	Text: func(p rating.Player) string { return strconv.FormatBool(p.Provisional) }}

func runStats(cmd *cobra.Command, o queryOptions) error {
	s, err := openExisting(cmd.Context(), o.db)
	if err != nil {
		return &exitError{exitUsage, err}
	}
	defer s.Close()
	stats, err := s.PlayerStatistics(cmd.Context(), o.filter.filter())
	if err != nil {
		return storeError(o.db, err)
	}
	out := cmd.OutOrStdout()
	if o.json {
		return writeJSONLines(out, stats)
	}
	// --csv gives every figure, the Tower's and luck's always; the table
	// leaves the Tower's out when no selected game is played with it, and
	// luck's when no selected game is analysed.
	tower, luck := true, o.csv
	if !o.csv {
		if tower, err = s.PlaysTower(cmd.Context(), o.filter.filter()); err != nil {
			return storeError(o.db, err)
		}
	}
	for i := range stats {
		luck = luck || stats[i].LuckGames > 0
	}
	var fields []table.Field[rankedStats]
	for _, f := range statsFields() {
		if (tower || !f.tower) && (luck || !f.luck) {
			fields = append(fields, f.Field)
		}
	}
	ranked := make([]rankedStats, len(stats))
	for i := range stats {
		ranked[i] = rankedStats{i + 1, &stats[i]}
	}
	return writeTable(cmd, o, fields, ranked)
}

// rankedStats is a line of stats: a player's statistics and place.
type rankedStats struct {
	rank int
	*analytics.PlayerStats
}

// statsField is a column of stats, and whether it is a figure of The
// Tower, left out of the table when no selected game is played with it,
// or of luck, left out when no player has an analysed game.
type statsField struct {
	table.Field[rankedStats]
	tower, luck bool
}

// statsFields are the columns of stats, in their order: the table's and
// the CSV's.
func statsFields() []statsField {
	count := func(head, csv string, tower bool, drop int, n func(*analytics.PlayerStats) int) statsField {
		return statsField{table.Field[rankedStats]{Head: head, CSV: csv, Right: true, Drop: drop,
			Text: func(p rankedStats) string { return strconv.Itoa(n(p.PlayerStats)) }}, tower, false}
	}
	// A mean over the analysed games: "-" in the table, empty in CSV,
	// for a player without one.
	mean := func(head, csv string, v func(*analytics.PlayerStats) *float64) statsField {
		return statsField{Field: table.Field[rankedStats]{Head: head, CSV: csv, Right: true,
			Text: func(p rankedStats) string {
				if x := v(p.PlayerStats); x != nil {
					return fmt.Sprintf("%+.1f", *x)
				}
				return "-"
			},
			Exact: func(p rankedStats) string {
				if x := v(p.PlayerStats); x != nil {
					return exact(*x)
				}
				return ""
			}}, luck: true}
	}
	fields := []statsField{
		{Field: table.Field[rankedStats]{Head: "#", CSV: "rank", Right: true, Text: func(p rankedStats) string { return strconv.Itoa(p.rank) }}},
		{Field: table.Field[rankedStats]{Head: "PLAYER", CSV: "name", Narrow: table.Clip, Text: func(p rankedStats) string { return p.Name }}},
		count("GAMES", "games", false, 0, func(p *analytics.PlayerStats) int { return p.Games }),
		count("WINS", "wins", false, 0, func(p *analytics.PlayerStats) int { return p.Wins }),
		{Field: table.Field[rankedStats]{Head: "WIN RATE", CSV: "win_rate", Right: true,
			Text:  func(p rankedStats) string { return fmt.Sprintf("%.0f%%", 100*p.WinRate) },
			Exact: func(p rankedStats) string { return exact(p.WinRate) }}},
		{Field: table.Field[rankedStats]{Head: "MARGIN", CSV: "margin", Right: true,
			Text:  func(p rankedStats) string { return show.Signed(p.Margin) },
			Exact: func(p rankedStats) string { return strconv.Itoa(p.Margin) }}},
		{Field: table.Field[rankedStats]{Head: "AVG SCORE", CSV: "average_score", Right: true,
			Text:  func(p rankedStats) string { return fmt.Sprintf("%.1f", p.AverageScore) },
			Exact: func(p rankedStats) string { return exact(p.AverageScore) }}},
		count("UNFINISHED", "unfinished", false, 2, func(p *analytics.PlayerStats) int { return p.Unfinished }),
	}
	for _, f := range analytics.Features {
		fields = append(fields, count(strings.ToUpper(f), "points_"+f, false, 3, func(p *analytics.PlayerStats) int { return p.Points[f] }))
	}
	// To fit the terminal, the table leaves out the Tower's figures from
	// the right, then the points by feature, then the unfinished games
	// (the highest Drop first).
	return append(fields,
		count("CAPTURED", "captures_made", true, 4, func(p *analytics.PlayerStats) int { return p.CapturesMade }),
		count("LOST", "captures_suffered", true, 4, func(p *analytics.PlayerStats) int { return p.CapturesSuffered }),
		count("OWN BACK", "own_taken_back", true, 4, func(p *analytics.PlayerStats) int { return p.OwnTakenBack }),
		count("RANSOM PAID", "ransoms_paid", true, 4, func(p *analytics.PlayerStats) int { return p.RansomsPaid }),
		count("RANSOM RCVD", "ransoms_received", true, 4, func(p *analytics.PlayerStats) int { return p.RansomsReceived }),
		count("FLOORS", "floors_built", true, 4, func(p *analytics.PlayerStats) int { return p.FloorsBuilt }),
		// The luck of analysed games (towerlog luck -o), kept when the
		// table is narrowed.
		statsField{Field: table.Field[rankedStats]{Head: "LUCK GAMES", CSV: "luck_games", Right: true,
			Text: func(p rankedStats) string { return strconv.Itoa(p.LuckGames) }}, luck: true},
		mean("LUCK", "mean_luck", func(p *analytics.PlayerStats) *float64 { return p.MeanLuck }),
		mean("ADJ MARGIN", "mean_adjusted_margin", func(p *analytics.PlayerStats) *float64 { return p.MeanAdjustedMargin }),
	)
}

// exact writes a figure unrounded, for programs.
func exact(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
