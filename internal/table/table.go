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
	// The rest says how a Text table made to fit a width (Fit) treats
	// the column.
	Narrow Narrow // whether it is narrowed: clipped or wrapped
	Drop   int    // > 0: it may be left out, the highest Drop first, of equal Drops the rightmost
	Key    bool   // it leads every block of a table written in blocks (a player's number and name)
	Soft   int    // > 0: the width it is narrowed to before a column is left out, instead of the default's
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

	limit    int     // the width to fit, 0 for none (Fit)
	drop     []bool  // the columns left out, once started
	narrowed bool    // a column is narrower than its widest cell
	block    *[2]int // the columns of the block being written, Key columns aside; nil for all
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
			t.writeHeld()
		}
	}
	return t.err
}

// Flush writes the rows held, and what is buffered; it returns the first
// error of the writes.
func (t *Writer) Flush() error {
	if !t.started {
		t.start()
		if bs := t.blocks(); bs != nil && t.format == Text {
			t.writeBlocks(bs)
		} else {
			t.writeHeld()
		}
	}
	if t.csv != nil {
		t.csv.Flush()
		t.setErr(t.csv.Error())
	}
	t.setErr(t.w.Flush())
	return t.err
}

// start fixes the widths, from the head, the rows held and those Widen
// measured, and fits them to the width (Fit); a CSV table's head is
// written.
func (t *Writer) start() {
	t.started = true
	if t.format == CSV {
		t.setErr(t.csv.Write(t.head()))
		return
	}
	t.Widen(t.head()...)
	for _, r := range t.held {
		t.Widen(r...)
	}
	t.fit()
}

func (t *Writer) head() []string {
	head := make([]string, len(t.cols))
	for i, c := range t.cols {
		head[i] = c.Head
	}
	return head
}

// writeHeld writes the head of a Text table and the rows held.
func (t *Writer) writeHeld() {
	if t.format == CSV {
		return
	}
	t.writeRows()
	t.held = nil
}

// writeBlocks writes the head and the rows held once for each block of
// columns, a blank line between blocks.
func (t *Writer) writeBlocks(bs [][2]int) {
	for i := range bs {
		if i > 0 {
			t.w.WriteString("\n")
		}
		t.block = &bs[i]
		t.writeRows()
	}
	t.held, t.block = nil, nil
}

// writeRows writes the head and the rows held, keeping them.
func (t *Writer) writeRows() {
	t.line(t.head())
	for _, r := range t.held {
		t.line(r)
	}
}

// line writes a row of a Text table: one line, or more when a cell of a
// Wrap column is wrapped.
func (t *Writer) line(row []string) {
	cells := make([][]string, len(row))
	n := 1
	for i, c := range row {
		if !t.hidden(i) && !t.outside(i) {
			cells[i] = t.pieces(i, Safe(c))
			n = max(n, len(cells[i]))
		}
	}
	for k := range n {
		for i := range row {
			if t.hidden(i) || t.outside(i) {
				continue
			}
			c := ""
			if k < len(cells[i]) {
				c = cells[i][k]
			}
			t.cell(i, c)
		}
		_, err := t.w.WriteString("\n")
		t.setErr(err)
		t.pending = 0
	}
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
