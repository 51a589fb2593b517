package record

import "strconv"

// stage is how far a turn has got: each item may only follow items of an
// earlier stage (ransoms, discards and variations may repeat).
type stage uint8

const (
	stHead    stage = iota // number and player
	stRansom               // ransoms
	stDiscard              // discards
	stPlace                // the placement
	stAction               // the action (and its capture)
	stSecond               // the second figure
	stElems                // elements closed: a continuation line
	stScore                // the declared score
	stVar                  // variations
)

var stageNames = [...]string{"", "ransoms", "discards", "placement", "action", "second figure", "", "score", "variations"}

// turnState is the turn being parsed at one nesting depth.
type turnState struct {
	t     *Turn
	stage stage
	last  **Notes // where the next glyph, clock or comment goes
}

// turnList parses turns up to the end of src or an unmatched ")". replaced is
// the turn a variation replaces (nil for the main line).
func (p *parser) turnList(replaced *Turn) []*Turn {
	var turns []*Turn
	if p.depth == 0 {
		turns = p.mainLine[:0] // gathered here, then copied to a slab
	}
	var st turnState
	for !p.lines(&turns, &st, replaced) {
		// lines stops at the end of the list, or after a line with an error
	}
	switch {
	case p.depth > 0:
		return turns
	case len(turns) == 0:
		return nil
	}
	main := p.nodes.mainLine.list(turns)
	clear(turns) // let the turns go with their game
	p.mainLine = turns
	return main
}

// lines parses lines of turns up to the end of the list. After an error it
// skips the rest of the line and returns false.
func (p *parser) lines(turns *[]*Turn, st *turnState, replaced *Turn) (done bool) {
	defer p.recoverLine()
	for {
		p.space()
		if p.i >= len(p.src) || (p.src[p.i] == ')' && p.depth > 0) {
			return true
		}
		p.lineItems(turns, st, replaced)
	}
}

// lineItems parses the rest of the current line: a new turn, or annotations of the
// previous one.
func (p *parser) lineItems(turns *[]*Turn, st *turnState, replaced *Turn) {
	c := p.src[p.i]
	switch {
	case c == ')':
		p.fail(p.i, `expected turn, found ")" outside a variation`)
	case isDigit(c) || p.bol && (c == '"' || isNameStart(p.src, p.i)):
		t := p.newTurn()
		switch {
		case len(*turns) > 0:
			t.Number = (*turns)[len(*turns)-1].Number + 1
		case replaced != nil:
			t.Number = replaced.Number
		default:
			t.Number = 1
		}
		if p.depth == 0 {
			*turns = append(*turns, t)
		} else {
			*turns = p.nodes.varLines.add(*turns, t)
		}
		*st = turnState{t: t, last: &t.Notes}
		p.cur = t
		p.head(t)
	case st.t == nil:
		if p.depth == 0 && len(*turns) == 0 && (c == '{' || c == ';') {
			p.g.Comments = p.nodes.commentList.add(p.g.Comments, p.comment())
			p.bol = false
			return
		}
		p.fail(p.i, "expected turn number or player, found "+p.found(p.i))
	default:
		if st.stage < stElems {
			st.stage = stElems
		}
	}
	p.items(st)
}

func (p *parser) newTurn() *Turn { return p.nodes.turns.new() }

// head lexes the turn number (if any) and the player.
func (p *parser) head(t *Turn) {
	t.Pos = p.pos(p.i)
	if isDigit(p.src[p.i]) {
		a := p.i
		n, ok := p.uint()
		if !ok {
			p.fail(a, "expected turn number of at most 9 digits, found "+p.found(a))
		}
		if p.i >= len(p.src) || p.src[p.i] != '.' {
			p.fail(p.i, `expected "." after the turn number, found `+p.found(p.i))
		}
		p.i++
		t.Number, t.Numbered = n, true
		p.inlineSpace()
	}
	t.Player = p.name("player")
	p.endOf("player name")
	p.bol = false
}

