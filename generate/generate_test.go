package generate

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// TestSeries checks what a series promises: the seats cycle through the
// range, game i has seed Seed+i, and every game replays as valid; a
// directory holds the same games as the stream, one per file.
func TestSeries(t *testing.T) {
	s := Series{Games: 4, MinPlayers: 2, MaxPlayers: 3, Seed: 7, Style: engine.StyleRandom}
	var stream bytes.Buffer
	if err := s.Write(&stream); err != nil {
		t.Fatal(err)
	}
	games, err := record.Parse(bytes.NewReader(stream.Bytes()), "series.cgn")
	if err != nil || len(games) != 4 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	dir := t.TempDir()
	done := 0
	s.Done = func() { done++ }
	if err := s.WriteDir(dir); err != nil {
		t.Fatal(err)
	}
	if done != 4 {
		t.Errorf("Done called %d times, want 4", done)
	}
	for i, rg := range games {
		players, err := rg.Players()
		if err != nil || len(players) != 2+i%2 {
			t.Errorf("game %d: %d players (%v), want %d", i+1, len(players), err, 2+i%2)
		}
		if src, _ := rg.Tag("Source"); src != fmt.Sprintf("towerlog generate --seed %d --style random", 7+i) {
			t.Errorf("game %d: Source %q", i+1, src)
		}
		if g := replay.Replay("series.cgn", i+1, rg, replay.Options{}); !g.Valid() {
			t.Errorf("game %d is invalid: %v", i+1, g.Diagnostics)
		}
		file, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("game-%06d.cgn", i+1)))
		if err != nil {
			t.Fatal(err)
		}
		if want := record.AppendGame(nil, rg); !bytes.Equal(file, want) {
			t.Errorf("game %d: the file differs from the stream", i+1)
		}
	}
}

// TestArchiveIsSeeded checks that an archive depends on its seed only.
func TestArchiveIsSeeded(t *testing.T) {
	o := ArchiveOptions{Games: 6, Files: 2, Seed: 5}
	read := func(dir string) []byte {
		files, err := Archive(context.Background(), dir, o)
		if err != nil {
			t.Fatal(err)
		}
		var all []byte
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, b...)
		}
		return all
	}
	a, b := read(t.TempDir()), read(t.TempDir())
	if !bytes.Equal(a, b) {
		t.Error("two archives of one seed differ")
	}
	games, err := record.Parse(bytes.NewReader(a), "archive.cgn")
	if err != nil || len(games) != 6 {
		t.Errorf("%d games, %v", len(games), err)
	}
}

func TestStyleNames(t *testing.T) {
	for _, s := range []engine.Style{engine.StyleRandom, engine.StyleGreedy, engine.StyleQuick, engine.StyleLearned} {
		if got, ok := ParseStyle(StyleName(s)); !ok || got != s {
			t.Errorf("style %d: %q reads back as %d, %v", s, StyleName(s), got, ok)
		}
	}
	if _, ok := ParseStyle("clever"); ok {
		t.Error(`ParseStyle("clever") succeeded`)
	}
}

// TestArchiveSmallRoster seats games from rosters of two and three names:
// no game has more players than the roster names, and a roster of one
// name is refused with an error.
func TestArchiveSmallRoster(t *testing.T) {
	for _, roster := range [][]string{{"Anna", "Bruno"}, {"Anna", "Bruno", "Chloé"}} {
		files, err := Archive(context.Background(), t.TempDir(), ArchiveOptions{Games: 20, Seed: 1, Roster: roster})
		if err != nil {
			t.Fatalf("%d names: %v", len(roster), err)
		}
		f, err := os.Open(files[0])
		if err != nil {
			t.Fatal(err)
		}
		games, err := record.Parse(f, files[0])
		f.Close()
		if err != nil || len(games) != 20 {
			t.Fatalf("%d names: %d games, %v", len(roster), len(games), err)
		}
		for i, g := range games {
			ps, err := g.Players()
			if err != nil || len(ps) < 2 || len(ps) > len(roster) {
				t.Errorf("%d names, game %d: %d players (%v)", len(roster), i+1, len(ps), err)
			}
		}
	}
	if _, err := Archive(context.Background(), t.TempDir(), ArchiveOptions{Games: 1, Roster: []string{"Anna"}}); err == nil {
		t.Error("a roster of one name was accepted")
	}
}
