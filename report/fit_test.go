package report

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/filter"
)

// fitGame is a game of one tile, E closing the start tile's city, under
// rules (the Rules tag).
func fitGame(rules string) string {
	return "[Players \"Anna; Bruno\"]\n[Rules \"" + rules + "\"]\n[Bag \"order E\"]\n[Result \"4-0\"]\n\n1. Anna E@0,-1r180 +C:S\n"
}

var sectionID = regexp.MustCompile(` id="([a-z-]+)"`)

// TestReportFitsGames: the title names what the selected games played,
// and a base-game report has no Tower column in its leaderboard. No
// tower gets a floor in a game of one tile, so no report of one has a
// tower, capture or ransom chart, whose axes would be empty: the proof
// test sees them in games with floors.
func TestReportFitsGames(t *testing.T) {
	for _, c := range []struct {
		name, rules, title string
		tower              bool
	}{
		{"Base", "base", "Carcassonne: archive report", false},
		{"Tower", "tower", "Carcassonne with The Tower: archive report", true},
		{"TowerPhantom", "tower phantom", "Carcassonne with The Tower and the Phantom: archive report", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := context.Background()
			dir := t.TempDir()
			file := filepath.Join(dir, "g.cgn")
			if err := os.WriteFile(file, []byte(fitGame(c.rules)), 0o644); err != nil {
				t.Fatal(err)
			}
			s, err := analytics.Open(ctx, filepath.Join(dir, "t.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if _, err := s.Ingest(ctx, []string{file}, analytics.IngestOptions{}); err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := WriteArchive(ctx, &buf, s, filter.Filter{}); err != nil {
				t.Fatal(err)
			}
			page := buf.String()
			if !bytes.Contains(buf.Bytes(), []byte("<title>"+c.title+"</title>")) {
				t.Errorf("no title %q", c.title)
			}
			var ids []string
			for _, m := range sectionID.FindAllStringSubmatch(page, -1) {
				ids = append(ids, m[1])
			}
			for _, id := range []string{"captures-per-player", "capture-matrix", "captures-height-distance", "ransom-flows", "final-tower-heights"} {
				if slices.Contains(ids, id) {
					t.Errorf("section %s shown in a game without a floor (sections %q)", id, ids)
				}
			}
			for _, word := range []string{"<th>Captures made</th>", "<th>Captures suffered</th>", "<th>Ransom balance</th>"} {
				if strings.Contains(page, word) != c.tower {
					t.Errorf("%q on the page: %v, want %v", word, !c.tower, c.tower)
				}
			}
		})
	}
}