// items parses the elements and annotations of st.t up to the end of the
// line, a ")" or the next turn number.
func (p *parser) items(st *turnState) {
	t := st.t
	for {
		p.inlineSpace()
		if p.i >= len(p.src) {
			return
		}
		c := p.src[p.i]
		switch c {
		case '\n', ')':
			return
		case '{', ';':
			n := p.notes(st.last)
			n.Comments = p.nodes.commentList.add(n.Comments, p.comment())
		case '!', '?':
			p.glyph(st.last)
		case '~':
			p.clock(st.last)
		case '=':
			p.order(st, stScore)
			t.Score = p.score()
			st.last = &t.Score.Notes
		case '(':
			p.order(st, stVar)
			p.variation(st)
		case '$':
			p.order(st, stRansom)
			r := p.ransom()
			t.Ransoms = p.nodes.ransomList.add(t.Ransoms, r)
			st.last = &r.Notes
		case '-':
			p.order(st, stDiscard)
			d := p.nodes.discards.new()
			d.Pos = p.pos(p.i)
			p.i++
			d.Tile = p.tile(`tile id after "-"`)
			p.endOf("discard")
			t.Discards = p.nodes.discardList.add(t.Discards, d)
			st.last = &d.Notes
		case '+', '^', '*':
			p.action(st, p.actionSlot(st))
		case '&':
			p.exchange(st)
		default:
			if isDigit(c) {
				return
			}
			p.element(st)
		}
		p.bol = false
	}
}

// element handles the items that start with a letter: a capture, a
// placement, or (an error) a second turn without number.
func (p *parser) element(st *turnState) {
	c := p.src[p.i]
	if (c == 'x' || c == 'X') && p.i+1 < len(p.src) && (isDigit(p.src[p.i+1]) || p.src[p.i+1] == '-') {
		p.capture(st)
		return
	}
	if j := tileEnd(p.src, p.i); j > p.i && j < len(p.src) && p.src[j] == '@' {
		p.order(st, stPlace)
		pl := p.placement()
		p.endOf("placement")
		st.t.Placement = pl
		st.last = &pl.Notes
		return
	}
	if c == '"' || isNameStart(p.src, p.i) {
		p.fail(p.i, "expected turn number before a second turn on the line, found "+p.found(p.i))
	}
	p.fail(p.i, "expected element or annotation, found "+p.found(p.i))
}

// order checks that an item of stage s may come now, and records it.
func (p *parser) order(st *turnState, s stage) {
	if st.stage < s || st.stage == s && (s == stRansom || s == stDiscard || s == stVar) {
		st.stage = s
		return
	}
	p.failOrder(st.stage, s)
}

// failOrder reports an item of stage s that may not come after stage cur.
func (p *parser) failOrder(cur, s stage) {
	what := [...]string{"", "ransom", "discard", "placement", "action", "action", "", "score", "variation"}[s]
	switch {
	case cur == s:
		p.fail(p.i, "expected one "+what+" per turn, found "+p.found(p.i))
	case cur == stElems:
		p.fail(p.i, "expected "+what+" on the line of its turn, found "+p.found(p.i))
	}
	p.fail(p.i, "expected "+what+" before the "+stageNames[cur]+", found "+p.found(p.i))
}

// ransom lexes $Bob or $Carl@Bob, with "*" after "$" for a phantom.
func (p *parser) ransom() *Ransom {
	r := p.nodes.ransoms.new()
	r.Pos = p.pos(p.i)
	p.i++
	if p.i < len(p.src) && p.src[p.i] == '*' {
		r.Phantom = true
		p.i++
	}
	first := p.name(`player name after "$"`)
	if p.i < len(p.src) && p.src[p.i] == '@' {
		p.i++
		r.Owner = first
		r.Holder = p.name(`player name after "@"`)
	} else {
		r.Holder = first
	}
	p.endOf("ransom")
	return r
}

// actionSlot returns where the action starting here goes: the turn's
// action, or after it the second figure (the notation does not know
// whether it is the phantom: the replayer checks).
func (p *parser) actionSlot(st *turnState) *Action {
	switch st.stage {
	case stAction:
		st.stage = stSecond
		return &st.t.Second
	case stSecond:
		p.fail(p.i, "expected at most two actions per turn (an action and the phantom), found "+p.found(p.i))
	}
	p.order(st, stAction)
	return &st.t.Action
}

// currentAction returns the action written last on the turn.
func (st *turnState) currentAction() Action {
	if st.stage == stSecond {
		return st.t.Second
	}
	return st.t.Action
}

// action lexes +Spot, +T@x,y or ^x,y (or *Spot, *T@x,y for the phantom)
// into *slot.
func (p *parser) action(st *turnState, slot *Action) {
	a := p.i
	p.i++
	if p.src[a] == '^' {
		f := p.nodes.floors.new()
		f.Pos = p.pos(a)
		f.X, f.Y = p.coord()
		if p.i >= len(p.src) || (p.src[p.i] != 'x' && p.src[p.i] != 'X') {
			p.endOf("tower floor")
		}
		*slot = f
		st.last = &f.Notes
		return
	}
	phantom := p.src[a] == '*'
	j := p.i
	for j < len(p.src) && isASCIILetter(p.src[j]) {
		j++
	}
	if spotKind(p.src[p.i:j]) == Tower && j < len(p.src) && p.src[j] == '@' {
		tf := p.nodes.guards.new()
		tf.Pos, tf.Phantom = p.pos(a), phantom
		p.i = j + 1
		tf.X, tf.Y = p.coord()
		p.endOf("tower follower")
		*slot = tf
		st.last = &tf.Notes
		return
	}
	f := p.nodes.followers.new()
	f.Pos, f.Phantom = p.pos(a), phantom
	f.Spot = p.spot(false)
	p.endOf("follower")
	*slot = f
	st.last = &f.Notes
}

