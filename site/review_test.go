package site_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/site"
)

var (
	reviewedTurn = regexp.MustCompile(`^\d+\. ("[^"]+"|\S+) (.*?) \{review: ([^}]*)\}`)
	// recordComment is a comment of the record's own inside a turn (a
	// discard's reason), which the turn's text goes on after.
	recordComment = regexp.MustCompile(` ?\{[^}]*\}`)
	givenAwayRx   = regexp.MustCompile(`, (\d+\.\d) given away`)
)

// tallyReview counts a reviewed record's turns by reading its text: per
// player, the turns reviewed, those where the move played was the best
// (", the best of N"), the points given away, the turns marked ?!, ?
// or ??, and the turns marked with any glyph.
func tallyReview(t *testing.T, file string) map[string][5]float64 {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][5]float64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		m := reviewedTurn.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		name, move, comment := m[1], recordComment.ReplaceAllString(m[2], ""), m[3]
		name = strings.Trim(name, `"`)
		c := out[name]
		c[0]++
		if strings.Contains(comment, ", the best of ") {
			c[1]++
		}
		if g := givenAwayRx.FindStringSubmatch(comment); g != nil {
			v, _ := strconv.ParseFloat(g[1], 64)
			c[2] += v
		}
		if strings.HasSuffix(move, "?!") || strings.HasSuffix(move, "?") {
			c[3]++
		}
		if strings.HasSuffix(move, "!") || strings.HasSuffix(move, "?") {
			c[4]++ // any glyph
		}
		out[name] = c
	}
	return out
}

// TestReviewOnPages: a reviewed game's page has the chance of winning
// and a verdict for every turn marked with a glyph; its players' pages sum the
// review as the record's text gives it.
func TestReviewOnPages(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "archive", "games-001.cgn")
	copyFile(t, "../testdata/games/duel-discard.cgn", mkdirFor(t, src))
	reviewed := reviewFirst(t, src)
	want := tallyReview(t, reviewed)
	if len(want) != 2 {
		t.Fatalf("the review names %d players", len(want))
	}
	s := storeOf(t, true, reviewed)
	out := filepath.Join(dir, "site")
	if _, err := site.Write(context.Background(), s, out, site.Options{}); err != nil {
		t.Fatal(err)
	}
	games, _ := filepath.Glob(filepath.Join(out, "game-*.html"))
	page := readFile(t, games[0])
	marked := 0
	for _, c := range want {
		marked += int(c[4])
	}
	if !strings.Contains(page, `id="win-probability"`) || marked == 0 {
		t.Fatalf("no chance of winning on the page, or no turn marked (%d)", marked)
	}
	verdicts := page[strings.Index(page, `id="verdicts"`):]
	verdicts = verdicts[:strings.Index(verdicts, "</table>")]
	if n := strings.Count(verdicts, "<tr>") - 1; n != marked {
		t.Errorf("%d verdicts, %d turns marked", n, marked)
	}
	// Each verdict says the move played in CGN and in words: "tile ... at (x,y), turned ...".
	if n := strings.Count(verdicts, "@"); n < marked {
		t.Errorf("%d moves in CGN among %d verdicts", n, marked)
	}
	if n := strings.Count(verdicts, ", turned "); n < marked {
		t.Errorf("%d moves in words among %d verdicts", n, marked)
	}
	for name, c := range want {
		p := readFile(t, filepath.Join(out, "player-"+nameHash(t, s, out, name)))
		sec := p[strings.Index(p, `id="review"`):]
		sec = sec[:strings.Index(sec, "</table>")]
		row := fmt.Sprintf("<td>1</td><td>%.0f</td><td>%.0f%%</td><td>%.2f</td><td>%.0f</td>", c[0], 100*c[1]/c[0], c[2]/c[0], c[3])
		if !strings.Contains(sec, row) {
			t.Errorf("%s: review section\n%s\nwant the row %s", name, sec, row)
		}
	}
	// A rerun still adds the review up (the reviewed record is read
	// again): the players' pages are unchanged.
	st, err := site.Write(context.Background(), s, out, site.Options{})
	if err != nil || st.Written != 0 {
		t.Errorf("rerun: %+v, %v; want nothing written", st, err)
	}
}

// nameHash finds the file of a player's page by the link the index
// gives their name.
func nameHash(t *testing.T, _ any, out, name string) string {
	t.Helper()
	index := readFile(t, filepath.Join(out, "index.html"))
	m := regexp.MustCompile(`<a href="player-([0-9a-f]+\.html)">` + regexp.QuoteMeta(strings.ReplaceAll(name, "'", "&#39;")) + `</a>`).FindStringSubmatch(index)
	if m == nil {
		t.Fatalf("the index does not link %s", name)
	}
	return m[1]
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func mkdirFor(t *testing.T, file string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	return file
}
