package bga

import (
	"fmt"

	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// ImportLink replays the game of a CarcassonneLab link and returns it as a
// CGN record: the Players (with their colours), Rules "base", the turns
// (a link has no scores: none are declared), discards, and the engine's
// Result; tags
// (Event, Site, Date, Round, ...) are added to it. file names the link in
// messages (the file it was read from, with its line in where, or the link
// itself). A link that cannot be read or replayed is an *Error; a game
// that stops before its end is returned unfinished with a Warning.
func ImportLink(s, file, where string, tags map[string]string) (*record.Game, []Warning, error) {
	l, err := ParseLink(s)
	if err != nil {
		err.(*Error).File = file
		if where != "" {
			err.(*Error).Where = where + ", " + err.(*Error).Where
		}
		return nil, nil, err
	}
	return l.table(file, where, tags).record()
}

// table turns a link into the game it describes.
func (l *Link) table(file, where string, tags map[string]string) *table {
	t := &table{file: file, where: where, tags: tags}
	for i, name := range l.Players {
		p := replay.Player{Name: name}
		if l.Colors != nil {
			p.Colour = l.Colors[i]
		}
		t.players = append(t.players, p)
	}
	at := func(format string, args ...any) string {
		w := fmt.Sprintf(format, args...)
		if where != "" {
			w = where + ", " + w
		}
		return w
	}
	next, d := 1, 0 // the next tile of Types, the next discard
	discards := func(k int) []drawn {
		var out []drawn
		for ; d < len(l.Discards) && l.Discards[d] == k; d++ {
			out = append(out, drawn{typ: l.Types[next], seat: -1, where: at("discard %d", d+1)})
			next++
		}
		return out
	}
	for k, m := range l.Moves {
		p := play{discards: discards(k), typ: l.Types[next], x: m.X, y: m.Y, ori: m.Ori, pos: m.Pos, seat: -1,
			where: at("placement %d (character %d)", k+1, l.movesAt+4*k)}
		next++
		t.turns = append(t.turns, p)
	}
	t.trailing = discards(len(l.Moves))
	return t
}
