package analytics

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// NoGamesError says that a filter selects no game, and why it may be:
// for each name the filter gives that no game knows, the nearest names
// that are known.
type NoGamesError struct {
	Filter Filter
	Hints  []string // "no player is named anna (did you mean Anna?)"
}

func (e *NoGamesError) Error() string {
	msg := "no game matches"
	if parts := e.Filter.describeParts(); len(parts) > 0 {
		msg += " (" + strings.Join(parts, ", ") + ")"
	}
	if len(e.Hints) > 0 {
		msg += ": " + strings.Join(e.Hints, "; ")
	}
	return msg
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
// are nearest (compared without regard to case).
func (f Filter) Hints(k *Known) []string {
	var hints []string
	check := func(what, flag, v string, known map[string]bool, norm func(string) string) {
		if v == "" || known[norm(v)] {
			return
		}
		h := fmt.Sprintf("no %s is named %q (--%s)", what, v, flag)
		if near := nearest(v, known); len(near) > 0 {
			h += "; did you mean " + quoteAll(near) + "?"
		}
		hints = append(hints, h)
	}
	same := func(s string) string { return s }
	for _, p := range f.Players {
		check("player", "player", p, k.Players, nfc)
	}
	check("player", "winner", f.Winner, k.Players, nfc)
	check("player", "captor", f.Captor, k.Players, nfc)
	check("player", "victim", f.Victim, k.Players, nfc)
	check("event", "event", f.Event, k.Events, same)
	check("site", "site", f.Site, k.Sites, same)
	check("round", "round", f.Round, k.Rounds, same)
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

// KnownNames reads the names of players, events, sites and rounds of the
// stored games.
func (s *Store) KnownNames(ctx context.Context) (*Known, error) {
	k := NewKnown()
	for _, q := range []struct {
		sql string
		m   map[string]bool
	}{
		{`SELECT DISTINCT name FROM players`, k.Players},
		{`SELECT DISTINCT event FROM games WHERE event IS NOT NULL`, k.Events},
		{`SELECT DISTINCT site FROM games WHERE site IS NOT NULL`, k.Sites},
		{`SELECT DISTINCT round FROM games WHERE round IS NOT NULL`, k.Rounds},
	} {
		rows, err := s.db.QueryContext(ctx, q.sql)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var v string
			if err := rows.Scan(&v); err != nil {
				rows.Close()
				return nil, err
			}
			q.m[v] = true
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return k, nil
}

// NoGames returns the error of a filter that selected no stored game: a
// *NoGamesError with the hints of the names the store knows.
func (s *Store) NoGames(ctx context.Context, f Filter) error {
	k, err := s.KnownNames(ctx)
	if err != nil {
		return err
	}
	return &NoGamesError{Filter: f, Hints: f.Hints(k)}
}

// CountGames returns the number of stored games f selects. A filter that
// selects none is a *NoGamesError (the zero Filter on an empty database
// is not: it selects every game there is).
func (s *Store) CountGames(ctx context.Context, f Filter) (int, error) {
	where, args, err := f.Where()
	if err != nil {
		return 0, err
	}
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM games g WHERE `+where, args...).Scan(&n); err != nil {
		return 0, err
	}
	if n == 0 && !f.IsZero() {
		return 0, s.NoGames(ctx, f)
	}
	return n, nil
}
