package report

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/analytics/filter"
	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/generate"
	"github.com/towerlog/towerlog/internal/browsertest"
	"github.com/towerlog/towerlog/review"
)

// hostileRoster are player names an attacker could write into a record.
var hostileRoster = browsertest.HostileRoster

// chromium returns the path of a Chromium, or skips the test (fails it
// under CI).
func chromium(t *testing.T) string { return browsertest.Chromium(t) }

// dumpDOM loads a page in headless Chromium with no network and returns
// the DOM after its scripts ran.
func dumpDOM(t *testing.T, browser, page string) string {
	dom, _ := browsertest.Load(t, browser, page)
	return dom
}

var (
	cspMeta    = regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="[^"]*">`)
	renderedRx = regexp.MustCompile(`data-charts-rendered="(\d+)"`)
	pwned      = regexp.MustCompile(`<html[^>]*data-pwned`)
)

// tooltipScript opens the tooltip of the first items of every chart, so
// that names go through ECharts' HTML tooltips too, then marks the page.
const tooltipScript = `
document.querySelectorAll('div.chart').forEach(function (el) {
  var c = echarts.getInstanceByDom(el);
  for (var s = 0; s < 4; s++) for (var i = 0; i < 30; i++) c.dispatchAction({type: 'showTip', seriesIndex: s, dataIndex: i});
});
document.documentElement.setAttribute('data-tooltips-shown', 'yes');
`

// withoutCSP returns the page without its Content-Security-Policy and with
// tooltipScript: the rendering must be inert by itself, not only because
// the policy forbids scripts.
func withoutCSP(html string) string {
	html = cspMeta.ReplaceAllString(html, "")
	return addScript(html)
}

// addScript adds tooltipScript at the end of the body (the library's
// own text mentions </body>, hence the last one).
func addScript(html string) string {
	i := strings.LastIndex(html, "</body>")
	return html[:i] + "<script>" + tooltipScript + "</script>" + html[i:]
}

// withTooltips keeps the policy and allows tooltipScript by its hash.
func withTooltips(html string) string {
	return withScript(html, tooltipScript)
}

// withScript adds script at the end of the body, allowed by its hash.
func withScript(html, script string) string {
	sum := sha256.Sum256([]byte(script))
	hash := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	html = strings.Replace(html, "script-src ", "script-src "+hash+" ", 1)
	i := strings.LastIndex(html, "</body>")
	return html[:i] + "<script>" + script + "</script>" + html[i:]
}

