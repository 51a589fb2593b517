package jcz

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
)

// Tags of a CGN record that keep what a save says about the printing of
// its sets, so that an export writes the same sets and tile ids back.
const (
	// tagEdition names the sets of a later printing: "basic:2",
	// "tower:2" or both; without it every set is of the first.
	tagEdition = "Edition"
	// tagGardens says which copies drawn of basic:2's garden tiles are the
	// one with a garden: "N:2 V:1" is the second N and the first V of the
	// draw order (the tiles drawn, discards included, then the rest of a
	// Bag "order ...").
	tagGardens = "Gardens"
)

// formatGardens writes the Gardens tag of a draw order, in catalog order;
// "" when no tile of it carries a garden.
func formatGardens(order []jczTile) string {
	var counts, garden [engine.NumTileTypes]int
	for _, t := range order {
		counts[t.id]++
		if t.garden {
			garden[t.id] = counts[t.id]
		}
	}
	var words []string
	for id, n := range garden {
		if n > 0 {
			words = append(words, fmt.Sprintf("%s:%d", engine.TileID(id), n))
		}
	}
	return strings.Join(words, " ")
}

// tagError is a tag's value that export cannot write: Tag names the tag,
// Reason says what is wrong with its value.
type tagError struct {
	Tag, Reason string
}

func (e *tagError) Error() string { return e.Tag + " tag: " + e.Reason }

// tagErrorf returns a *tagError for tag, its reason formatted as by
// fmt.Sprintf.
func tagErrorf(tag, format string, args ...any) error {
	return &tagError{Tag: tag, Reason: fmt.Sprintf(format, args...)}
}

// readEdition reads the Edition and Gardens tags of rg for a game played
// with rules r; gardens maps each garden tile to the copy (1 the first
// drawn) that carries the garden.
func readEdition(rg *record.Game, r engine.Rules) (edition, map[engine.TileID]int, error) {
	ed := edition{basic: 1}
	if r.Tower() {
		ed.tower = 1
	}
	v, _ := rg.Tag(tagEdition)
	for _, w := range strings.Fields(v) {
		switch {
		case w == "basic:1" || w == "basic:2":
			ed.basic = int(w[6] - '0')
		case (w == "tower:1" || w == "tower:2") && r.Tower():
			ed.tower = int(w[6] - '0')
		default:
			return ed, nil, tagErrorf(tagEdition, "%q is not basic:1, basic:2, tower:1 or tower:2 (with The Tower in play)", w)
		}
	}
	gardens := map[engine.TileID]int{}
	v, _ = rg.Tag(tagGardens)
	for _, w := range strings.Fields(v) {
		tile, nth, _ := strings.Cut(w, ":")
		id, ok := engine.LookupTile(tile)
		n, err := strconv.Atoi(nth)
		switch {
		case ed.basic != 2:
			return ed, nil, tagErrorf(tagGardens, "gardens are tiles of basic:2, and the Edition tag does not name it")
		case !ok || gardenOf(id) == "":
			return ed, nil, tagErrorf(tagGardens, "%q: %s is no tile with a garden in basic:2", w, tile)
		case err != nil || n < 1:
			return ed, nil, tagErrorf(tagGardens, "%q is not TILE:N with N from 1", w)
		case gardens[id] != 0:
			return ed, nil, tagErrorf(tagGardens, "%s is named twice: basic:2 holds one %s", tile, gardenOf(id))
		}
		gardens[id] = n
	}
	return ed, gardens, nil
}

// namer gives the JCZ ids of the tiles of a draw order, in order: in
// basic:2, the copy that Gardens names carries the garden, and so does the
// last copy when the others are used up.
type namer struct {
	ed      edition
	rules   engine.Rules
	gardens map[engine.TileID]int
	counts  [engine.NumTileTypes]int
	garden  [engine.NumTileTypes]bool // the garden copy was named
}

func (n *namer) name(t engine.TileID) string {
	n.counts[t]++
	g := gardenOf(t)
	if n.ed.basic != 2 || g == "" || n.garden[t] {
		return t.Type().JCZ
	}
	plain := n.counts[t] - 1 // plain copies named before this one
	if n.gardens[t] == n.counts[t] || plain >= engine.BoxCount(t, n.rules)-1 {
		n.garden[t] = true
		return g
	}
	return t.Type().JCZ
}
