package main

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/internal/atomicfile"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

type fmtOptions struct {
	write  bool
	check  bool
	result bool
}

func newFmtCmd() *cobra.Command {
	var o fmtOptions
	cmd := &cobra.Command{
		Use:   "fmt [-w | --check] [PATH...]",
		Short: "Rewrite CGN files in canonical form",
		Long: `fmt writes CGN files in the one canonical form, as gofmt does for Go: by
default to standard output, with -w back into the files (only those that
change), with --check only listing the files that are not canonical (exit
status 1 if any). A file with syntax errors is never rewritten, nor a
text that is no record: one with no tag section and no move number (a
plain word reads as a move, but such a file is not CGN). Several files go
to standard output one after the other, a blank line between, as the
games of one file. Without a PATH, fmt reads standard input and writes
its canonical form to standard output.

Files are read one game at a time, so they may be of any size; a game's
text is at most 16 MiB. Standard input, which fmt holds whole, is at most
64 MiB; past a limit fmt stops reading with an error naming the input.

--result writes the engine's result into the Result tag of every game
whose tag is "*" or missing and that the engine plays to its end (every
tile played, final scoring done): its final scores, such as 96-70. Other
games keep their tag.`,
		Example: `  towerlog fmt game.cgn
  towerlog fmt -w archive/
  towerlog fmt --check archive/
  towerlog fmt --result -w club-night.cgn
  towerlog generate --games 2 | towerlog fmt`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := exclusive(cmd, "write", "check"); err != nil {
				return err
			}
			if len(args) == 0 {
				if o.write {
					return usageError("fmt -w needs a PATH: standard input cannot be written back")
				}
				return runFmtStdin(cmd, o)
			}
			return runFmt(cmd, args, o)
		},
	}
	cmd.Flags().BoolVarP(&o.write, "write", "w", false, "write the canonical form back into the files")
	cmd.Flags().BoolVar(&o.check, "check", false, "list the files that are not canonical; change nothing")
	cmd.Flags().BoolVar(&o.result, "result", false, `write the engine's final scores into a finished game's Result tag when it is "*" or missing`)
	return cmd
}

// stdinName names standard input in messages, as gofmt does.
const stdinName = "<standard input>"

// maxStdin is the most of standard input fmt reads: it holds it whole,
// to write nothing when it has syntax errors. Files are read game by
// game, whatever their size.
const maxStdin = 64 << 20

// source is a CGN text fmt reads, game by game, once to check it and
// again to write its canonical form: open gives a new reader each time.
type source struct {
	name string
	open func() (io.ReadCloser, error)
}

func fileSource(path string) source {
	return source{path, func() (io.ReadCloser, error) { return os.Open(path) }}
}

func runFmtStdin(cmd *cobra.Command, o fmtOptions) error {
	src, err := record.ReadAll(cmd.InOrStdin(), stdinName, "input", maxStdin)
	if err != nil {
		return &exitError{exitUsage, err}
	}
	return fmtSources(cmd, []source{{stdinName, func() (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(src)), nil
	}}}, o)
}

func runFmt(cmd *cobra.Command, args []string, o fmtOptions) error {
	files, err := replay.ExpandPaths(args)
	if err != nil {
		return &exitError{exitUsage, err}
	}
	sources := make([]source, len(files))
	for i, f := range files {
		sources[i] = fileSource(f)
	}
	return fmtSources(cmd, sources, o)
}

func fmtSources(cmd *cobra.Command, sources []source, o fmtOptions) error {
	out := cmd.OutOrStdout()
	var broken, notRecords, changed int
	wrote := false // a game went to out: the next file's first follows a blank line
	for _, src := range sources {
		v, err := checkCanonical(cmd.ErrOrStderr(), src, o.result)
		if err != nil {
			return err
		}
		switch {
		case v.Broken:
			broken++
			continue
		case !v.Record:
			notRecords++
			fmt.Fprintf(cmd.ErrOrStderr(), "%s: not a CGN record (no tag section and no move number): left as it is\n", src.name)
			continue
		}
		same := v.Canonical
		switch {
		case same && (o.check || o.write):
		case o.check:
			changed++
			if err := say(out, "%s\n", src.name); err != nil {
				return err
			}
		case o.write:
			changed++
			err = atomicfile.Write(src.name, func(w io.Writer) error {
				_, err := writeCanonical(w, src, o.result, false)
				return err
			})
		default:
			var n int
			n, err = writeCanonical(out, src, o.result, wrote)
			wrote = wrote || n > 0
		}
		if err != nil {
			return &exitError{exitUsage, err}
		}
	}
	switch {
	case broken > 0 && len(sources) == 1 && sources[0].name == stdinName:
		return &exitError{exitInvalid, fmt.Errorf("%s has syntax errors", stdinName)}
	case notRecords > 0 && len(sources) == 1 && sources[0].name == stdinName:
		return &exitError{exitInvalid, fmt.Errorf("%s is not a CGN record", stdinName)}
	case broken > 0 && notRecords > 0:
		return &exitError{exitInvalid, fmt.Errorf("%s with syntax errors, %s not CGN records", count(broken, "file"), count(notRecords, "file"))}
	case broken > 0:
		return &exitError{exitInvalid, fmt.Errorf("%s with syntax errors", count(broken, "file"))}
	case notRecords == 1:
		return &exitError{exitInvalid, fmt.Errorf("1 file not a CGN record")}
	case notRecords > 0:
		return &exitError{exitInvalid, fmt.Errorf("%d files not CGN records", notRecords)}
	case o.check && changed > 0 && len(sources) == 1 && sources[0].name == stdinName:
		return &exitError{exitInvalid, fmt.Errorf("%s is not in canonical form", stdinName)}
	case o.check && changed > 0:
		return &exitError{exitInvalid, fmt.Errorf("%s not in canonical form", count(changed, "file"))}
	}
	return nil
}

// checkCanonical reads src game by game and says whether it has syntax
// errors (it writes those to errOut, as validate shows them), whether it
// is a record and whether it is in canonical form already (with the
// engine's results when result is set). It holds one game at a time.
func checkCanonical(errOut io.Writer, src source, result bool) (record.FormatCheck, error) {
	text, err := src.open()
	if err != nil {
		return record.FormatCheck{}, &exitError{exitUsage, err}
	}
	defer text.Close()
	again, err := src.open()
	if err != nil {
		return record.FormatCheck{}, &exitError{exitUsage, err}
	}
	defer again.Close()
	c, err := record.CheckFormat(text, again, src.name, resultEdit(src.name, result),
		func(err error) { printSyntaxErrors(errOut, err) })
	if err != nil {
		return record.FormatCheck{}, &exitError{exitUsage, err}
	}
	return c, nil
}

// writeCanonical writes the canonical form of src, game by game, and
// returns the number of games written; after is set when games of other
// files precede in w, which the first then follows after a blank line,
// as the games of one file do. src has been checked: a syntax error now
// means it changed since.
func writeCanonical(w io.Writer, src source, result, after bool) (int, error) {
	text, err := src.open()
	if err != nil {
		return 0, err
	}
	defer text.Close()
	first := 0
	if after {
		first = 1
	}
	n, err := record.FormatStream(w, text, src.name, first, resultEdit(src.name, result))
	if replay.SyntaxDiagnostics(err) != nil {
		return n, fmt.Errorf("%s changed while it was formatted: %w", src.name, err)
	}
	return n, err
}

// resultEdit is the edit of fmt --result when result is set
// (replay.ResultEdit), none otherwise.
func resultEdit(file string, result bool) record.Edit {
	if !result {
		return nil
	}
	return replay.ResultEdit(file)
}
