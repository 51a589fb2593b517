package main

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/analytics"
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
ransom points paid and received, and tower floors built. A game is finished
when the engine played it to its end and scored it, whatever its Result
tag says. Players are ranked as everywhere (the report's leaderboard and
standings, standings): by ` + analytics.RankingRule + `.

The table is aligned for the terminal, without the Tower's columns
(captures, ransoms, floors) when no game of the selection is played with
The Tower; --csv and --json (one object per player and line) give every
figure unrounded for other programs, the Tower's always. --json
adds, for a player of games with the Phantom, "phantom": the figures of the
report's Phantom section (phantoms placed, as second figure and on towers,
points it scored, captured, ransomed and exchanged).

--rating prints the rating list instead: every player's Glicko-2 rating,
its deviation (about 95% of the time a player's strength is within the
rating plus or minus twice the deviation) and volatility, and the finished
games rated, highest rating first, as the site shows it. Ratings count the
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
	switch {
	case o.json:
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
		for i := range players {
			if err := enc.Encode(&players[i]); err != nil {
				return err
			}
		}
		return nil
	case o.csv:
		var rows [][]string
		for _, p := range players {
			rows = append(rows, []string{strconv.Itoa(p.Rank), p.Name, strconv.FormatFloat(p.R, 'f', -1, 64),
				strconv.FormatFloat(p.RD, 'f', -1, 64), strconv.FormatFloat(p.Volatility, 'f', -1, 64), strconv.Itoa(p.Games)})
		}
		return writeCSV(out, []string{"rank", "name", "rating", "deviation", "volatility", "games"}, rows)
	}
	var rows [][]string
	for _, p := range players {
		rows = append(rows, []string{strconv.Itoa(p.Rank), p.Name, fmt.Sprintf("%.0f", p.R), fmt.Sprintf("%.0f", p.RD),
			fmt.Sprintf("%.4f", p.Volatility), strconv.Itoa(p.Games)})
	}
	return writeAligned(out, []string{"#", "PLAYER", "RATING", "RD", "VOLATILITY", "GAMES"}, rows,
		map[int]bool{0: true, 2: true, 3: true, 4: true, 5: true})
}

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
	switch {
	case o.json:
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
		for i := range stats {
			if err := enc.Encode(&stats[i]); err != nil {
				return err
			}
		}
		return nil
	case o.csv:
		head := []string{"rank", "name", "games", "wins", "win_rate", "margin", "average_score", "unfinished"}
		for _, f := range analytics.Features {
			head = append(head, "points_"+f)
		}
		head = append(head, "captures_made", "captures_suffered", "own_taken_back", "ransoms_paid", "ransoms_received", "floors_built")
		return writeCSV(out, head, statsRows(stats, func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) },
			func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }))
	}
	head := []string{"#", "PLAYER", "GAMES", "WINS", "WIN RATE", "MARGIN", "AVG SCORE", "UNFINISHED", "CITY", "ROAD", "CLOISTER", "FIELD",
		"CAPTURED", "LOST", "OWN BACK", "RANSOM PAID", "RANSOM RCVD", "FLOORS"}
	rows := statsRows(stats, func(v float64) string { return fmt.Sprintf("%.0f%%", 100*v) },
		func(v float64) string { return fmt.Sprintf("%.1f", v) })
	tower, err := s.PlaysTower(cmd.Context(), o.filter.filter())
	if err != nil {
		return storeError(o.db, err)
	}
	if !tower { // the last six columns are the Tower's
		head = head[:len(head)-towerColumns]
		for i := range rows {
			rows[i] = rows[i][:len(rows[i])-towerColumns]
		}
	}
	right := map[int]bool{}
	for i := range head {
		right[i] = i != 1
	}
	return writeAligned(out, head, rows, right)
}

// towerColumns is the number of statsRows' last columns that are the
// Tower's figures: captures made, suffered and of one's own, ransoms
// paid and received, floors built.
const towerColumns = 6

// statsRows turns statistics into table rows, the win rate and the
// average score written by rate and avg.
func statsRows(stats []analytics.PlayerStats, rate, avg func(float64) string) [][]string {
	var rows [][]string
	for i, p := range stats {
		r := []string{strconv.Itoa(i + 1), p.Name, strconv.Itoa(p.Games), strconv.Itoa(p.Wins), rate(p.WinRate), strconv.Itoa(p.Margin),
			avg(p.AverageScore), strconv.Itoa(p.Unfinished)}
		for _, f := range analytics.Features {
			r = append(r, strconv.Itoa(p.Points[f]))
		}
		for _, n := range []int{p.CapturesMade, p.CapturesSuffered, p.OwnTakenBack, p.RansomsPaid, p.RansomsReceived, p.FloorsBuilt} {
			r = append(r, strconv.Itoa(n))
		}
		rows = append(rows, r)
	}
	return rows
}
