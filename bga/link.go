package bga

import (
	"fmt"
	"math/big"
	"net/url"
	"regexp"
	"strconv"
	"strings"
)

// MaxLinkBytes is the longest link ParseLink reads: a whole game with five
// players and every discard takes well under 1 KiB.
const MaxLinkBytes = 8 << 10

// LinkPrefix begins every link Link.String writes.
const LinkPrefix = "https://www.carcassonnelab.com/#/0/"

// tileChars are the characters of TILES, each two octal digits.
const tileChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

// moveChars are the digits of |x|, |y| and the rotation code in MOVES.
const moveChars = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

// linkStart matches the address before the game: the links CarcassonneLab
// shares, with or without www, over https or http.
var linkStart = regexp.MustCompile(`^https?://(www\.)?carcassonnelab\.com/#/`)

// LooksLikeLink reports whether s is meant as a CarcassonneLab link (it
// may still be a broken one).
func LooksLikeLink(s string) bool { return linkStart.MatchString(s) }

// Link is a game as a CarcassonneLab replay link holds it.
type Link struct {
	// Types are the BGA tile types (1–24) drawn, in draw order, the start
	// tile (15) first: the placed tiles and the discarded ones.
	Types []int
	// Discards are the draw positions of the discarded tiles, as the link
	// writes them: a discard k is the tile drawn after k placements.
	Discards []int
	// Moves are the placements, in order.
	Moves []Move
	// movesAt is the offset of MOVES in the link read (from 1).
	movesAt int
	// Players are the names in seat order (the first placed first), and
	// Colors their BGA colours ("red", ...; empty when the link has none).
	Players []string
	Colors  []string
}

// Move is one placement of a link: where, with which ori (1–4), and the
// feature a follower went on (BGA's pos; 0 for none).
type Move struct {
	X, Y, Ori, Pos int
}

// linkError is a link refused at a character (counting from 1).
func linkError(at int, format string, args ...any) *Error {
	return &Error{Kind: Unreadable, Place: Place{Where: fmt.Sprintf("character %d", at)}, Msg: fmt.Sprintf(format, args...)}
}

// ParseLink reads a CarcassonneLab link. A link that cannot be read is an
// *Error of Kind Unreadable naming the character (from 1) where it goes
// wrong; the link is not replayed (see Import).
func ParseLink(s string) (*Link, error) {
	if len(s) > MaxLinkBytes {
		return nil, linkError(MaxLinkBytes+1, "the link is longer than %d bytes (the limit)", MaxLinkBytes)
	}
	m := linkStart.FindStringIndex(s)
	if m == nil {
		return nil, linkError(1, "not a CarcassonneLab link (https://www.carcassonnelab.com/#/0/0/TILES/MOVES?players=...)")
	}
	at := m[1]
	body, query, _ := strings.Cut(s[at:], "?")
	segs := strings.Split(body, "/")
	if len(segs) != 4 {
		return nil, linkError(at+1, "expected 4 parts after #/ (0/DISCARDS/TILES/MOVES), found %d", len(segs))
	}
	if segs[0] != "0" {
		return nil, linkError(at+1, "expected 0, found %q", segs[0])
	}
	l := &Link{}
	var err error
	at += len(segs[0]) + 1
	if l.Discards, err = parseDiscards(segs[1], at); err != nil {
		return nil, err
	}
	at += len(segs[1]) + 1
	if l.Types, err = parseTiles(segs[2], at); err != nil {
		return nil, err
	}
	at += len(segs[2]) + 1
	if l.Moves, err = parseMoves(segs[3], at); err != nil {
		return nil, err
	}
	l.movesAt = at + 1
	if n := len(l.Discards); n > 0 && l.Discards[n-1] > len(l.Moves) {
		return nil, linkError(m[1]+3, "discard %d comes after the last of the %d placements", l.Discards[n-1], len(l.Moves))
	}
	at += len(segs[3]) + 1
	if err := l.parseQuery(query, at); err != nil {
		return nil, err
	}
	if want := 1 + len(l.Moves) + len(l.Discards); len(l.Types) != want {
		return nil, linkError(m[1]+len(segs[0])+len(segs[1])+3, "the tiles are %d, but the start tile, %d placements and %d discards make %d",
			len(l.Types), len(l.Moves), len(l.Discards), want)
	}
	return l, nil
}

// parseDiscards reads "0" or "0.k1.k2...", the k in ascending order, at
// offset at of the link.
func parseDiscards(s string, at int) ([]int, error) {
	parts := strings.Split(s, ".")
	if parts[0] != "0" {
		return nil, linkError(at+1, "expected 0 or 0.k (discards), found %q", s)
	}
	var out []int
	off := at + 2
	for _, p := range parts[1:] {
		k, err := strconv.Atoi(p)
		if err != nil || k < 0 || len(p) > 3 || (len(p) > 1 && p[0] == '0') {
			return nil, linkError(off+1, "expected a discard's draw position (a number), found %q", p)
		}
		if len(out) > 0 && k < out[len(out)-1] {
			return nil, linkError(off+1, "discard %d comes after discard %d", k, out[len(out)-1])
		}
		out = append(out, k)
		off += len(p) + 1
	}
	return out, nil
}

