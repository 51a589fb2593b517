package record

import (
	"strconv"
	"unicode"
	"unicode/utf8"
)

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

// tag lexes one tag, [Name "value"], at p.i and adds it to the game.
func (p *parser) tag() {
	t := p.nodes.tags.new()
	t.Pos = p.pos(p.i)
	p.i++
	p.inlineSpace()
	roster := p.tagName(t)
	p.inlineSpace()
	p.quotedValue(t, roster)
	p.inlineSpace()
	if p.i >= len(p.src) || p.src[p.i] != ']' {
		p.fail(p.i, `expected "]" to close the tag, found `+p.found(p.i))
	}
	p.i++
	p.addTag(t)
}

// tagName lexes the name of t and returns its index in Roster (or -1).
func (p *parser) tagName(t *Tag) int {
	a := p.i
	if a >= len(p.src) || !isLetterAt(p.src, a) {
		p.fail(a, "expected tag name, found "+p.found(a))
	}
	p.i = tagNameEnd(p.src, a)
	roster := rosterIndex(string(p.src[a:p.i]))
	if roster >= 0 {
		t.Name = Roster[roster]
	} else {
		t.Name = string(p.src[a:p.i])
	}
	return roster
}

// tagNameEnd returns the end of the tag name starting at i: letters,
// digits and "_".
func tagNameEnd(b []byte, i int) int {
	for i < len(b) {
		r, n := decodeRune(b, i)
		if r != '_' && !isASCIIAlnum(r) && !(r >= utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r))) {
			break
		}
		i += n
	}
	return i
}

// quotedValue lexes the quoted value of t, roster being its index in
// Roster (or -1).
func (p *parser) quotedValue(t *Tag, roster int) {
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
}

// addTag adds t to the game, unless the game has a tag of that name already.
func (p *parser) addTag(t *Tag) {
	if old := p.g.tag(t.Name); old != nil {
		p.errorPos(t.Pos, t.Pos.Offset-p.base, "expected each tag once, found a second "+strconv.Quote(t.Name)+" (first at "+strconv.Itoa(int(old.Pos.Line))+":"+strconv.Itoa(int(old.Pos.Column))+")")
		return
	}
	p.g.Tags = p.nodes.tagList.add(p.g.Tags, t)
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
