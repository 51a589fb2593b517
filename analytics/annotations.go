package analytics

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/towerlog/towerlog/record"
)

// TagChange is a tag whose stored value another copy of the game changed.
type TagChange struct {
	Tag      string // the tag's name; "Players" for a player's colour
	Old, New string // the values before and after
}

// Reannotation says which stored values of a game a copy of it replaced:
// the copy read at File, game Index, and the game as stored before, last
// read at StoredFile, game StoredIndex.
type Reannotation struct {
	File        string
	Index       int
	StoredFile  string
	StoredIndex int
	Changes     []TagChange
}

// String gives the reannotation on one line: "b.cgn#2: replaces the
// annotations of a.cgn#1: Event "Spring" → "Summer"".
func (r Reannotation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s#%d: replaces the annotations of %s#%d:", r.File, r.Index, r.StoredFile, r.StoredIndex)
	for i, c := range r.Changes {
		if i > 0 {
			b.WriteByte(';')
		}
		fmt.Fprintf(&b, " %s %q → %q", c.Tag, c.Old, c.New)
	}
	return b.String()
}

// identityTags are the tags whose meaning the identity holds: two copies
// of a game can spell them differently but never mean different things,
// so a copy's spelling is taken without a word (the stored one when the
// copy has none).
var identityTags = map[string]bool{"Rules": true, "Bag": true, "Start": true}

// mergeRecords returns the record of a game stored as stored and read
// again as copy, and the stored tag values it changes. A tag the copy
// lacks keeps its stored value; a tag of another value takes the copy's,
// or with keep the stored one. So do the players' colours, seat by seat.
// The movetext, with its comments, clocks and variations, is the copy's
// unless it has none of them (or keep is set and the stored one has
// some): then it is the stored one.
func mergeRecords(stored, copy *record.Game, keep bool) (*record.Game, []TagChange) {
	out := &record.Game{Comments: copy.Comments, Turns: copy.Turns}
	if !annotatedMovetext(copy) || (keep && annotatedMovetext(stored)) {
		out.Comments, out.Turns = stored.Comments, stored.Turns
	}
	var changes []TagChange
	for _, t := range copy.Tags {
		out.SetTag(t.Name, t.Value)
	}
	for _, t := range stored.Tags {
		now, ok := out.Tag(t.Name)
		switch {
		case !ok:
			out.SetTag(t.Name, t.Value)
		case now == t.Value || identityTags[t.Name]:
		case t.Name == "Players":
			v, changed := mergeColours(t.Value, now, keep)
			out.SetTag(t.Name, v)
			if changed {
				changes = append(changes, TagChange{Tag: t.Name, Old: t.Value, New: v})
			}
		case keep:
			out.SetTag(t.Name, t.Value)
		default:
			changes = append(changes, TagChange{Tag: t.Name, Old: t.Value, New: now})
		}
	}
	return out, changes
}

// mergeColours merges the Players values of a stored game and of its
// copy (the same names by seat): a seat keeps its stored colour when the
// copy gives none, or with keep. It reports whether a stored colour was
// replaced by another.
func mergeColours(stored, copy string, keep bool) (string, bool) {
	s, err1 := (&record.Game{Tags: []*record.Tag{{Name: "Players", Value: stored}}}).Players()
	c, err2 := (&record.Game{Tags: []*record.Tag{{Name: "Players", Value: copy}}}).Players()
	if err1 != nil || err2 != nil || len(s) != len(c) {
		return copy, stored != copy
	}
	changed := false
	for i := range c {
		switch {
		case s[i].Colour == "" || s[i].Colour == c[i].Colour:
		case c[i].Colour == "" || keep:
			c[i].Colour = s[i].Colour
		default:
			changed = true
		}
	}
	return record.FormatPlayers(c), changed
}

// annotatedMovetext reports whether a record's movetext holds more than
// the moves: comments, glyphs, clocks, declared scores or variations.
func annotatedMovetext(g *record.Game) bool {
	if len(g.Comments) > 0 {
		return true
	}
	bare := &record.Game{}
	for _, t := range g.Turns {
		bare.Turns = append(bare.Turns, playedTurn(t, t.Number, t.Player.Text))
	}
	return !bytes.Equal(record.AppendGame(nil, &record.Game{Turns: g.Turns}), record.AppendGame(nil, bare))
}
