package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/towerlog/towerlog/replay"
)

// checkOutput guards a file a command is about to write: it must not be
// one of the command's inputs, and an existing game record (.cgn or .jcz)
// is only replaced with --force, since it may hold a person's edits.
// Every command that calls it has a --force flag.
func checkOutput(out string, inputs []string, force bool) error {
	return guardOutput(out, inputs, force, func(info fs.FileInfo) bool {
		switch strings.ToLower(filepath.Ext(out)) {
		case ".cgn", ".jcz":
			return true
		}
		return false
	})
}

// checkNewOutput is checkOutput for a file that no command reads back (a
// picture): any existing file, whatever it holds, is only replaced with
// --force.
func checkNewOutput(out string, inputs []string, force bool) error {
	return guardOutput(out, inputs, force, func(info fs.FileInfo) bool { return !info.IsDir() })
}

// guardOutput refuses out when it is one of the inputs, a directory, or
// an existing file that guarded says to keep without force.
func guardOutput(out string, inputs []string, force bool, guarded func(fs.FileInfo) bool) error {
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
	if guarded(info) && !force {
		return fmt.Errorf("%s already exists: use --force to replace it", out)
	}
	if info.IsDir() {
		return fmt.Errorf("%s is a directory", out)
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
