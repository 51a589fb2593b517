package main

import (
	"io"

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
