package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/format"
	"github.com/towerlog/towerlog/replay"
)

type validateOptions struct {
	json    bool
	lenient bool
	workers int
	syntax  bool
}

func newValidateCmd() *cobra.Command {
	var o validateOptions
	cmd := &cobra.Command{
		Use:   "validate PATH...",
		Short: "Verify that every move of every game is legal",
		Long: `validate replays every game of the given CGN files (directories stand for
every *.cgn and *.jcz file below them) through the rules engine and reports, for each
game, the first illegal move and every inconsistency: turn order, tile
counts, forced discards, declared scores, the Result tag. Variations are
commentary: their notation is checked, their moves are not played.

A JCloisterZone save with a move the rules refuse is an invalid game,
reported with the rule, the turn, the player's name, the move's index in
"replay" and its line:column. A save of a game towerlog does not play
(another expansion, a version before 5.7) is counted as unsupported, with
the reason. A .jcz file that is no save (not JSON, or not shaped as one)
is an invalid game, as a record with syntax errors is. BoardGameArena
table logs and CarcassonneLab links (a link, a .txt of links, a CSV with
a URL column) are read when named, recognised by their content: a log
whose scores differ from the engine's is invalid, an abandoned table
unfinished with a warning, a log of an expansion unsupported (see
docs/import.md). A file of no game format (a picture) and a directory
without a .cgn or .jcz file are refused, and what a directory held that
was skipped is said on one line.

Exit status: 0 when every game is valid, 1 when any is invalid or
unsupported or an input holds no game, 2 on usage or I/O errors (a file
that cannot be read, a file or a link past its limit).`,
		Example: `  towerlog validate games/final.cgn
  towerlog validate archive/ --json > report.jsonl
  towerlog validate --lenient imported/
  towerlog validate --syntax-only -j 1 big.cgn`,
		Args: someArgs("PATH"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runValidate(cmd, args, o)
		},
	}
	cmd.Flags().BoolVar(&o.json, "json", false, "write one JSON object per game")
	cmd.Flags().BoolVar(&o.lenient, "lenient", false, "report missing or unverifiable annotations as warnings")
	addJobsFlag(cmd, &o.workers)
	cmd.Flags().BoolVar(&o.syntax, "syntax-only", false, "check the notation only; do not replay the games")
	return cmd
}

func runValidate(cmd *cobra.Command, args []string, o validateOptions) error {
	if err := checkJobs(cmd, &o.workers); err != nil {
		return err
	}
	out, errOut := cmd.OutOrStdout(), cmd.ErrOrStderr()
	// An input refused (a path that cannot be read, a file of no game
	// format or past its limit) is reported, and the others are still
	// checked; the exit status then says so.
	in := readInputs(errOut, args)
	files := in.Files
	var total, valid, unsupported, ioErrors int
	bar := newProgressOf(errOut, func() int { return countGames(files) }, "validating")
	ro := replay.RunOptions{Options: replay.Options{Lenient: o.lenient, SyntaxOnly: o.syntax}, Workers: o.workers, Loaders: format.Loaders()}
	err := replay.RunSummaries(cmd.Context(), files, ro,
		func(g *replay.Game) checked { return check(g, o.json) },
		func(c checked) error {
			advance(bar)
			switch {
			case c.io:
				ioErrors++
			case c.unsupported:
				total++
				unsupported++
			default:
				total++
				if c.valid {
					valid++
				}
			}
			if c.err != nil {
				return c.err
			}
			_, err := out.Write(c.out)
			return err
		})
	finish(bar)
	if err != nil {
		return &exitError{exitUsage, err}
	}
	ioErrors += in.unread
	summary := fmt.Sprintf("%s, %d valid, %d invalid", count(total, "game"), valid, total-valid-unsupported)
	if unsupported > 0 {
		summary += fmt.Sprintf(", %d unsupported", unsupported)
	}
	if in.noFormat > 0 {
		summary += fmt.Sprintf(", %s with no game", count(in.noFormat, "input"))
	}
	if ioErrors > 0 {
		summary += fmt.Sprintf(", %s unreadable", count(ioErrors, "path"))
	}
	sw := out
	if o.json {
		sw = errOut
	}
	if err := say(sw, "%s\n", summary); err != nil {
		return err
	}
	// The summary is the verdict: the exit status adds no message.
	switch {
	case ioErrors > 0:
		return &exitError{code: exitUsage}
	case valid+unsupported < total, in.noFormat > 0:
		return &exitError{code: exitInvalid}
	case unsupported > 0:
		return &exitError{code: exitInvalid}
	}
	return nil
}

// hasCode reports whether a diagnostic of g has the code.
// checked is what validate takes from a replayed game, on the worker that
// replayed it: its verdict and what to write of it.
type checked struct {
	io, unsupported, valid bool
	out                    []byte // its JSON line, or its diagnostics
	err                    error  // from writing out
}

// check draws validate's verdict and output from g, as JSON or as text.
func check(g *replay.Game, asJSON bool) checked {
	c := checked{io: hasCode(g, replay.CodeIO), unsupported: hasCode(g, replay.CodeUnsupported), valid: g.Valid()}
	var b bytes.Buffer
	if asJSON {
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		c.err = enc.Encode(g.Verdict())
	} else {
		c.err = printDiagnostics(&b, g)
	}
	c.out = b.Bytes()
	return c
}

func hasCode(g *replay.Game, code string) bool {
	for i := range g.Diagnostics {
		if g.Diagnostics[i].Code == code {
			return true
		}
	}
	return false
}

func printDiagnostics(w io.Writer, g *replay.Game) error {
	for i := range g.Diagnostics {
		d := &g.Diagnostics[i]
		d.LoadSource()
		if _, err := io.WriteString(w, d.Render()); err != nil {
			return err
		}
	}
	return nil
}