func TestHostileNamesInChromium(t *testing.T) {
	browser := chromium(t)
	ctx := context.Background()
	dir := t.TempDir()
	if _, err := generate.Archive(ctx, filepath.Join(dir, "archive"), generate.ArchiveOptions{Games: 12, Files: 1, Seed: 3, Roster: hostileRoster}); err != nil {
		t.Fatal(err)
	}
	s, st := ingested(t, filepath.Join(dir, "archive"))
	if st.Added != 12 {
		t.Fatalf("ingest: %+v", st)
	}
	var archive, game bytes.Buffer
	if err := WriteArchive(ctx, &archive, s, filter.Filter{}); err != nil {
		t.Fatal(err)
	}
	g := replayFirst(t, filepath.Join(dir, "archive", "games-001.cgn"))
	if err := WriteGame(&game, g); err != nil {
		t.Fatal(err)
	}
	// The same game reviewed: the names go through the review's comments,
	// its chart and its turning points too.
	var reviewed bytes.Buffer
	rg := replayFirst(t, filepath.Join(dir, "archive", "games-001.cgn"))
	turns, err := review.Game(ctx, rg, review.Options{Rollouts: 20, Seed: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, len(rg.Players))
	for i, p := range rg.Players {
		names[i] = p.Name
	}
	review.Annotate(rg.Record, turns, names, "towerlog review")
	if err := WriteGame(&reviewed, rg); err != nil {
		t.Fatal(err)
	}
	// The detector works: the first name written raw into a page runs.
	raw := filepath.Join(dir, "raw.html")
	if err := os.WriteFile(raw, []byte("<!DOCTYPE html><html><body>"+hostileRoster[0]+"</body></html>"), 0o644); err != nil {
		t.Fatal(err)
	}
	if dom := dumpDOM(t, browser, raw); !pwned.MatchString(dom) {
		t.Fatalf("the payload did not run even written raw:\n%s", dom)
	}
	pages := map[string]struct {
		html   string
		charts int
	}{
		"archive":  {archive.String(), 8},
		"game":     {game.String(), 4},
		"reviewed": {reviewed.String(), 5},
	}
	for name, p := range pages {
		if m := regexp.MustCompile(`(?i)(src|href)\s*=\s*["']?(https?:|//)`).FindString(p.html); m != "" {
			t.Errorf("%s report refers to the network: %s", name, m)
		}
		variants := map[string]string{"as written": p.html, "with tooltips": withTooltips(p.html), "without CSP": withoutCSP(p.html)}
		if name == "reviewed" {
			// The page differs from the game's by its review only: the
			// strictest variant is enough, and Chromium is slow.
			variants = map[string]string{"without CSP": withoutCSP(p.html)}
		}
		for variant, html := range variants {
			t.Run(name+" "+variant, func(t *testing.T) {
				file := filepath.Join(dir, strings.ReplaceAll(name+"-"+variant, " ", "-")+".html")
				if err := os.WriteFile(file, []byte(html), 0o644); err != nil {
					t.Fatal(err)
				}
				dom := dumpDOM(t, browser, file)
				checkDOM(t, dom, p.charts, variant != "as written")
			})
		}
	}
}

// checkDOM proves from a page's DOM that the charts were drawn and that no
// payload ran or became markup.
func checkDOM(t *testing.T, dom string, charts int, tooltips bool) {
	t.Helper()
	m := renderedRx.FindStringSubmatch(dom)
	if m == nil || m[1] != strconv.Itoa(charts) {
		t.Errorf("charts rendered: %v, want %d", m, charts)
	}
	if strings.Count(dom, "<svg") < charts {
		t.Errorf("fewer than %d SVG charts in the DOM", charts)
	}
	if tooltips && !strings.Contains(dom, `data-tooltips-shown="yes"`) {
		t.Error("tooltip script did not run")
	}
	if pwned.MatchString(dom) {
		t.Error("an attacker's script ran")
	}
	if regexp.MustCompile(`<img[^>]*src="x"`).MatchString(dom) || strings.Contains(dom, "<svg onload") {
		t.Error("an attacker's markup became an element")
	}
	// The names are on the page, as text.
	if !strings.Contains(dom, "onerror=") {
		t.Error("the hostile names do not appear on the page")
	}
}

// layoutScript looks at a drawn report as a reader would and posts to
// the page's parent {problems, captions}: problems lists what is wrong
// (the page wider than the window, text of a chart cut off at the
// chart's edge or overlapping other text, a fraction on charts of whole
// numbers); on a game's page, captions are the board's caption and the
// turn label while the script steps the slider.
const layoutScript = `
setTimeout(function () {
  var problems = [];
  var doc = document.documentElement;
  if (doc.scrollWidth > window.innerWidth) {
    problems.push('the page is ' + doc.scrollWidth + ' px wide in a window of ' + window.innerWidth);
  }
  document.querySelectorAll('body *').forEach(function (el) {
    if (el.closest('.scroll') || el.closest('svg')) { return; }
    var r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > window.innerWidth + 0.5) {
      problems.push((el.id || el.tagName) + ' "' + el.textContent.slice(0, 40) + '" ends at ' + Math.round(r.right) + ' px');
    }
  });
  function overlap(a, b) {
    return a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  }
  document.querySelectorAll('div.chart').forEach(function (chart) {
    var box = chart.getBoundingClientRect();
    var texts = [];
    chart.querySelectorAll('svg text').forEach(function (t) {
      var s = t.textContent.trim();
      var r = t.getBoundingClientRect();
      if (s === '' || r.width === 0 || t.closest('[clip-path]')) { return; }
      if (/^-?[0-9,]*\\.[0-9]+$/.test(s)) { problems.push(chart.id + ': a fraction, ' + s); }
      if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1) {
        problems.push(chart.id + ': "' + s + '" is cut off');
      }
      var m = t.transform.baseVal.consolidate();
      var tilted = m !== null && Math.abs(m.matrix.a) > 0.01 && Math.abs(m.matrix.b) > 0.01;
      texts.push({ s: s, r: r, tilted: tilted });
    });
    if (texts.length === 0) { problems.push(chart.id + ': no text to check'); }
    for (var i = 0; i < texts.length; i++) {
      for (var j = i + 1; j < texts.length; j++) {
        var a = texts[i], b = texts[j];
        // The boxes of two tilted labels overlap where their letters do not.
        if (!(a.tilted && b.tilted) && overlap(a.r, b.r)) {
          problems.push(chart.id + ': "' + a.s + '" overlaps "' + b.s + '"');
        }
      }
    }
  });
  var caption = document.getElementById('board-caption');
  var seen;
  if (caption) {
    seen = [];
    var look = function () { seen.push(caption.textContent + ' | ' + document.getElementById('turn-label').textContent); };
    look();
    ['turn-first', 'turn-next', 'turn-next', 'turn-last', 'turn-prev'].forEach(function (id) {
      document.getElementById(id).click();
      look();
    });
  }
  parent.postMessage(JSON.stringify({ problems: problems, captions: seen || null }), '*');
}, 500);
`

// frameHTML shows a page in a frame width pixels wide, as a phone would
// (Chromium's windows are at least 500 px wide), and copies what the
// page posts into the attribute data-report of its body.
const frameHTML = `<!DOCTYPE html><html><body style="margin: 0">
<script>window.addEventListener('message', function (e) { document.body.setAttribute('data-report', e.data); });</script>
<iframe src="%s" style="width: %dpx; height: 900px; border: 0"></iframe>
</body></html>`

var reportRx = regexp.MustCompile(`data-report="([^"]*)"`)

// layoutReport is what layoutScript found.
type layoutReport struct {
	Problems []string
	Captions []string
}

// checkLayout shows a report, saved as file, in a frame width pixels wide
// and returns what layoutScript found in it.
func checkLayout(t *testing.T, browser, file string, width int) layoutReport {
	t.Helper()
	frame := file + ".frame.html"
	if err := os.WriteFile(frame, []byte(fmt.Sprintf(frameHTML, filepath.Base(file), width)), 0o644); err != nil {
		t.Fatal(err)
	}
	m := reportRx.FindStringSubmatch(dumpDOM(t, browser, frame))
	if m == nil {
		t.Fatal("the layout check did not report")
	}
	var r layoutReport
	if err := json.Unmarshal([]byte(html.UnescapeString(m[1])), &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// TestLayoutInChromium draws the reports of a club of twelve, of a small
// archive, of players with long names and of one game on a desktop screen and on a 420 px phone, and
// checks what the reader sees: nothing wider than the screen, no text of
// a chart cut off or over other text, no fractions of a capture, and a
// board caption that follows the slider.
func TestLayoutInChromium(t *testing.T) {
	browser := chromium(t)
	ctx := context.Background()
	dir := t.TempDir()
	pages := map[string]string{}
	for _, a := range []struct {
		name string
		o    generate.ArchiveOptions
	}{
		{"club", generate.ArchiveOptions{Games: 150, Files: 2, Seed: 1}},
		{"small", generate.ArchiveOptions{Games: 1, Files: 1, Seed: 2, Roster: generate.DemoRoster[:5]}},
		{"long names", generate.ArchiveOptions{Games: 12, Files: 1, Seed: 3, Roster: hostileRoster}},
	} {
		if _, err := generate.Archive(ctx, filepath.Join(dir, a.name), a.o); err != nil {
			t.Fatal(err)
		}
		s, _ := ingested(t, filepath.Join(dir, a.name))
		var b bytes.Buffer
		if err := WriteArchive(ctx, &b, s, filter.Filter{}); err != nil {
			t.Fatal(err)
		}
		pages[a.name] = b.String()
	}
	turns := map[string]int{}
	for name, archive := range map[string]string{"game": "club", "game of long names": "long names"} {
		var b bytes.Buffer
		g := replayFirst(t, filepath.Join(dir, archive, "games-001.cgn"))
		if err := WriteGame(&b, g); err != nil {
			t.Fatal(err)
		}
		pages[name], turns[name] = b.String(), len(g.Turns)
	}
	for name, page := range pages {
		for _, width := range []int{1200, 420} {
			t.Run(fmt.Sprintf("%s at %d px", name, width), func(t *testing.T) {
				file := filepath.Join(dir, fmt.Sprintf("%s-%d.html", strings.ReplaceAll(name, " ", "-"), width))
				if err := os.WriteFile(file, []byte(withScript(page, layoutScript)), 0o644); err != nil {
					t.Fatal(err)
				}
				r := checkLayout(t, browser, file, width)
				for _, p := range r.Problems {
					t.Error(p)
				}
				last, ok := turns[name]
				if !ok {
					return
				}
				want := []string{
					fmt.Sprintf("The final position, after the last turn (%d) and the final scoring. | Turn %d of %d", last, last, last),
					"The start of the game: the board before the first turn. | Start",
					fmt.Sprintf("The board after turn 1 of %d. | Turn 1 of %d", last, last),
					fmt.Sprintf("The board after turn 2 of %d. | Turn 2 of %d", last, last),
					fmt.Sprintf("The final position, after the last turn (%d) and the final scoring. | Turn %d of %d", last, last, last),
					fmt.Sprintf("The board after turn %d of %d. | Turn %d of %d", last-1, last, last-1, last),
				}
				if got := r.Captions; !reflect.DeepEqual(got, want) {
					t.Errorf("captions while stepping:\n got %q\nwant %q", got, want)
				}
			})
		}
	}
}

// emptyScript marks the page with the ids of its drawn charts and of
// those whose series hold no value other than 0 or a blank: an empty
// chart, and with the words of The Tower and the Phantom its text holds.
const emptyScript = `
var drawn = [], empty = [];
document.querySelectorAll('div.chart').forEach(function (el) {
  var c = echarts.getInstanceByDom(el);
  if (!c) { return; }
  drawn.push(el.id);
  var any = c.getOption().series.some(function (s) {
    return (s.data || []).some(function (d) {
      var v = (d !== null && typeof d === 'object' && !Array.isArray(d)) ? d.value : d;
      if (Array.isArray(v)) { v = v[v.length - 1]; }
      return typeof v === 'number' && v !== 0;
    });
  });
  if (!any) { empty.push(el.id); }
});
document.documentElement.setAttribute('data-drawn', drawn.join(' '));
document.documentElement.setAttribute('data-empty', empty.join(' '));
var text = document.body.innerText.toLowerCase();
document.documentElement.setAttribute('data-words', ['tower', 'floor', 'captur', 'ransom', 'phantom'].filter(function (w) {
  return new RegExp('\\b' + w).test(text.replace(/towerlog/g, ''));
}).join(' '));
`

var (
	drawnRx = regexp.MustCompile(`<html[^>]* data-drawn="([^"]*)"`)
	emptyRx = regexp.MustCompile(`<html[^>]* data-empty="([^"]*)"`)
	wordsRx = regexp.MustCompile(`<html[^>]* data-words="([^"]*)"`)
)

// TestBaseGameReportInChromium draws the reports of an archive of base
// games and of one of its games, and finds in them no Tower section, no
// word of floors, captures or ransoms, and no chart without a value.
func TestBaseGameReportInChromium(t *testing.T) {
	browser := chromium(t)
	ctx := context.Background()
	dir := t.TempDir()
	games := filepath.Join(dir, "base")
	if err := (generate.Series{Games: 6, MinPlayers: 2, MaxPlayers: 4, Seed: 5, Rules: engine.Rules{BaseOnly: true}}).WriteDir(games); err != nil {
		t.Fatal(err)
	}
	s, st := ingested(t, games)
	if st.Added != 6 {
		t.Fatalf("ingest: %+v", st)
	}
	var archive, game bytes.Buffer
	if err := WriteArchive(ctx, &archive, s, filter.Filter{}); err != nil {
		t.Fatal(err)
	}
	if err := WriteGame(&game, replayFirst(t, filepath.Join(games, generate.FileName(0)))); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, html string
		charts     []string
	}{
		{"archive", archive.String(), []string{"score-race", "points-by-feature"}},
		{"game", game.String(), []string{"score-race", "points-by-feature"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			file := filepath.Join(dir, c.name+".html")
			if err := os.WriteFile(file, []byte(withScript(c.html, emptyScript)), 0o644); err != nil {
				t.Fatal(err)
			}
			dom := dumpDOM(t, browser, file)
			drawn, empty, words := drawnRx.FindStringSubmatch(dom), emptyRx.FindStringSubmatch(dom), wordsRx.FindStringSubmatch(dom)
			if drawn == nil || empty == nil || words == nil {
				t.Fatal("the check did not run")
			}
			if got := strings.Fields(drawn[1]); !reflect.DeepEqual(got, c.charts) {
				t.Errorf("charts drawn %q, want %q", got, c.charts)
			}
			if empty[1] != "" {
				t.Errorf("empty charts: %s", empty[1])
			}
			if words[1] != "" {
				t.Errorf("the page speaks of %s", words[1])
			}
		})
	}
}

// chooseScript chooses the first turning point of a game's report, once
// its reviewed turns are unpacked; the review's drawing is an image, read
// back from its data: URL.
var chooseScript = browsertest.ChooseScript("board", "data-better-ready", `#review a[href^="#turn-"]`,
	`function (c) {
    var img = document.querySelector('#better-board img');
    var svg = img ? decodeURIComponent(img.getAttribute('src').replace(/^[^,]*,/, '')) : '';
    return svg.split('class="' + c + '"').length - 1;
  }`)

// TestBetterMoveInChromium: in a reviewed game's report, choosing a
// turning point shows the board before its move with both moves drawn:
// the move played's outline and its thief's ring, the best move's dashed
// outline and ring (review written by hand: Søren's turn 3, the best
// move the same tile elsewhere with a thief), and the three moves the
// review listed.
func TestBetterMoveInChromium(t *testing.T) {
	browser := chromium(t)
	var b bytes.Buffer
	g := replayFirst(t, reviewedByHand)
	if err := WriteGame(&b, g); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "reviewed.html")
	if err := os.WriteFile(file, []byte(withScript(b.String(), chooseScript)), 0o644); err != nil {
		t.Fatal(err)
	}
	dom, console := browsertest.Load(t, browser, file)
	if len(console) > 0 {
		t.Errorf("console:\n%s", strings.Join(console, "\n"))
	}
	got := browsertest.ReadChosen(t, dom)
	want := browsertest.Chosen{HiddenBefore: true, Hidden: false, Played: 2, Other: 2, Rows: 3,
		Title: "Turn 3, Søren: mistake ?: the board before the move", Label: fmt.Sprintf("Turn 3 of %d", len(g.Turns))}
	if got != want {
		t.Errorf("after the choice\n got %+v\nwant %+v", got, want)
	}
}
