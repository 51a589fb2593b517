package site_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/site"
)

// TestStandingsLinkGames: each round's cell of an event's standings
// links the game of that round. The record's Result tag, 108-153, gives
// Greta second with 108 and van der Berg first with 153 in round 5.
func TestStandingsLinkGames(t *testing.T) {
	dir := t.TempDir()
	duel := filepath.Join(dir, "duel.cgn")
	copyFile(t, "../testdata/games/duel-discard.cgn", duel)
	s := storeOf(t, true, duel)
	out := filepath.Join(dir, "site")
	if _, err := site.Write(context.Background(), s, out, site.Options{}); err != nil {
		t.Fatal(err)
	}
	games, _ := filepath.Glob(filepath.Join(out, "game-*.html"))
	events, _ := filepath.Glob(filepath.Join(out, "event-*.html"))
	if len(games) != 1 || len(events) != 1 {
		t.Fatalf("%d game pages, %d event pages", len(games), len(events))
	}
	link := `<a href="` + filepath.Base(games[0]) + `">`
	page := readFile(t, events[0])
	sec := page[strings.Index(page, `<th>Round 5</th>`):]
	sec = sec[:strings.Index(sec, "</table>")]
	for _, row := range []string{
		`>van der Berg</a></td><td>` + link + `1st 153</a></td>`,
		`>Greta</a></td><td>` + link + `2nd 108</a></td>`,
	} {
		if !strings.Contains(sec, row) {
			t.Errorf("the standings\n%s\nlack %s", sec, row)
		}
	}
}
