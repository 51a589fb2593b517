package identity

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"golang.org/x/text/unicode/norm"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// Of returns the identity of a replayed game: the SHA-256, in hex,
// of what was played and nothing else, as the engine sees it. That is the
// players' names by seat (in normal form C), the rules in play, the start
// tile and its rotation, the tiles of the bag (in their order when the
// record fixes it), and every move of the main line: ransoms, discards,
// placements, followers and phantoms, floors, captures and exchanges.
// Tags that restate a default (no Start tag and [Start "D@0,0r0"], no Bag
// tag and a Bag tag listing the box, Rules words equal to the defaults)
// give the same identity. The rest of a record is annotation: the other
// tags (Event, Date, Annotator, Source, the players' colours, ...),
// declared scores, comments, glyphs, clocks and variations. The same game
// written differently, annotated differently or read from its
// JCloisterZone copy has the same identity. The game must have been set
// up (g.Record not nil).
func Of(g *replay.Game) string {
	sum := sha256.Sum256(append([]byte("towerlog identity 2\n"), record.AppendGame(nil, played(g))...))
	return hex.EncodeToString(sum[:])
}

// played returns the record of what g's players played: the setup as the
// engine sees it, in tags of canonical spelling that are always written,
// and the main line, without annotations, every turn numbered in order
// and named by its player's seat.
func played(g *replay.Game) *record.Game {
	rg := g.Record
	out := &record.Game{}
	seats := make([]record.Player, len(g.Players))
	for i, p := range g.Players {
		seats[i] = record.Player{Name: nfc(p.Name)}
	}
	out.SetTag("Players", record.FormatPlayers(seats))
	out.SetTag("Rules", g.Rules.String())
	out.SetTag("Bag", playedBag(g.Setup))
	start, rot := engine.StartTile, g.Setup.StartRot
	if g.Setup.StartTile != nil {
		start = *g.Setup.StartTile
	}
	out.SetTag("Start", fmt.Sprintf("%s@0,0r%d", start, rot.Degrees()))
	for i, t := range rg.Turns {
		mover := t.Player.Text
		if i < len(g.Turns) && g.Turns[i].Seat < len(seats) {
			mover = seats[g.Turns[i].Seat].Name
		}
		out.Turns = append(out.Turns, playedTurn(t, i+1, mover))
	}
	return out
}

// playedBag spells the tiles a game draws from: "order" and the tiles in
// the order drawn when the record fixes it, else "subset" and the count
// of every tile, which for a game without a Bag tag is the box under its
// rules without the start tile.
func playedBag(s engine.Setup) string {
	if s.Ordered && len(s.Bag) > 0 {
		var b strings.Builder
		b.WriteString("order")
		for _, t := range s.Bag {
			b.WriteString(" " + t.String())
		}
		return b.String()
	}
	var counts [engine.NumTileTypes]int
	if s.Bag == nil {
		start := engine.StartTile
		if s.StartTile != nil {
			start = *s.StartTile
		}
		for id := range counts {
			counts[id] = engine.BoxCount(engine.TileID(id), s.Rules)
		}
		counts[start]--
	}
	for _, t := range s.Bag {
		counts[t]++
	}
	var b strings.Builder
	b.WriteString("subset")
	for id, c := range counts {
		if c > 0 {
			fmt.Fprintf(&b, " %s:%d", engine.TileID(id), c)
		}
	}
	return b.String()
}

// playedTurn copies what a turn played, without its annotations.
func playedTurn(t *record.Turn, number int, mover string) *record.Turn {
	c := &record.Turn{Number: number, Numbered: true, Player: record.Name{Text: mover}}
	for _, r := range t.Ransoms {
		owner := nfc(r.Owner.Text)
		if owner == mover {
			owner = "" // the mover's own follower, written or not
		}
		c.Ransoms = append(c.Ransoms, &record.Ransom{Phantom: r.Phantom, Owner: record.Name{Text: owner}, Holder: record.Name{Text: nfc(r.Holder.Text)}})
	}
	for _, d := range t.Discards {
		c.Discards = append(c.Discards, &record.Discard{Tile: d.Tile})
	}
	if pl := t.Placement; pl != nil {
		c.Placement = &record.Placement{Tile: pl.Tile, X: pl.X, Y: pl.Y, Rotation: pl.Rotation}
	}
	c.Action = playedAction(t.Action)
	c.Second = playedAction(t.Second)
	return c
}

// playedAction copies an action without its annotations; nil stays nil.
func playedAction(a record.Action) record.Action {
	switch a := a.(type) {
	case *record.Follower:
		return &record.Follower{Phantom: a.Phantom, Spot: a.Spot}
	case *record.TowerFollower:
		return &record.TowerFollower{Phantom: a.Phantom, X: a.X, Y: a.Y}
	case *record.TowerFloor:
		f := &record.TowerFloor{X: a.X, Y: a.Y}
		if c := a.Capture; c != nil {
			f.Capture = &record.Capture{X: c.X, Y: c.Y, Phantom: c.Phantom, Spot: c.Spot}
			if c.Exchange != nil {
				f.Capture.Exchange = &record.Exchange{Phantom: c.Exchange.Phantom}
			}
		}
		return f
	}
	return nil
}

// TagChange is a tag whose stored value another copy of the game changed.
type TagChange struct {
	Tag      string // the tag's name; "Players" for a player's colour
	Old, New string // the values before and after
}

// identityTags are the tags whose meaning the identity holds: two copies
// of a game can spell them differently but never mean different things,
// so a copy's spelling is taken without a word (the stored one when the
// copy has none).
var identityTags = map[string]bool{"Rules": true, "Bag": true, "Start": true}

// Merge returns the record of a game stored as stored and read
// again as copy, and the stored tag values it changes. A tag the copy
// lacks keeps its stored value; a tag of another value takes the copy's,
// or with keep the stored one. So do the players' colours, seat by seat.
// The movetext, with its comments, clocks and variations, is the copy's
// unless it has none of them (or keep is set and the stored one has
// some): then it is the stored one.
func Merge(stored, copy *record.Game, keep bool) (*record.Game, []TagChange) {
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

func nfc(s string) string { return norm.NFC.String(s) }

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
