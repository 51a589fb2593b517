package record

import (
	"bytes"
	"strconv"
	"time"
	"unicode"
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
	base      int  // file offset of src[0]
	line      int  // line number of the current line
	lineStart int  // index in src of the current line's first byte
	bol       bool // no token yet on this line (or just after "(")
	last      bool // src runs to the end of the file
	depth     int  // variation nesting depth
	errs      ErrorList
	g         *Game
	names     map[string]string // interned player names
	tiles     map[string]string // interned tile ids
	mapPos    func(i int) Pos   // positions inside a tag value
	recent    [6]string         // the strings interned last, checked first
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

// nodes holds the slabs a game's nodes and lists come from: parsing speed
// is mostly allocation, so a game takes a few large arrays rather than one
// allocation a node.
type nodes struct {
	turns       slab[Turn]
	placements  slab[Placement]
	followers   slab[Follower]
	floors      slab[TowerFloor]
	captures    slab[Capture]
	exchanges   slab[Exchange]
	guards      slab[TowerFollower]
	scores      slab[Score]
	tags        slab[Tag]
	notes       slab[Notes]
	comments    slab[Comment]
	clocks      slab[Clock]
	ransoms     slab[Ransom]
	discards    slab[Discard]
	variations  slab[Variation]
	points      slab[int] // lists: Score.Points
	tagList     slab[*Tag]
	mainLine    slab[*Turn]
	varLines    slab[*Turn] // the turns of variations
	commentList slab[*Comment]
	ransomList  slab[*Ransom]
	discardList slab[*Discard]
	varList     slab[*Variation]
}

// reset starts a new game; keep says whether to reuse the arrays.
func (n *nodes) reset(keep bool) {
	n.turns.reset(keep)
	n.placements.reset(keep)
	n.followers.reset(keep)
	n.floors.reset(keep)
	n.captures.reset(keep)
	n.exchanges.reset(keep)
	n.guards.reset(keep)
	n.scores.reset(keep)
	n.tags.reset(keep)
	n.notes.reset(keep)
	n.comments.reset(keep)
	n.clocks.reset(keep)
	n.ransoms.reset(keep)
	n.discards.reset(keep)
	n.variations.reset(keep)
	n.points.reset(keep)
	n.tagList.reset(keep)
	n.mainLine.reset(keep)
	n.varLines.reset(keep)
	n.commentList.reset(keep)
	n.ransomList.reset(keep)
	n.discardList.reset(keep)
	n.varList.reset(keep)
}

// slab hands out nodes (new) and short lists (add) from arrays. The first
// array of a game is sized from the previous game (games of one file tend
// to be alike), later ones double, up to 256 elements so that one node does
// not hold a large array alive. A slab that keeps its memory (for Parser)
// has no such limit, and clears and reuses its array for the next game
// when the whole game fitted in it, so that it soon allocates nothing.
type slab[T any] struct {
	buf        []T
	used, hint int // elements handed out this game; first array's size
	keep       bool
}

func (s *slab[T]) new() *T {
	if len(s.buf) == cap(s.buf) {
		s.grow(1)
	}
	s.used++
	s.buf = s.buf[:len(s.buf)+1]
	return &s.buf[len(s.buf)-1]
}

// add returns list with v appended, list being nil or a list add returned.
// A list has no spare capacity: add moves it to the end of the array unless
// it is there already (as it is when a list's items come one after another).
func (s *slab[T]) add(list []T, v T) []T {
	n := len(list)
	atEnd := n > 0 && n <= len(s.buf) && &s.buf[len(s.buf)-n] == &list[0]
	if !atEnd || len(s.buf) == cap(s.buf) {
		if cap(s.buf)-len(s.buf) < n+1 {
			s.grow(2 * (n + 1)) // room for the list to double where it is
		}
		s.buf = append(s.buf, list...)
		s.used += n
	}
	s.buf = append(s.buf, v)
	s.used++
	end := len(s.buf)
	return s.buf[end-n-1 : end : end]
}

// list returns a copy of items as a list.
func (s *slab[T]) list(items []T) []T {
	if cap(s.buf)-len(s.buf) < len(items) {
		s.grow(len(items))
	}
	s.buf = append(s.buf, items...)
	s.used += len(items)
	end := len(s.buf)
	return s.buf[end-len(items) : end : end]
}

// grow starts a new array with room for at least n elements.
func (s *slab[T]) grow(n int) {
	size := max(2*cap(s.buf), s.hint, 4)
	if !s.keep {
		size = min(size, 256)
	}
	s.buf = make([]T, 0, max(size, n))
}

// reset starts a new game.
func (s *slab[T]) reset(keep bool) {
	s.keep = keep
	if keep && s.used == len(s.buf) {
		clear(s.buf)
		s.buf, s.used = s.buf[:0], 0
		return
	}
	s.buf, s.hint, s.used = nil, s.used+s.used/16+1, 0
}

func newParser(filename string) *parser {
	return &parser{filename: filename, names: map[string]string{}, tiles: map[string]string{}, values: make([]string, len(Roster))}
}

// reset prepares p for a new game in src starting at file offset base and line.
func (p *parser) reset(src []byte, base, line int, last bool) {
	p.src, p.i, p.base, p.line, p.lineStart, p.last = src, 0, base, line, 0, last
	p.errs, p.depth, p.bol, p.cur = nil, 0, true, nil
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
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(abort); !ok {
				panic(r)
			}
		}
	}()
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