// parseTiles reads TILES: the tile types as one base-24 number written in
// octal, two octal digits a character, the start tile first.
func parseTiles(s string, at int) ([]int, error) {
	if s == "" {
		return nil, linkError(at+1, "the tiles are missing")
	}
	octal := make([]byte, 0, 2*len(s))
	for i := range len(s) {
		v := strings.IndexByte(tileChars, s[i])
		if v < 0 {
			return nil, linkError(at+i+1, "%q is not a character of the tiles", s[i])
		}
		octal = append(octal, byte('0'+v/8), byte('0'+v%8))
	}
	n, _ := new(big.Int).SetString(string(octal), 8)
	var digits []int
	base, d := big.NewInt(24), new(big.Int)
	for n.Sign() > 0 {
		n.DivMod(n, base, d)
		digits = append(digits, int(d.Int64())+1)
	}
	for i, j := 0, len(digits)-1; i < j; i, j = i+1, j-1 {
		digits[i], digits[j] = digits[j], digits[i]
	}
	if len(digits) == 0 || digits[0] != StartType {
		return nil, linkError(at+1, "the tiles do not begin with the start tile (type %d)", StartType)
	}
	return digits, nil
}

// StartType is BGA's type of the start tile (D).
const StartType = 15

// parseMoves reads MOVES, four characters a placement.
func parseMoves(s string, at int) ([]Move, error) {
	if len(s)%4 != 0 {
		return nil, linkError(at+len(s)-len(s)%4+1, "the moves are %d characters, not a multiple of 4", len(s))
	}
	out := make([]Move, 0, len(s)/4)
	for i := 0; i < len(s); i += 4 {
		var v [3]int
		for j := range 3 {
			v[j] = strings.IndexByte(moveChars, s[i+j])
			if v[j] < 0 {
				return nil, linkError(at+i+j+1, "%q is not a character of a move", s[i+j])
			}
		}
		if v[2] >= 64 || v[2]&12 != 0 {
			return nil, linkError(at+i+3, "%q is not a rotation code", s[i+2])
		}
		p := s[i+3]
		if p < '0' || p > '0'+MaxPos {
			return nil, linkError(at+i+4, "%q is not a follower's feature (0 to %d)", p, MaxPos)
		}
		m := Move{X: v[0], Y: v[1], Ori: v[2]&3 + 1, Pos: int(p - '0')}
		if (v[2]&16 != 0 && m.X == 0) || (v[2]&32 != 0 && m.Y == 0) {
			return nil, linkError(at+i+3, "%q makes a coordinate 0 negative", s[i+2])
		}
		if v[2]&16 != 0 {
			m.X = -m.X
		}
		if v[2]&32 != 0 {
			m.Y = -m.Y
		}
		out = append(out, m)
	}
	return out, nil
}

// parseQuery reads players=...&colors=...; other parameters are ignored.
func (l *Link) parseQuery(q string, at int) error {
	start, colorsAt := at, at
	for _, kv := range strings.Split(q, "&") {
		k, v, _ := strings.Cut(kv, "=")
		var list []string
		for _, e := range strings.Split(v, ",") {
			u, err := url.PathUnescape(e)
			if err != nil {
				return linkError(at+len(k)+2, "%s: %v", k, err)
			}
			list = append(list, u)
		}
		switch k {
		case "players":
			l.Players = list
		case "colors":
			l.Colors, colorsAt = list, at
		}
		at += len(kv) + 1
	}
	if len(l.Players) == 0 || slicesHasEmpty(l.Players) {
		return linkError(start+1, "the players are missing (players=A,B)")
	}
	if l.Colors != nil && len(l.Colors) != len(l.Players) {
		return linkError(colorsAt+1, "%d colours for %d players", len(l.Colors), len(l.Players))
	}
	return nil
}

func slicesHasEmpty(s []string) bool {
	for _, e := range s {
		if e == "" {
			return true
		}
	}
	return false
}

// String writes the link as CarcassonneLab shares it.
func (l *Link) String() string {
	var b strings.Builder
	b.WriteString(LinkPrefix)
	b.WriteString("0")
	for _, k := range l.Discards {
		fmt.Fprintf(&b, ".%d", k)
	}
	b.WriteString("/")
	b.WriteString(formatTiles(l.Types))
	b.WriteString("/")
	for _, m := range l.Moves {
		r := m.Ori - 1
		if m.X < 0 {
			r += 16
		}
		if m.Y < 0 {
			r += 32
		}
		b.WriteByte(moveChars[abs(m.X)])
		b.WriteByte(moveChars[abs(m.Y)])
		b.WriteByte(moveChars[r])
		b.WriteByte(byte('0' + m.Pos))
	}
	b.WriteString("?players=")
	writeList(&b, l.Players)
	if l.Colors != nil {
		b.WriteString("&colors=")
		writeList(&b, l.Colors)
	}
	return b.String()
}

func writeList(b *strings.Builder, list []string) {
	for i, s := range list {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(escapeComponent(s))
	}
}

// escapeComponent escapes s as JavaScript's encodeURIComponent does, as
// the links CarcassonneLab makes spell names ("El%20Tomek").
func escapeComponent(s string) string {
	const keep = "-_.!~*'()"
	var b strings.Builder
	for i := range len(s) {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte(keep, c) >= 0 {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}

// formatTiles writes tile types as TILES.
func formatTiles(types []int) string {
	n, d := new(big.Int), new(big.Int)
	base := big.NewInt(24)
	for _, t := range types {
		n.Mul(n, base)
		n.Add(n, d.SetInt64(int64(t-1)))
	}
	octal := n.Text(8)
	if len(octal)%2 == 1 {
		octal = "0" + octal
	}
	out := make([]byte, len(octal)/2)
	for i := range out {
		out[i] = tileChars[(octal[2*i]-'0')*8+octal[2*i+1]-'0']
	}
	return string(out)
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
