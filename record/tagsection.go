package record

import (
	"strconv"
	"strings"
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
	if old := p.findTag(t.Name); old != nil {
		p.errorPos(t.Pos, t.Pos.Offset-p.base, "expected each tag once, found a second "+strconv.Quote(t.Name)+" (first at "+strconv.Itoa(int(old.Pos.Line))+":"+strconv.Itoa(int(old.Pos.Column))+")")
		return
	}
	p.g.Tags = p.nodes.tagList.add(p.g.Tags, t)
	if p.tagIndex != nil {
		p.tagIndex[foldName(t.Name)] = t
	}
}

// tagScan is how many tags a game may have before the parser looks them
// up in an index rather than one by one, which would cost the square of
// their number.
const tagScan = 16

// findTag returns the game's tag named name (in any case), or nil.
func (p *parser) findTag(name string) *Tag {
	if len(p.g.Tags) < tagScan {
		return p.g.tag(name)
	}
	if p.tagIndex == nil {
		p.tagIndex = make(map[string]*Tag, 2*len(p.g.Tags))
		for _, t := range p.g.Tags {
			p.tagIndex[foldName(t.Name)] = t
		}
	}
	return p.tagIndex[foldName(name)]
}

// foldName returns the key of a name under Unicode case folding: two
// names that strings.EqualFold finds equal have the same key. Each rune
// becomes the smallest of its case-folding orbit.
func foldName(s string) string {
	return strings.Map(func(r rune) rune {
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		return least
	}, s)
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
