package show

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/filter"
)

// TestStandingsJSON: the standings of a cup of two rounds, worked out
// by hand, as one line of JSON. In round 1 Anna closes a city of two
// tiles for 4-0 against Bruno; in round 2 Bruno and Chloé play the same
// tile without a follower, 0-0, both first. All three have a win; the
// margins (+4, 0, -4) order them Anna, Chloé, Bruno. Chloé sat out round
// 1 and Anna round 2: null.
func TestStandingsJSON(t *testing.T) {
	ctx := context.Background()
	game := func(round, players, follower, result string) string {
		return "[Event \"Cup\"]\n[Round \"" + round + "\"]\n[Players \"" + players + "\"]\n[Bag \"order E\"]\n[Result \"" + result + "\"]\n\n" +
			"1. " + strings.Split(players, ";")[0] + " E@0,-1r180" + follower + "\n"
	}
	file := filepath.Join(t.TempDir(), "cup.cgn")
	if err := os.WriteFile(file, []byte(game("1", "Anna; Bruno", " +C:S", "4-0")+"\n"+game("2", "Bruno; Chloé", "", "0-0")), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := analytics.Open(ctx, filepath.Join(t.TempDir(), "cup.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Ingest(ctx, []string{file}, analytics.IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	f := filter.Filter{Event: "Cup"}
	st, err := s.EventSummary(ctx, f)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := StandingsJSON(ctx, &b, s, f, st); err != nil {
		t.Fatal(err)
	}
	want := `{"rounds":["1","2"],"players":[` +
		`{"rank":1,"name":"Anna","round_games":[[{"gid":1,"place":1,"score":4,"margin":4}],null],"games":1,"wins":1,"margin":4,"points":4,` +
		`"against":[{"ahead":0,"behind":0,"level":0},{"ahead":0,"behind":0,"level":0},{"ahead":1,"behind":0,"level":0}]},` +
		`{"rank":2,"name":"Chloé","round_games":[null,[{"gid":2,"place":1,"score":0,"margin":0}]],"games":1,"wins":1,"margin":0,"points":0,` +
		`"against":[{"ahead":0,"behind":0,"level":0},{"ahead":0,"behind":0,"level":0},{"ahead":0,"behind":0,"level":1}]},` +
		`{"rank":3,"name":"Bruno","round_games":[[{"gid":1,"place":2,"score":0,"margin":-4}],[{"gid":2,"place":1,"score":0,"margin":0}]],"games":2,"wins":1,"margin":-4,"points":0,` +
		`"against":[{"ahead":0,"behind":1,"level":0},{"ahead":0,"behind":0,"level":1},{"ahead":0,"behind":0,"level":0}]}]}` + "\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
