package record

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
	if a < len(p.src) && p.src[a] == '_' {
		return p.edgesBut(a)
	}
	var e EdgeSet
	for p.i < len(p.src) {
		b := edgeBit(p.src[p.i])
		if b == 0 {
			break
		}
		if e&b != 0 {
			p.failEdges(a)
		}
		e |= b
		p.i++
	}
	if e == 0 || (p.i < len(p.src) && isASCIILetter(p.src[p.i])) {
		p.failEdges(a)
	}
	return e
}

// edgesBut lexes "_X" at a: every edge but X.
func (p *parser) edgesBut(a int) EdgeSet {
	if a+1 < len(p.src) {
		if b := edgeBit(p.src[a+1]); b != 0 && (a+2 >= len(p.src) || edgeBit(p.src[a+2]) == 0) {
			p.i = a + 2
			return 15 &^ b
		}
	}
	p.failEdges(a)
	return 0
}

func (p *parser) failEdges(a int) {
	p.fail(a, "expected edges such as N, NE, WE, _S or NWSE, found "+p.found(a))
}

// halves lexes field half-edges "NL.NR.EL" in any order, or "I" / "inner".
func (p *parser) halves() (HalfSet, bool) {
	a := p.i
	j := a
	for j < len(p.src) && isASCIILetter(p.src[j]) {
		j++
	}
	if w := p.src[a:j]; eqFold(w, "I") || eqFold(w, "inner") {
		p.i = j
		return 0, true
	}
	h := p.halfList(a)
	if p.i < len(p.src) && (isASCIILetter(p.src[p.i]) || p.src[p.i] == '.') {
		p.failHalves(a)
	}
	return h, false
}

// halfList lexes half-edges joined by ".", each at most once; a is where
// the spot's half-edges start, for errors.
func (p *parser) halfList(a int) HalfSet {
	var h HalfSet
	for {
		if p.i+1 >= len(p.src) {
			p.failHalves(a)
		}
		bit := halfBit(p.src[p.i], p.src[p.i+1])
		if bit == 0 || h&bit != 0 {
			p.failHalves(a)
		}
		h |= bit
		p.i += 2
		if p.i+1 >= len(p.src) || p.src[p.i] != '.' || edgeBit(p.src[p.i+1]) == 0 {
			return h
		}
		p.i++
	}
}

// halfBit returns the half-edge that an edge letter and a side letter (L
// or R, in any case) name, or 0.
func halfBit(edge, side byte) HalfSet {
	var bit HalfSet
	switch side {
	case 'L', 'l':
		bit = HalfNL
	case 'R', 'r':
		bit = HalfNR
	}
	switch edgeBit(edge) {
	case EdgeN:
		return bit
	case EdgeE:
		return bit << 2
	case EdgeS:
		return bit << 4
	case EdgeW:
		return bit << 6
	}
	return 0
}

func (p *parser) failHalves(a int) {
	p.fail(a, "expected half-edges such as NL.NR or I, found "+p.found(a))
}
