package review

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/towerlog/towerlog/record"
)

// Summary is a reviewed turn as a record annotated by Annotate carries it:
// what a report shows of a review without running it again.
type Summary struct {
	Number      int
	Player      string
	Played      float64   // the value of the move played
	PlayedErr   float64   // its standard error
	Best        float64   // the value of the best move (Played when it was the move played)
	BestErr     float64   // its standard error
	BestMove    string    // the best move's CGN, "" when it was the move played
	BestWords   string    // the best move in words, "" when it was the move played or in a review written before them
	PlayedMove  string    // the move played's CGN, as the record wrote it
	GivenAway   float64   // 0 unless clear (shown in the comment)
	PlayedWords string    // the move played in words (Words), "" in a review written before them
	PlayedWhy   string    // what the move played does, "completes a city of 4 tiles for 8"; "" when the review says nothing
	Win         []float64 // each player's chance of winning after the move played
	Grade       string    // "" in a review written before grades
	Drop        float64   // the chance of winning the move lost, in percentage points
	Accuracy    float64   // the move's accuracy in percent; NaN without a grade
	Glyph       record.Glyph
	BestTurn    *record.Turn // the variation of the best move, nil when it was the move played
	Top         []Listed     // the best alternatives the review listed (review --top), in its order; none when it listed fewer than two
	recordIndex int
}

// Listed is an alternative a review lists among a turn's best: its CGN,
// its value with the value's standard error, and the rollouts behind
// them.
type Listed struct {
	Move     string
	Value    float64
	StdErr   float64
	Rollouts int
}

// topEntry matches one alternative of a comment's top list, after the
// comma that separates it from the one before: "V@2,-1r270 +C:N +7.8 ±0.8
// (2210)".
var topEntry = regexp.MustCompile(`(?:^|, )(\S.*?) ([+-]\d+\.\d) ±(\d+\.\d) \((\d+)\)`)

// inWords matches a move said in words after its value (Words), in
// parentheses that hold those of its squares: " (tile E at (0,-1), ...)",
// and captures the words.
const inWords = `(?: \(((?:[^()]|\([^()]*\))*)\))?`

// reviewComment matches a comment Comment writes.
var reviewComment = regexp.MustCompile(`^review: played ([+-]\d+\.\d) ±(\d+\.\d)` + inWords + `(?:, the best of \d+|; best (.+?) ([+-]\d+\.\d) ±(\d+\.\d)` + inWords + `(?:, (\d+\.\d) given away)?); wins ([^;]*)(?:; (\w+)(?:, ([\d.]+)% of chance lost)?, accuracy (\d+)%(?:, exact)?)?((?:;.*)?)$`)

// Read returns the review a record carries, turn by turn (none when it
// carries none): the comments and variations Annotate wrote. players
// names the seats, in order.
func Read(rg *record.Game, players []string) []Summary {
	var out []Summary
	for i, t := range rg.Turns {
		n := *lastNotes(t)
		if n == nil {
			continue
		}
		for _, c := range n.Comments {
			s, ok := readComment(c.Text, players)
			if !ok {
				continue
			}
			s.Number, s.Player, s.Glyph, s.recordIndex = t.Number, t.Player.Text, n.Glyph, i
			s.PlayedMove = turnText(t.Bare())
			if s.BestMove != "" {
				for _, v := range t.Variations {
					if len(v.Turns) == 1 && isReview(*lastNotes(v.Turns[0])) {
						s.BestTurn = v.Turns[0]
					}
				}
			}
			out = append(out, s)
			break
		}
	}
	return out
}

// MoveText says a move as the review's comment does: its CGN, its value,
// and the move in words when there are any: "V@2,-1r270 +C:N +7.8 (tile
// V at (2,-1), turned 270°, knight in the city of 4 tiles)".
func MoveText(cgn string, value float64, words string) string {
	out := fmt.Sprintf("%s %+.1f", cgn, value)
	if words != "" {
		out += " (" + words + ")"
	}
	return strings.TrimSpace(out)
}

// readComment reads a comment Comment wrote.
func readComment(text string, players []string) (Summary, bool) {
	m := reviewComment.FindStringSubmatch(text)
	if m == nil {
		return Summary{}, false
	}
	var s Summary
	s.Played, _ = strconv.ParseFloat(m[1], 64)
	s.PlayedErr, _ = strconv.ParseFloat(m[2], 64)
	s.PlayedWords = m[3]
	s.Best, s.BestErr = s.Played, s.PlayedErr
	if m[4] != "" {
		s.BestMove = m[4]
		s.Best, _ = strconv.ParseFloat(m[5], 64)
		s.BestErr, _ = strconv.ParseFloat(m[6], 64)
		s.BestWords = m[7]
		if m[8] != "" {
			s.GivenAway, _ = strconv.ParseFloat(m[8], 64)
		}
	}
	s.Grade, s.Accuracy = m[10], math.NaN()
	if m[11] != "" {
		s.Drop, _ = strconv.ParseFloat(m[11], 64)
	}
	if m[12] != "" {
		s.Accuracy, _ = strconv.ParseFloat(m[12], 64)
	}
	s.Top = readTop(m[13])
	if _, why, ok := strings.Cut(m[13], "; played: "); ok {
		s.PlayedWhy, _, _ = strings.Cut(why, "; best: ")
	}
	wins := m[9]
	for _, p := range players {
		rest, ok := strings.CutPrefix(wins, p+" ")
		if !ok {
			return Summary{}, false
		}
		pct, after, _ := strings.Cut(rest, "%")
		v, err := strconv.ParseFloat(pct, 64)
		if err != nil {
			return Summary{}, false
		}
		s.Win = append(s.Win, v/100)
		wins = strings.TrimPrefix(after, " ")
	}
	return s, wins == ""
}

// readTop reads the top list of the rest of a comment, after its grade:
// "; rank ...; top A +1.0 ±0.5 (200), B -0.3 ±0.9 (40); played: ...".
func readTop(rest string) []Listed {
	_, top, ok := strings.Cut(rest, "; top ")
	if !ok {
		return nil
	}
	for _, end := range []string{"; played: ", "; best: "} {
		top, _, _ = strings.Cut(top, end)
	}
	var out []Listed
	for _, m := range topEntry.FindAllStringSubmatch(top, -1) {
		l := Listed{Move: m[1]}
		l.Value, _ = strconv.ParseFloat(m[2], 64)
		l.StdErr, _ = strconv.ParseFloat(m[3], 64)
		l.Rollouts, _ = strconv.Atoi(m[4])
		out = append(out, l)
	}
	return out
}
