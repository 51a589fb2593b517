package record

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// Edit changes game n (from 0) of a text before it is formatted, as
// towerlog fmt --result fills in the Result tag; it returns the game to
// format. A nil Edit changes nothing.
type Edit func(n int, g *Game) *Game

func (e Edit) apply(n int, g *Game) *Game {
	if e == nil || g == nil {
		return g
	}
	return e(n, g)
}

// FormatCheck is what CheckFormat found of a CGN text.
type FormatCheck struct {
	Broken bool // a game has syntax errors
	// Record is false for a text of games none of which has a tag or a
	// move number, such as a plain word: the parser reads it as moves,
	// but it is no record, which a formatter would rewrite. An empty text
	// is a record (of no game).
	Record    bool
	Canonical bool // FormatStream would write the text unchanged
}

// CheckFormat reads a CGN text game by game, from text, and says whether
// it has syntax errors, whether it is a record and whether it is in
// canonical form already: whether FormatStream, with the same edit,
// would write it unchanged. It compares the canonical form with the text
// as read again from again, so that it holds one game at a time,
// whatever the text's size. Each game's syntax errors (an ErrorList or a
// *SyntaxError) are passed to syntax, in order; other errors, such as
// those of reading, are returned. name names the text in errors.
func CheckFormat(text, again io.Reader, name string, edit Edit, syntax func(error)) (FormatCheck, error) {
	cmp := &sameWriter{r: bufio.NewReader(again)}
	sc := NewScanner(text, name)
	var c FormatCheck
	n := 0
	for ; sc.Scan(); n++ {
		if isSyntax(sc.Err()) {
			syntax(sc.Err())
			c.Broken = true
		}
		if g := sc.Game(); g != nil && !c.Record {
			c.Record = isRecord(g)
		}
		if !c.Broken && !cmp.differ { // past a difference, only syntax errors matter
			appendCanonical(cmp, n, edit.apply(n, sc.Game()))
		}
	}
	switch err := sc.Err(); {
	case isSyntax(err):
		syntax(err)
		return FormatCheck{Broken: true}, nil
	case err != nil:
		return FormatCheck{}, err
	}
	c.Record = c.Record || n == 0
	same, err := cmp.same()
	c.Canonical = same
	return c, err
}

// FormatStream writes the canonical form of the games of a CGN text, read
// from text one at a time, each passed through edit, as FormatFile writes
// a file's games; first is the number of games that precede in w (from
// other texts), after which the text's first game follows a blank line.
// It returns the number of games written. A syntax error stops it and is
// returned as the scanner gives it (an ErrorList or a *SyntaxError): check
// the text with CheckFormat first.
func FormatStream(w io.Writer, text io.Reader, name string, first int, edit Edit) (int, error) {
	sc := NewScanner(text, name)
	n := 0
	for ; sc.Scan(); n++ {
		if sc.Err() != nil {
			return n, sc.Err()
		}
		if err := appendCanonical(w, first+n, edit.apply(n, sc.Game())); err != nil {
			return n, err
		}
	}
	return n, sc.Err()
}

// isSyntax reports whether err holds syntax errors.
func isSyntax(err error) bool {
	var list ErrorList
	var se *SyntaxError
	return errors.As(err, &list) || errors.As(err, &se)
}

// isRecord reports whether g has a tag or a numbered turn: what a text
// must have somewhere to be a CGN record.
func isRecord(g *Game) bool {
	if len(g.Tags) > 0 {
		return true
	}
	for _, t := range g.Turns {
		if t.Numbered {
			return true
		}
	}
	return false
}

// appendCanonical writes game n (from 0) of a file as FormatFile does:
// games after the first follow a blank line.
func appendCanonical(w io.Writer, n int, g *Game) error {
	var b []byte
	if n > 0 {
		b = append(b, '\n')
	}
	_, err := w.Write(AppendGame(b, g))
	return err
}

// sameWriter compares the bytes written to it with those r reads.
type sameWriter struct {
	r      *bufio.Reader
	differ bool
	err    error
}

func (w *sameWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 && !w.differ {
		b, err := w.r.Peek(min(len(p), w.r.Size()))
		if err != nil && !errors.Is(err, io.EOF) {
			w.err = err
		}
		if len(b) == 0 || !bytes.Equal(b, p[:len(b)]) {
			w.differ = true
			break
		}
		w.r.Discard(len(b))
		p = p[len(b):]
	}
	return n, nil
}

// same reports whether every byte written matched and r has no more.
func (w *sameWriter) same() (bool, error) {
	if w.err != nil || w.differ {
		return false, w.err
	}
	_, err := w.r.Peek(1)
	switch {
	case errors.Is(err, io.EOF):
		return true, nil
	case err != nil:
		return false, err
	}
	return false, nil
}
