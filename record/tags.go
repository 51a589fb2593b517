package record

import (
	"strconv"
	"strings"
)

// Player is one seat of the Players tag.
type Player struct {
	Pos    Position // position of the name in the tag value
	Name   string   // never empty
	Colour string   // "" when not given
}

// RuleWord is one word of the Rules tag: a key, or key=value. The record keeps
// the words; what they mean is the engine's business.
type RuleWord struct {
	Pos   Position
	Key   string
	Value string // "" for a bare key
}

// String returns "key" or "key=value".
func (r RuleWord) String() string {
	if r.Value == "" {
		return r.Key
	}
	return r.Key + "=" + r.Value
}

// Result is the Result tag: final scores in seat order, or unfinished ("*").
type Result struct {
	Pos    Position
	Scores []int // nil when unfinished
}

// Unfinished reports whether the result is "*".
func (r *Result) Unfinished() bool { return r.Scores == nil }

// String returns the canonical value: "57-43-12" or "*".
func (r *Result) String() string {
	if r.Scores == nil {
		return "*"
	}
	return string(appendPoints(nil, r.Scores))
}

// BagKind says how a Bag tag describes the tiles of a game.
type BagKind uint8

// The kinds of bag.
const (
	BagOrder  BagKind = iota + 1 // a prepared draw order, discards included
	BagSubset                    // a subset of the box: a count per tile id
)

// String returns "order" or "subset".
func (k BagKind) String() string {
	switch k {
	case BagOrder:
		return "order"
	case BagSubset:
		return "subset"
	}
	return ""
}

// BagTile is one entry of a Bag tag.
type BagTile struct {
	Pos   Position
	Tile  string // tile id, upper case
	Count int    // 1 for every entry of an order
}

// Bag is the Bag tag: the tiles of a game played with other than the full box.
type Bag struct {
	Kind  BagKind
	Tiles []BagTile // in draw order (BagOrder) or as written (BagSubset)
}

// String returns the canonical value: "order E U V" or "subset A:2 U:8".
func (b *Bag) String() string {
	s := []byte(b.Kind.String())
	for _, t := range b.Tiles {
		s = append(s, ' ')
		s = append(s, t.Tile...)
		if b.Kind == BagSubset {
			s = append(s, ':')
			s = strconv.AppendInt(s, int64(t.Count), 10)
		}
	}
	return string(s)
}

// Date is the Date tag, year.month.day; 0 is an unknown part ("??").
type Date struct {
	Year, Month, Day int
}

// String returns the canonical value, e.g. "2026.11.20" or "2026.??.??".
func (d Date) String() string {
	part := func(v, width int) string {
		if v == 0 {
			return strings.Repeat("?", width)
		}
		s := strconv.Itoa(v)
		return strings.Repeat("0", max(0, width-len(s))) + s
	}
	return part(d.Year, 4) + "." + part(d.Month, 2) + "." + part(d.Day, 2)
}

// valueParser returns a parser over the tag's value that positions errors
// in the source of the tag.
func (t *Tag) valueParser() *parser {
	p := newParser(t.ValuePos.Filename)
	p.src = []byte(t.Value)
	p.last = true
	p.mapPos = t.valuePos
	return p
}

// valuePos returns the position of index i of the unescaped value.
func (t *Tag) valuePos(i int) Position {
	if !t.ValuePos.IsValid() {
		return Position{}
	}
	r := i
	if t.raw != "" {
		r = rawIndex(t.raw, i)
	}
	pos := t.ValuePos
	pos.Offset += 1 + r
	pos.Column += int32(1 + r)
	return pos
}

// rawIndex maps index i of an unescaped value to its index in raw.
func rawIndex(raw string, i int) int {
	r, d := 0, 0
	for r < len(raw) && d < i {
		if raw[r] != '\\' || r+1 >= len(raw) {
			r, d = r+1, d+1
			continue
		}
		switch raw[r+1] {
		case 'u':
			c, n, _ := hexEscape([]byte(raw[r:]))
			r += max(n, 2)
			d += max(len(string(c)), 1)
		default:
			r, d = r+2, d+1
		}
	}
	return r
}

