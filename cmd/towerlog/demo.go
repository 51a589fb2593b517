package main

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/demo"
)

type demoOptions struct {
	dir   string
	games int
}

func newDemoCmd() *cobra.Command {
	var o demoOptions
	cmd := &cobra.Command{
		Use:   "demo",
		Short: "Generate, validate, store and report on a sample archive",
		Long: `demo shows what towerlog does in a few seconds: it plays a few hundred
games with the rules engine's greedy players and writes them as CGN files, validates
and stores them in a database, and writes the archive report and the report
of one game. It prints where everything is.

demo writes only into a directory it makes itself (marked by a
.towerlog-demo file) or one an earlier demo made, whose files it replaces.
An existing directory of anything else is refused and left untouched.`,
		Example: `  towerlog demo
  towerlog demo --dir /tmp/demo --games 1000`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runDemo(cmd, o)
		},
	}
	cmd.Flags().StringVar(&o.dir, "dir", "towerlog-demo", "directory for the demo's files")
	cmd.Flags().IntVar(&o.games, "games", 300, "games to generate")
	return cmd
}

func runDemo(cmd *cobra.Command, o demoOptions) error {
	if o.games < 1 {
		return &exitError{exitUsage, fmt.Errorf("--games %d: give at least 1", o.games)}
	}
	start := time.Now()
	res, err := demo.Run(cmd.Context(), o.dir, demo.Options{Games: o.games})
	if err != nil {
		return &exitError{exitUsage, err}
	}
	return say(cmd.OutOrStdout(), "Generated %s in %s\n"+
		"Validated and stored them in %s: %d added, %d already present, %d invalid\n"+
		"Archive report:  %s\n"+
		"One game (%s): %s\n"+
		"Done in %.1fs. Open the reports in a browser; they work offline.\n",
		count(o.games, "game"), res.Archive,
		res.Database, res.Ingest.Added, res.Ingest.Present, res.Ingest.Invalid,
		res.Report, res.Game, res.GameReport, time.Since(start).Seconds())
}
