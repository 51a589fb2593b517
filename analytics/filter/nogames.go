package filter

import (
	"fmt"
	"strings"

	"github.com/towerlog/towerlog/internal/suggest"
	"github.com/towerlog/towerlog/replay"
)

// NoGamesError says that a filter selects no game, and why it may be:
// for each name the filter gives that no game knows, the nearest names
// that are known.
type NoGamesError struct {
	Filter Filter
	Hints  []Hint
}

// Error writes the error, each field named by its name.
func (e *NoGamesError) Error() string { return e.Text(fieldName) }

// Text writes the error, each field named by name(field).
func (e *NoGamesError) Text(name func(field string) string) string {
	msg := "no game matches"
	if parts := e.Filter.describeParts(); len(parts) > 0 {
		msg += " (" + strings.Join(parts, ", ") + ")"
	}
	for i, h := range e.Hints {
		if i == 0 {
			msg += ": "
		} else {
			msg += "; "
		}
		msg += h.Text(name)
	}
	return msg
}

// A Hint is a name given to a filter field that no game knows, with the
// known names nearest to it.
type Hint struct {
	Field string   // the field given the name: "winner"
	Noun  string   // what the name names: "player"
	Name  string   // the name given
	Near  []string // up to three known names, the nearest first
}

// Text writes the hint, its field named by name(field): no player is
// named "Bobby" (winner); did you mean "Bob"?
func (h Hint) Text(name func(field string) string) string {
	s := fmt.Sprintf("no %s is named %q (%s)", h.Noun, h.Name, name(h.Field))
	if len(h.Near) > 0 {
		s += "; did you mean " + quoteAll(h.Near) + "?"
	}
	return s
}

// Known holds the names that the games read know, to suggest one for a
// name that matched nothing.
type Known struct {
	Players, Events, Sites, Rounds map[string]bool
}

// NewKnown returns an empty Known.
func NewKnown() *Known {
	return &Known{Players: map[string]bool{}, Events: map[string]bool{}, Sites: map[string]bool{}, Rounds: map[string]bool{}}
}

// Hints says, for each name of f that k does not know, which known names
// are nearest (compared without regard to case): players first, then
// events, sites and rounds.
func (f Filter) Hints(k *Known) []Hint {
	var hints []Hint
	for _, ns := range nameSets {
		known := ns.known(k)
		for i := range Fields {
			fld := &Fields[i]
			if fld.names != ns {
				continue
			}
			for _, v := range fld.texts(&f) {
				if v != "" && !known[ns.norm(v)] {
					hints = append(hints, Hint{Field: fld.Name, Noun: ns.noun, Name: v, Near: suggest.Nearest(v, known)})
				}
			}
		}
	}
	return hints
}

func quoteAll(s []string) string {
	q := make([]string, len(s))
	for i, v := range s {
		q[i] = fmt.Sprintf("%q", v)
	}
	switch len(q) {
	case 1:
		return q[0]
	case 2:
		return q[0] + " or " + q[1]
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

// Add notes the names a replayed game knows: its players' (in normal
// form C, as they are stored) and its Event, Site and Round tags.
func (k *Known) Add(g *replay.Game) {
	for _, p := range g.Players {
		k.Players[nfc(p.Name)] = true
	}
	for _, t := range []struct {
		tag string
		m   map[string]bool
	}{{"Event", k.Events}, {"Site", k.Sites}, {"Round", k.Rounds}} {
		if v, ok := g.Record.Tag(t.tag); ok {
			t.m[v] = true
		}
	}
	if v, ok := g.Record.Tag("Event"); !ok || v == "" {
		k.Events[NoEvent] = true
	}
}

// NoEvent names the games without an Event tag where events are listed
// (towerlog events, the site) and chosen (--event "(no event)"): they
// make a pseudo-event of their own. Its parentheses set it apart from
// the name of an event, which a person writes without.
const NoEvent = "(no event)"
