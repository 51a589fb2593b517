package main

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/filter"
	"github.com/towerlog/towerlog/internal/show"
	"github.com/towerlog/towerlog/internal/table"

	"github.com/towerlog/towerlog/internal/collation"
)

func newStandingsCmd() *cobra.Command {
	cmd := queryFlags(&cobra.Command{
		Use:   "standings --event EVENT",
		Short: "An event's standings by round and its head-to-head crosstable",
		Long: `standings prints the tournament table of one event of the database (its
games' Event tag): every player's place and score in each round (the Round
tag), games, wins (a shared first place counts), margin (over their games,
their score minus the best score of the others at the table) and points,
ranked by ` + analytics.RankingRule + `. A game the engine did
not play to its end (whatever its Result tag says) is shown "unfinished"
and gives no place. Then the crosstable: for every two players, the games
where the one finished ahead of the other, behind, and level if any were.

The other filters (the same as select's) narrow the event's games. --json
writes one object. --csv writes one table a program can read: a row per
player and round (a row per game when a player played several in a
round), with the columns player, round, place, points and margin (place
and margin empty for an unfinished game); --csv --crosstab writes the
crosstable instead.`,
		Example: `  towerlog standings --event "Spring league"
  towerlog standings --event "Spring league" --until 2025-05-01 --csv
  towerlog standings --event "Spring league" --csv --crosstab`,
	}, "write the standings as one JSON object",
		"write the standings as CSV, a row per player and round", runStandings)
	cmd.Flags().Bool("crosstab", false, "with --csv, write the head-to-head crosstable")
	return cmd
}

func runStandings(cmd *cobra.Command, o queryOptions) error {
	ctx := cmd.Context()
	if cmd.Flags().Changed("crosstab") && !o.csv {
		return usageError("--crosstab goes with --csv: the table and --json hold the crosstable already")
	}
	s, err := openExisting(ctx, o.db)
	if err != nil {
		return &exitError{exitUsage, err}
	}
	defer s.Close()
	return storeError(o.db, standings(cmd, s, o))
}

// standings writes the standings that o asks for from s.
func standings(cmd *cobra.Command, s *analytics.Store, o queryOptions) error {
	ctx := cmd.Context()
	f := o.filter.filter()
	if f.Event == "" {
		k, err := s.KnownNames(ctx)
		if err != nil {
			return err
		}
		var events []string
		for e := range k.Events {
			events = append(events, fmt.Sprintf("%q", e))
		}
		collation.Sort(events)
		return usageError("standings needs --event: the events of %s are %v", o.db, events)
	}
	st, err := s.EventSummary(ctx, f)
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	crosstab, _ := cmd.Flags().GetBool("crosstab")
	switch {
	case o.json:
		return show.StandingsJSON(ctx, out, s, f, st)
	case o.csv && crosstab:
		return writeCrosstable(out, table.CSV, 0, st)
	case o.csv:
		return writeStandingsCSV(ctx, out, s, f, st)
	}
	width := tableWidth(cmd, o.wide)
	fmt.Fprintf(out, "Standings of %s\n\n", table.Safe(f.Event))
	dropped, err := writeStandingsTable(ctx, out, width, s, f, st)
	if err != nil {
		return err
	}
	sayDropped(cmd, dropped, width)
	fmt.Fprintf(out, "\nHead to head (games ahead-behind, then level if any)\n\n")
	return writeCrosstable(out, table.Text, width, st)
}

// writeCrosstable writes the head-to-head records of st in format f, the
// players' numbers aligned right; a Text table fitted to width (0: none)
// is written in blocks of columns, each led by the players' numbers and
// names.
func writeCrosstable(out io.Writer, f table.Format, width int, st *analytics.Standings) error {
	head, rows := show.Crosstable(st)
	cols := table.Heads(head, func(i int) bool { return i == 0 })
	cols[0].Key = true
	cols[1].Key, cols[1].Narrow = true, table.Clip
	t := table.New(out, f, table.All, cols...)
	t.Fit(width)
	for _, r := range rows {
		t.Row(r...)
	}
	return t.Flush()
}

// writeStandingsTable writes the standings of st as an aligned table, a
// column per round, fitted to width (0: none), reading the players'
// games twice: once for the widths of the columns, once to write them.
// It returns the heads of the columns left out: the earliest rounds go
// first.
func writeStandingsTable(ctx context.Context, out io.Writer, width int, s *analytics.Store, f filter.Filter, st *analytics.Standings) ([]string, error) {
	head := show.StandingsHead(st.Rounds)
	// The rank and the totals (show.StandingsTotals) are numbers.
	cols := table.Heads(head, func(i int) bool { return i == 0 || i >= 2+len(st.Rounds) })
	cols[1].Narrow = table.Clip
	for r := range st.Rounds {
		cols[2+r].Drop = len(st.Rounds) - r
	}
	t := table.New(out, table.Text, 0, cols...)
	t.Fit(width)
	var row []string
	eachRow := func(line func([]string) error) error {
		return s.EachPlayerRounds(ctx, f, st, func(p *analytics.Standing) error {
			row = append(row[:0], strconv.Itoa(p.Rank), p.Name)
			return nil
		}, func(_ int, games []analytics.RoundGame) error {
			row = append(row, show.RoundCell(games))
			return nil
		}, func(p *analytics.Standing) error {
			return line(append(row, show.StandingsTotals(p)...))
		})
	}
	if err := eachRow(func(r []string) error { t.Widen(r...); return nil }); err != nil {
		return nil, err
	}
	if err := eachRow(func(r []string) error { return t.Row(r...) }); err != nil {
		return nil, err
	}
	err := t.Flush()
	return t.Dropped(), err
}

// writeStandingsCSV writes a row per player and game of a round, in the
// standings' order and the rounds' (show.StandingsRows), as the database
// gives them.
func writeStandingsCSV(ctx context.Context, out io.Writer, s *analytics.Store, f filter.Filter, st *analytics.Standings) error {
	t := table.New(out, table.CSV, 0, table.Heads(show.StandingsRowsHead, nil)...)
	var name string
	err := s.EachPlayerRounds(ctx, f, st, func(p *analytics.Standing) error {
		name = p.Name
		return nil
	}, func(round int, games []analytics.RoundGame) error {
		for _, g := range games {
			if err := t.Row(show.StandingsRow(name, st.Rounds[round], g)...); err != nil {
				return err
			}
		}
		return nil
	}, func(*analytics.Standing) error { return nil })
	if err != nil {
		return err
	}
	return t.Flush()
}
