package luck

import "math"

// Label names a draw's luck as GNU Backgammon names a roll's.
type Label int

const (
	Ordinary Label = iota
	VeryLucky
	Lucky
	Unlucky
	VeryUnlucky
)

func (l Label) String() string {
	switch l {
	case VeryLucky:
		return "very lucky"
	case Lucky:
		return "lucky"
	case Unlucky:
		return "unlucky"
	case VeryUnlucky:
		return "very unlucky"
	}
	return ""
}

// The thresholds of the labels: in a two-player game on the luck in
// chance of winning (percentage points), otherwise on the luck in points
// of margin (docs/luck.md, "Labels").
const (
	LuckyChance     = 5.0
	VeryLuckyChance = 10.0
	LuckyPoints     = 5.0
	VeryLuckyPoints = 10.0
)

// LabelOf labels a draw's luck: chance in percentage points when it is a
// number (two players), else points.
func LabelOf(points, chance float64) Label {
	v, lucky, very := chance, LuckyChance, VeryLuckyChance
	if math.IsNaN(chance) {
		v, lucky, very = points, LuckyPoints, VeryLuckyPoints
	}
	switch {
	case v >= very:
		return VeryLucky
	case v >= lucky:
		return Lucky
	case v <= -very:
		return VeryUnlucky
	case v <= -lucky:
		return Unlucky
	}
	return Ordinary
}
