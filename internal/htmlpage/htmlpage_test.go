package htmlpage

import (
	"strings"
	"testing"
)

// TestParse: a page calls the shared parts by name, with its own data.
func TestParse(t *testing.T) {
	tm := Parse("t", `{{template "meta" .}}|{{template "title" .}}|{{template "credit"}} this page.`)
	var b strings.Builder
	if err := tm.Execute(&b, struct{ Title, Subtitle string }{"A <b> & c", ""}); err != nil {
		t.Fatal(err)
	}
	want := `<meta name="viewport" content="width=device-width, initial-scale=1">` + "\n" +
		`<meta name="generator" content="towerlog">` + "\n" +
		`<title>A &lt;b&gt; &amp; c</title>|<h1>A &lt;b&gt; &amp; c</h1>` + "\n" +
		`|Made by towerlog. Charts drawn with Apache ECharts 5.6.0 (Apache License 2.0), included in this page.`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	b.Reset()
	if err := Parse("s", `{{template "slider" .}}`).Execute(&b, 7); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `<input type="range" id="turn-slider" min="0" max="7" value="7" aria-label="Turn">`) {
		t.Errorf("slider of 7 turns:\n%s", b.String())
	}
}
