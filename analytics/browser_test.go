package analytics

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/towerlog/towerlog/generate"
)

// hostileRoster are player names an attacker could write into a CGN file.
// Each payload, if it ever ran, would mark the page with data-pwned.
var hostileRoster = []string{
	`</script><img src=x onerror="document.documentElement.setAttribute('data-pwned','img')">`,
	`__f__function(){document.documentElement.setAttribute('data-pwned','f')}()__f__`,
	`"__f__" + (document.documentElement.dataset.pwned = 'quote') + "__f__"`,
	`<svg onload=document.documentElement.setAttribute('data-pwned','svg')>`,
	`O'Brien "the quoter" & {b} {c|x} ${alert(1)}`,
	`Zoë; the: colon\slash`,
}

// chromium returns the path of a Chromium, or skips the test.
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("chromium is not installed (apt-get install chromium)")
	return ""
}

// dumpDOM loads a page in headless Chromium with no network and returns
// the DOM after its scripts ran.
func dumpDOM(t *testing.T, browser, page string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
		"--disable-dev-shm-usage", "--host-resolver-rules=MAP * ~NOTFOUND", "--user-data-dir="+t.TempDir(),
		"--window-size=1200,900", "--virtual-time-budget=15000", "--dump-dom", "file://"+page)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.String())
	}
	return string(out)
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
	sum := sha256.Sum256([]byte(tooltipScript))
	hash := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	html = strings.Replace(html, "script-src ", "script-src "+hash+" ", 1)
	return addScript(html)
}

func TestHostileNamesInChromium(t *testing.T) {
	browser := chromium(t)
	ctx := context.Background()
	dir := t.TempDir()
	if _, err := generate.Archive(ctx, filepath.Join(dir, "archive"), generate.ArchiveOptions{Games: 12, Files: 1, Seed: 3, Roster: hostileRoster}); err != nil {
		t.Fatal(err)
	}
	s := openTemp(t)
	st, err := s.Ingest(ctx, []string{filepath.Join(dir, "archive")}, IngestOptions{})
	if err != nil || st.Added != 12 {
		t.Fatalf("ingest: %+v %v", st, err)
	}
	var archive, game bytes.Buffer
	if err := s.WriteReport(ctx, &archive, Filter{}); err != nil {
		t.Fatal(err)
	}
	g := replayFirst(t, filepath.Join(dir, "archive", "games-001.cgn"))
	if err := WriteGameReport(&game, g); err != nil {
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
		"archive": {archive.String(), 8},
		"game":    {game.String(), 4},
	}
	for name, p := range pages {
		if m := regexp.MustCompile(`(?i)(src|href)\s*=\s*["']?(https?:|//)`).FindString(p.html); m != "" {
			t.Errorf("%s report refers to the network: %s", name, m)
		}
		for variant, html := range map[string]string{"as written": p.html, "with tooltips": withTooltips(p.html), "without CSP": withoutCSP(p.html)} {
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
