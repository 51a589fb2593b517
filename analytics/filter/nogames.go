package filter

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

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
					hints = append(hints, Hint{Field: fld.Name, Noun: ns.noun, Name: v, Near: nearest(v, known)})
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

// nearest returns up to three known names nearest to v: those equal to it
// but for case first, then those a few edits away (a third of its length,
// at least two), then those that begin with it; without regard to case.
func nearest(v string, known map[string]bool) []string {
	type cand struct {
		name string
		d    int
	}
	lv := strings.ToLower(v)
	limit := max(2, utf8.RuneCountInString(v)/3)
	var cands []cand
	for name := range known {
		ln := strings.ToLower(name)
		d := editDistance(lv, ln)
		if d > limit && !strings.HasPrefix(ln, lv) {
			continue
		}
		cands = append(cands, cand{name, d})
	}
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].d != cands[j].d {
			return cands[i].d < cands[j].d
		}
		return cands[i].name < cands[j].name
	})
	var out []string
	for _, c := range cands[:min(3, len(cands))] {
		out = append(out, c.name)
	}
	return out
}

// editDistance is the Levenshtein distance between a and b, in runes.
// (cobra has one for its command suggestions, but keeps it unexported.)
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
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
