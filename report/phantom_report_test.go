package report

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/analytics/filter"
	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// TestHostilePhantomNamesInChromium checks the Phantom's table and charts
// with players named by an attacker: drawn, inert and laid out without
// cut or overlapping text, in the archive's report and in the game's.
func TestHostilePhantomNamesInChromium(t *testing.T) {
	browser := chromium(t)
	ctx := context.Background()
	dir := t.TempDir()
	gen := engine.NewGenerator()
	var text bytes.Buffer
	for i := range 3 {
		o := engine.GenOptions{Players: 4, Seed: uint64(40 + i), Rules: engine.Rules{Phantom: true}}
		_, moves, err := gen.Generate(o)
		if err != nil {
			t.Fatal(err)
		}
		players := make([]replay.Player, o.Players)
		for s := range players {
			players[s] = replay.Player{Name: hostileRoster[(i+s)%len(hostileRoster)], Colour: replay.DefaultColours[s]}
		}
		rg, err := replay.Write(players, engine.Setup{Players: o.Players, Rules: o.Rules}, moves, replay.WriteOptions{Scores: true})
		if err != nil {
			t.Fatal(err)
		}
		text.WriteByte('\n')
		if err := record.Format(&text, rg); err != nil {
			t.Fatal(err)
		}
	}
	file := filepath.Join(dir, "phantom.cgn")
	if err := os.WriteFile(file, text.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	s, st := ingested(t, file)
	if st.Added != 3 {
		t.Fatalf("ingest: %+v", st)
	}
	var archive, game bytes.Buffer
	if err := WriteArchive(ctx, &archive, s, filter.Filter{}); err != nil {
		t.Fatal(err)
	}
	if err := WriteGame(&game, replayFirst(t, file)); err != nil {
		t.Fatal(err)
	}
	// The pages' other charts and the Phantom's three.
	for name, p := range map[string]struct {
		html   string
		charts int
	}{"archive": {archive.String(), 8 + 3}, "game": {game.String(), 4 + 3}} {
		if rows := readReport(t, p.html).tables["phantom"]; len(rows) == 0 {
			t.Errorf("%s report: no Phantom table", name)
		}
		for variant, html := range map[string]string{"as written": p.html, "without CSP": withoutCSP(p.html)} {
			t.Run(name+" "+variant, func(t *testing.T) {
				page := filepath.Join(dir, strings.ReplaceAll(name+"-"+variant, " ", "-")+".html")
				if err := os.WriteFile(page, []byte(html), 0o644); err != nil {
					t.Fatal(err)
				}
				checkDOM(t, dumpDOM(t, browser, page), p.charts, variant != "as written")
			})
		}
		// Long names leave the section's text whole and apart.
		for _, width := range []int{1200, 420} {
			t.Run(fmt.Sprintf("%s layout at %d px", name, width), func(t *testing.T) {
				page := filepath.Join(dir, fmt.Sprintf("%s-layout-%d.html", name, width))
				if err := os.WriteFile(page, []byte(withScript(p.html, layoutScript)), 0o644); err != nil {
					t.Fatal(err)
				}
				for _, problem := range checkLayout(t, browser, page, width).Problems {
					t.Error(problem)
				}
			})
		}
	}
}
