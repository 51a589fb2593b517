package site_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/site"
)

// TestNoEventPage: games without an Event tag are listed under the
// pseudo-event "(no event)", after the events, with a page of their own
// as an event's, which lists them; every link of the site holds.
func TestNoEventPage(t *testing.T) {
	dir := t.TempDir()
	b, err := os.ReadFile("../testdata/games/duel-discard.cgn")
	if err != nil {
		t.Fatal(err)
	}
	untagged := strings.Replace(string(b), "[Event \"Nordic Tower Open\"]\n", "", 1)
	if untagged == string(b) {
		t.Fatal("duel-discard.cgn has no Event tag to remove: the test would prove nothing")
	}
	if err := os.WriteFile(filepath.Join(dir, "untagged.cgn"), []byte(untagged), 0o644); err != nil {
		t.Fatal(err)
	}
	copyFile(t, "../testdata/games/base-game.cgn", filepath.Join(dir, "family.cgn"))
	s := storeOf(t, true, dir)
	out := filepath.Join(t.TempDir(), "site")
	if _, err := site.Write(context.Background(), s, out, site.Options{}); err != nil {
		t.Fatal(err)
	}
	index, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	family := strings.Index(string(index), ">Family evening</a>")
	m := regexp.MustCompile(`<a href="(event-[0-9a-f]+\.html)">\(no event\)</a>`).FindStringSubmatchIndex(string(index))
	if m == nil || family < 0 || m[0] < family {
		t.Fatalf("index lists (no event) at %v, the event Family evening at %d: want both, (no event) last", m, family)
	}
	page, err := os.ReadFile(filepath.Join(out, string(index[m[2]:m[3]])))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Greta", "van der Berg"} {
		if !strings.Contains(string(page), name) {
			t.Errorf("the (no event) page does not name %s, a player of its game", name)
		}
	}
	for _, name := range []string{"Ruth", "Ignacio"} {
		if strings.Contains(string(page), name) {
			t.Errorf("the (no event) page names %s, of the tagged game", name)
		}
	}
	walk(t, out)
}
