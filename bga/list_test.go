package bga

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

type listed struct {
	rg       *record.Game
	warnings []string
	err      error
}

func readList(t *testing.T, name, text string) []listed {
	t.Helper()
	var out []listed
	err := ReadLinks(strings.NewReader(text), name, func(rg *record.Game, ws []Warning, err error) error {
		l := listed{rg: rg, err: err}
		for i := range ws {
			l.warnings = append(l.warnings, ws[i].String())
		}
		out = append(out, l)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestReadCSV(t *testing.T) {
	data, err := os.ReadFile("../testdata/bga/dev-sample.csv")
	if err != nil {
		t.Fatal(err)
	}
	games := readList(t, "dev-sample.csv", string(data))
	if len(games) != 4 {
		t.Fatalf("%d games, want 4", len(games))
	}
	wantTags := []string{
		"Event=Friendly Matches Site=BoardGameArena table 362000028 Date=2023.03.30 Players=pavelbrin:red; N2xU:blue",
		"Event=Friendly Matches Site=BoardGameArena table 362006639 Date=2023.03.30 Players=Sicarius Lupus:red; Samuelsson:yellow",
		"Event= Site=BoardGameArena table 877985733 Date=2026.07.04 Players=Kingkelodeon:blue; TanyaUA:yellow",
		"Event=GG Rivals: Season 1 Site=BoardGameArena table 914211341 Date=2026.09.11 Players=Townsend17:blue; FauBaRR:black",
	}
	for i, g := range games {
		if g.err != nil {
			t.Fatalf("game %d: %v", i+1, g.err)
		}
		var got []string
		for _, name := range []string{"Event", "Site", "Date", "Players"} {
			v, _ := g.rg.Tag(name)
			got = append(got, name+"="+v)
		}
		if strings.Join(got, " ") != wantTags[i] {
			t.Errorf("game %d: tags %s\nwant %s", i+1, strings.Join(got, " "), wantTags[i])
		}
		rp := replay.Replay("dev-sample.csv", i+1, g.rg, replay.Options{})
		if !rp.Valid() {
			t.Errorf("game %d does not replay: %v", i+1, rp.Diagnostics)
		}
		if finished := rp.Finished(); finished != (i < 3) {
			t.Errorf("game %d finished %v", i+1, finished)
		}
	}
	if r, _ := games[3].rg.Tag("Round"); r != "GG Rivals S1W4" {
		t.Errorf("Round %q", r)
	}
	// Rows 2–4 say nothing; the abandoned table of line 5 is unfinished.
	if w := games[3].warnings; len(w) != 1 || w[0] != "dev-sample.csv: line 5: warning: the game stops after turn 51 with 20 tiles left: imported unfinished" {
		t.Errorf("warnings %q", w)
	}
	// 0.7: the eighth tile drawn after the start was discarded, before
	// the placement of turn 8.
	d := games[2].rg.Turns[7].Discards
	if len(d) != 1 || len(games[2].rg.Turns[6].Discards) != 0 {
		t.Errorf("discards of turns 7 and 8: %v %v", games[2].rg.Turns[6].Discards, d)
	}
}

// TestReadTextLongLines: a comment line is no link, whatever its length;
// a link past MaxLinkBytes stops the reading with a *record.TooLargeError
// naming its line.
func TestReadTextLongLines(t *testing.T) {
	comment := "# " + strings.Repeat("a note ", 2000) // 14 KiB
	games := readList(t, "links.txt", comment+"\n"+handLink+"\n")
	if len(games) != 1 || games[0].err != nil || games[0].rg == nil {
		t.Fatalf("games %+v, want the one link after the comment", games)
	}
	err := ReadLinks(strings.NewReader(handLink+"\n"+handLink+strings.Repeat("A", MaxLinkBytes)+"\n"), "links.txt",
		func(*record.Game, []Warning, error) error { return nil })
	want := "links.txt:2:1: link larger than 8 KiB (the limit): stopped reading"
	if _, ok := errors.AsType[*record.TooLargeError](err); !ok || err.Error() != want {
		t.Fatalf("got %v, want %s", err, want)
	}
}
