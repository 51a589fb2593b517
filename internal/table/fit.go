package table

import (
	"strings"
	"unicode/utf8"
)

// Narrow is how a column of a Text table is made narrower when the table
// is wider than its width (Fit).
type Narrow int

const (
	// Fixed columns keep their width.
	Fixed Narrow = iota
	// Clip columns shorten a cell wider than the column, ending it with
	// an ellipsis: "Maximilian…". Names are clipped.
	Clip
	// Wrap columns carry the words of a cell wider than the column onto
	// the lines below: a sentence, a list of names.
	Wrap
)

// DefaultWidth is the width of a Text table on no terminal, or on one
// wider: 120 columns, which a terminal of a laptop shows whole and a
// person reads at a glance.
const DefaultWidth = 120

// The widths a narrowed column keeps: a column is first narrowed to its
// soft width, then columns are left out, then narrowed down to its least
// width. So a long name is clipped before a column goes, and a column
// goes before a name is clipped to a few letters.
const (
	softClip, leastClip = 20, 8
	softWrap, leastWrap = 32, 12
)

// Fit makes a Text table at most width columns wide (0: as wide as its
// cells), from the columns marked in its Columns: once the widths are
// measured (see New), it narrows the Clip and Wrap columns, leaves out
// the columns with a Drop (Dropped names them), and, when every row is
// held and it is still too wide, writes the table in blocks of columns,
// each with the Key columns first, one under the other. Call it before
// the first Row.
func (t *Writer) Fit(width int) { t.limit = width }

// Dropped are the heads of the columns Fit left out; known once the first
// line is written (after Flush at the latest).
func (t *Writer) Dropped() []string {
	var heads []string
	for i, c := range t.cols {
		if t.hidden(i) {
			heads = append(heads, c.Head)
		}
	}
	return heads
}

func (t *Writer) hidden(col int) bool { return t.drop != nil && t.drop[col] }

// fit narrows and leaves out columns so that the table is at most
// t.limit wide, if it can.
func (t *Writer) fit() {
	t.drop = make([]bool, len(t.cols))
	if t.limit <= 0 {
		return
	}
	t.narrowTo(softClip, softWrap, true)
	for t.tableWidth() > t.limit {
		col := -1
		for i, c := range t.cols {
			if c.Drop > 0 && !t.drop[i] && (col < 0 || c.Drop >= t.cols[col].Drop) {
				col = i
			}
		}
		if col < 0 {
			break
		}
		t.drop[col] = true
	}
	t.narrowTo(leastClip, leastWrap, false)
}

// narrowTo narrows the widest Clip or Wrap column by a column at a time,
// none below least (clip or wrap, or a column's own Soft width when soft
// is set), until the table fits.
func (t *Writer) narrowTo(clip, wrap int, soft bool) {
	for t.tableWidth() > t.limit {
		col := -1
		for i, c := range t.cols {
			least := clip
			switch {
			case c.Narrow == Wrap:
				least = wrap
			case c.Key:
				// A table with Key columns can be written in blocks:
				// its names are not clipped below the soft width.
				least = max(clip, softClip)
			}
			if soft && c.Soft > 0 {
				least = c.Soft
			}
			if c.Narrow != Fixed && !t.drop[i] && t.width[i] > least && (col < 0 || t.width[i] > t.width[col]) {
				col = i
			}
		}
		if col < 0 {
			return
		}
		t.width[col]--
		t.narrowed = true
	}
}

// tableWidth is the width of a line of the columns shown.
func (t *Writer) tableWidth() int {
	w := -2
	for i := range t.cols {
		if !t.hidden(i) && !t.outside(i) {
			w += t.width[i] + 2
		}
	}
	return w
}

// blocks splits the columns shown into blocks that fit the width, each
// led by the Key columns; nil when the table fits or has no Key column.
func (t *Writer) blocks() [][2]int {
	if t.limit <= 0 || t.tableWidth() <= t.limit {
		return nil
	}
	key := -2
	for i, c := range t.cols {
		if c.Key && !t.hidden(i) {
			key += t.width[i] + 2
		}
	}
	if key < 0 {
		return nil
	}
	var bs [][2]int
	from, w := -1, key
	for i, c := range t.cols {
		if c.Key || t.hidden(i) {
			continue
		}
		if from >= 0 && w+2+t.width[i] > t.limit {
			bs = append(bs, [2]int{from, i})
			from, w = -1, key
		}
		if from < 0 {
			from = i
		}
		w += 2 + t.width[i]
	}
	if from >= 0 {
		bs = append(bs, [2]int{from, len(t.cols)})
	}
	return bs
}

// outside reports whether the column col is outside the block written.
func (t *Writer) outside(col int) bool {
	return t.block != nil && !t.cols[col].Key && (col < t.block[0] || col >= t.block[1])
}

// pieces are the lines of the cell c in column col: one, clipped to the
// column, or several when the column wraps.
func (t *Writer) pieces(col int, c string) []string {
	w := t.width[col]
	// A column of no width (an empty head, no cell held) is not cut: a
	// later cell pushes the rest of its line right, as in a table not fitted.
	if !t.narrowed || w < 1 || utf8.RuneCountInString(c) <= w {
		return []string{c}
	}
	switch t.cols[col].Narrow {
	case Clip:
		return []string{clip(c, w)}
	case Wrap:
		return wrap(c, w)
	}
	return []string{c}
}

// clip shortens s to w runes, the last an ellipsis.
func clip(s string, w int) string {
	r := []rune(s)
	if len(r) <= w {
		return s
	}
	return strings.TrimRight(string(r[:w-1]), " ") + "…"
}

// wrap breaks s into lines of at most w runes, between words where it
// can, within a word longer than a line where it must.
func wrap(s string, w int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		for utf8.RuneCountInString(word) > w {
			if line != "" {
				lines, line = append(lines, line), ""
			}
			r := []rune(word)
			lines, word = append(lines, string(r[:w])), string(r[w:])
		}
		switch {
		case line == "":
			line = word
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(word) <= w:
			line += " " + word
		default:
			lines, line = append(lines, line), word
		}
	}
	if line != "" || lines == nil {
		lines = append(lines, line)
	}
	return lines
}
