package main

import (
	"strconv"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/internal/table"
)

func newEventsCmd() *cobra.Command {
	return queryFlags(&cobra.Command{
		Use:   "events",
		Short: "List the events of the database: dates, games, players, rounds and leader",
		Long: `events lists the events of the database's games (their Event tag), the
latest first: the dates of the first and last game, the games, the
players, the rounds (distinct Round tags, the games without one counting
as one) and the leader, the first of the event's players as standings
ranks them (by ` + analytics.RankingRule + `).
The games without an Event tag come last, as the event "` + analytics.NoEvent + `",
which --event takes too (standings --event "` + analytics.NoEvent + `").

The filters (the same as select's) choose the games counted; --json writes
one object per event and line, --csv a table with a header.`,
		Example: `  towerlog events
  towerlog events --since 2025 --csv
  towerlog standings --event "(no event)"`,
	}, "write one JSON object per event and line", "write CSV with a header", func(cmd *cobra.Command, o queryOptions) error {
		s, err := openExisting(cmd.Context(), o.db)
		if err != nil {
			return &exitError{exitUsage, err}
		}
		defer s.Close()
		events, err := s.EventList(cmd.Context(), o.filter.filter())
		if err != nil {
			return storeError(o.db, err)
		}
		if o.json {
			return writeJSONLines(cmd.OutOrStdout(), events)
		}
		return writeTable(cmd, o, eventFields, events)
	})
}

// eventFields are the columns of events.
var eventFields = []table.Field[analytics.EventInfo]{
	{Head: "EVENT", CSV: "event", Narrow: table.Clip, Text: func(e analytics.EventInfo) string { return e.Name }},
	{Head: "FIRST", CSV: "first", Text: func(e analytics.EventInfo) string { return e.First }},
	{Head: "LAST", CSV: "last", Text: func(e analytics.EventInfo) string { return e.Last }},
	{Head: "GAMES", CSV: "games", Right: true, Text: func(e analytics.EventInfo) string { return strconv.Itoa(e.Games) }},
	{Head: "PLAYERS", CSV: "players", Right: true, Text: func(e analytics.EventInfo) string { return strconv.Itoa(e.Players) }},
	{Head: "ROUNDS", CSV: "rounds", Right: true, Text: func(e analytics.EventInfo) string { return strconv.Itoa(e.Rounds) }},
	{Head: "LEADER", CSV: "leader", Narrow: table.Clip, Text: func(e analytics.EventInfo) string { return e.Leader }},
}
