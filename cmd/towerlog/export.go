package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/atomicfile"
	"github.com/towerlog/towerlog/jcz"
	"github.com/towerlog/towerlog/record"
)

type exportOptions struct {
	format string
	out    string
	game   int
	force  bool
}

func newExportCmd() *cobra.Command {
	var o exportOptions
	cmd := &cobra.Command{
		Use:   "export [--format jcz] GAME.cgn [-o OUT.jcz]",
		Short: "Write a CGN game in another program's format (JCloisterZone)",
		Long: `export writes one game of a CGN file for another program. The only format
is jcz: a JCloisterZone save (5.7 and later) that JCloisterZone replays,
message by message, to the same position and scores: every drawn tile,
discards included, in its prepared draw order (ended by #END when the game
ends before the box is empty), a PASS only where JCloisterZone offers the
step, and the sets of the game's Edition tag. The tags JCloisterZone has
no field for (Site, Round, Annotator, ...), and those whose text its fields
do not hold, are kept in the save's gameAnnotations.cgnTags, which
JCloisterZone ignores and towerlog import reads back. Games whose rule flags
JCloisterZone cannot express (a range other than orthogonal, reopen=no,
ransom=off, ...) are refused. The output file appears only once complete.

With the Phantom: JCloisterZone's releases (5.x) skip the phantom's step
when the phantom's only spots are towers, so no PASS is written there; a
phantom put onto a tower when a tower was its only spot is written all the
same (the rules allow it), with a warning on standard error naming the turn
and the player, as those releases refuse that move.

Without -o, GAME.cgn becomes GAME.jcz next to it; "-o -" writes to
standard output. A file with several games needs --game.

Exit status: 0 when the game was written (with warnings or without), 1
when it is invalid or cannot be expressed, 2 on usage or I/O errors.`,
		Example: `  towerlog export final.cgn
  towerlog export club.cgn --game 3 -o round3.jcz`,
		Args: oneArg("GAME.cgn"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runExport(cmd, args[0], o)
		},
	}
	cmd.Flags().StringVar(&o.format, "format", "jcz", "output format: jcz (the only one)")
	cmd.Flags().StringVarP(&o.out, "output", "o", "", `output file ("-" for standard output; default: GAME.jcz)`)
	cmd.Flags().BoolVar(&o.force, "force", false, "replace an existing .jcz file")
	cmd.Flags().IntVar(&o.game, "game", 0, "which game of the file (1 is the first; needed when it holds several)")
	return cmd
}

func runExport(cmd *cobra.Command, path string, o exportOptions) error {
	if o.format != "jcz" {
		return &exitError{exitUsage, fmt.Errorf("--format %q: the only format is jcz", o.format)}
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return &exitError{exitUsage, err}
	}
	games, err := record.Parse(strings.NewReader(string(src)), path)
	if printSyntaxErrors(cmd.ErrOrStderr(), err) {
		return &exitError{exitInvalid, fmt.Errorf("%s has syntax errors", path)}
	}
	if err != nil {
		return &exitError{exitUsage, err}
	}
	if o.game < 0 || (o.game == 0 && cmd.Flags().Changed("game")) {
		return &exitError{exitUsage, fmt.Errorf("--game counts from 1")}
	}
	rg, err := pickGame(path, games, o.game)
	if err != nil {
		return &exitError{exitUsage, err}
	}
	data, warnings, err := jcz.Export(rg, path)
	if err != nil {
		return &exitError{exitInvalid, err}
	}
	for i := range warnings {
		fmt.Fprintln(cmd.ErrOrStderr(), warnings[i].String())
	}
	out := o.out
	if out == "" {
		out = strings.TrimSuffix(path, filepath.Ext(path)) + jcz.Extension
	}
	if err := checkOutput(out, []string{path}, o.force); err != nil {
		return &exitError{exitUsage, err}
	}
	if out == "-" {
		if _, err := cmd.OutOrStdout().Write(data); err != nil {
			return &exitError{exitUsage, err}
		}
		return nil
	}
	if err := atomicfile.WriteFile(out, data); err != nil {
		return &exitError{exitUsage, err}
	}
	return say(cmd.OutOrStdout(), "wrote %s\n", out)
}

// pickGame returns game k (1-based) of a file; k 0 means the only one.
func pickGame(path string, games []*record.Game, k int) (*record.Game, error) {
	switch {
	case len(games) == 0:
		return nil, fmt.Errorf("%s holds no game", path)
	case k == 0 && len(games) > 1:
		return nil, fmt.Errorf("%s holds %d games: choose one with --game", path, len(games))
	case k == 0:
		return games[0], nil
	case k < 0 || k > len(games):
		return nil, fmt.Errorf("%s holds %s, not %d", path, count(len(games), "game"), k)
	}
	return games[k-1], nil
}
