package show

import (
	"fmt"
	"github.com/towerlog/towerlog/internal/english"
	"math"
	"strconv"
	"strings"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/rating"
)

// Signed writes n with its sign: +3, 0, -2.
func Signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// RoundCell writes a player's games of a round for a table: "1st 57",
// "unfinished" for a game not played to its end, several games joined
// by ", ", "" for none.
func RoundCell(games []analytics.RoundGame) string {
	var parts []string
	for _, g := range games {
		if g.Place == 0 {
			parts = append(parts, "unfinished")
			continue
		}
		parts = append(parts, english.Ordinal(g.Place)+" "+strconv.Itoa(g.Score))
	}
	return strings.Join(parts, ", ")
}

// HeadToHead writes a head-to-head record as a crosstable cell: "2-1",
// with the games level after a second dash ("2-1-1"); "" when the two
// never met.
func HeadToHead(h analytics.HeadToHead) string {
	switch {
	case !h.Met():
		return ""
	case h.Level > 0:
		return fmt.Sprintf("%d-%d-%d", h.Ahead, h.Behind, h.Level)
	}
	return fmt.Sprintf("%d-%d", h.Ahead, h.Behind)
}

// RoundName writes a Round tag as a table's head does: "?" for games
// without one.
func RoundName(r string) string {
	if r == "" {
		return "?"
	}
	return r
}

// Rating writes a rating rounded, with lichess's "?" after a provisional
// one (rating.ProvisionalRD): "1620", "1480?".
func Rating(r rating.Rating) string {
	s := strconv.FormatFloat(math.Round(r.R), 'f', 0, 64)
	if r.Provisional() {
		s += "?"
	}
	return s
}

// Scores writes a game's final scores in seat order, joined by "-":
// "57-43", "80-61-55".
func Scores(g *analytics.Game) string {
	var b strings.Builder
	for i, p := range g.Players {
		if i > 0 {
			b.WriteByte('-')
		}
		b.WriteString(strconv.Itoa(p.Score))
	}
	return b.String()
}
