package report

import (
	"bytes"
	"strings"
	"testing"
)

// TestGameReportLuck: a record with luck comments (towerlog luck -o)
// gets the luck chart, the luck table and the luck-adjusted result; one
// without them gets none. The comments give Anna +1 and +9 (10 points),
// Bruno −2 and 0 (−2): her margin of 9 becomes 9 − 10 + (−2) = −3, the
// scores 12–3 each moved by (10 − (−2)) / 2 = 6: 6–9; Anna's chance
// +2.0 + 49.4 = +51.4 (html/template writes + as &#43;).
func TestGameReportLuck(t *testing.T) {
	for _, c := range []struct {
		file string
		want bool
	}{{"testdata/bigcity-luck.cgn", true}, {"../luck/testdata/bigcity.cgn", false}} {
		var b bytes.Buffer
		if err := WriteGame(&b, replayFirst(t, c.file)); err != nil {
			t.Fatal(err)
		}
		html := b.String()
		for _, want := range []string{`id="luck"`, `id="luck-table"`, "result 12–3; luck-adjusted 6–9", "<td>-3.0</td>", "<td>&#43;51.4</td>", "<td>&#43;10.0</td>"} {
			if strings.Contains(html, want) != c.want {
				t.Errorf("%s: has %q: %v, want %v", c.file, want, !c.want, c.want)
			}
		}
	}
}
