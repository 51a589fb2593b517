package site_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/internal/browsertest"
	"github.com/towerlog/towerlog/site"
)

// TestLuckOnPlayerPages: a player's page shows their luck over the
// analysed games of the site: the records of analytics/testdata/migrate/v14
// (two with luck comments written by hand, one without) give Léa a mean
// luck of (6.5 − 3.0) / 2 = +1.75, shown +1.8 (half to even), and a mean
// luck-adjusted margin of (14 + 50) / 2 = +32.0, Magnus +1.25 (+1.2) and
// −32.0 (analytics/luck_test.go derives them); the players of a game not
// analysed have "-".
func TestLuckOnPlayerPages(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "analytics", "testdata", "migrate", "v14", "*.cgn"))
	if err != nil || len(files) != 3 {
		t.Fatalf("%d files, %v", len(files), err)
	}
	s := storeOf(t, true, append(files, "../testdata/games/duel-discard.cgn")...)
	out := filepath.Join(t.TempDir(), "site")
	if _, err := site.Write(context.Background(), s, out, site.Options{}); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"Léa":          "<td>2</td><td>&#43;1.8</td><td>&#43;32.0</td>",
		"Magnus":       "<td>2</td><td>&#43;1.2</td><td>-32.0</td>",
		"Greta":        "<td>0</td><td>-</td><td>-</td>",
		"van der Berg": "<td>0</td><td>-</td><td>-</td>",
	} {
		p := readFile(t, filepath.Join(out, "player-"+nameHash(t, s, out, name)))
		i := strings.Index(p, `id="luck"`)
		if i < 0 {
			t.Errorf("%s's page has no luck", name)
			continue
		}
		sec := p[i:]
		sec = sec[:strings.Index(sec, "</table>")]
		if !strings.Contains(sec, want) {
			t.Errorf("%s: luck section\n%s\nwant %s", name, sec, want)
		}
	}
	// In Chromium, Léa's page shows the section, and its rating chart
	// is drawn with the console silent.
	browser := browsertest.Chromium(t)
	dom, console := browsertest.Load(t, browser, filepath.Join(out, "player-"+nameHash(t, s, out, "Léa")))
	if len(console) > 0 {
		t.Errorf("console:\n%s", strings.Join(console, "\n"))
	}
	for _, want := range []string{`id="luck"`, "Mean luck-adjusted margin", "<td>+1.8</td><td>+32.0</td>", `data-charts-rendered="1"`} {
		if !strings.Contains(dom, want) {
			t.Errorf("Léa's page in Chromium has no %s", want)
		}
	}
}
