package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/internal/atomicfile"
	"github.com/towerlog/towerlog/internal/table"
	"github.com/towerlog/towerlog/report"
)

func newGamesCmd() *cobra.Command {
	var db string
	cmd := &cobra.Command{
		Use:   "games",
		Short: "List, show, report on and remove the games of the database",
		Long: `games works on the games stored in the database (see ingest).

A game is named by its number in the database (the ID that games list
shows) or by the first digits of its id (at least six); a record that
failed validation by the first digits of its id.`,
		Example: `  towerlog games list --player Anna --since 2025
  towerlog games show 12 > final.cgn
  towerlog games report 12 -o final.html
  towerlog games remove 12 13`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return usageError("games needs a subcommand: list, show, report or remove; %s", usage(cmd))
		},
	}
	cmd.PersistentFlags().StringVar(&db, "db", defaultDB, "database file")
	cmd.AddCommand(newGamesListCmd(&db), newGamesShowCmd(&db), newGamesReportCmd(&db), newGamesRemoveCmd(&db))
	return cmd
}

type gamesListOptions struct {
	invalid, json, csv bool
	wide               bool
	filter             filterFlags
}

func newGamesListCmd(db *string) *cobra.Command {
	var o gamesListOptions
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the stored games: id, date, event, round, players, result, validity",
		Long: `list shows the games of the database, one a line: the ID that names it to
the other games commands, its date, event, round, players, result and
whether it is valid. The records that failed validation follow the valid
games, with their first error; --invalid lists only them. The filters
(the same as select's) choose among the valid games.

The list is written as it is read, its first line at once: its columns
are as wide as their widest cell among the first 1,000 lines, and a
wider cell further down pushes the rest of its line to the right.
--json and --csv write one game a line whatever its length.`,
		Example: `  towerlog games list
  towerlog games list --event "Club night" --round 3
  towerlog games list --invalid`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := exclusive(cmd, "json", "csv"); err != nil {
				return err
			}
			if o.invalid && o.filter.changed() != "" {
				return usageError("--invalid lists the records that failed validation, which --%s cannot choose among; %s", o.filter.changed(), usage(cmd))
			}
			return runGamesList(cmd, *db, o)
		},
	}
	cmd.Flags().BoolVar(&o.invalid, "invalid", false, "list only the records that failed validation")
	cmd.Flags().BoolVar(&o.json, "json", false, "write one JSON object per game and line")
	cmd.Flags().BoolVar(&o.csv, "csv", false, "write CSV with a header")
	addWideFlag(cmd, &o.wide)
	addFilterFlags(cmd, &o.filter)
	return cmd
}

// listedGame is a line of games list --json.
type listedGame struct {
	ID      string   `json:"id"`
	Date    string   `json:"date,omitempty"`
	Event   string   `json:"event,omitempty"`
	Round   string   `json:"round,omitempty"`
	Players []string `json:"players"`
	Result  string   `json:"result,omitempty"`
	Valid   bool     `json:"valid"`
	Errors  int      `json:"errors,omitempty"`
	First   string   `json:"first_error,omitempty"`
}

func runGamesList(cmd *cobra.Command, db string, o gamesListOptions) error {
	ctx := cmd.Context()
	s, err := openExisting(ctx, db)
	if err != nil {
		return &exitError{exitUsage, err}
	}
	defer s.Close()
	return storeError(db, listGames(cmd, s, o))
}

// listGames writes the list of the games of s that o asks for.
func listGames(cmd *cobra.Command, s *analytics.Store, o gamesListOptions) error {
	ctx := cmd.Context()
	// each calls emit with every game listed: the list is written as it
	// is read, never held.
	each := func(emit func(listedGame) error) error {
		if !o.invalid {
			_, err := s.SelectGames(ctx, o.filter.filter(), false, func(g *analytics.Game) error {
				names := make([]string, len(g.Players))
				for i, p := range g.Players {
					names[i] = p.Name
				}
				return emit(listedGame{ID: strconv.FormatInt(g.GID, 10), Date: g.Date, Event: g.Event, Round: g.Round,
					Players: names, Result: g.Result, Valid: true})
			})
			if err != nil {
				return err
			}
		}
		if o.invalid || o.filter.changed() == "" {
			err := s.EachFailed(ctx, func(f analytics.Failed) error {
				return emit(listedGame{ID: f.ID[:12], Event: f.Event, Players: []string{f.Players}, Errors: f.Errors, First: f.First})
			})
			if err != nil {
				return err
			}
		}
		return nil
	}
	out := cmd.OutOrStdout()
	if o.json {
		w := bufio.NewWriter(out)
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		if err := each(func(g listedGame) error { return enc.Encode(g) }); err != nil {
			return err
		}
		return w.Flush()
	}
	// The table is written as it is read: its columns are as wide as
	// their widest cell among the first listWindow lines.
	format := table.Text
	if o.csv {
		format = table.CSV
	}
	t := table.New(out, format, listWindow, table.Columns(format, listFields)...)
	t.Fit(tableWidth(cmd, o.wide))
	if err := each(func(g listedGame) error { return t.Row(table.Cells(format, listFields, g)...) }); err != nil {
		return err
	}
	return t.Flush()
}

