package luck

import (
	"fmt"
	"github.com/towerlog/towerlog/internal/english"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/towerlog/towerlog/record"
)

// commentPrefix starts every comment Annotate writes, so that a measure
// of a measured record replaces the earlier one.
const commentPrefix = "luck:"

// Comment describes the turn's luck:
//
//	luck: +4.2 (lucky), +6.1% of chance, the 3rd best of 19 tiles
//
// the chance only for two players, "exact" when the values are.
func (t *GameTurn) Comment() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %+.1f", commentPrefix, round1(t.Luck))
	if t.Label != Ordinary {
		fmt.Fprintf(&b, " (%s)", t.Label)
	}
	if !math.IsNaN(t.Chance) {
		fmt.Fprintf(&b, ", %+.1f%% of chance", round1(t.Chance))
	}
	switch {
	case t.Kinds == 1:
		b.WriteString(", one kind of tile")
	case t.Rank == 1:
		fmt.Fprintf(&b, ", the best of %d tiles", t.Kinds)
	default:
		fmt.Fprintf(&b, ", the %s best of %d tiles", english.Ordinal(t.Rank), t.Kinds)
	}
	if t.Exact {
		b.WriteString(", exact")
	}
	return b.String()
}

// round1 rounds to one decimal, with no negative zero.
func round1(v float64) float64 {
	r := math.Round(v*10) / 10
	if r == 0 {
		return 0
	}
	return r
}

// Annotate writes the luck of each measured turn into its game's record:
// a comment on the turn's draw (its first discarded tile, or its
// placement). The comments of an earlier measure are replaced; every
// other annotation is kept.
func Annotate(rg *record.Game, turns []GameTurn) {
	byNumber := make(map[int]*GameTurn, len(turns))
	for i := range turns {
		byNumber[turns[i].Number] = &turns[i]
	}
	for _, rt := range rg.Turns {
		n := drawNotes(rt)
		if n == nil {
			continue
		}
		if *n != nil {
			kept := (*n).Comments[:0]
			for _, c := range (*n).Comments {
				if !strings.HasPrefix(c.Text, commentPrefix) {
					kept = append(kept, c)
				}
			}
			(*n).Comments = kept
		}
		gt := byNumber[rt.Number]
		if gt == nil {
			continue
		}
		if *n == nil {
			*n = &record.Notes{}
		}
		(*n).Comments = append((*n).Comments, &record.Comment{Text: gt.Comment()})
	}
}

// drawNotes returns where the annotations of t's draw are kept: its
// first discarded tile, or its placement; nil for neither.
func drawNotes(t *record.Turn) **record.Notes {
	if len(t.Discards) > 0 {
		return &t.Discards[0].Notes
	}
	if t.Placement != nil {
		return &t.Placement.Notes
	}
	return nil
}

// Recorded is a turn's luck as a record annotated by Annotate carries
// it: what a report shows without measuring it again.
type Recorded struct {
	Number int
	Player string
	Luck   float64 // points of margin
	Chance float64 // percentage points; NaN when not written
}

var luckComment = regexp.MustCompile(`^luck: ([+-]?\d+\.\d)(?: \([a-z ]+\))?(?:, ([+-]?\d+\.\d)% of chance)?,`)

// Read returns the luck a record carries, turn by turn (none when it
// carries none).
func Read(rg *record.Game) []Recorded {
	var out []Recorded
	for _, t := range rg.Turns {
		n := drawNotes(t)
		if n == nil || *n == nil {
			continue
		}
		for _, c := range (*n).Comments {
			m := luckComment.FindStringSubmatch(c.Text)
			if m == nil {
				continue
			}
			r := Recorded{Number: t.Number, Player: t.Player.Text, Chance: math.NaN()}
			r.Luck, _ = strconv.ParseFloat(m[1], 64)
			if m[2] != "" {
				r.Chance, _ = strconv.ParseFloat(m[2], 64)
			}
			out = append(out, r)
			break
		}
	}
	return out
}

// Totals is what a record's luck comments (Read) add up to, by seat.
type Totals struct {
	Luck, Chance []float64 // summed; Chance 0 where no comment gives it
	// Lines holds each seat's luck so far after each of its turns:
	// [turn, luck] pairs.
	Lines [][][2]float64
}

// Sum adds up the turns read from a record by player, the seats named by
// names; a turn of another name is left out.
func Sum(turns []Recorded, names []string) Totals {
	seat := map[string]int{}
	for i, n := range names {
		seat[n] = i
	}
	t := Totals{Luck: make([]float64, len(names)), Chance: make([]float64, len(names)), Lines: make([][][2]float64, len(names))}
	for _, r := range turns {
		s, ok := seat[r.Player]
		if !ok {
			continue
		}
		t.Luck[s] += r.Luck
		if !math.IsNaN(r.Chance) {
			t.Chance[s] += r.Chance
		}
		t.Lines[s] = append(t.Lines[s], [2]float64{float64(r.Number), t.Luck[s]})
	}
	return t
}
