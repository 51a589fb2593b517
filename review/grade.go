package review

import (
	"math"

	"github.com/towerlog/towerlog/record"
)

// Grade is a verdict on a move played, from the drop in the mover's
// chance of winning between the best move found and the move played, as
// chess reviews grade moves.
type Grade uint8

// Grades, from the best. A move whose points given away are within twice
// their standard error of the best move's is Best: the two cannot be told
// apart.
const (
	Best       Grade = iota // the best move, or one as good within the error
	Excellent               // a drop of less than ExcellentBelow
	Good                    // less than InaccuracyAt
	Inaccuracy              // ?!
	Mistake                 // ?
	Blunder                 // ??
)

// The drops in the mover's chance of winning, in percentage points, that
// separate the grades: lichess's inaccuracy, mistake and blunder (a drop
// of 0.1, 0.2 and 0.3 in its winning chances, which run from −1 to 1),
// below them an excellent move and a good one.
const (
	ExcellentBelow = 2
	InaccuracyAt   = 5
	MistakeAt      = 10
	BlunderAt      = 15
)

// thresholds are the drops where the grade changes.
var thresholds = []float64{ExcellentBelow, InaccuracyAt, MistakeAt, BlunderAt}

var gradeNames = [...]string{"best", "excellent", "good", "inaccuracy", "mistake", "blunder"}

func (g Grade) String() string {
	if int(g) < len(gradeNames) {
		return gradeNames[g]
	}
	return "grade?"
}

// Glyph is the grade's CGN glyph: ?! for an inaccuracy, ? for a mistake,
// ?? for a blunder, none for the rest.
func (g Grade) Glyph() record.Glyph {
	switch g {
	case Inaccuracy:
		return record.Dubious
	case Mistake:
		return record.Mistake
	case Blunder:
		return record.Blunder
	}
	return record.NoGlyph
}

// gradeOf grades a drop of the chance of winning, in percentage points,
// when the points given away are clear of their error.
func gradeOf(drop float64, clear bool) Grade {
	switch {
	case !clear:
		return Best
	case drop >= BlunderAt:
		return Blunder
	case drop >= MistakeAt:
		return Mistake
	case drop >= InaccuracyAt:
		return Inaccuracy
	case drop >= ExcellentBelow:
		return Good
	}
	return Excellent
}

// MoveAccuracy is lichess's accuracy of a move, in percent, from the
// drop of the mover's chance of winning in percentage points:
// 103.1668 · e^(−0.04354 · drop) − 3.1669, within 0 and 100 (100 for no
// drop).
func MoveAccuracy(drop float64) float64 {
	if drop <= 0 {
		return 100
	}
	return min(100, max(0, 103.1668*math.Exp(-0.04354*drop)-3.1669))
}

// Accuracy is each seat's accuracy over the reviewed turns of a game, as
// lichess computes a game's: the mean of a weighted mean and the harmonic
// mean of the seat's move accuracies, each move weighted by the standard
// deviation (within 0.5 and 12) of the first player's chance, in percent,
// over a window of the chances up to just after it (a tenth of the turns
// long, 2 to 8; the first window for the first moves), so that moves in
// a calm game count less than moves while it swings.
// chances holds the first player's chance of winning before the first
// reviewed turn and after each, in percent; NaN for a seat without a
// reviewed turn.
func Accuracy(seats []int, drops []float64, chances []float64, players int) []float64 {
	n := len(drops)
	size := min(8, max(2, n/10))
	weight := make([]float64, n)
	for i := range n {
		lo := max(0, i+2-size)
		hi := min(len(chances), lo+size)
		weight[i] = min(12, max(0.5, stdDev(chances[lo:hi])))
	}
	out := make([]float64, players)
	for p := range players {
		var sw, swa, inv float64
		k := 0
		for i := range n {
			if seats[i] != p {
				continue
			}
			a := MoveAccuracy(drops[i])
			sw += weight[i]
			swa += weight[i] * a
			inv += 1 / max(a, 1e-9)
			k++
		}
		if k == 0 {
			out[p] = math.NaN()
			continue
		}
		out[p] = (swa/sw + float64(k)/inv) / 2
	}
	return out
}

func stdDev(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	m := 0.0
	for _, x := range xs {
		m += x
	}
	m /= float64(len(xs))
	s := 0.0
	for _, x := range xs {
		s += (x - m) * (x - m)
	}
	return math.Sqrt(s / float64(len(xs)))
}
