package site_test

import (
	"strings"
	"testing"
)

// TestLuckOnPages: a record with luck comments (towerlog luck -o) shows
// its luck on its game page: the chart, each player's luck and adjusted
// margin, and the luck-adjusted result. The comments give Anna +1 and +9
// (10 points), Bruno −2 and 0 (−2): her margin of 9 becomes
// 9 − 10 + (−2) = −3, the scores 12–3 each moved by 6: 6–9.
func TestLuckOnPages(t *testing.T) {
	page := readFile(t, onlyGamePage(t, "../report/testdata/bigcity-luck.cgn"))
	for _, want := range []string{`id="luck-chart"`, "Result 12–3; luck-adjusted 6–9.", "<td>-3.0</td>", "<td>&#43;10.0</td>"} {
		if !strings.Contains(page, want) {
			t.Errorf("the game page lacks %q", want)
		}
	}
}