// ---- positions and errors

func (p *parser) pos(i int) Pos {
	if p.mapPos != nil {
		return p.mapPos(i)
	}
	return Pos{Filename: p.filename, Offset: p.base + i, Line: int32(p.line), Column: int32(i - p.lineStart + 1)}
}

// errorAt records an error at index i of the current line.
func (p *parser) errorAt(i int, msg string) {
	p.errorPos(p.pos(i), i, msg)
}

// errorPos records an error at pos, which is index i of src.
func (p *parser) errorPos(pos Pos, i int, msg string) {
	e := &SyntaxError{Pos: pos, Msg: msg, Span: p.span(i)}
	if t := p.cur; t != nil {
		e.Turn, e.Player = t.Number, t.Player.Text
	}
	if p.mapPos == nil {
		a := bytes.LastIndexByte(p.src[:min(i, len(p.src))], '\n') + 1
		b := len(p.src)
		if j := bytes.IndexByte(p.src[a:], '\n'); j >= 0 {
			b = a + j
		}
		e.Source = string(bytes.TrimRight(p.src[a:b], "\r"))
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
			end := byte('"')
			if p.src[p.i] == '{' {
				end = '}'
			}
			for p.i++; p.i < len(p.src) && p.src[p.i] != end && p.src[p.i] != '\n'; p.i++ {
				if p.src[p.i] == '\\' && p.i+1 < len(p.src) && p.src[p.i+1] != '\n' {
					p.i++
				}
			}
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

// isDelim reports whether c ends an element.
func isDelim(c byte) bool { return delims[c] }

var delims = [256]bool{' ': true, '\t': true, '\r': true, '\n': true, '{': true, '}': true, ';': true, '(': true, ')': true, '!': true, '?': true, '~': true, '=': true}

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

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// found describes the text at index i for an error message.
func (p *parser) found(i int) string {
	if i >= len(p.src) {
		switch {
		case p.mapPos != nil:
			return "end of value"
		case p.last:
			return "end of file"
		}
		return "end of game"
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

// ---- white space

// inlineSpace skips spaces, tabs and carriage returns.
func (p *parser) inlineSpace() {
	i := p.i
	for i < len(p.src) && (p.src[i] == ' ' || p.src[i] == '\t' || p.src[i] == '\r') {
		i++
	}
	p.i = i
}

// space skips white space, line ends and escape lines.
func (p *parser) space() {
	for p.i < len(p.src) {
		switch p.src[p.i] {
		case ' ', '\t', '\r':
			p.i++
		case '\n':
			p.newline()
		case '%':
			if p.i != p.lineStart {
				return
			}
			p.skipLine()
		default:
			return
		}
	}
}

func (p *parser) newline() {
	p.i++
	p.line++
	p.lineStart = p.i
	p.bol = true
}

// skipLine moves to the line end (or the end of src).
func (p *parser) skipLine() {
	if j := bytes.IndexByte(p.src[p.i:], '\n'); j >= 0 {
		p.i += j
	} else {
		p.i = len(p.src)
	}
}

// ---- tag section

func (p *parser) tags() {
	for {
		p.space()
		if p.i >= len(p.src) || p.src[p.i] != '[' {
			return
		}
		p.tagLine()
	}
}

func (p *parser) tagLine() {
	defer p.recoverLine()
	for {
		p.tag()
		p.inlineSpace()
		if p.i >= len(p.src) || p.src[p.i] == '\n' {
			return
		}
		if p.src[p.i] != '[' {
			p.fail(p.i, "expected end of line after a tag, found "+p.found(p.i))
		}
	}
}

func (p *parser) tag() {
	t := p.nodes.tags.new()
	t.Pos = p.pos(p.i)
	p.i++
	p.inlineSpace()
	a := p.i
	if a >= len(p.src) || !isLetterAt(p.src, a) {
		p.fail(a, "expected tag name, found "+p.found(a))
	}
	for p.i < len(p.src) {
		r, n := decodeRune(p.src, p.i)
		if r != '_' && !isASCIIAlnum(r) && !(r >= utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r))) {
			break
		}
		p.i += n
	}
	roster := rosterIndex(string(p.src[a:p.i]))
	if roster >= 0 {
		t.Name = Roster[roster]
	} else {
		t.Name = string(p.src[a:p.i])
	}
	p.inlineSpace()
	if p.i >= len(p.src) || p.src[p.i] != '"' {
		p.fail(p.i, "expected quoted tag value, found "+p.found(p.i))
	}
	t.ValuePos = p.pos(p.i)
	va := p.i + 1
	raw, esc := p.quoted()
	if esc {
		t.raw = string(raw)
	}
	t.Value = p.tagValue(roster, raw, esc, va)
	p.inlineSpace()
	if p.i >= len(p.src) || p.src[p.i] != ']' {
		p.fail(p.i, `expected "]" to close the tag, found `+p.found(p.i))
	}
	p.i++
	if old := p.g.tag(t.Name); old != nil {
		p.errorPos(t.Pos, t.Pos.Offset-p.base, "expected each tag once, found a second "+strconv.Quote(t.Name)+" (first at "+strconv.Itoa(int(old.Pos.Line))+":"+strconv.Itoa(int(old.Pos.Column))+")")
		return
	}
	p.g.Tags = p.nodes.tagList.add(p.g.Tags, t)
}

// ---- quoted strings

// quoted scans a quoted string at p.i and returns the bytes between the
// quotes and whether they hold escapes. Every escape is checked here.
func (p *parser) quoted() (raw []byte, esc bool) {
	p.i++
	a := p.i
	for p.i < len(p.src) {
		switch c := p.src[p.i]; c {
		case '"':
			raw = p.src[a:p.i]
			p.i++
			p.checkUTF8(a, raw)
			return raw, esc
		case '\\':
			esc = true
			p.i += p.escapeLen(p.i)
		case '\n':
			p.fail(p.i, "expected closing quote, found end of line")
		default:
			p.i++
		}
	}
	p.fail(p.i, "expected closing quote, found "+p.found(p.i))
	return nil, false
}

// escapeLen checks the escape at i and returns its length.
func (p *parser) escapeLen(i int) int {
	if i+1 < len(p.src) {
		switch p.src[i+1] {
		case '"', '\\', 'n', 't':
			return 2
		case 'u':
			if _, n, ok := hexEscape(p.src[i:]); ok {
				return n
			}
			j := i + 2
			for j < len(p.src) && j < i+12 && p.src[j] != '}' && p.src[j] != '"' && p.src[j] != '\n' {
				j++
			}
			if j < len(p.src) && p.src[j] == '}' {
				j++
			}
			p.fail(i, `expected \u{hex} holding a Unicode code point, found `+strconv.Quote(string(p.src[i:j])))
		}
	}
	p.fail(i, `expected escape \", \\, \n, \t or \u{hex}, found `+p.found(i))
	return 0
}

// hexEscape decodes \u{X...} (1 to 6 hex digits, a Unicode scalar value).
func hexEscape(b []byte) (r rune, n int, ok bool) {
	if len(b) < 4 || b[0] != '\\' || b[1] != 'u' || b[2] != '{' {
		return 0, 0, false
	}
	j := 3
	for ; j < len(b) && j < 10 && b[j] != '}'; j++ {
		d := unhex(b[j])
		if d < 0 {
			return 0, 0, false
		}
		r = r<<4 | rune(d)
	}
	if j == 3 || j >= len(b) || b[j] != '}' || j > 9 || r > unicode.MaxRune || (r >= 0xD800 && r < 0xE000) {
		return 0, 0, false
	}
	return r, j + 1, true
}

func unhex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// checkUTF8 reports invalid UTF-8 in b, which starts at index a.
func (p *parser) checkUTF8(a int, b []byte) {
	if utf8.Valid(b) {
		return
	}
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			p.fail(a+i, "expected UTF-8 text, found invalid byte 0x"+strconv.FormatUint(uint64(b[i]), 16))
		}
		i += n
	}
}

