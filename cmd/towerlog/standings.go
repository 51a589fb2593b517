package main

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"sort"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/filter"
	"github.com/towerlog/towerlog/internal/show"
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
		sort.Strings(events)
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
		xhead, xrows := show.Crosstable(st)
		return writeCSV(out, xhead, xrows)
	case o.csv:
		return writeStandingsCSV(ctx, out, s, f, st)
	}
	fmt.Fprintf(out, "Standings of %s\n\n", termSafe(f.Event))
	if err := writeStandingsTable(ctx, out, s, f, st); err != nil {
		return err
	}
	fmt.Fprintf(out, "\nHead to head (games ahead-behind, then level if any)\n\n")
	xhead, xrows := show.Crosstable(st)
	return writeAligned(out, xhead, xrows, map[int]bool{0: true})
}

// writeStandingsTable writes the standings of st as an aligned table, a
// column per round, reading the players' games twice: once for the
// widths of the columns, once to write them.
func writeStandingsTable(ctx context.Context, out io.Writer, s *analytics.Store, f filter.Filter, st *analytics.Standings) error {
	head := []string{"#", "Player"}
	for _, r := range st.Rounds {
		if r == "" {
			r = "?"
		}
		head = append(head, "Round "+r)
	}
	head = append(head, "Games", "Wins", "Margin", "Points")
	totals := func(p *analytics.Standing) []string {
		return []string{strconv.Itoa(p.Games), strconv.Itoa(p.Wins), show.Signed(p.Margin), strconv.Itoa(p.Points)}
	}
	width := make([]int, len(head))
	widen := func(col int, c string) { width[col] = max(width[col], cellWidth(c)) }
	for i, h := range head {
		widen(i, h)
	}
	none := func(*analytics.Standing) error { return nil }
	err := s.EachPlayerRounds(ctx, f, st, func(p *analytics.Standing) error {
		widen(0, strconv.Itoa(p.Rank))
		widen(1, p.Name)
		for i, c := range totals(p) {
			widen(len(head)-4+i, c)
		}
		return nil
	}, func(round int, games []analytics.RoundGame) error {
		widen(2+round, show.RoundCell(games))
		return nil
	}, none)
	if err != nil {
		return err
	}
	right := map[int]bool{0: true}
	for i := len(head) - 4; i < len(head); i++ {
		right[i] = true
	}
	a := newAlignedWriter(out, width, right)
	for _, h := range head {
		a.cell(h)
	}
	a.end()
	err = s.EachPlayerRounds(ctx, f, st, func(p *analytics.Standing) error {
		a.cell(strconv.Itoa(p.Rank))
		a.cell(p.Name)
		return nil
	}, func(_ int, games []analytics.RoundGame) error {
		a.cell(show.RoundCell(games))
		return nil
	}, func(p *analytics.Standing) error {
		for _, c := range totals(p) {
			a.cell(c)
		}
		a.end()
		return a.flush()
	})
	if err != nil {
		return err
	}
	return a.flush()
}

// writeStandingsCSV writes a row per player and game of a round, in the
// standings' order and the rounds' (Standings.Rows), as the database
// gives them.
func writeStandingsCSV(ctx context.Context, out io.Writer, s *analytics.Store, f filter.Filter, st *analytics.Standings) error {
	cw := csv.NewWriter(out)
	var name string
	err := cw.Write([]string{"player", "round", "place", "points", "margin"})
	if err == nil {
		err = s.EachPlayerRounds(ctx, f, st, func(p *analytics.Standing) error {
			name = p.Name
			return nil
		}, func(round int, games []analytics.RoundGame) error {
			for _, g := range games {
				place, margin := "", ""
				if g.Place > 0 {
					place, margin = strconv.Itoa(g.Place), strconv.Itoa(g.Margin)
				}
				if err := cw.Write([]string{name, st.Rounds[round], place, strconv.Itoa(g.Score), margin}); err != nil {
					return err
				}
			}
			return nil
		}, func(*analytics.Standing) error { return nil })
	}
	if err != nil {
		return err
	}
	cw.Flush()
	return cw.Error()
}
