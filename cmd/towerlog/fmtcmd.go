package main

import (
	"bufio"
	"bytes"
	"errors"
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
		case v.broken:
			broken++
			continue
		case !v.record:
			notRecords++
			fmt.Fprintf(cmd.ErrOrStderr(), "%s: not a CGN record (no tag section and no move number): left as it is\n", src.name)
			continue
		}
		same := v.same
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

// verdict is what checkCanonical found of a source.
type verdict struct {
	broken bool // it has syntax errors
	// record is false for a text of games none of which has a tag or a
	// move number, such as a plain word: the parser reads it as moves,
	// but it is no record, which fmt would rewrite.
	record bool
	same   bool // it is in canonical form already
}

// checkCanonical reads src game by game and says whether it has syntax
// errors (it writes those to errOut, as validate shows them), whether it
// is a record and whether it is in canonical form already (with the
// engine's results when result is set). It holds one game at a time.
func checkCanonical(errOut io.Writer, src source, result bool) (verdict, error) {
	text, err := src.open()
	if err != nil {
		return verdict{}, &exitError{exitUsage, err}
	}
	defer text.Close()
	again, err := src.open()
	if err != nil {
		return verdict{}, &exitError{exitUsage, err}
	}
	defer again.Close()
	cmp := &sameWriter{r: bufio.NewReader(again)}
	sc := record.NewScanner(text, src.name)
	var v verdict
	n := 0
	for ; sc.Scan(); n++ {
		if printSyntaxErrors(errOut, sc.Err()) {
			v.broken = true
		}
		if g := sc.Game(); g != nil && !v.record {
			v.record = isRecord(g)
		}
		if !v.broken && !cmp.differ { // past a difference, only syntax errors matter
			appendCanonical(cmp, n, withResult(src.name, n, sc.Game(), result))
		}
	}
	switch err := sc.Err(); {
	case printSyntaxErrors(errOut, err):
		return verdict{broken: true}, nil
	case err != nil:
		return verdict{}, &exitError{exitUsage, err}
	}
	v.record = v.record || n == 0 // an empty text stays as it is
	v.same, err = cmp.same()
	if err != nil {
		return verdict{}, &exitError{exitUsage, err}
	}
	return v, nil
}

// isRecord reports whether g has a tag or a numbered turn: what a text
// must have somewhere to be a CGN record.
func isRecord(g *record.Game) bool {
	if len(g.Tags) > 0 {
		return true
	}
	for _, t := range g.Turns {
		if t.Numbered {
			return true
		}
	}
	return false
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
	sc := record.NewScanner(text, src.name)
	n := 0
	for ; sc.Scan(); n++ {
		if sc.Err() != nil {
			return n, fmt.Errorf("%s changed while it was formatted: %w", src.name, sc.Err())
		}
		k := n
		if after {
			k++ // not the first game of w
		}
		if err := appendCanonical(w, k, withResult(src.name, n, sc.Game(), result)); err != nil {
			return n, err
		}
	}
	return n, sc.Err()
}

// withResult returns g, game n (from 0) of file, with the engine's result
// in its Result tag when result is set, the tag is "*" or missing and the
// engine plays the game to its end.
func withResult(file string, n int, g *record.Game, result bool) *record.Game {
	if !result || g == nil {
		return g
	}
	if tag, ok := g.Tag("Result"); ok && tag != "*" {
		return g
	}
	if rg := replay.Replay(file, n+1, g, replay.Options{Lenient: true}); rg.Finished() {
		g.SetTag("Result", rg.Result().String())
	}
	return g
}

// appendCanonical writes game n (from 0) of a file as record.FormatFile
// does: games after the first follow a blank line.
func appendCanonical(w io.Writer, n int, g *record.Game) error {
	var b []byte
	if n > 0 {
		b = append(b, '\n')
	}
	_, err := w.Write(record.AppendGame(b, g))
	return err
}

// sameWriter compares the bytes written to it with those r reads.
type sameWriter struct {
	r      *bufio.Reader
	differ bool
	err    error
}

func (w *sameWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 && !w.differ {
		b, err := w.r.Peek(min(len(p), w.r.Size()))
		if err != nil && !errors.Is(err, io.EOF) {
			w.err = err
		}
		if len(b) == 0 || !bytes.Equal(b, p[:len(b)]) {
			w.differ = true
			break
		}
		w.r.Discard(len(b))
		p = p[len(b):]
	}
	return n, nil
}

// same reports whether every byte written matched and r has no more.
func (w *sameWriter) same() (bool, error) {
	if w.err != nil || w.differ {
		return false, w.err
	}
	_, err := w.r.Peek(1)
	switch {
	case errors.Is(err, io.EOF):
		return true, nil
	case err != nil:
		return false, err
	}
	return false, nil
}
