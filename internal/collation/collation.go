// Package collation orders names as people sort them: without regard to
// case or accents ("adrear" before "Vainiria", "Émile" beside "Emil"),
// by the Unicode Collation Algorithm's root order (golang.org/x/text/collate,
// at its loose strength: letters compared, their case, accents and width
// not). Names equal at that strength are ordered by their bytes, so the
// order is total and the same on every run. Every list of names that
// towerlog writes (stats, standings, the rating list, the report, the
// site, completions) sorts with it.
//
//	collation.Sort(names)
//	if collation.Compare(a, b) < 0 { ... }
package collation

import (
	"slices"
	"strings"
	"sync"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

var (
	mu sync.Mutex // a Collator keeps buffers: one comparison at a time
	c  = collate.New(language.Und, collate.Loose)
)

// Compare returns -1, 0 or +1 as a sorts before, with or after b.
func Compare(a, b string) int {
	mu.Lock()
	n := c.CompareString(a, b)
	mu.Unlock()
	if n != 0 {
		return n
	}
	return strings.Compare(a, b)
}

// Less reports whether a sorts before b.
func Less(a, b string) bool { return Compare(a, b) < 0 }

// Sort sorts names in place.
func Sort(names []string) { slices.SortFunc(names, Compare) }
