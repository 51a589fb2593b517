package main

import (
	"bufio"
	"encoding/csv"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// writeAligned writes a table for the terminal: a header and rows in
// columns two spaces apart, the columns right marks aligned right (for
// numbers). Control characters of the cells (a name carrying an escape
// sequence) are shown as U+FFFD, never sent to the terminal.
func writeAligned(w io.Writer, head []string, rows [][]string, right map[int]bool) error {
	all := append([][]string{head}, rows...)
	width := make([]int, len(head))
	for _, r := range all {
		for i, c := range r {
			width[i] = max(width[i], cellWidth(c))
		}
	}
	a := newAlignedWriter(w, width, right)
	for _, r := range all {
		for _, c := range r {
			a.cell(c)
		}
		a.end()
	}
	return a.flush()
}

// cellWidth is the width of a cell of an aligned table: its runes once
// made safe for the terminal.
func cellWidth(c string) int { return utf8.RuneCountInString(termSafe(c)) }

// alignedWriter writes a table for the terminal as writeAligned does, a
// cell at a time, in columns whose widths are known beforehand: a table
// too large to hold is written as it is read.
type alignedWriter struct {
	w       *bufio.Writer
	width   []int // of each column, as cellWidth measures the cells
	right   map[int]bool
	col     int // the column of the next cell
	pending int // spaces not written yet: a line never ends with one
}

func newAlignedWriter(w io.Writer, width []int, right map[int]bool) *alignedWriter {
	return &alignedWriter{w: bufio.NewWriter(w), width: width, right: right}
}

// cell writes the next cell of the line.
func (a *alignedWriter) cell(c string) {
	c = termSafe(c)
	// A cell wider than its column pushes the rest of its line right.
	pad := strings.Repeat(" ", max(0, a.width[a.col]-utf8.RuneCountInString(c)))
	if a.right[a.col] {
		c = pad + c
	} else {
		c += pad
	}
	c += "  "
	a.col++
	text := strings.TrimRight(c, " ")
	if text != "" {
		a.w.WriteString(strings.Repeat(" ", a.pending))
		a.w.WriteString(text)
		a.pending = 0
	}
	a.pending += len(c) - len(text)
}

// end ends the line.
func (a *alignedWriter) end() {
	a.w.WriteByte('\n')
	a.col, a.pending = 0, 0
}

// flush writes what is buffered and reports the first error of the
// writes.
func (a *alignedWriter) flush() error { return a.w.Flush() }

// termSafe replaces the control characters of s (tabs and line ends
// included, which would break the table) with U+FFFD.
func termSafe(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return unicode.ReplacementChar
		}
		return r
	}, s)
}

// writeCSV writes a table as CSV with a header row.
func writeCSV(w io.Writer, head []string, rows [][]string) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(head); err != nil {
		return err
	}
	if err := cw.WriteAll(rows); err != nil {
		return err
	}
	return cw.Error()
}