// capture lexes x4,-1:C:N (x4,-1:*C:N for a phantom) after a tower floor.
func (p *parser) capture(st *turnState) {
	f, ok := st.currentAction().(*TowerFloor)
	if !ok || f.Capture != nil || st.stage != stAction && st.stage != stSecond {
		p.fail(p.i, "expected capture right after a tower floor, found "+p.found(p.i))
	}
	c := p.nodes.captures.new()
	c.Pos = p.pos(p.i)
	p.i++
	c.X, c.Y = p.coord()
	if p.i >= len(p.src) || p.src[p.i] != ':' {
		p.fail(p.i, `expected ":" before the captured follower's spot, found `+p.found(p.i))
	}
	p.i++
	if p.i < len(p.src) && p.src[p.i] == '*' {
		c.Phantom = true
		p.i++
	}
	c.Spot = p.spot(true)
	if p.i >= len(p.src) || p.src[p.i] != '&' {
		p.endOf("capture")
	}
	f.Capture = c
	st.last = &c.Notes
}

// exchange lexes &+ or &* right after a capture.
func (p *parser) exchange(st *turnState) {
	f, ok := st.currentAction().(*TowerFloor)
	if !ok || f.Capture == nil || f.Capture.Exchange != nil || st.last != &f.Capture.Notes {
		p.fail(p.i, "expected exchange right after a capture, found "+p.found(p.i))
	}
	e := p.nodes.exchanges.new()
	e.Pos = p.pos(p.i)
	p.i++
	if p.i >= len(p.src) || p.src[p.i] != '+' && p.src[p.i] != '*' {
		p.fail(p.i, `expected "+" or "*" after "&", found `+p.found(p.i))
	}
	e.Phantom = p.src[p.i] == '*'
	p.i++
	p.endOf("exchange")
	f.Capture.Exchange = e
	st.last = &e.Notes
}

// variation parses ( turns ) after st.t. A variation deeper than MaxDepth
// is an error and is skipped; a variation the text does not close is one
// error at its "(", not one more for each variation around it.
func (p *parser) variation(st *turnState) {
	if p.depth >= MaxDepth {
		p.errorAt(p.i, "expected variations nested at most "+strconv.Itoa(MaxDepth)+" deep, found a deeper one: skipping it")
		p.skipVariation()
		return
	}
	v := p.nodes.variations.new()
	v.Pos = p.pos(p.i)
	p.i++
	p.bol = true
	p.depth++
	v.Turns = p.turnList(st.t)
	p.depth--
	p.cur = st.t
	switch {
	case p.i < len(p.src):
		if len(v.Turns) == 0 {
			p.errorAt(p.i, `expected a turn in the variation, found ")"`)
		}
		p.i++
	case !p.unclosed:
		p.unclosed = true
		p.errorPos(v.Pos, v.Pos.Offset-p.base, `expected ")" to close the variation, found `+p.found(p.i))
	}
	st.t.Variations = p.nodes.varList.add(st.t.Variations, v)
	st.last = &v.Notes
}

// skipVariation moves past the variation whose "(" is at p.i, and the
// variations inside it, in one pass: to the ")" that closes it, or to the
// end of src. Parentheses in comments and quotes do not count.
func (p *parser) skipVariation() {
	open := 0
	for p.i < len(p.src) {
		switch p.src[p.i] {
		case '(':
			open++
		case ')':
			if open--; open == 0 {
				p.i++
				return
			}
		case '\n':
			p.newline()
			continue
		case '%':
			if p.i == p.lineStart {
				p.skipLine()
				continue
			}
		case ';':
			p.skipLine()
			continue
		case '{':
			p.skipBraces()
			continue
		case '"':
			p.skipQuote()
			continue
		}
		p.i++
	}
}

// skipBraces moves past the brace comment at p.i, which may run over
// several lines, or to the end of src if it is not closed.
func (p *parser) skipBraces() {
	for p.i++; p.i < len(p.src); p.i++ {
		switch p.src[p.i] {
		case '}':
			p.i++
			return
		case '\\':
			if p.i+1 < len(p.src) && p.src[p.i+1] != '\n' {
				p.i++
			}
		case '\n':
			p.newline()
			p.i--
		}
	}
}
