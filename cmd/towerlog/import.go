package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/internal/atomicfile"
	"github.com/towerlog/towerlog/jcz"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

type importOptions struct {
	out   string
	force bool
}

func newImportCmd() *cobra.Command {
	var o importOptions
	cmd := &cobra.Command{
		Use:   "import FILE.jcz... [-o OUT]",
		Short: "Convert JCloisterZone saves (.jcz) to CGN",
		Long: `import reads JCloisterZone saves (version 5.7 and later) and writes each
game in CGN, replayed and checked on the way, with declared scores after
every turn, the clocks of the save, a Bag tag when the save prepared its
draw order, and the tags that towerlog export kept in the save
(gameAnnotations.cgnTags: Site, Round, ...). Without -o each FILE.jcz
becomes FILE.cgn next to it; -o OUT writes every game into OUT ("-" for
standard output).

Both editions of the base game (basic:1, basic:2) and of The Tower are
read; an Edition tag keeps a later one, so that export writes it back. A
save that stops inside a turn gives the turns before it, unfinished, with a
warning. Saves of games towerlog does not play (other expansions, sets,
elements or rules, saves older than 5.7) are refused as unsupported, saves
with a move the rules refuse as invalid, each with the file, line:column,
the move's index in "replay", the turn, the player and the reason; the
other files are still converted. Output files appear only once complete.

Exit status: 0 when every save was converted, 1 when any was refused or
is no save (not JSON, or not shaped as a save: invalid input, as for
validate and ingest), 2 on usage or I/O errors.`,
		Example: `  towerlog import bug-report.jcz
  towerlog import saves/*.jcz -o imported.cgn
  towerlog import game.jcz -o -`,
		Args: someArgs("FILE.jcz"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runImport(cmd, args, o)
		},
	}
	cmd.Flags().StringVarP(&o.out, "output", "o", "", `write every game into this file ("-" for standard output)`)
	cmd.Flags().BoolVar(&o.force, "force", false, "replace existing files")
	return cmd
}

func runImport(cmd *cobra.Command, args []string, o importOptions) error {
	var games []*record.Game
	refused, unreadable := 0, 0
	if err := checkOutput(o.out, args, o.force); err != nil {
		return &exitError{exitUsage, err}
	}
	errOut := cmd.ErrOrStderr()
	for _, path := range args {
		rg, warnings, err := jcz.ImportFile(path)
		var je *jcz.Error
		switch {
		case errors.As(err, &je) && je.Kind == jcz.Unreadable:
			unreadable++
			fmt.Fprintln(errOut, err)
			continue
		case errors.As(err, &je):
			refused++
			fmt.Fprintf(errOut, "%v (%s)\n", err, je.Kind)
			continue
		case err != nil:
			return &exitError{exitUsage, err}
		}
		for i := range warnings {
			fmt.Fprintln(errOut, warnings[i].String())
		}
		if o.out != "" {
			games = append(games, rg)
			continue
		}
		out := strings.TrimSuffix(path, filepath.Ext(path)) + ".cgn"
		if err := checkOutput(out, args, o.force); err != nil {
			return &exitError{exitUsage, err}
		}
		if err := writeGames(out, []*record.Game{rg}); err != nil {
			return &exitError{exitUsage, err}
		}
		if err := say(cmd.OutOrStdout(), "wrote %s (from %s)\n", out, path); err != nil {
			return err
		}
	}
	switch {
	case o.out == "-":
		if err := record.FormatFile(cmd.OutOrStdout(), games); err != nil {
			return &exitError{exitUsage, err}
		}
	case o.out != "" && len(games) > 0:
		if err := writeGames(o.out, games); err != nil {
			return &exitError{exitUsage, err}
		}
		if err := say(cmd.OutOrStdout(), "wrote %s (%s)\n", o.out, count(len(games), "game")); err != nil {
			return err
		}
	}
	switch {
	case unreadable > 0:
		return &exitError{exitInvalid, fmt.Errorf("%d of %d files are not JCloisterZone saves", unreadable, len(args))}
	case refused > 0:
		return &exitError{exitInvalid, fmt.Errorf("%d of %d saves were refused", refused, len(args))}
	}
	return nil
}

// writeGames writes games as a CGN file, which appears only once it is
// complete.
func writeGames(path string, games []*record.Game) error {
	return atomicfile.Write(path, func(w io.Writer) error { return record.FormatFile(w, games) })
}

// formats are the files the commands read: CGN records and JCloisterZone
// saves.
func formats() replay.Loaders {
	return replay.Loaders{".cgn": replay.CGN(), jcz.Extension: jcz.Loader()}
}
