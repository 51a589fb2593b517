package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/analytics/report"
	"github.com/towerlog/towerlog/internal/atomicfile"
	"github.com/towerlog/towerlog/replay"
)

type reportOptions struct {
	db     string
	out    string
	game   int
	force  bool
	filter filterFlags
}

func newReportCmd() *cobra.Command {
	var o reportOptions
	cmd := &cobra.Command{
		Use:   "report [GAME.cgn]",
		Short: "Write an HTML report of the archive or of one game",
		Long: `report writes a self-contained HTML page that opens in any browser, offline.

Without an argument it reports on the games of the database (see ingest):
a leaderboard; captures per player and who captures whom; ransom flows;
tower heights; captures by tower height and distance; points by feature;
and the score race and tower heights of each of the latest games.
The filters (--player, --event, --since, --until and the others listed
below, the same as select's) narrow the games it covers; a filter that
matches no game is an error.

With a CGN file it reports on one game of it (the first, or --game N): the
board after every turn with a slider through the game, the scores and what
happened on each turn, and the game's charts.

Without -o the archive report is report.html, and the report of
GAME.cgn is GAME.html next to it.`,
		Example: `  towerlog report -o report.html
  towerlog report --db club.db --player Anna --since 2025-01-01 -o anna.html
  towerlog report games/final.cgn -o final.html`,
		Args: atMostOneArg("GAME.cgn"),
		RunE: func(cmd *cobra.Command, args []string) error {
			f := cmd.Flags()
			if len(args) == 1 {
				for _, name := range []string{filterChanged(cmd), "db"} {
					if name != "" && f.Changed(name) {
						return &exitError{exitUsage, fmt.Errorf("--%s applies to the archive report, not to the report of one game", name)}
					}
				}
				if o.game < 1 {
					return &exitError{exitUsage, fmt.Errorf("--game counts from 1")}
				}
				return runGameReport(cmd, args[0], o)
			}
			if f.Changed("game") {
				return &exitError{exitUsage, fmt.Errorf("--game applies to the report of one game: towerlog report GAME.cgn --game N")}
			}
			return runArchiveReport(cmd, o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.db, "db", defaultDB, "database file")
	f.StringVarP(&o.out, "output", "o", "", `HTML file to write (default "report.html", or GAME.html next to GAME.cgn)`)
	f.IntVar(&o.game, "game", 1, "which game of GAME.cgn, counting from 1")
	f.BoolVar(&o.force, "force", false, "write -o even over a game record (.cgn or .jcz)")
	addFilterFlags(cmd, &o.filter)
	return cmd
}

func runArchiveReport(cmd *cobra.Command, o reportOptions) error {
	if o.out == "" {
		o.out = "report.html"
	}
	if err := checkOutput(o.out, []string{o.db}, o.force); err != nil {
		return &exitError{exitUsage, err}
	}
	s, err := openExisting(cmd.Context(), o.db)
	if err != nil {
		return &exitError{exitUsage, err}
	}
	defer s.Close()
	if _, err := s.CountGames(cmd.Context(), o.filter.filter()); err != nil {
		return selectionError(err)
	}
	err = atomicfile.Write(o.out, func(f io.Writer) error { return report.WriteArchive(cmd.Context(), f, s, o.filter.filter()) })
	if err != nil {
		return selectionError(err)
	}
	return say(cmd.OutOrStdout(), "wrote %s\n", o.out)
}

func runGameReport(cmd *cobra.Command, file string, o reportOptions) error {
	if o.out == "" {
		o.out = strings.TrimSuffix(file, filepath.Ext(file)) + ".html"
	}
	if err := checkOutput(o.out, []string{file}, o.force); err != nil {
		return &exitError{exitUsage, err}
	}
	var game *replay.Game
	err := replay.Run(cmd.Context(), []string{file}, replay.RunOptions{}, func(g *replay.Game) error {
		if g.Index == o.game || (g.Record == nil && game == nil) {
			game = g
		}
		return nil
	})
	if err != nil {
		return &exitError{exitUsage, err}
	}
	if game == nil {
		return &exitError{exitUsage, fmt.Errorf("%s has no game %d", file, o.game)}
	}
	if game.Record == nil && len(game.Diagnostics) > 0 {
		// The file could not be read: an I/O error, not an invalid game.
		return &exitError{exitUsage, &game.Diagnostics[0]}
	}
	err = atomicfile.Write(o.out, func(f io.Writer) error { return report.WriteGame(f, game) })
	var invalid *report.InvalidGameError
	if errors.As(err, &invalid) {
		for i := range invalid.Diagnostics {
			fmt.Fprintln(cmd.ErrOrStderr(), invalid.Diagnostics[i].Error())
		}
		return &exitError{exitInvalid, fmt.Errorf("%s is not valid: no report written", game)}
	}
	if err != nil {
		return &exitError{exitUsage, err}
	}
	return say(cmd.OutOrStdout(), "wrote %s\n", o.out)
}
