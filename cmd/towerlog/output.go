package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/towerlog/towerlog/internal/atomicfile"
	"github.com/towerlog/towerlog/replay"
)

// checkOutput guards a file a command is about to write: it must not be
// one of the command's inputs nor a directory, and an existing regular
// file, whatever it holds (a record with a person's edits, another program's
// file, a database), is only replaced with --force. Every command that
// calls it has a --force flag.
func checkOutput(out string, inputs []string, force bool) error {
	if out == "-" || out == "" {
		return nil
	}
	info, err := os.Stat(out)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, in := range inputs {
		if ii, err := os.Stat(in); err == nil && os.SameFile(info, ii) {
			return fmt.Errorf("%s is also an input: choose another output file", out)
		}
	}
	if info.IsDir() {
		return fmt.Errorf("%s is a directory", out)
	}
	if info.Mode().IsRegular() && !force {
		// A device or a pipe (/dev/stdout) is written to, not replaced.
		return fmt.Errorf("%s already exists: use --force to replace it", out)
	}
	return nil
}

// writeFromStore writes the file out with write, atomically, from what
// write reads in the database db: an error of reading the database names
// the database (storeError), one of writing the file the file.
func writeFromStore(out, db string, write func(io.Writer) error) error {
	var werr error
	err := atomicfile.Write(out, func(w io.Writer) error {
		werr = write(w)
		return werr
	})
	var pe *fs.PathError
	if werr != nil && !errors.As(werr, &pe) {
		return storeError(db, werr)
	}
	if err != nil {
		return selectionError(err)
	}
	return nil
}

// say writes a message of a command to w; a failed write is an I/O error,
// as a failed write of the command's data would be.
func say(w io.Writer, format string, args ...any) error {
	if _, err := fmt.Fprintf(w, format, args...); err != nil {
		return &exitError{exitUsage, err}
	}
	return nil
}

// printSyntaxErrors writes the syntax errors of a record, if err holds
// any, as validate shows them: position, turn and player, the line and
// carets under the error. It reports whether it wrote any.
func printSyntaxErrors(w io.Writer, err error) bool {
	ds := replay.SyntaxDiagnostics(err)
	for i := range ds {
		fmt.Fprint(w, ds[i].Render())
	}
	return ds != nil
}

// count spells a number of things: "1 game", "3 games".
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// writeJSONLines writes each value as one line of JSON, HTML characters
// as they are.
func writeJSONLines[T any](w io.Writer, values []T) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for i := range values {
		if err := enc.Encode(&values[i]); err != nil {
			return err
		}
	}
	return bw.Flush()
}
