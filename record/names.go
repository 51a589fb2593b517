package record

import (
	"unicode"
	"unicode/utf8"
)

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
	return p.otherTile(b)
}

// otherTile returns the tile id b (not of the catalog's shapes), upper-cased
// and interned.
func (p *parser) otherTile(b []byte) string {
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
