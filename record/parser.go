package record

import (
	"bytes"
	"strconv"
	"unicode/utf8"
)

// maxErrors is how many syntax errors one game may report before the parser
// gives up on the rest of it.
const maxErrors = 50

// bailout unwinds the parser to the start of the next line after an error
// has been recorded; abort unwinds it out of the game.
type (
	bailout struct{}
	abort   struct{}
)

// parser parses one game held in memory (src). It also lexes tag values for
// the typed accessors, then with mapPos translating indexes to positions.
type parser struct {
	src       []byte
	i         int
	filename  string
	base      int             // file offset of src[0]
	line      int             // line number of the current line
	lineStart int             // index in src of the current line's first byte
	bol       bool            // no token yet on this line (or just after "(")
	last      bool            // src runs to the end of the file
	depth     int             // variation nesting depth
	unclosed  bool            // a variation was found unclosed at the end of src
	tagIndex  map[string]*Tag // the game's tags by folded name, once they are many
	srcLine   [2]int          // the line of src (from, to) that srcText holds
	srcText   string          // the source line of the last error, shared by the errors on it
	errs      ErrorList
	g         *Game
	names     map[string]string    // interned player names
	tiles     map[string]string    // interned tile ids
	mapPos    func(i int) Position // positions inside a tag value
	recent    [6]string            // the strings interned last, checked first
	next      int
	bareNames [8]string // the bare names lexed last, checked first
	nextBare  int
	values    []string // the last value of each roster tag, by index in Roster
	mainLine  []*Turn  // the main line being parsed
	points    []int    // the points of the score being parsed
	keep      bool     // reuse the memory of the previous game (Parser)
	cur       *Turn    // the turn being parsed, for the errors in it
	kept      Game     // the game, when keep is set
	nodes     nodes
}

func newParser(filename string) *parser {
	return &parser{filename: filename, names: map[string]string{}, tiles: map[string]string{}, values: make([]string, len(Roster))}
}

// reset prepares p for a new game in src starting at file offset base and line.
func (p *parser) reset(src []byte, base, line int, last bool) {
	p.src, p.i, p.base, p.line, p.lineStart, p.last = src, 0, base, line, 0, last
	p.errs, p.depth, p.bol, p.cur, p.unclosed, p.tagIndex = nil, 0, true, nil, false, nil
	p.srcLine, p.srcText = [2]int{}, ""
	if len(p.names) > 256 {
		p.names = map[string]string{}
	}
	if len(p.tiles) > 256 {
		p.tiles = map[string]string{}
	}
	p.nodes.reset(p.keep)
}

// game parses src as one game.
func (p *parser) game() (g *Game) {
	if p.keep {
		p.kept = Game{}
		g = &p.kept
	} else {
		g = &Game{}
	}
	g.Tags = []*Tag{} // empty rather than nil, as Turns (it costs nothing)
	p.g = g
	defer p.recoverAbort()
	p.space()
	if p.i < len(p.src) {
		g.Pos = p.pos(p.i)
	}
	p.tags()
	p.bol = true
	if g.Turns = p.turnList(nil); g.Turns == nil {
		g.Turns = []*Turn{}
	}
	return g
}

// recoverAbort ends an abort: the game keeps what was parsed before it.
func (p *parser) recoverAbort() {
	if r := recover(); r != nil {
		if _, ok := r.(abort); !ok {
			panic(r)
		}
	}
}

// ---- positions and errors

func (p *parser) pos(i int) Position {
	if p.mapPos != nil {
		return p.mapPos(i)
	}
	return Position{Filename: p.filename, Offset: p.base + i, Line: int32(p.line), Column: int32(i - p.lineStart + 1)}
}

// errorAt records an error at index i of the current line.
func (p *parser) errorAt(i int, msg string) {
	p.errorPos(p.pos(i), i, msg)
}

// errorPos records an error at pos, which is index i of src.
func (p *parser) errorPos(pos Position, i int, msg string) {
	e := &SyntaxError{Pos: pos, Msg: msg, Span: p.span(i)}
	if t := p.cur; t != nil {
		e.Turn, e.Player = t.Number, t.Player.Text
	}
	if p.mapPos == nil {
		if i < p.srcLine[0] || i > p.srcLine[1] || p.srcText == "" {
			a := bytes.LastIndexByte(p.src[:min(i, len(p.src))], '\n') + 1
			b := len(p.src)
			if j := bytes.IndexByte(p.src[a:], '\n'); j >= 0 {
				b = a + j
			}
			p.srcLine, p.srcText = [2]int{a, b}, string(bytes.TrimRight(p.src[a:b], "\r"))
		}
		e.Source = p.srcText
	}
	p.errs = append(p.errs, e)
	if len(p.errs) >= maxErrors {
		p.errs = append(p.errs, &SyntaxError{Pos: pos, Msg: "expected fewer errors, found too many: skipping the rest of the game", Span: 1})
		panic(abort{})
	}
}

// fail records an error at index i and bails out to the next line.
func (p *parser) fail(i int, msg string) {
	p.errorAt(i, msg)
	panic(bailout{})
}

// recoverLine ends a bailout: it skips the rest of the line.
func (p *parser) recoverLine() {
	if r := recover(); r != nil {
		if _, ok := r.(bailout); !ok {
			panic(r)
		}
		p.skipRest()
	}
}

// skipRest skips the rest of the line after an error. Inside a variation it
// stops at a ")" that closes it, so that one error does not leave the
// variation open.
func (p *parser) skipRest() {
	open := 0
	for p.i < len(p.src) && p.depth > 0 {
		switch p.src[p.i] {
		case '\n', ';':
			p.skipLine()
			return
		case '"', '{':
			p.skipQuote()
			continue
		case '(':
			open++
		case ')':
			if open == 0 {
				return
			}
			open--
		}
		p.i++
	}
	p.skipLine()
}

// skipQuote skips the quoted string or brace comment at p.i, up to and
// including its closing character, or up to the line end if it has none on
// this line.
func (p *parser) skipQuote() {
	end := byte('"')
	if p.src[p.i] == '{' {
		end = '}'
	}
	for p.i++; p.i < len(p.src) && p.src[p.i] != end && p.src[p.i] != '\n'; p.i++ {
		if p.src[p.i] == '\\' && p.i+1 < len(p.src) && p.src[p.i+1] != '\n' {
			p.i++
		}
	}
	if p.i < len(p.src) && p.src[p.i] == end {
		p.i++
	}
}

// span is the length of the token at i, for carets.
func (p *parser) span(i int) int {
	if i >= len(p.src) {
		return 1
	}
	j := i + 1
	for j < len(p.src) && !isSpace(p.src[j]) && j-i < 40 {
		j++
	}
	return j - i
}

// found describes the text at index i for an error message.
func (p *parser) found(i int) string {
	if i >= len(p.src) {
		return p.end()
	}
	switch p.src[i] {
	case '\n', '\r':
		return "end of line"
	case ' ', '\t':
		return "space"
	}
	j := i + 1
	for j < len(p.src) && !isSpace(p.src[j]) && j-i < 24 {
		j++
	}
	for j < len(p.src) && !utf8.RuneStart(p.src[j]) {
		j++
	}
	s := strconv.Quote(string(p.src[i:j]))
	if j < len(p.src) && !isSpace(p.src[j]) {
		s += "..."
	}
	return s
}

// end names the end of src for an error message.
func (p *parser) end() string {
	switch {
	case p.mapPos != nil:
		return "end of value"
	case p.last:
		return "end of file"
	}
	return "end of game"
}
