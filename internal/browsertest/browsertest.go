// Package browsertest holds what the tests that load pages in Chromium
// share: the hostile names an attacker could write into a record, and
// finding the browser (not API).
package browsertest

import (
	"os"
	"os/exec"
	"testing"
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
