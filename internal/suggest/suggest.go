// Package suggest finds the names nearest to a name that matched none:
// the hints of "did you mean" of an unknown player, event or flag.
//
//	suggest.Nearest("rollout", map[string]bool{"rollouts": true, "seed": true})
//	// ["rollouts"]
package suggest

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// Nearest returns up to three known names nearest to v: those equal to it
// but for case first, then those a few edits away (a third of its length,
// at least two), then those that begin with it; without regard to case.
func Nearest(v string, known map[string]bool) []string {
	type cand struct {
		name string
		d    int
	}
	lv := strings.ToLower(v)
	limit := max(2, utf8.RuneCountInString(v)/3)
	var cands []cand
	for name := range known {
		ln := strings.ToLower(name)
		d := Distance(lv, ln)
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

// Distance is the Levenshtein distance between a and b, in runes.
// (cobra has one for its command suggestions, but keeps it unexported.)
func Distance(a, b string) int {
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