// tagValue decodes the value of a tag, roster being the tag's index in
// Roster (or -1). A roster tag's value is shared with the previous game's
// when they are the same, as the Event, Players or Rules of the games of a
// file mostly are.
func (p *parser) tagValue(roster int, raw []byte, esc bool, at int) string {
	if roster < 0 || esc {
		return p.unquote(raw, esc, at)
	}
	if s := p.values[roster]; s == string(raw) {
		return s
	}
	s := string(raw)
	p.values[roster] = s
	return s
}

// unquote decodes a checked quoted string's raw bytes.
func (p *parser) unquote(raw []byte, esc bool, at int) string {
	if !esc {
		return string(raw)
	}
	out := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c != '\\' {
			out = append(out, c)
			continue
		}
		i++
		switch raw[i] {
		case 'n':
			out = append(out, '\n')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, n, _ := hexEscape(raw[i-1:])
			out = utf8.AppendRune(out, r)
			i += n - 2
		default:
			out = append(out, raw[i])
		}
	}
	return string(out)
}

// ---- names and tile ids

func isASCIIAlnum(r rune) bool {
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func decodeRune(b []byte, i int) (rune, int) {
	if c := b[i]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRune(b[i:])
}

func isLetterAt(b []byte, i int) bool {
	r, _ := decodeRune(b, i)
	return isASCIIAlnum(r) && !('0' <= r && r <= '9') || r >= utf8.RuneSelf && unicode.IsLetter(r)
}

// isNameStart reports whether a bare name starts at index i.
func isNameStart(b []byte, i int) bool {
	return b[i] == '_' || isLetterAt(b, i)
}

// bareNameEnd returns the end of the bare name starting at i.
func bareNameEnd(b []byte, i int) int {
	for i < len(b) {
		c := b[i]
		if c < utf8.RuneSelf {
			if isASCIILetter(c) || isDigit(c) || c == '_' || c == '-' {
				i++
				continue
			}
			return i
		}
		r, n := utf8.DecodeRune(b[i:])
		if !unicode.IsLetter(r) && !unicode.IsMark(r) && !unicode.IsDigit(r) {
			return i
		}
		i += n
	}
	return i
}

// name lexes a player name (bare or quoted) at p.i.
func (p *parser) name(what string) Name {
	n := Name{Pos: p.pos(p.i)}
	switch {
	case p.i < len(p.src) && p.src[p.i] == '"':
		a := p.i
		raw, esc := p.quoted()
		if len(raw) == 0 {
			p.fail(a, "expected "+what+", found empty name \"\"")
		}
		if esc {
			n.Text = p.intern(p.names, []byte(p.unquote(raw, esc, a+1)))
		} else {
			n.Text = p.intern(p.names, raw)
		}
	case p.i < len(p.src) && isNameStart(p.src, p.i):
		n.Text = p.bareName()
	default:
		p.fail(p.i, "expected "+what+", found "+p.found(p.i))
	}
	return n
}

// bareName lexes the bare name at p.i. A bare name lexed lately is matched
// without decoding it (the players of a game take turns).
func (p *parser) bareName() string {
	rest := p.src[p.i:]
	for _, s := range p.bareNames {
		if s != "" && len(s) < len(rest) && s[0] == rest[0] && string(rest[:len(s)]) == s && !continuesBareName(rest[len(s)]) {
			p.i += len(s)
			return s
		}
	}
	j := bareNameEnd(p.src, p.i)
	s := p.intern(p.names, p.src[p.i:j])
	p.bareNames[p.nextBare%len(p.bareNames)] = s
	p.nextBare++
	p.i = j
	return s
}

// continuesBareName reports whether a bare name may go on with byte c
// (always for a non-ASCII byte, which bareNameEnd decodes).
func continuesBareName(c byte) bool {
	return c >= utf8.RuneSelf || isASCIILetter(c) || isDigit(c) || c == '_' || c == '-'
}

func (p *parser) intern(m map[string]string, b []byte) string {
	for _, s := range p.bareNames {
		if s == string(b) && s != "" {
			return s
		}
	}
	s, ok := m[string(b)]
	if !ok {
		s = string(b)
		m[s] = s
	}
	p.recent[p.next%len(p.recent)] = s
	p.next++
	return s
}

// tileEnd returns the end of the tile id at i (i itself if there is none).
func tileEnd(b []byte, i int) int {
	if i >= len(b) || !isASCIILetter(b[i]) {
		return i
	}
	i++
	for i < len(b) && (isASCIILetter(b[i]) || isDigit(b[i])) {
		i++
	}
	return i
}

// tile lexes a tile id at p.i, upper-cased. The catalog's shapes (a letter,
// or a letter and two digits) come from a static table without hashing.
func (p *parser) tile(what string) string {
	j := tileEnd(p.src, p.i)
	if j == p.i {
		p.fail(p.i, "expected "+what+", found "+p.found(p.i))
	}
	b := p.src[p.i:j]
	p.i = j
	switch {
	case len(b) == 1:
		return letterIDs[upper(b[0])-'A']
	case len(b) == 3 && isDigit(b[1]) && isDigit(b[2]):
		return numberedIDs[upper(b[0])-'A'][(b[1]-'0')*10+b[2]-'0']
	}
	if s, ok := p.tiles[string(b)]; ok {
		return s
	}
	var buf [32]byte
	u := append(buf[:0], b...)
	for k, c := range u {
		u[k] = upper(c)
	}
	s := p.intern(p.tiles, u)
	if len(b) < 32 {
		p.tiles[string(b)] = s
	}
	return s
}

func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// letterIDs and numberedIDs hold the tile ids of the form "A" and "T05",
// so that lexing them allocates nothing.
var (
	letterIDs   [26]string
	numberedIDs [26][100]string
)

func init() {
	for l := range 26 {
		letterIDs[l] = string(rune('A' + l))
		for n := range 100 {
			numberedIDs[l][n] = string(rune('A'+l)) + string(rune('0'+n/10)) + string(rune('0'+n%10))
		}
	}
}

// ---- numbers

// uint lexes 1 to 9 digits at p.i; ok is false (and p.i unchanged) otherwise.
func (p *parser) uint() (n int, ok bool) {
	n, w := lexUint(p.src[p.i:])
	p.i += w
	return n, w > 0
}

// int lexes an optionally negative integer at p.i.
func (p *parser) int() (int, bool) {
	n, w := lexInt(p.src[p.i:])
	p.i += w
	return n, w > 0
}

// lexUint lexes 1 to 9 digits at the start of b and returns their value
// and how many they are; width 0 means there are none, or more than 9.
func lexUint(b []byte) (n, width int) {
	for width < len(b) && isDigit(b[width]) {
		if width == 9 {
			return 0, 0
		}
		n = n*10 + int(b[width]-'0')
		width++
	}
	return n, width
}

// lexInt is lexUint with an optional leading "-".
func lexInt(b []byte) (n, width int) {
	if len(b) == 0 || b[0] != '-' {
		return lexUint(b)
	}
	if n, width = lexUint(b[1:]); width == 0 {
		return 0, 0
	}
	return -n, width + 1
}

// coord lexes "x,y".
func (p *parser) coord() (x, y int) {
	var ok bool
	if x, ok = p.int(); !ok {
		p.fail(p.i, "expected x coordinate, found "+p.found(p.i))
	}
	if p.i >= len(p.src) || p.src[p.i] != ',' {
		p.fail(p.i, `expected "," between the coordinates, found `+p.found(p.i))
	}
	p.i++
	if y, ok = p.int(); !ok {
		p.fail(p.i, "expected y coordinate, found "+p.found(p.i))
	}
	return x, y
}

// endOf checks that the element just lexed ends here.
func (p *parser) endOf(what string) {
	if p.i < len(p.src) && !isDelim(p.src[p.i]) {
		p.failEnd(what)
	}
}

func (p *parser) failEnd(what string) {
	p.fail(p.i, "expected end of "+what+", found "+p.found(p.i))
}

// ---- elements

// placement lexes "V@2,-1r90".
func (p *parser) placement() *Placement {
	pl := p.nodes.placements.new()
	pl.Pos = p.pos(p.i)
	pl.Tile = p.tile("tile id")
	if p.i >= len(p.src) || p.src[p.i] != '@' {
		p.fail(p.i, `expected "@" after the tile id, found `+p.found(p.i))
	}
	p.i++
	pl.X, pl.Y = p.coord()
	pl.Rotation = p.rotation()
	return pl
}

func (p *parser) rotation() Rotation {
	a := p.i
	if a < len(p.src) && (p.src[a] == 'r' || p.src[a] == 'R') {
		// lexUint takes every digit or none, so no digit follows n.
		if n, w := lexUint(p.src[a+1:]); w > 0 && (n == 0 || n == 90 || n == 180 || n == 270) {
			p.i = a + 1 + w
			return Rotation(n)
		}
	}
	p.fail(a, "expected rotation r0, r90, r180 or r270, found "+p.found(a))
	return 0
}

// spot lexes a feature spot ("C:N", "F:NL.NR", "M", "T", long names too).
func (p *parser) spot(tower bool) Spot {
	a := p.i
	j := a
	for j < len(p.src) && isASCIILetter(p.src[j]) {
		j++
	}
	sp := Spot{Kind: spotKind(p.src[a:j])}
	switch {
	case sp.Kind == Cloister || sp.Kind == Tower && tower:
		p.i = j
		return sp
	case sp.Kind == KindNone || sp.Kind == Tower:
		if tower {
			p.fail(a, "expected feature C, R, F, M or T, found "+p.found(a))
		}
		p.fail(a, "expected feature C, R, F or M, found "+p.found(a))
	}
	if j >= len(p.src) || p.src[j] != ':' {
		p.fail(j, `expected ":" after the feature kind, found `+p.found(j))
	}
	p.i = j + 1
	if sp.Kind == Field {
		sp.Halves, sp.Inner = p.halves()
	} else {
		sp.Edges = p.edges()
	}
	return sp
}

// spotKind returns the feature kind a word names (a letter or a long
// name in any case), or KindNone.
func spotKind(word []byte) Kind {
	if len(word) == 1 {
		switch upper(word[0]) {
		case 'C':
			return City
		case 'R':
			return Road
		case 'F':
			return Field
		case 'M':
			return Cloister
		case 'T':
			return Tower
		}
		return KindNone
	}
	switch {
	case eqFold(word, "city"):
		return City
	case eqFold(word, "road"):
		return Road
	case eqFold(word, "field"):
		return Field
	case eqFold(word, "cloister"), eqFold(word, "monastery"):
		return Cloister
	case eqFold(word, "tower"):
		return Tower
	}
	return KindNone
}

func eqFold(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	for i := range len(b) {
		c := b[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		d := s[i]
		if 'A' <= d && d <= 'Z' {
			d += 'a' - 'A'
		}
		if c != d {
			return false
		}
	}
	return true
}

func edgeBit(c byte) EdgeSet {
	switch c {
	case 'N', 'n':
		return EdgeN
	case 'E', 'e':
		return EdgeE
	case 'S', 's':
		return EdgeS
	case 'W', 'w':
		return EdgeW
	}
	return 0
}

// edges lexes an edge set: letters N E S W in any order, or _X.
func (p *parser) edges() EdgeSet {
	a := p.i
	const msg = "expected edges such as N, NE, WE, _S or NWSE, found "
	if a < len(p.src) && p.src[a] == '_' {
		if a+1 < len(p.src) {
			if b := edgeBit(p.src[a+1]); b != 0 && (a+2 >= len(p.src) || edgeBit(p.src[a+2]) == 0) {
				p.i = a + 2
				return 15 &^ b
			}
		}
		p.fail(a, msg+p.found(a))
	}
	var e EdgeSet
	for p.i < len(p.src) {
		b := edgeBit(p.src[p.i])
		if b == 0 {
			break
		}
		if e&b != 0 {
			p.fail(a, msg+p.found(a))
		}
		e |= b
		p.i++
	}
	if e == 0 || (p.i < len(p.src) && isASCIILetter(p.src[p.i])) {
		p.fail(a, msg+p.found(a))
	}
	return e
}

// halves lexes field half-edges "NL.NR.EL" in any order, or "I" / "inner".
func (p *parser) halves() (HalfSet, bool) {
	a := p.i
	const msg = "expected half-edges such as NL.NR or I, found "
	j := a
	for j < len(p.src) && isASCIILetter(p.src[j]) {
		j++
	}
	if w := p.src[a:j]; eqFold(w, "I") || eqFold(w, "inner") {
		p.i = j
		return 0, true
	}
	var h HalfSet
	for {
		if p.i+1 >= len(p.src) {
			p.fail(a, msg+p.found(a))
		}
		e := edgeBit(p.src[p.i])
		var bit HalfSet
		switch p.src[p.i+1] {
		case 'L', 'l':
			bit = 1
		case 'R', 'r':
			bit = 2
		}
		if e == 0 || bit == 0 {
			p.fail(a, msg+p.found(a))
		}
		switch e {
		case EdgeE:
			bit <<= 2
		case EdgeS:
			bit <<= 4
		case EdgeW:
			bit <<= 6
		}
		if h&bit != 0 {
			p.fail(a, msg+p.found(a))
		}
		h |= bit
		p.i += 2
		if p.i+1 < len(p.src) && p.src[p.i] == '.' && edgeBit(p.src[p.i+1]) != 0 {
			p.i++
			continue
		}
		break
	}
	if p.i < len(p.src) && (isASCIILetter(p.src[p.i]) || p.src[p.i] == '.') {
		p.fail(a, msg+p.found(a))
	}
	return h, false
}

// ---- annotations

// notes returns *n, making it first if it is nil.
func (p *parser) notes(n **Notes) *Notes {
	if *n == nil {
		*n = p.nodes.notes.new()
	}
	return *n
}

// comment lexes {...} or ; ... at p.i.
func (p *parser) comment() *Comment {
	c := p.nodes.comments.new()
	c.Pos = p.pos(p.i)
	if p.src[p.i] == ';' {
		a := p.i + 1
		p.skipLine()
		b := p.src[a:p.i]
		p.checkUTF8(a, b)
		c.Text = commentText(b, bytes.IndexByte(b, '\r') >= 0, false)
		return c
	}
	open, openLine, openStart := p.i, p.line, p.lineStart
	p.i++
	a := p.i
	esc := false
	for p.i < len(p.src) {
		switch p.src[p.i] {
		case '}':
			b := p.src[a:p.i]
			p.i++
			p.checkUTF8(a, b)
			c.Text = commentText(b, esc, true)
			return c
		case '\\':
			esc = true
			p.i++
			if p.i < len(p.src) && (p.src[p.i] == '}' || p.src[p.i] == '\\' || p.src[p.i] == '[') {
				p.i++
			}
		case '\r':
			esc = true
			p.i++
		case '\n':
			p.i++
			p.line++
			p.lineStart = p.i
		default:
			p.i++
		}
	}
	line, start := p.line, p.lineStart
	p.line, p.lineStart = openLine, openStart
	pos := p.pos(open)
	p.line, p.lineStart = line, start
	p.errorPos(pos, open, `expected "}" to close the comment, found `+p.found(p.i))
	panic(bailout{})
}

// commentText trims a comment's text, drops its carriage returns and, for
// a brace comment (unescape), decodes \} \\ and \[. esc says whether there
// is anything to drop or decode.
func commentText(b []byte, esc, unescape bool) string {
	if esc {
		out := make([]byte, 0, len(b))
		for i := 0; i < len(b); i++ {
			c := b[i]
			switch {
			case c == '\r':
				continue
			case unescape && c == '\\' && i+1 < len(b) && (b[i+1] == '}' || b[i+1] == '\\' || b[i+1] == '['):
				i++
				c = b[i]
			}
			out = append(out, c)
		}
		b = out
	}
	return string(bytes.Trim(b, " \t\r\n"))
}

// glyph lexes ! ? !! ?? !? ?! into n.
func (p *parser) glyph(n **Notes) {
	a := p.i
	var g Glyph
	c := p.src[p.i]
	p.i++
	var d byte
	if p.i < len(p.src) {
		d = p.src[p.i]
	}
	switch {
	case c == '!' && d == '!':
		g = Brilliant
	case c == '!' && d == '?':
		g = Interesting
	case c == '?' && d == '?':
		g = Blunder
	case c == '?' && d == '!':
		g = Dubious
	case c == '!':
		g = Good
	default:
		g = Mistake
	}
	if g >= Brilliant {
		p.i++
	}
	if *n != nil && (*n).Glyph != NoGlyph {
		p.fail(a, "expected one glyph per item, found "+strconv.Quote(g.String()))
	}
	nn := p.notes(n)
	nn.Glyph, nn.GlyphPos = g, p.pos(a)
}

// clock lexes ~[h:]m:ss[.fff] into n.
func (p *parser) clock(n **Notes) {
	a := p.i
	p.i++
	d, ok := p.clockValue()
	if !ok || (p.i < len(p.src) && !isDelim(p.src[p.i])) {
		p.fail(a, "expected clock ~[h:]m:ss[.fff], found "+p.found(a))
	}
	if *n != nil && (*n).Clock != nil {
		p.fail(a, "expected one clock per item, found "+p.found(a))
	}
	c := p.nodes.clocks.new()
	c.Pos, c.Elapsed = p.pos(a), d
	p.notes(n).Clock = c
}

func (p *parser) clockValue() (time.Duration, bool) {
	var parts [3]int
	var widths [3]int
	k := 0
	for {
		s := p.i
		v, ok := p.uint()
		if !ok {
			return 0, false
		}
		parts[k], widths[k] = v, p.i-s
		k++
		if k == 3 || p.i >= len(p.src) || p.src[p.i] != ':' {
			break
		}
		p.i++
	}
	if k < 2 || widths[k-1] != 2 || parts[k-1] > 59 {
		return 0, false
	}
	h, m, s := 0, parts[0], parts[1]
	if k == 3 {
		if widths[1] != 2 || parts[1] > 59 {
			return 0, false
		}
		h, m, s = parts[0], parts[1], parts[2]
	}
	ms := 0
	if p.i < len(p.src) && p.src[p.i] == '.' {
		p.i++
		digits := 0
		for p.i < len(p.src) && isDigit(p.src[p.i]) {
			if digits == 3 {
				return 0, false
			}
			ms = ms*10 + int(p.src[p.i]-'0')
			digits++
			p.i++
		}
		if digits == 0 {
			return 0, false
		}
		for ; digits < 3; digits++ {
			ms *= 10
		}
	}
	return time.Duration(((h*60+m)*60+s)*1000+ms) * time.Millisecond, true
}

// score lexes =57-43-12.
func (p *parser) score() *Score {
	sc := p.nodes.scores.new()
	sc.Pos = p.pos(p.i)
	a := p.i
	p.i++
	points := p.points[:0]
	for {
		v, ok := p.uint()
		if !ok {
			p.fail(a, `expected score "=" followed by points such as 57-43, found `+p.found(a))
		}
		points = append(points, v)
		if p.i+1 < len(p.src) && p.src[p.i] == '-' && isDigit(p.src[p.i+1]) {
			p.i++
			continue
		}
		break
	}
	p.endOf("score")
	p.points = points
	sc.Points = p.nodes.points.list(points)
	return sc
}
