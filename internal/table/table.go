package table

import (
	"bufio"
	"encoding/csv"
	"io"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Format is how a table is written.
type Format int

const (
	// Text is a table for the terminal: columns two spaces apart, as wide
	// as their widest cell among the rows held (see New).
	Text Format = iota
	// CSV is a table for programs: a header row, then the rows, each
	// cell as it is.
	CSV
)

// Column is a column of a table.
type Column struct {
	Head  string
	Right bool // aligned right, as numbers are (Text only)
}

// All is the hold of a table whose columns are as wide as their widest
// cell among all the rows: every row is held until Flush.
const All = math.MaxInt

// A Writer writes one table a row at a time.
type Writer struct {
	format  Format
	cols    []Column
	hold    int        // rows held before the widths are fixed
	held    [][]string // the rows held so far
	started bool       // the head is written, the widths fixed
	width   []int      // of each column, as Width measures the cells
	w       *bufio.Writer
	csv     *csv.Writer
	pending int // spaces not written yet: a line never ends with one
	err     error
}

// New makes a writer of a table of the columns cols, in format f, onto w.
// A Text table holds its first hold rows (All: every row) and makes each
// column as wide as its widest cell among them and the head; the rows
// after are written as they come, and a cell wider than its column pushes
// the rest of its line to the right. So a table of any length is written
// in bounded memory, its first line after hold rows (0: at once, the
// widths being those Widen measured).
func New(w io.Writer, f Format, hold int, cols ...Column) *Writer {
	t := &Writer{format: f, cols: cols, hold: hold, width: make([]int, len(cols)), w: bufio.NewWriter(w)}
	if f == CSV {
		t.csv = csv.NewWriter(t.w)
	}
	return t
}

// Widen makes the columns at least as wide as the cells of row, without
// writing it: the first pass over a table too long to hold, whose rows
// can be read twice.
func (t *Writer) Widen(row ...string) {
	for i, c := range row {
		t.width[i] = max(t.width[i], Width(c))
	}
}

// Row writes the next row, one cell per column, or holds it (see New). It
// returns the first error of the writes so far.
func (t *Writer) Row(row ...string) error {
	if t.err != nil {
		return t.err
	}
	switch {
	case t.format == CSV:
		if !t.started {
			t.start()
		}
		t.setErr(t.csv.Write(row))
	case t.started:
		t.line(row)
	default:
		t.held = append(t.held, row)
		if len(t.held) >= t.hold {
			t.start()
		}
	}
	return t.err
}

// Flush writes the rows held, and what is buffered; it returns the first
// error of the writes.
func (t *Writer) Flush() error {
	if !t.started {
		t.start()
	}
	if t.csv != nil {
		t.csv.Flush()
		t.setErr(t.csv.Error())
	}
	t.setErr(t.w.Flush())
	return t.err
}

// start fixes the widths, from the head, the rows held and those Widen
// measured, then writes the head and the rows held.
func (t *Writer) start() {
	t.started = true
	head := make([]string, len(t.cols))
	for i, c := range t.cols {
		head[i] = c.Head
	}
	if t.format == CSV {
		t.setErr(t.csv.Write(head))
		return
	}
	t.Widen(head...)
	for _, r := range t.held {
		t.Widen(r...)
	}
	t.line(head)
	for _, r := range t.held {
		t.line(r)
	}
	t.held = nil
}

// line writes a line of a Text table.
func (t *Writer) line(row []string) {
	for i, c := range row {
		t.cell(i, c)
	}
	_, err := t.w.WriteString("\n")
	t.setErr(err)
	t.pending = 0
}

// cell writes the cell c of column col.
func (t *Writer) cell(col int, c string) {
	c = Safe(c)
	// A cell wider than its column pushes the rest of its line right.
	pad := strings.Repeat(" ", max(0, t.width[col]-utf8.RuneCountInString(c)))
	if t.cols[col].Right {
		c = pad + c
	} else {
		c += pad
	}
	c += "  "
	text := strings.TrimRight(c, " ")
	if text != "" {
		t.w.WriteString(strings.Repeat(" ", t.pending))
		_, err := t.w.WriteString(text)
		t.setErr(err)
		t.pending = 0
	}
	t.pending += len(c) - len(text)
}

func (t *Writer) setErr(err error) {
	if t.err == nil {
		t.err = err
	}
}

// Width is the width of a cell of a Text table: its runes once made Safe.
func Width(c string) int { return utf8.RuneCountInString(Safe(c)) }

// Safe replaces the control characters of s (tabs and line ends
// included, which would break a table; an escape sequence in a player's
// name) with U+FFFD, so that they never reach the terminal.
func Safe(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return unicode.ReplacementChar
		}
		return r
	}, s)
}

// Heads are columns of the heads head, aligned right where right says
// (nil: none).
func Heads(head []string, right func(col int) bool) []Column {
	cols := make([]Column, len(head))
	for i, h := range head {
		cols[i] = Column{Head: h, Right: right != nil && right(i)}
	}
	return cols
}
