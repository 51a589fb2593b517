package bga

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/record"
)

func TestFilesPastTheLimit(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "big.json")
	pad := strings.Repeat(" ", MaxFileBytes)
	if err := os.WriteFile(log, []byte(`[{"channel": "/table/t1", "data": [`+pad+"]}]"), 0o644); err != nil {
		t.Fatal(err)
	}
	list := filepath.Join(dir, "big.txt")
	if err := os.WriteFile(list, []byte(handLink+"\n"+strings.Repeat("# "+strings.Repeat("x", 1000)+"\n", MaxFileBytes/1000)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{log, log + ": table log larger than 16 MiB (the limit): stopped reading"},
		{list, list + ": list of links larger than 16 MiB (the limit): stopped reading"},
	} {
		games := 0
		err := ImportFile(c.path, func(*record.Game, []Warning, error) error { games++; return nil })
		if err == nil || err.Error() != c.want {
			t.Errorf("got  %v\nwant %s", err, c.want)
		}
		if _, ok := err.(*record.TooLargeError); !ok {
			t.Errorf("%T, want a *record.TooLargeError", err)
		}
		if c.path == list && games != 1 {
			t.Errorf("%d games read before the limit, want the 1 link", games)
		}
	}
}

func TestSniff(t *testing.T) {
	for _, c := range []struct {
		head string
		want Format
	}{
		{"\ufeff  " + handLink + "\n", LinkList},
		{"Game ID,Round,URL\n1,2,https://...", LinkList},
		{`"Game ID","url"` + "\n", LinkList},
		{`{"status": 1, "data": {}}`, TableLog},
		{`[ {"channel": "/table/t1"}]`, TableLog},
		{"<html>var g_gamelogs = [];", TableLog},
		{`{"appVersion": "5.7.0", "setup": {}}`, NotBGA},
		{"[Event \"Club night\"]\n", NotBGA},
		{"", NotBGA},
	} {
		if got := Sniff([]byte(c.head)); got != c.want {
			t.Errorf("Sniff(%q) = %d, want %d", c.head, got, c.want)
		}
	}
}