// run calls f, turning a bailout into a false result.
func (p *parser) run(f func()) (ok bool) {
	defer func() {
		switch r := recover(); r.(type) {
		case nil:
		case bailout, abort:
			ok = false
		default:
			panic(r)
		}
	}()
	f()
	return len(p.errs) == 0
}

// Players returns the Players tag: the seats in order. It returns nil, nil
// when the tag is absent.
func (g *Game) Players() ([]Player, error) {
	t := g.tag("Players")
	if t == nil {
		return nil, nil
	}
	return parsePlayers(t)
}

func parsePlayers(t *Tag) ([]Player, error) {
	p := t.valueParser()
	var out []Player
	ok := p.run(func() {
		for {
			p.valueSpace()
			var pl Player
			pl.Pos = p.pos(p.i)
			a := p.i
			pl.Name = p.playerField(true)
			if pl.Name == "" {
				p.fail(a, "expected player name, found "+p.found(a))
			}
			if p.i < len(p.src) && p.src[p.i] == ':' {
				p.i++
				p.valueSpace()
				a = p.i
				pl.Colour = p.playerField(false)
				if pl.Colour == "" {
					p.fail(a, `expected colour after ":", found `+p.found(a))
				}
			}
			out = append(out, pl)
			if p.i >= len(p.src) {
				return
			}
			p.i++ // ';'
		}
	})
	if !ok {
		return nil, p.errs
	}
	return out, nil
}

func (p *parser) valueSpace() {
	for p.i < len(p.src) && (p.src[p.i] == ' ' || p.src[p.i] == '\t') {
		p.i++
	}
}

