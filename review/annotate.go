package review

import (
	"fmt"
	"math"
	"strings"

	"github.com/towerlog/towerlog/record"
)

// commentPrefix starts every comment a review writes, so that a review of
// a reviewed record replaces the earlier one.
const commentPrefix = "review:"

// Annotate writes a review into its game's record: each reviewed turn's
// glyph on its last element (unless that element has a glyph already),
// a comment with the values, and the best move as a variation when it is
// not the move played. Comments and variations of an earlier review are
// replaced; every other annotation is kept. annotator becomes the
// Annotator tag.
func Annotate(rg *record.Game, turns []GameTurn, players []string, annotator string) {
	byNumber := make(map[int]*GameTurn, len(turns))
	for i := range turns {
		byNumber[turns[i].Number] = &turns[i]
	}
	for _, rt := range rg.Turns {
		gt := byNumber[rt.Number]
		if gt == nil {
			continue
		}
		dropReview(rt)
		n := lastNotes(rt)
		if *n == nil {
			*n = &record.Notes{}
		}
		if (*n).Glyph == record.NoGlyph {
			(*n).Glyph = gt.Glyph()
		}
		(*n).Comments = append((*n).Comments, &record.Comment{Text: gt.Comment(players)})
		if gt.BestDiffers() && gt.BestTurn != nil {
			bt := *gt.BestTurn
			bn := lastNotes(&bt)
			*bn = &record.Notes{Comments: []*record.Comment{{Text: fmt.Sprintf("%s best, %s", commentPrefix, value(gt.Best))}}}
			rt.Variations = append(rt.Variations, &record.Variation{Turns: []*record.Turn{&bt}})
		}
	}
	rg.SetTag("Annotator", annotator)
}

// Comment describes the review of the turn: the value of the move played,
// the best move and its value (each said in words too), the points given away when they are
// clear, each player's chance of winning after the move played, the
// grade with the chance lost and the move's accuracy, the move played's
// rank and the ties, the three best moves, and what the move played and
// the best move do:
//
//	review: played +1.2 ±0.9 (tile V at (0,1), turned 0°, farmer on
//	the field of 3 tiles); best V@2,-1r270 +C:N +7.8 ±0.8 (tile V at
//	(2,-1), turned 270°, knight in the city of 4 tiles), 6.6 given
//	away; wins Anna 45% Bob 55%; mistake, 11.2% of chance lost, accuracy
//	59%; rank about 4th of 122, 2 moves within 0.5 points of the best; top
//	V@2,-1r270 +C:N +7.8 ±0.8 (2210), ...; played: claims
//	a field with a farmer; best: completes a city of 4 tiles for 8 and
//	takes back the followers on it
func (t *GameTurn) Comment(players []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s played %s", commentPrefix, value(t.Played))
	if t.PlayedWords != "" {
		fmt.Fprintf(&b, " (%s)", t.PlayedWords)
	}
	if t.BestDiffers() {
		fmt.Fprintf(&b, "; best %s %s", t.BestText, value(t.Best))
		if t.BestWords != "" {
			fmt.Fprintf(&b, " (%s)", t.BestWords)
		}
		if t.Clear() {
			fmt.Fprintf(&b, ", %.1f given away", t.GivenAway)
		}
	} else {
		b.WriteString(", the best of ")
		fmt.Fprintf(&b, "%d", t.Alternatives)
	}
	b.WriteString("; wins")
	for p, w := range t.Chance {
		fmt.Fprintf(&b, " %s %.0f%%", players[p], 100*w)
	}
	fmt.Fprintf(&b, "; %s", t.Grade)
	if t.Drop > 0 {
		fmt.Fprintf(&b, ", %.1f%% of chance lost", t.Drop)
	}
	fmt.Fprintf(&b, ", accuracy %.0f%%", MoveAccuracy(t.Drop))
	if t.Exact {
		b.WriteString(", exact")
	}
	if t.PlayedRank > 0 {
		fmt.Fprintf(&b, "; rank %s", t.RankText())
	}
	if t.Tied > 1 {
		fmt.Fprintf(&b, ", %d moves within %.1f points of the best", t.Tied, TieWithin)
	}
	if len(t.Top) > 1 {
		b.WriteString("; top")
		for i, r := range t.Top {
			sep := ","
			if i == 0 {
				sep = ""
			}
			fmt.Fprintf(&b, "%s %s %s (%d)", sep, t.TopText[i], value(r.Eval), r.Rollouts)
		}
	}
	if len(t.PlayedWhy) > 0 {
		fmt.Fprintf(&b, "; played: %s", strings.Join(t.PlayedWhy, ", "))
	}
	if t.BestDiffers() && len(t.BestWhy) > 0 {
		fmt.Fprintf(&b, "; best: %s", strings.Join(t.BestWhy, ", "))
	}
	return b.String()
}

// value spells an evaluation: "+4.2 ±0.8".
func value(e Eval) string {
	return fmt.Sprintf("%+.1f ±%.1f", round1(e.Value), e.StdErr)
}

// round1 rounds to one decimal, with no negative zero.
func round1(v float64) float64 {
	r := math.Round(v*10) / 10
	if r == 0 {
		return 0
	}
	return r
}

// dropReview removes the comments and variations an earlier review wrote
// into turn t.
func dropReview(t *record.Turn) {
	if n := *lastNotes(t); n != nil {
		kept := n.Comments[:0]
		for _, c := range n.Comments {
			if !strings.HasPrefix(c.Text, commentPrefix) {
				kept = append(kept, c)
			}
		}
		n.Comments = kept
	}
	kept := t.Variations[:0]
	for _, v := range t.Variations {
		if len(v.Turns) == 1 && isReview(*lastNotes(v.Turns[0])) {
			continue
		}
		kept = append(kept, v)
	}
	t.Variations = kept
}

func isReview(n *record.Notes) bool {
	return n != nil && len(n.Comments) == 1 && strings.HasPrefix(n.Comments[0].Text, commentPrefix)
}

// lastNotes returns where the annotations of t's last element are kept:
// the second figure, the action (its capture or exchange choice), the
// placement, or the turn's head.
func lastNotes(t *record.Turn) **record.Notes {
	if n := actionNotes(t.Second); n != nil {
		return n
	}
	if n := actionNotes(t.Action); n != nil {
		return n
	}
	if t.Placement != nil {
		return &t.Placement.Notes
	}
	return &t.Notes
}

func actionNotes(a record.Action) **record.Notes {
	switch a := a.(type) {
	case *record.Follower:
		return &a.Notes
	case *record.TowerFollower:
		return &a.Notes
	case *record.TowerFloor:
		switch {
		case a.Capture == nil:
			return &a.Notes
		case a.Capture.Exchange != nil:
			return &a.Capture.Exchange.Notes
		}
		return &a.Capture.Notes
	}
	return nil
}
