package record

import (
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Format writes g in canonical form: tags one per line in canonical order,
// a blank line, then one turn per line (variations on lines of their own,
// indented two spaces per depth, up to MaxDepth). The output ends with a
// line end.
func Format(w io.Writer, g *Game) error {
	_, err := w.Write(AppendGame(nil, g))
	return err
}

// FormatFile writes games in canonical form, separated by blank lines. Since
// a game ends where the next one's tags begin, every game but the first must
// have tags and every game but the last must have movetext (turns or
// comments); FormatFile returns an error otherwise.
func FormatFile(w io.Writer, games []*Game) error {
	var b []byte
	for i, g := range games {
		if i > 0 {
			if len(g.Tags) == 0 {
				return errors.New("record: game " + strconv.Itoa(i+1) + " has no tags: only the first game of a file may have none")
			}
			if prev := games[i-1]; len(prev.Turns) == 0 && len(prev.Comments) == 0 {
				return errors.New("record: game " + strconv.Itoa(i) + " has no movetext: only the last game of a file may have none")
			}
			b = append(b, '\n')
		}
		b = AppendGame(b, g)
		if len(b) > 64<<10 {
			if _, err := w.Write(b); err != nil {
				return err
			}
			b = b[:0]
		}
	}
	_, err := w.Write(b)
	return err
}

// AppendGame appends the canonical form of g to b.
func AppendGame(b []byte, g *Game) []byte {
	for _, t := range sortedTags(g.Tags) {
		b = append(b, '[')
		b = append(b, t.Name...)
		b = append(b, ' ')
		b = appendQuoted(b, canonicalValue(t))
		b = append(b, "]\n"...)
	}
	if len(g.Comments) == 0 && len(g.Turns) == 0 {
		return b
	}
	if len(g.Tags) > 0 {
		b = append(b, '\n')
	}
	for _, c := range g.Comments {
		b = appendComment(b, c.Text)
		b = append(b, '\n')
	}
	if len(g.Turns) > 0 {
		b = appendTurns(b, g.Turns, 0)
		b = append(b, '\n')
	}
	return b
}

// sortedTags returns the tags in canonical order: the roster, then the
// others by name.
func sortedTags(tags []*Tag) []*Tag {
	s := slices.Clone(tags)
	slices.SortStableFunc(s, func(a, b *Tag) int {
		ra, rb := rosterIndex(a.Name), rosterIndex(b.Name)
		switch {
		case ra >= 0 && rb >= 0:
			return ra - rb
		case ra >= 0:
			return -1
		case rb >= 0:
			return 1
		}
		if c := strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	return s
}

// appendTurns writes turns at a nesting depth; the caller ends the last
// line. The indent stops growing at MaxDepth, the deepest nesting the
// parser reads, so that the output stays in proportion to the game.
func appendTurns(b []byte, turns []*Turn, depth int) []byte {
	for i, t := range turns {
		if i > 0 {
			b = append(b, '\n')
		}
		for range min(depth, MaxDepth) {
			b = append(b, "  "...)
		}
		if i == 0 && depth > 0 {
			b = append(b, '(')
		}
		b = appendTurn(b, t)
		for _, v := range t.Variations {
			if len(v.Turns) == 0 {
				continue
			}
			b = append(b, '\n')
			b = appendTurns(b, v.Turns, depth+1)
			b = append(b, ')')
			b = appendNotes(b, v.Notes)
		}
	}
	return b
}

// appendTurn writes one turn's line without variations.
func appendTurn(b []byte, t *Turn) []byte {
	b = strconv.AppendInt(b, int64(t.Number), 10)
	b = append(b, ". "...)
	b = appendName(b, t.Player.Text)
	b = appendNotes(b, t.Notes)
	for _, r := range t.Ransoms {
		b = append(b, " $"...)
		if r.Phantom {
			b = append(b, '*')
		}
		if r.Owner.Text != "" {
			b = appendName(b, r.Owner.Text)
			b = append(b, '@')
		}
		b = appendName(b, r.Holder.Text)
		b = appendNotes(b, r.Notes)
	}
	for _, d := range t.Discards {
		b = append(b, " -"...)
		b = append(b, d.Tile...)
		b = appendNotes(b, d.Notes)
	}
	if pl := t.Placement; pl != nil {
		b = append(b, ' ')
		b = appendPlacement(b, pl.Tile, pl.X, pl.Y, pl.Rotation)
		b = appendNotes(b, pl.Notes)
	}
	if t.Action != nil {
		b = appendAction(b, t.Action)
	}
	if t.Second != nil {
		b = appendAction(b, t.Second)
	}
	if s := t.Score; s != nil {
		b = append(b, " ="...)
		b = appendPoints(b, s.Points)
		b = appendNotes(b, s.Notes)
	}
	return b
}

// appendAction writes an action with a space before it (nothing for nil).
func appendAction(b []byte, a Action) []byte {
	switch a := a.(type) {
	case *Follower:
		b = append(b, ' ', figureSign(a.Phantom))
		b = append(b, a.Spot.String()...)
		b = appendNotes(b, a.Notes)
	case *TowerFollower:
		b = append(b, ' ', figureSign(a.Phantom))
		b = append(b, "T@"...)
		b = appendCoord(b, a.X, a.Y)
		b = appendNotes(b, a.Notes)
	case *TowerFloor:
		b = append(b, " ^"...)
		b = appendCoord(b, a.X, a.Y)
		b = appendNotes(b, a.Notes)
		if c := a.Capture; c != nil {
			b = append(b, " x"...)
			b = appendCoord(b, c.X, c.Y)
			b = append(b, ':')
			if c.Phantom {
				b = append(b, '*')
			}
			b = append(b, c.Spot.String()...)
			b = appendNotes(b, c.Notes)
			if e := c.Exchange; e != nil {
				b = append(b, " &"...)
				b = append(b, figureSign(e.Phantom))
				b = appendNotes(b, e.Notes)
			}
		}
	}
	return b
}

// figureSign is the sign of a figure: "+" a follower, "*" the phantom.
func figureSign(phantom bool) byte {
	if phantom {
		return '*'
	}
	return '+'
}

func appendPoints(b []byte, pts []int) []byte {
	for i, v := range pts {
		if i > 0 {
			b = append(b, '-')
		}
		b = strconv.AppendInt(b, int64(v), 10)
	}
	return b
}

func appendCoord(b []byte, x, y int) []byte {
	b = strconv.AppendInt(b, int64(x), 10)
	b = append(b, ',')
	return strconv.AppendInt(b, int64(y), 10)
}

func appendPlacement(b []byte, tile string, x, y int, r Rotation) []byte {
	b = append(b, tile...)
	b = append(b, '@')
	b = appendCoord(b, x, y)
	b = append(b, 'r')
	return strconv.AppendInt(b, int64(r), 10)
}

// appendNotes writes an item's annotations: glyph (attached), clock, comments.
func appendNotes(b []byte, n *Notes) []byte {
	if n == nil {
		return b
	}
	b = append(b, n.Glyph.String()...)
	if n.Clock != nil {
		b = append(b, " ~"...)
		b = appendClock(b, n.Clock.Elapsed)
	}
	for _, c := range n.Comments {
		b = append(b, ' ')
		b = appendComment(b, c.Text)
	}
	return b
}

func appendClock(b []byte, d time.Duration) []byte {
	ms := int64(d / time.Millisecond)
	if ms < 0 {
		ms = 0
	}
	h, m, s, f := ms/3600000, ms/60000%60, ms/1000%60, ms%1000
	if h > 0 {
		b = strconv.AppendInt(b, h, 10)
		b = append(b, ':')
		b = append(b, byte('0'+m/10), byte('0'+m%10))
	} else {
		b = strconv.AppendInt(b, m, 10)
	}
	b = append(b, ':', byte('0'+s/10), byte('0'+s%10))
	if f > 0 {
		digits := []byte{'.', byte('0' + f/100), byte('0' + f/10%10), byte('0' + f%10)}
		for digits[len(digits)-1] == '0' {
			digits = digits[:len(digits)-1]
		}
		b = append(b, digits...)
	}
	return b
}

// appendComment writes {text}, escaping "}" always, "\" where it would
// start an escape, and "[" at the start of a line.
func appendComment(b []byte, text string) []byte {
	b = append(b, '{')
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '}':
			b = append(b, '\\', '}')
		case c == '\\' && (i+1 == len(text) || text[i+1] == '}' || text[i+1] == '\\' || text[i+1] == '['):
			b = append(b, '\\', '\\')
		case c == '[' && i > 0 && text[i-1] == '\n':
			b = append(b, '\\', '[')
		default:
			b = append(b, c)
		}
	}
	return append(b, '}')
}

// appendName writes a player name bare when it can be, quoted otherwise.
func appendName(b []byte, s string) []byte {
	if isBareName(s) {
		return append(b, s...)
	}
	return appendQuoted(b, s)
}

// isBareName reports whether s can be written without quotes.
func isBareName(s string) bool {
	if s == "" || !utf8.ValidString(s) {
		return false
	}
	b := []byte(s)
	return isNameStart(b, 0) && bareNameEnd(b, 0) == len(b)
}

// QuoteName returns a player name as the movetext writes it: bare when it
// can be, else quoted with escapes.
func QuoteName(s string) string { return string(appendName(nil, s)) }

// Quote returns s as a quoted CGN string (tag values, quoted names).
func Quote(s string) string { return string(appendQuoted(nil, s)) }

// appendQuoted writes s between double quotes with escapes.
func appendQuoted(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '"':
			b = append(b, '\\', '"')
		case r == '\\':
			b = append(b, '\\', '\\')
		case r == '\n':
			b = append(b, '\\', 'n')
		case r == '\t':
			b = append(b, '\\', 't')
		case r < 0x20 || r == 0x7F || r == utf8.RuneError && n == 1:
			if r == utf8.RuneError {
				r = 0xFFFD
			}
			b = append(b, `\u{`...)
			b = append(b, strings.ToUpper(strconv.FormatUint(uint64(r), 16))...)
			b = append(b, '}')
		default:
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return append(b, '"')
}
