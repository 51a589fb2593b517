package bga

import (
	"encoding/csv"
	"os"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// reparse writes rg as CGN and reads it back, as a file would hold it.
func reparse(t *testing.T, rg *record.Game) *record.Game {
	t.Helper()
	games, err := record.Parse(strings.NewReader(formatGame(t, rg)), "game.cgn")
	if err != nil || len(games) != 1 {
		t.Fatalf("%v", err)
	}
	return games[0]
}

// TestLinkRoundTrip: link → CGN → link gives the link, character for
// character.
func TestLinkRoundTrip(t *testing.T) {
	f, err := os.Open("../testdata/bga/dev-sample.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	links := []string{handLink}
	for _, r := range rows[1:] {
		links = append(links, r[len(r)-1])
	}
	for i, link := range links {
		rg, _, err := ImportLink(link, "", "", nil)
		if err != nil {
			t.Fatal(err)
		}
		g := replay.Replay("game.cgn", 1, reparse(t, rg), replay.Options{})
		l, err := ExportLink(g)
		if err != nil {
			t.Fatalf("link %d: %v", i, err)
		}
		if got := l.String(); got != link {
			t.Errorf("link %d:\n got %s\nwant %s", i, got, link)
		}
	}
}

func TestExportRefusals(t *testing.T) {
	for _, c := range []struct{ cgn, want string }{
		{"[Players \"A; B\"]\n[Rules \"tower\"]\n[Result \"*\"]\n\n1. A U@1,0r0\n", "game.cgn: a game with The Tower: CarcassonneLab shows the base game only"},
		{"[Players \"A; B\"]\n[Rules \"base phantom\"]\n[Result \"*\"]\n\n1. A U@1,0r0\n", "game.cgn: a game with the Phantom: CarcassonneLab shows the base game only"},
		{"[Players \"A; B\"]\n[Rules \"base farmers=off\"]\n[Result \"*\"]\n\n1. A U@1,0r0\n", `game.cgn: the rules "base farmers=off": CarcassonneLab shows the base game with its usual rules ("base") only`},
		{"[Players \"A; B\"]\n[Rules \"base\"]\n[Start \"U@0,0r0\"]\n[Result \"*\"]\n\n1. A U@1,0r0\n", "game.cgn: a start tile other than D@0,0r0: CarcassonneLab starts every game with it"},
		{"[Players \"A; B\"]\n[Rules \"base\"]\n[Result \"*\"]\n\n1. A U@5,0r0\n", "game.cgn: the game is not legal: validate shows why"},
	} {
		games, err := record.Parse(strings.NewReader(c.cgn), "game.cgn")
		if err != nil {
			t.Fatal(err)
		}
		_, err = ExportLink(replay.Replay("game.cgn", 1, games[0], replay.Options{}))
		if err == nil || err.Error() != c.want {
			t.Errorf("got  %v\nwant %s", err, c.want)
		}
	}
}

// TestLogAsLink: the test log exported as a link and imported again
// gives the same moves and followers, and the same scores.
func TestLogAsLink(t *testing.T) {
	rg, _, err := Import(readLog(t), "log.json")
	if err != nil {
		t.Fatal(err)
	}
	g := replay.Replay("log.json", 1, rg, replay.Options{})
	l, err := ExportLink(g)
	if err != nil {
		t.Fatal(err)
	}
	back, _, err := ImportLink(l.String(), "", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := movetext(t, back), movetext(t, rg); got != want {
		t.Errorf("the link's game:\n%s\nthe log's:\n%s", got, want)
	}
}

// movetext is a game's movetext without its clocks and declared scores.
func movetext(t *testing.T, rg *record.Game) string {
	t.Helper()
	c := *rg
	c.Tags = nil
	var turns []*record.Turn
	for _, tr := range rg.Turns {
		tc := *tr
		tc.Score = nil
		if tc.Placement != nil {
			p := *tc.Placement
			p.Notes = nil
			tc.Placement = &p
		}
		turns = append(turns, &tc)
	}
	c.Turns = turns
	return formatGame(t, &c)
}