// playerField reads a name (stopping at ":" or ";") or a colour (stopping
// at ";"), unescaping \; \: \\ and trimming spaces.
func (p *parser) playerField(name bool) string {
	var b []byte
	for p.i < len(p.src) {
		c := p.src[p.i]
		if c == ';' || (name && c == ':') {
			break
		}
		if c == '\\' && p.i+1 < len(p.src) && strings.IndexByte(`;:\`, p.src[p.i+1]) >= 0 {
			p.i++
			c = p.src[p.i]
		}
		b = append(b, c)
		p.i++
	}
	return strings.Trim(string(b), " \t")
}

// playerEscaper escapes the separators of the Players value in names and
// colours. A Replacer builds its tables on first use: one for all calls.
var playerEscaper = strings.NewReplacer(`\`, `\\`, `;`, `\;`, `:`, `\:`)

// FormatPlayers returns the canonical Players value for the seats.
func FormatPlayers(players []Player) string {
	var b strings.Builder
	esc := playerEscaper
	for i, pl := range players {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(esc.Replace(pl.Name))
		if pl.Colour != "" {
			b.WriteByte(':')
			b.WriteString(esc.Replace(pl.Colour))
		}
	}
	return b.String()
}

// Rules returns the words of the Rules tag, in order (nil, nil when absent).
func (g *Game) Rules() ([]RuleWord, error) {
	t := g.tag("Rules")
	if t == nil {
		return nil, nil
	}
	return parseRules(t)
}

func parseRules(t *Tag) ([]RuleWord, error) {
	p := t.valueParser()
	var out []RuleWord
	ok := p.run(func() {
		for {
			p.allSpace()
			if p.i >= len(p.src) {
				return
			}
			a := p.i
			for p.i < len(p.src) && !isSpace(p.src[p.i]) {
				p.i++
			}
			word := string(p.src[a:p.i])
			r := RuleWord{Pos: p.pos(a), Key: word}
			if k, v, found := strings.Cut(word, "="); found {
				if k == "" {
					p.errorAt(a, "expected rule name before \"=\", found "+p.found(a))
					continue
				}
				if v == "" {
					p.errorAt(p.i, `expected value after "=", found `+p.found(p.i))
					continue
				}
				r.Key, r.Value = k, v
			}
			out = append(out, r)
		}
	})
	if !ok {
		return nil, p.errs
	}
	return out, nil
}

func (p *parser) allSpace() {
	for p.i < len(p.src) && isSpace(p.src[p.i]) {
		p.i++
	}
}

// FormatRules returns the canonical Rules value: the words joined by one space.
func FormatRules(rules []RuleWord) string {
	s := make([]string, len(rules))
	for i, r := range rules {
		s[i] = r.String()
	}
	return strings.Join(s, " ")
}

// Result returns the Result tag (nil, nil when absent).
func (g *Game) Result() (*Result, error) {
	t := g.tag("Result")
	if t == nil {
		return nil, nil
	}
	return parseResult(t)
}

func parseResult(t *Tag) (*Result, error) {
	if res, ok := quickResult(t); ok {
		return res, nil
	}
	return parseResultFull(t)
}

func parseResultFull(t *Tag) (*Result, error) {
	p := t.valueParser()
	res := &Result{}
	ok := p.run(func() {
		p.valueSpace()
		res.Pos = p.pos(p.i)
		a := p.i
		if p.i < len(p.src) && p.src[p.i] == '*' {
			p.i++
		} else {
			for {
				v, ok := p.uint()
				if !ok {
					p.fail(a, `expected result such as 57-43 or "*", found `+p.found(a))
				}
				res.Scores = append(res.Scores, v)
				if p.i+1 < len(p.src) && p.src[p.i] == '-' && isDigit(p.src[p.i+1]) {
					p.i++
					continue
				}
				break
			}
		}
		p.valueSpace()
		if p.i < len(p.src) {
			p.fail(p.i, "expected end of result, found "+p.found(p.i))
		}
	})
	if !ok {
		return nil, p.errs
	}
	return res, nil
}

// quickResult reads the usual values of a Result tag, "*" or scores such
// as 57-43-12 with nothing around them, without setting up a parser (a
// replayer reads the tag of every game). It reports false for anything
// else, which parseResult then reads in full, errors included.
func quickResult(t *Tag) (*Result, bool) {
	v := t.Value
	if t.raw != "" || v == "" {
		return nil, false
	}
	res := &Result{Pos: t.valuePos(0)}
	if v == "*" {
		return res, true
	}
	res.Scores = make([]int, 0, 6)
	n, w := 0, 0 // the score being read and its digits (at most 9, as lexUint)
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case isDigit(c) && w < 9:
			n, w = n*10+int(c-'0'), w+1
		case c == '-' && w > 0 && i+1 < len(v):
			res.Scores = append(res.Scores, n)
			n, w = 0, 0
		default:
			return nil, false
		}
	}
	if w == 0 {
		return nil, false
	}
	res.Scores = append(res.Scores, n)
	return res, true
}

// Bag returns the Bag tag (nil, nil when absent).
func (g *Game) Bag() (*Bag, error) {
	t := g.tag("Bag")
	if t == nil {
		return nil, nil
	}
	return parseBag(t)
}

func parseBag(t *Tag) (*Bag, error) {
	p := t.valueParser()
	bag := &Bag{}
	ok := p.run(func() {
		p.allSpace()
		a := p.i
		for p.i < len(p.src) && isASCIILetter(p.src[p.i]) {
			p.i++
		}
		switch w := p.src[a:p.i]; {
		case eqFold(w, "order"):
			bag.Kind = BagOrder
		case eqFold(w, "subset"):
			bag.Kind = BagSubset
		default:
			p.fail(a, `expected "order" or "subset", found `+p.found(a))
		}
		p.endOf("bag kind")
		for {
			p.allSpace()
			if p.i >= len(p.src) {
				return
			}
			p.bagTile(bag)
		}
	})
	if !ok {
		return nil, p.errs
	}
	return bag, nil
}

func (p *parser) bagTile(bag *Bag) {
	a := p.i
	bt := BagTile{Pos: p.pos(a), Count: 1}
	bt.Tile = p.tile("tile id")
	if bag.Kind == BagSubset {
		if p.i >= len(p.src) || p.src[p.i] != ':' {
			p.fail(p.i, `expected ":" and a count after the tile id, found `+p.found(p.i))
		}
		p.i++
		c := p.i
		n, ok := p.uint()
		if !ok || n == 0 {
			p.fail(c, "expected a count of at least 1, found "+p.found(c))
		}
		bt.Count = n
		for _, o := range bag.Tiles {
			if o.Tile == bt.Tile {
				p.errorAt(a, "expected each tile id once, found "+strconv.Quote(bt.Tile)+" again")
			}
		}
	}
	if p.i < len(p.src) && !isSpace(p.src[p.i]) {
		p.fail(p.i, "expected space between bag entries, found "+p.found(p.i))
	}
	bag.Tiles = append(bag.Tiles, bt)
}

// Start returns the Start tag, the placement of the start tile (nil, nil
// when absent).
func (g *Game) Start() (*Placement, error) {
	t := g.tag("Start")
	if t == nil {
		return nil, nil
	}
	return parseStart(t)
}

func parseStart(t *Tag) (*Placement, error) {
	p := t.valueParser()
	var pl *Placement
	ok := p.run(func() {
		p.valueSpace()
		pl = p.placement()
		p.valueSpace()
		if p.i < len(p.src) {
			p.fail(p.i, "expected end of start placement, found "+p.found(p.i))
		}
	})
	if !ok {
		return nil, p.errs
	}
	return pl, nil
}

// Date returns the Date tag (the zero Date, nil when absent).
func (g *Game) Date() (Date, error) {
	t := g.tag("Date")
	if t == nil {
		return Date{}, nil
	}
	return parseDate(t)
}

func parseDate(t *Tag) (Date, error) {
	p := t.valueParser()
	var d Date
	ok := p.run(func() {
		p.valueSpace()
		a := p.i
		parts := [3]*int{&d.Year, &d.Month, &d.Day}
		limits := [3]int{9999, 12, 31}
		for k, ptr := range parts {
			if k > 0 {
				if p.i >= len(p.src) || p.src[p.i] != '.' {
					p.fail(a, "expected date such as 2026.11.20, found "+p.found(a))
				}
				p.i++
			}
			s := p.i
			for p.i < len(p.src) && p.src[p.i] == '?' {
				p.i++
			}
			if p.i > s {
				continue
			}
			v, ok := p.uint()
			if !ok || v < 1 || v > limits[k] {
				p.fail(a, "expected date such as 2026.11.20, found "+p.found(a))
			}
			*ptr = v
		}
		p.valueSpace()
		if p.i < len(p.src) {
			p.fail(a, "expected date such as 2026.11.20, found "+p.found(a))
		}
	})
	if !ok {
		return Date{}, p.errs
	}
	return d, nil
}

// canonicalValue returns a tag's value as Format writes it: the typed roster
// tags normalised when they parse, every other value as it is.
func canonicalValue(t *Tag) string {
	switch t.Name {
	case "Players":
		if v, err := parsePlayers(t); err == nil {
			return FormatPlayers(v)
		}
	case "Rules":
		if v, err := parseRules(t); err == nil {
			return FormatRules(v)
		}
	case "Result":
		if v, err := parseResult(t); err == nil {
			return v.String()
		}
	case "Bag":
		if v, err := parseBag(t); err == nil {
			return v.String()
		}
	case "Start":
		if v, err := parseStart(t); err == nil {
			return v.String()
		}
	case "Date":
		if v, err := parseDate(t); err == nil {
			return v.String()
		}
	}
	return t.Value
}
