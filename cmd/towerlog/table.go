package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/towerlog/towerlog/internal/table"
)

// writeAligned writes head and rows as a text table (package
// internal/table), the columns right marks aligned right.
func writeAligned(w io.Writer, head []string, rows [][]string, right map[int]bool) error {
	t := table.New(w, table.Text, table.All, table.Heads(head, func(i int) bool { return right[i] })...)
	for _, r := range rows {
		t.Row(r...)
	}
	return t.Flush()
}

// addWideFlag adds --wide, every column of a table whatever its width,
// to cmd.
func addWideFlag(cmd *cobra.Command, wide *bool) {
	cmd.Flags().BoolVar(wide, "wide", false, fmt.Sprintf("write every column in full, however wide the table (default: fit %d columns, or a narrower terminal)", table.DefaultWidth))
}

// tableWidth is the width cmd's tables are fitted to (table.Writer.Fit):
// none with --wide, else table.DefaultWidth, or the width of the
// terminal standard output is when it is narrower. golang.org/x/term
// asks the terminal (an ioctl on Unix, the console API on Windows) where
// $COLUMNS, which shells do not export, would not say.
func tableWidth(cmd *cobra.Command, wide bool) int {
	if wide {
		return 0
	}
	if w := terminalWidth(cmd.OutOrStdout()); w > 0 && w < table.DefaultWidth {
		return w
	}
	return table.DefaultWidth
}

// terminalWidth is the width of the terminal w is, 0 if it is none; a
// variable for the tests.
var terminalWidth = func(w io.Writer) int {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return 0
	}
	width, _, err := term.GetSize(int(f.Fd()))
	if err != nil {
		return 0
	}
	return width
}

// sayDropped says on standard error which columns a table left out to
// fit the width, and how to see them.
func sayDropped(cmd *cobra.Command, dropped []string, width int) {
	if len(dropped) == 0 {
		return
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "towerlog: %s left out to fit %d columns (%s): --wide shows every column\n",
		count(len(dropped), "column"), width, strings.Join(dropped, ", "))
}
