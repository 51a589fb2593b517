package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/bga"
	"github.com/towerlog/towerlog/internal/atomicfile"
	"github.com/towerlog/towerlog/jcz"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
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
		Use:   "export [--format jcz|carcassonnelab] GAME.cgn [-o OUT]",
		Short: "Write a CGN game in another program's format (JCloisterZone, CarcassonneLab)",
		Long: `export writes one game of a CGN file for another program.

--format carcassonnelab (or lab) prints the game's CarcassonneLab replay
link, which shows it move by move in a browser: a legal game of the base
game with the usual rules (Rules "base") from the rulebook's start tile.
A Tower or Phantom game, other rule flags or another start tile are
refused with one line saying why. The link goes to standard output, or
into the -o file.

--format jcz (the default) writes a JCloisterZone save (5.7 and later) that JCloisterZone replays,
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
standard output. A file with several games needs --game. The file is read
one game at a time; a game's text is at most 16 MiB.

Exit status: 0 when the game was written (with warnings or without), 1
when it is invalid or cannot be expressed, 2 on usage or I/O errors.`,
		Example: `  towerlog export final.cgn
  towerlog export club.cgn --game 3 -o round3.jcz
  towerlog export --format lab league.cgn --game 12`,
		Args: oneArg("GAME.cgn"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runExport(cmd, args[0], o)
		},
	}
	cmd.Flags().StringVar(&o.format, "format", "jcz", "output format: jcz, or carcassonnelab (lab)")
	cmd.Flags().StringVarP(&o.out, "output", "o", "", `output file ("-" for standard output; default: GAME.jcz, and standard output for a link)`)
	cmd.Flags().BoolVar(&o.force, "force", false, "replace an existing output file")
	cmd.Flags().IntVar(&o.game, "game", 0, "which game of the file (1 is the first; needed when it holds several)")
	return cmd
}

func runExport(cmd *cobra.Command, path string, o exportOptions) error {
	if o.format != "jcz" && o.format != "carcassonnelab" && o.format != "lab" {
		return &exitError{exitUsage, fmt.Errorf("--format %q: the formats are jcz and carcassonnelab (lab)", o.format)}
	}
	if o.game < 0 || (o.game == 0 && cmd.Flags().Changed("game")) {
		return &exitError{exitUsage, fmt.Errorf("--game counts from 1")}
	}
	rg, err := pickGame(cmd.ErrOrStderr(), path, o.game)
	if err != nil {
		return err
	}
	if o.format != "jcz" {
		return exportLink(cmd, path, rg, o)
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

// pickGame returns game k (1-based) of a CGN file; k 0 means the only
// one. It reads the file one game at a time and keeps only that one; a
// syntax error anywhere in the file is written to errOut, as validate
// shows it, and refuses the file.
func pickGame(errOut io.Writer, path string, k int) (*record.Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &exitError{exitUsage, err}
	}
	defer f.Close()
	var picked *record.Game
	n, broken := 0, false
	sc := record.NewScanner(f, path)
	for sc.Scan() {
		n++
		if printSyntaxErrors(errOut, sc.Err()) {
			broken = true
		}
		if n == max(k, 1) {
			picked = sc.Game()
		}
	}
	err = sc.Err()
	switch {
	case printSyntaxErrors(errOut, err) || broken:
		return nil, &exitError{exitInvalid, fmt.Errorf("%s has syntax errors", path)}
	case err != nil:
		return nil, &exitError{exitUsage, err}
	case n == 0:
		return nil, &exitError{exitUsage, fmt.Errorf("%s holds no game", path)}
	case k == 0 && n > 1:
		return nil, &exitError{exitUsage, fmt.Errorf("%s holds %d games: choose one with --game", path, n)}
	case picked == nil:
		return nil, &exitError{exitUsage, fmt.Errorf("%s holds %s, not %d", path, count(n, "game"), k)}
	}
	return picked, nil
}

// exportLink writes the CarcassonneLab link of a game.
func exportLink(cmd *cobra.Command, path string, rg *record.Game, o exportOptions) error {
	l, err := bga.ExportLink(replay.Replay(path, max(o.game, 1), rg, replay.Options{Lenient: true}))
	if err != nil {
		return &exitError{exitInvalid, err}
	}
	if o.out == "" || o.out == "-" {
		return say(cmd.OutOrStdout(), "%s\n", l)
	}
	if err := checkOutput(o.out, []string{path}, o.force); err != nil {
		return &exitError{exitUsage, err}
	}
	if err := atomicfile.WriteFile(o.out, []byte(l.String()+"\n")); err != nil {
		return &exitError{exitUsage, err}
	}
	return say(cmd.OutOrStdout(), "wrote %s\n", o.out)
}
