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
	write bool
	check bool
}

func newFmtCmd() *cobra.Command {
	var o fmtOptions
	cmd := &cobra.Command{
		Use:   "fmt [-w | --check] [PATH...]",
		Short: "Rewrite CGN files in canonical form",
		Long: `fmt writes CGN files in the one canonical form, as gofmt does for Go: by
default to standard output, with -w back into the files (only those that
change), with --check only listing the files that are not canonical (exit
status 1 if any). A file with syntax errors is never rewritten. Without a
PATH, fmt reads standard input and writes its canonical form to standard
output.

Files are read one game at a time, so they may be of any size; a game's
text is at most 16 MiB. Standard input, which fmt holds whole, is at most
64 MiB; past a limit fmt stops reading with an error naming the input.`,
		Example: `  towerlog fmt game.cgn
  towerlog fmt -w archive/
  towerlog fmt --check archive/
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
	var broken, changed int
	for _, src := range sources {
		ok, same, err := checkCanonical(cmd.ErrOrStderr(), src)
		if err != nil {
			return err
		}
		if !ok {
			broken++
			continue
		}
		switch {
		case same && (o.check || o.write):
		case o.check:
			changed++
			if err := say(out, "%s\n", src.name); err != nil {
				return err
			}
		case o.write:
			changed++
			err = atomicfile.Write(src.name, func(w io.Writer) error { return writeCanonical(w, src) })
		default:
			err = writeCanonical(out, src)
		}
		if err != nil {
			return &exitError{exitUsage, err}
		}
	}
	switch {
	case broken > 0 && len(sources) == 1 && sources[0].name == stdinName:
		return &exitError{exitInvalid, fmt.Errorf("%s has syntax errors", stdinName)}
	case broken > 0:
		return &exitError{exitInvalid, fmt.Errorf("%s with syntax errors", count(broken, "file"))}
	case o.check && changed > 0 && len(sources) == 1 && sources[0].name == stdinName:
		return &exitError{exitInvalid, fmt.Errorf("%s is not in canonical form", stdinName)}
	case o.check && changed > 0:
		return &exitError{exitInvalid, fmt.Errorf("%s not in canonical form", count(changed, "file"))}
	}
	return nil
}

// checkCanonical reads src game by game and reports whether it has no
// syntax errors (it writes those to errOut, as validate shows them) and
// whether it is in canonical form already. It holds one game at a time.
func checkCanonical(errOut io.Writer, src source) (ok, same bool, err error) {
	text, err := src.open()
	if err != nil {
		return false, false, &exitError{exitUsage, err}
	}
	defer text.Close()
	again, err := src.open()
	if err != nil {
		return false, false, &exitError{exitUsage, err}
	}
	defer again.Close()
	cmp := &sameWriter{r: bufio.NewReader(again)}
	sc := record.NewScanner(text, src.name)
	ok = true
	for n := 0; sc.Scan(); n++ {
		if printSyntaxErrors(errOut, sc.Err()) {
			ok = false
		}
		if ok && !cmp.differ { // past a difference, only syntax errors matter
			appendCanonical(cmp, n, sc.Game())
		}
	}
	switch err := sc.Err(); {
	case printSyntaxErrors(errOut, err):
		return false, false, nil
	case err != nil:
		return false, false, &exitError{exitUsage, err}
	}
	same, err = cmp.same()
	if err != nil {
		return false, false, &exitError{exitUsage, err}
	}
	return ok, same, nil
}

// writeCanonical writes the canonical form of src, game by game. src has
// been checked: a syntax error now means it changed since.
func writeCanonical(w io.Writer, src source) error {
	text, err := src.open()
	if err != nil {
		return err
	}
	defer text.Close()
	sc := record.NewScanner(text, src.name)
	for n := 0; sc.Scan(); n++ {
		if sc.Err() != nil {
			return fmt.Errorf("%s changed while it was formatted: %w", src.name, sc.Err())
		}
		if err := appendCanonical(w, n, sc.Game()); err != nil {
			return err
		}
	}
	return sc.Err()
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
