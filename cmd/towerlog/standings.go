package main

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/spf13/cobra"
)

func newStandingsCmd() *cobra.Command {
	return queryFlags(&cobra.Command{
		Use:   "standings --event EVENT",
		Short: "An event's standings by round and its head-to-head crosstable",
		Long: `standings prints the tournament table of one event of the database (its
games' Event tag): every player's place and score in each round (the Round
tag), games, wins (a shared first place counts), margin (over their games,
their score minus the best score of the others at the table) and points,
ranked by wins, then margin, then points. Then the crosstable: for every
two players, the games where the one finished ahead of the other, behind,
and level if any were.

The other filters (the same as select's) narrow the event's games. --csv
writes both tables one after the other, --json one object.`,
		Example: `  towerlog standings --event "Spring league"
  towerlog standings --event "Spring league" --until 2025-05-01 --csv`,
	}, "write the standings as one JSON object",
		"write the two tables as CSV", runStandings)
}

func runStandings(cmd *cobra.Command, o queryOptions) error {
	ctx := cmd.Context()
	s, err := openExisting(ctx, o.db)
	if err != nil {
		return &exitError{exitUsage, err}
	}
	defer s.Close()
	f := o.filter.filter()
	if f.Event == "" {
		k, err := s.KnownNames(ctx)
		if err != nil {
			return &exitError{exitUsage, err}
		}
		var events []string
		for e := range k.Events {
			events = append(events, fmt.Sprintf("%q", e))
		}
		sort.Strings(events)
		return usageError("standings needs --event: the events of %s are %v", o.db, events)
	}
	st, err := s.EventStandings(ctx, f)
	if err != nil {
		return selectionError(err)
	}
	out := cmd.OutOrStdout()
	head, rows := st.Table()
	xhead, xrows := st.Crosstable()
	switch {
	case o.json:
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
		return enc.Encode(st)
	case o.csv:
		if err := writeCSV(out, head, rows); err != nil {
			return err
		}
		fmt.Fprintln(out)
		return writeCSV(out, xhead, xrows)
	}
	right := map[int]bool{0: true}
	for i := len(head) - 4; i < len(head); i++ {
		right[i] = true
	}
	fmt.Fprintf(out, "Standings of %s\n\n", termSafe(f.Event))
	if err := writeAligned(out, head, rows, right); err != nil {
		return err
	}
	fmt.Fprintf(out, "\nHead to head (games ahead-behind, then level if any)\n\n")
	return writeAligned(out, xhead, xrows, map[int]bool{0: true})
}
