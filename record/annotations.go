package record

import (
	"bytes"
	"strconv"
	"time"
)

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
		c.Text = p.lineComment()
	} else {
		c.Text = p.braceComment()
	}
	return c
}

// lineComment lexes "; ..." at p.i up to the line end.
func (p *parser) lineComment() string {
	a := p.i + 1
	p.skipLine()
	b := p.src[a:p.i]
	p.checkUTF8(a, b)
	return commentText(b, bytes.IndexByte(b, '\r') >= 0, false)
}

// braceComment lexes "{...}" at p.i, which may run over several lines.
func (p *parser) braceComment() string {
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
			return commentText(b, esc, true)
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
	p.failUnclosed(open, openLine, openStart)
	return ""
}

// failUnclosed records that the comment opened at index open, on the line
// that starts at index lineStart, is never closed, and bails out.
func (p *parser) failUnclosed(open, line, lineStart int) {
	endLine, endStart := p.line, p.lineStart
	p.line, p.lineStart = line, lineStart
	pos := p.pos(open)
	p.line, p.lineStart = endLine, endStart
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
	var d byte
	if a+1 < len(p.src) {
		d = p.src[a+1]
	}
	g := glyphOf(p.src[a], d)
	p.i++
	if g >= Brilliant {
		p.i++
	}
	if *n != nil && (*n).Glyph != NoGlyph {
		p.fail(a, "expected one glyph per item, found "+strconv.Quote(g.String()))
	}
	nn := p.notes(n)
	nn.Glyph, nn.GlyphPos = g, p.pos(a)
}

// glyphOf returns the glyph that starts with c ('!' or '?'), d being the
// byte after it (0 at the end).
func glyphOf(c, d byte) Glyph {
	switch {
	case c == '!' && d == '!':
		return Brilliant
	case c == '!' && d == '?':
		return Interesting
	case c == '?' && d == '?':
		return Blunder
	case c == '?' && d == '!':
		return Dubious
	case c == '!':
		return Good
	}
	return Mistake
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

// clockValue lexes [h:]m:ss[.fff] at p.i.
func (p *parser) clockValue() (time.Duration, bool) {
	h, m, s, ok := p.clockFields()
	if !ok {
		return 0, false
	}
	ms := 0
	if p.i < len(p.src) && p.src[p.i] == '.' {
		p.i++
		if ms, ok = p.millis(); !ok {
			return 0, false
		}
	}
	return time.Duration(((h*60+m)*60+s)*1000+ms) * time.Millisecond, true
}

// clockFields lexes [h:]m:ss: two or three numbers joined by ":", the
// last two of them (but a leading m) of two digits and at most 59.
func (p *parser) clockFields() (h, m, s int, ok bool) {
	var parts, widths [3]int
	k := 0
	for {
		a := p.i
		v, isNum := p.uint()
		if !isNum {
			return 0, 0, 0, false
		}
		parts[k], widths[k] = v, p.i-a
		k++
		if k == 3 || p.i >= len(p.src) || p.src[p.i] != ':' {
			break
		}
		p.i++
	}
	if k < 2 || widths[k-1] != 2 || parts[k-1] > 59 {
		return 0, 0, 0, false
	}
	if k == 2 {
		return 0, parts[0], parts[1], true
	}
	if widths[1] != 2 || parts[1] > 59 {
		return 0, 0, 0, false
	}
	return parts[0], parts[1], parts[2], true
}

// millis lexes the 1 to 3 digits of a fraction of a second, in milliseconds.
func (p *parser) millis() (int, bool) {
	ms, digits := 0, 0
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
	return ms, true
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
