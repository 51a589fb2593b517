package record

import (
	"bytes"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// ---- character classes

// isDelim reports whether c ends an element.
func isDelim(c byte) bool { return delims[c] }

var delims = [256]bool{' ': true, '\t': true, '\r': true, '\n': true, '{': true, '}': true, ';': true, '(': true, ')': true, '!': true, '?': true, '~': true, '=': true}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

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
