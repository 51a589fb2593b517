package record

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// Scanner reads the games of a CGN file one at a time, like bufio.Scanner
// reads lines. It holds one game's text in memory at a time, so memory does
// not grow with the size of the file; a game's text longer than
// MaxGameBytes stops the scanning with a *TooLargeError (Err), so that an
// input that never ends costs bounded memory too.
//
// A game with syntax errors is still returned: Scan reports true, Game
// returns what could be parsed and Err the game's errors (an ErrorList).
// Scanning then resumes at the next game (the next line that starts with
// "[" after movetext).
type Scanner struct {
	r        io.Reader
	filename string
	buf      []byte
	start    int // first byte of buf not yet scanned
	end      int // end of the data in buf
	offset   int // file offset of buf[0]
	line     int // line number at buf[start]
	eof      bool
	began    bool
	readErr  error
	maxGame  int // the limit of one game's text, MaxGameBytes
	p        *parser
	game     *Game
	raw      RawGame
	err      error
}

// NewScanner returns a Scanner reading CGN text from r. The filename is used
// in positions and error messages only.
func NewScanner(r io.Reader, filename string) *Scanner {
	return &Scanner{r: r, filename: filename, line: 1, maxGame: MaxGameBytes, p: newParser(filename), buf: make([]byte, 64<<10)}
}

// Scan advances to the next game. It returns false at the end of the input
// or when reading fails; Err then returns the read error (nil at the end of
// the input), or a *SyntaxError at 1:1 for an input that is no UTF-8 text.
func (s *Scanner) Scan() bool {
	s.game, s.err = nil, nil
	for {
		raw, ok := s.next()
		if !ok {
			return false
		}
		s.p.reset(raw.Src, raw.Offset, raw.Line, raw.last)
		g := s.p.game()
		if len(g.Tags) == 0 && len(g.Turns) == 0 && len(g.Comments) == 0 && len(s.p.errs) == 0 {
			continue // blank lines and escape lines only
		}
		s.p.errs.Sort()
		s.game, s.err = g, s.p.errs.Err()
		return true
	}
}

// next returns the next game's text, still in the scanner's buffer (valid
// until the next call), and moves past it. At the end of the input or on a
// read error it returns false and sets s.err.
func (s *Scanner) next() (RawGame, bool) {
	s.begin()
	n := s.chunk()
	if n == 0 {
		s.err = s.readErr
		return RawGame{}, false
	}
	src := s.buf[s.start : s.start+n]
	raw := RawGame{Filename: s.filename, Src: src, Offset: s.offset + s.start, Line: s.line, last: s.eof && s.start+n == s.end}
	s.start += n
	s.line += bytes.Count(src, []byte{'\n'})
	return raw, true
}

// begin skips a byte order mark at the start of the input, and stops the
// scanning with one error when the input is no UTF-8 text at all (UTF-16,
// a binary file) rather than give an error for every odd byte of it.
func (s *Scanner) begin() {
	if s.began {
		return
	}
	s.began = true
	for s.end < textSniff && !s.eof {
		s.fill()
	}
	if bytes.HasPrefix(s.buf[:s.end], []byte("\uFEFF")) {
		s.start = 3
	}
	if why := notText(s.buf[:min(s.end, textSniff)]); why != "" {
		s.start, s.eof = s.end, true
		s.readErr = &SyntaxError{Pos: Position{Filename: s.filename, Line: 1, Column: 1},
			Msg: "not UTF-8 text (" + why + "): CGN files are UTF-8 text"}
	}
}

// textSniff is how much of its start tells whether an input is text.
const textSniff = 8 << 10

// notText says why head, the start of an input, is no UTF-8 text, or
// returns "". A few invalid bytes in text (a name typed in another
// encoding) are left to the parser, which points at each.
func notText(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte{0xFF, 0xFE}), bytes.HasPrefix(head, []byte{0xFE, 0xFF}):
		return "it starts with a UTF-16 byte order mark"
	}
	if i := bytes.IndexByte(head, 0); i >= 0 {
		return fmt.Sprintf("a NUL byte at offset %d: binary data or UTF-16", i)
	}
	bad := 0 // a rune cut by the end of head counts too: one at most
	for len(head) > 0 {
		r, n := utf8.DecodeRune(head)
		if r == utf8.RuneError && n == 1 {
			bad++
		}
		head = head[n:]
	}
	if bad > 16 {
		return fmt.Sprintf("%d bytes of its start are not UTF-8", bad)
	}
	return ""
}