// listFields are the columns of games list, as text and CSV.
var listFields = []table.Field[listedGame]{
	{Head: "ID", Text: func(g listedGame) string { return g.ID }},
	{Head: "DATE", Text: func(g listedGame) string { return g.Date }},
	{Head: "EVENT", Narrow: table.Clip, Text: func(g listedGame) string { return g.Event }},
	{Head: "ROUND", Narrow: table.Clip, Text: func(g listedGame) string { return g.Round }},
	{Head: "PLAYERS", Narrow: table.Wrap, Text: func(g listedGame) string { return strings.Join(g.Players, ", ") }},
	{Head: "RESULT", Text: func(g listedGame) string { return g.Result }},
	{Head: "VALID", Narrow: table.Wrap, Text: func(g listedGame) string {
		if !g.Valid {
			return fmt.Sprintf("no, %s: %s", count(g.Errors, "error"), g.First)
		}
		return "yes"
	}},
}

// listWindow is how many lines of games list's table set the widths of
// its columns: a later cell wider than its column pushes the rest of its
// line right.
var listWindow = 1000

// findStored opens the database and finds the game ref names.
func findStored(cmd *cobra.Command, db, ref string) (*analytics.Store, analytics.StoredRef, error) {
	s, err := openExisting(cmd.Context(), db)
	if err != nil {
		return nil, analytics.StoredRef{}, &exitError{exitUsage, err}
	}
	r, err := s.FindGame(cmd.Context(), ref)
	if err != nil {
		s.Close()
		return nil, r, storeError(db, err)
	}
	return s, r, nil
}

func newGamesShowCmd(db *string) *cobra.Command {
	return &cobra.Command{
		Use:   "show ID",
		Short: "Write a stored game as CGN",
		Long: `show writes the record of a stored game, as it was last ingested (in
canonical CGN, annotations included), to standard output. For a record
that failed validation it writes its errors and exits with status 1.`,
		Example: `  towerlog games show 12
  towerlog games show 3fa9c2 > game.cgn`,
		Args: oneArg("ID"),
		RunE: func(cmd *cobra.Command, args []string) error {
			s, r, err := findStored(cmd, *db, args[0])
			if err != nil {
				return err
			}
			defer s.Close()
			if r.Failed != nil {
				fmt.Fprintf(cmd.OutOrStdout(), "%s game %d failed validation: %s\n", r.Failed.File, r.Failed.Index, r.Failed.First)
				return &exitError{code: exitInvalid}
			}
			g, err := s.Game(cmd.Context(), r.GID)
			if err != nil {
				return storeError(*db, err)
			}
			if g.Record == "" {
				return &exitError{exitUsage, &analytics.NoRecordError{GID: g.GID, File: g.File, Index: g.Index}}
			}
			_, err = io.WriteString(cmd.OutOrStdout(), g.Record)
			return err
		},
	}
}

func newGamesReportCmd(db *string) *cobra.Command {
	var out string
	var force bool
	cmd := &cobra.Command{
		Use:   "report ID",
		Short: "Write the HTML report of one stored game",
		Long: `report writes the report of one stored game, as towerlog report GAME.cgn
does for a game of a file: the board after every turn, the scores and the
game's charts.`,
		Example: `  towerlog games report 12
  towerlog games report 12 -o final.html`,
		Args: oneArg("ID"),
		RunE: func(cmd *cobra.Command, args []string) error {
			s, r, err := findStored(cmd, *db, args[0])
			if err != nil {
				return err
			}
			defer s.Close()
			if r.Failed != nil {
				return &exitError{exitInvalid, fmt.Errorf("%s game %d failed validation: %s", r.Failed.File, r.Failed.Index, r.Failed.First)}
			}
			if out == "" {
				out = fmt.Sprintf("game-%d.html", r.GID)
			}
			if err := checkOutput(out, []string{*db}, force); err != nil {
				return &exitError{exitUsage, err}
			}
			g, err := s.ReplayGame(cmd.Context(), r.GID)
			if err != nil {
				return storeError(*db, err)
			}
			err = atomicfile.Write(out, func(w io.Writer) error { return report.WriteGame(w, g) })
			var invalid *report.InvalidGameError
			if errors.As(err, &invalid) {
				return &exitError{exitInvalid, err}
			}
			if err != nil {
				return &exitError{exitUsage, err}
			}
			fmt.Fprintf(cmd.OutOrStdout(), "wrote %s\n", out)
			return nil
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", `HTML file to write (default "game-ID.html")`)
	cmd.Flags().BoolVar(&force, "force", false, "replace an existing -o file")
	return cmd
}

func newGamesRemoveCmd(db *string) *cobra.Command {
	return &cobra.Command{
		Use:   "remove ID...",
		Short: "Remove stored games with everything that hangs off them",
		Long: `remove deletes games from the database with their players, turns, scoring,
captures, exchanges, ransoms and discards (a record that failed
validation with its diagnostics), all in one transaction: if one ID names
no game, nothing is removed. The files the games came from are not
touched; ingesting them again stores the games again.`,
		Example: `  towerlog games remove 12
  towerlog games remove 12 13 3fa9c2`,
		Args: someArgs("ID"),
		RunE: func(cmd *cobra.Command, args []string) error {
			s, err := openExistingForWriting(cmd, *db)
			if err != nil {
				return &exitError{exitUsage, err}
			}
			defer s.Close()
			removed, err := s.RemoveGames(cmd.Context(), args)
			if err != nil {
				return &exitError{exitUsage, err}
			}
			for _, r := range removed {
				what := "game " + strconv.FormatInt(r.GID, 10)
				if r.GID == 0 {
					what = "failed record " + r.ID[:12]
				}
				fmt.Fprintf(cmd.OutOrStdout(), "removed %s (%s game %d: %s)\n", what, r.File, r.Index, table.Safe(r.Players))
			}
			return nil
		},
	}
}
