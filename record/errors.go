package record

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// Position is a position in a CGN file. Line and Column start at 1; Column counts
// bytes from the start of the line (as go/token does); Offset counts bytes
// from the start of the file, a byte order mark included. The zero Position is
// "no position" (for values built in code rather than parsed).
type Position struct {
	Filename string
	Offset   int
	Line     int32
	Column   int32
}

// IsValid reports whether p holds a position.
func (p Position) IsValid() bool { return p.Line > 0 }

// String returns "file:line:col", "line:col" without a file name, or "-"
// for the zero Position.
func (p Position) String() string {
	s := p.Filename
	if p.IsValid() {
		if s != "" {
			s += ":"
		}
		s += fmt.Sprintf("%d:%d", p.Line, p.Column)
	}
	if s == "" {
		s = "-"
	}
	return s
}

// SyntaxError is one syntax error in a CGN text. Its Error method gives one
// grep-friendly line, "file:line:col: expected X, found Y"; Excerpt renders
// the offending source line with carets under the error.
type SyntaxError struct {
	Pos    Position
	Msg    string // "expected X, found Y"
	Turn   int    // the number of the turn the error lies in (0 before the movetext)
	Player string // that turn's player, when it could be read
	Source string // the source line holding Pos, without its line end ("" if unknown)
	Span   int    // number of bytes of Source marked by carets, at least 1
}

// Error returns "file:line:col: message".
func (e *SyntaxError) Error() string {
	if !e.Pos.IsValid() && e.Pos.Filename == "" {
		return e.Msg
	}
	return e.Pos.String() + ": " + e.Msg
}

// Excerpt returns the error line followed, when the source line is known, by
// that line and a row of carets under the offending text:
//
//	g.cgn:3:15: expected rotation r0, r90, r180 or r270, found "r45"
//	    3 | 2. Bob V@1,0r45
//	      |            ^^^
func (e *SyntaxError) Excerpt() string {
	var b strings.Builder
	b.WriteString(e.Error())
	if e.Source == "" || e.Pos.Column < 1 || int(e.Pos.Column)-1 > len(e.Source) {
		return b.String()
	}
	line, marks := Caret(e.Source, int(e.Pos.Column), e.Span)
	num := fmt.Sprint(e.Pos.Line)
	fmt.Fprintf(&b, "\n %4s | %s\n %4s | %s", num, line, "", marks)
	return b.String()
}

// caretWindow is how many characters of a long source line an excerpt
// shows around the error.
const caretWindow = 100

// Caret renders a source line for an error report, and the line of carets
// that marks span bytes from the 1-based byte column col. Carets count
// characters, not bytes; tabs are kept so that they line up; control
// characters and invalid UTF-8 show as '?'; a line longer than 100
// characters is cut around the error, with "..." where it was cut.
//
// Caret is total: a column before the line marks its start, a column past
// its end marks its end, whatever the length of the line.
func Caret(src string, col, span int) (line, marks string) {
	return CaretFrom(src, 1, col, span)
}

// CaretFrom is Caret for a piece of a long line: src holds the line from
// the 1-based byte column from (1: the whole line from its start), and col
// is a column of the whole line. A piece that does not start the line is
// shown as cut before it.
func CaretFrom(src string, from, col, span int) (line, marks string) {
	from = max(from, 1)
	col = min(max(col-(from-1), 1), len(src)+1)
	// Only the bytes around the error are looked at, so that a line of
	// megabytes costs no more than a short one.
	lo, hi := max(0, col-1-4*caretWindow), min(len(src), col-1+max(span, 1)+4*caretWindow)
	for lo > 0 && !utf8.RuneStart(src[lo]) {
		lo--
	}
	for hi < len(src) && !utf8.RuneStart(src[hi]) {
		hi++
	}
	cutBefore, cutAfter := lo > 0 || from > 1, hi < len(src)
	src, col = src[lo:hi], col-lo
	start, end := col-1, col-1+max(span, 1)
	type ch struct {
		r   rune
		off int
	}
	var chars []ch
	for off, r := range src {
		if r == utf8.RuneError || (r < ' ' && r != '\t') || r == 0x7f {
			r = '?'
		}
		chars = append(chars, ch{r, off})
	}
	first := 0
	for first < len(chars) && chars[first].off < start {
		first++
	}
	last := first
	for last < len(chars) && chars[last].off < end {
		last++
	}
	from, to := 0, len(chars)
	if len(chars) > caretWindow {
		from = max(0, first-caretWindow/3)
		to = min(len(chars), from+caretWindow)
	}
	var lb, mb strings.Builder
	if from > 0 || cutBefore {
		lb.WriteString("...")
		mb.WriteString("   ")
	}
	for i := from; i < to; i++ {
		lb.WriteRune(chars[i].r)
		switch {
		case i < first && chars[i].r == '\t':
			mb.WriteByte('\t')
		case i < first:
			mb.WriteByte(' ')
		case i < last:
			mb.WriteByte('^')
		}
	}
	if to < len(chars) || cutAfter {
		lb.WriteString("...")
	}
	if first >= to || last == first {
		mb.WriteByte('^') // the error is at the end of the line
	}
	return lb.String(), mb.String()
}

// ErrorList is a list of syntax errors, in the order found (which is source
// order within a game). Like go/scanner.ErrorList, its Err method returns nil
// for an empty list.
type ErrorList []*SyntaxError

// Error returns the first error and how many more there are.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0].Error(), len(l)-1)
}

// Err returns l as an error, or nil if l is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// Sort orders the list by file name, then offset.
func (l ErrorList) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i].Pos, l[j].Pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		return a.Offset < b.Offset
	})
}

// Excerpt renders every error with its source excerpt, one after another.
func (l ErrorList) Excerpt() string {
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = e.Excerpt()
	}
	return strings.Join(parts, "\n")
}
