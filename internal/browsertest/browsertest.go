// Package browsertest holds what the tests that load pages in Chromium
// share: the hostile names an attacker could write into a record, and
// finding the browser and loading a page in it (not API).
package browsertest

import (
	"bytes"
	"context"
	"encoding/json"
	"html"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"
)

// HostileRoster are player names an attacker could write into a CGN
// file. Each payload, if it ever ran, would mark the page with
// data-pwned; the first and the fourth are markup.
var HostileRoster = []string{
	`</script><img src=x onerror="document.documentElement.setAttribute('data-pwned','img')">`,
	`__f__function(){document.documentElement.setAttribute('data-pwned','f')}()__f__`,
	`"__f__" + (document.documentElement.dataset.pwned = 'quote') + "__f__"`,
	`<svg onload=document.documentElement.setAttribute('data-pwned','svg')>`,
	`O'Brien "the quoter" & {b} {c|x} ${alert(1)}`,
	`Zoë; the: colon\slash`,
}

// Chromium returns the path of a Chromium, or skips the test; under CI
// (CI=true) a missing Chromium fails the test instead.
func Chromium(t testing.TB) string {
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	const why = "chromium is not installed (apt-get install chromium)"
	if os.Getenv("CI") == "true" {
		t.Fatal(why + ", and CI must run the browser tests")
	}
	t.Skip(why)
	return ""
}

// Load opens a page in headless Chromium with no network and returns the
// DOM after its scripts ran, and the lines of what the page wrote to the
// console (its errors included).
func Load(t testing.TB, browser, page string) (dom string, console []string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
		"--disable-dev-shm-usage", "--host-resolver-rules=MAP * ~NOTFOUND", "--user-data-dir="+t.TempDir(),
		"--enable-logging=stderr", "--v=0",
		"--window-size=1200,900", "--virtual-time-budget=15000", "--dump-dom", "file://"+page)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.String())
	}
	for _, line := range strings.Split(stderr.String(), "\n") {
		if strings.Contains(line, ":CONSOLE") {
			console = append(console, line)
		}
	}
	return string(out), console
}

// ChooseScript is a page script that waits until the element of id
// board has the attribute ready, goes to the start of the game (the
// slider's first step, which no review covers), clicks the first link
// that link (a CSS selector) finds, and marks the page with what the
// board then shows of the chosen turn's review (Chosen, which ReadChosen
// reads back); count is a JavaScript function of a class name that
// counts the elements of that class in the drawing of the board before
// the move.
func ChooseScript(board, ready, link, count string) string {
	return `(function () {
  var tries = 0;
  var count = ` + count + `;
  function run() {
    if (!document.getElementById('` + board + `').hasAttribute('` + ready + `')) {
      if (tries++ < 200) { setTimeout(run, 50); }
      return;
    }
    document.getElementById('turn-first').click();
    var hiddenBefore = document.getElementById('better').hidden;
    document.querySelector('` + link + `').click();
    setTimeout(function () {
      document.documentElement.setAttribute('data-chosen', JSON.stringify({
        hiddenBefore: hiddenBefore, hidden: document.getElementById('better').hidden,
        played: count('mark-played'), other: count('mark-other'),
        rows: document.querySelectorAll('#better-moves tbody tr').length,
        title: document.getElementById('better-title').textContent,
        label: document.getElementById('turn-label').textContent
      }));
    }, 200);
  }
  run();
})();
`
}

// Chosen is what ChooseScript found on the page: whether the turn's
// review was hidden before the choice and is after it, the elements of
// the move played's marks and of the other move's in the drawing, the
// rows of the moves listed, the review's title and the slider's label.
type Chosen struct {
	HiddenBefore, Hidden bool
	Played, Other, Rows  int
	Title, Label         string
}

var chosenRx = regexp.MustCompile(`data-chosen="([^"]*)"`)

// ReadChosen reads what ChooseScript wrote into the page's DOM; it fails
// the test when the script did not run to its end.
func ReadChosen(t testing.TB, dom string) Chosen {
	t.Helper()
	m := chosenRx.FindStringSubmatch(dom)
	if m == nil {
		t.Fatal("the choice was not made")
	}
	var c Chosen
	if err := json.Unmarshal([]byte(html.UnescapeString(m[1])), &c); err != nil {
		t.Fatal(err)
	}
	return c
}