// Game returns the game read by the last call to Scan. Each game is new: it
// stays valid after further calls to Scan.
func (s *Scanner) Game() *Game { return s.game }

// Err returns the syntax errors of the game last scanned (an ErrorList), or,
// once Scan has returned false, the read error that stopped it (nil at the
// end of the input).
func (s *Scanner) Err() error { return s.err }

// chunk returns the length of the next game's text from s.start, reading as
// needed. A game ends before a line that starts with "[" once its movetext
// has begun (a line that is not blank, not a tag line, not an escape line).
// Each byte is searched once, however the reads cut the lines; a game text
// longer than the limit gives 0 and stops the scanning.
func (s *Scanner) chunk() int {
	line, seen := 0, 0 // from s.start: the line looked at, and how far its end was searched for
	for {
		nl := bytes.IndexByte(s.buf[s.start+seen:s.end], '\n')
		if nl < 0 && !s.eof {
			seen = s.end - s.start
			if !s.fill() {
				return 0
			}
			continue
		}
		a := s.start + line
		if a == s.end {
			return line
		}
		lineEnd := s.end
		if nl >= 0 {
			lineEnd = s.start + seen + nl + 1
		}
		line, seen = lineEnd-s.start, lineEnd-s.start
		if startsMovetext(s.buf[a:lineEnd]) {
			return s.movetextEnd(lineEnd) - s.start
		}
	}
}

// movetextEnd returns the index in s.buf where the game whose movetext
// has begun ends: the start of the next line from pos (a line start) that
// starts with "[", or the end of the input. It reads as needed, and
// returns s.start when the game text is longer than the limit.
func (s *Scanner) movetextEnd(pos int) int {
	first, from := pos-s.start, pos-s.start // from s.start: pos, and where to search on
	for {
		for i := s.start + from; ; i++ { // the next "[" that starts a line
			j := bytes.IndexByte(s.buf[i:s.end], '[')
			if j < 0 {
				break
			}
			if i += j; i == s.start+first || s.buf[i-1] == '\n' {
				return i
			}
		}
		if s.eof {
			return s.end
		}
		from = s.end - s.start
		if !s.fill() {
			return s.start
		}
	}
}

// startsMovetext reports whether a line outside movetext begins it.
func startsMovetext(line []byte) bool {
	if line[0] == '%' {
		return false
	}
	for _, c := range line {
		switch c {
		case ' ', '\t', '\r', '\n':
		case '[':
			return false
		default:
			return true
		}
	}
	return false
}

// fill reads more input, first moving the unscanned data to the front of
// the buffer (or growing it when full). s.start may change. It returns
// false, and stops the scanning with a *TooLargeError, when the text from
// s.start has reached the limit of one game.
func (s *Scanner) fill() bool {
	if s.start > 0 {
		copy(s.buf, s.buf[s.start:s.end])
		s.end -= s.start
		s.offset += s.start
		s.start = 0
	}
	if s.end >= s.maxGame {
		s.readErr = &TooLargeError{Pos: Position{Filename: s.filename, Offset: s.offset, Line: int32(s.line), Column: 1},
			What: "game text", Limit: s.maxGame}
		s.start, s.eof = s.end, true
		return false
	}
	if s.end == len(s.buf) {
		nb := make([]byte, min(2*len(s.buf), s.maxGame+1))
		copy(nb, s.buf[:s.end])
		s.buf = nb
	}
	for range 100 {
		n, err := s.r.Read(s.buf[s.end:])
		s.end += n
		if err != nil {
			s.eof = true
			if !errors.Is(err, io.EOF) {
				s.readErr = err
			}
			return true
		}
		if n > 0 {
			return true
		}
	}
	s.eof, s.readErr = true, io.ErrNoProgress
	return true
}

// Parse reads every game of a CGN text. It returns all the games, those with
// syntax errors too, and an error: the ErrorList of every syntax error of the
// file, or the read error, or nil.
func Parse(r io.Reader, filename string) ([]*Game, error) {
	sc := NewScanner(r, filename)
	var games []*Game
	var errs ErrorList
	for sc.Scan() {
		games = append(games, sc.Game())
		if l, ok := sc.Err().(ErrorList); ok {
			errs = append(errs, l...)
		}
	}
	if err := sc.Err(); err != nil {
		return games, err
	}
	return games, errs.Err()
}
