package main

import (
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
			r[i] = termSafe(c)
			width[i] = max(width[i], utf8.RuneCountInString(r[i]))
		}
	}
	var b strings.Builder
	for _, r := range all {
		var line strings.Builder
		for i, c := range r {
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(c))
			if right[i] {
				line.WriteString(pad + c)
			} else {
				line.WriteString(c + pad)
			}
			line.WriteString("  ")
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

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
