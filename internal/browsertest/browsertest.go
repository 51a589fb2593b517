// Package browsertest holds what the tests that load pages in Chromium
// share: the hostile names an attacker could write into a record, and
// finding the browser and loading a page in it (not API).
package browsertest

import (
	"bytes"
	"context"
	"os"
	"os/exec"
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
