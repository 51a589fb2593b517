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
