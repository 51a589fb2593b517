package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/atomicfile"
	"github.com/towerlog/towerlog/jcz"
	"github.com/towerlog/towerlog/record"
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
every turn, the clocks of the save, and a Bag tag when the save prepared
its draw order. Without -o each FILE.jcz becomes FILE.cgn next to it; -o
OUT writes every game into OUT ("-" for standard output).

Saves that use other expansions, sets, elements or rules, unknown tiles or
locations, older versions or malformed JSON are refused with the file, the
place (the move's index in "replay") and the reason; the other files are
still converted.

Exit status: 0 when every save was converted, 1 when any was refused, 2 on
usage or I/O errors.`,
		Example: `  towerlog import bug-report.jcz
  towerlog import saves/*.jcz -o imported.cgn
  towerlog import game.jcz -o -`,
		Args: someArgs("FILE.jcz"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runImport(cmd, args, o)
		},
	}
	cmd.Flags().StringVarP(&o.out, "output", "o", "", `write every game into this file ("-" for standard output)`)
	cmd.Flags().BoolVar(&o.force, "force", false, "replace existing CGN files")
	return cmd
}

func runImport(cmd *cobra.Command, args []string, o importOptions) error {
	var games []*record.Game
	refused := 0
	if err := checkOutput(o.out, args, o.force); err != nil {
		return &exitError{exitUsage, err}
	}
	for _, path := range args {
		rg, err := jcz.ImportFile(path)
		var je *jcz.Error
		switch {
		case errors.As(err, &je):
			refused++
			fmt.Fprintln(cmd.ErrOrStderr(), err)
			continue
		case err != nil:
			return &exitError{exitUsage, err}
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
	if o.out == "-" {
		if err := record.FormatFile(cmd.OutOrStdout(), games); err != nil {
			return &exitError{exitUsage, err}
		}
	} else if o.out != "" {
		if err := writeGames(o.out, games); err != nil {
			return &exitError{exitUsage, err}
		}
		if err := say(cmd.OutOrStdout(), "wrote %s (%s)\n", o.out, count(len(games), "game")); err != nil {
			return err
		}
	}
	if refused > 0 {
		return &exitError{exitInvalid, fmt.Errorf("%d of %d saves were refused", refused, len(args))}
	}
	return nil
}

func writeGames(path string, games []*record.Game) error {
	return atomicfile.Write(path, func(w io.Writer) error { return record.FormatFile(w, games) })
}
