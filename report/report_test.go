package report

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/analytics/filter"
	"github.com/towerlog/towerlog/replay"
)

func TestArchiveReport(t *testing.T) {
	ctx := context.Background()
	s, _ := ingested(t, generated(t, 60, 2)...)
	var a, b bytes.Buffer
	if err := WriteArchive(ctx, &a, s, filter.Filter{}); err != nil {
		t.Fatal(err)
	}
	if err := WriteArchive(ctx, &b, s, filter.Filter{}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two reports of the same data differ")
	}
	html := a.String()
	for _, id := range []string{"leaderboard", "captures-per-player", "capture-matrix", "ransom-flows",
		"final-tower-heights", "captures-height-distance", "points-by-feature", "score-race", "tower-heights"} {
		if !strings.Contains(html, `id="`+id+`"`) {
			t.Errorf("report has no %s", id)
		}
	}
	if out := os.Getenv("TOWERLOG_REPORT_OUT"); out != "" {
		os.WriteFile(filepath.Join(out, "report.html"), a.Bytes(), 0o644)
	}
	t.Logf("report: %d bytes", a.Len())
}

func TestGameReport(t *testing.T) {
	g := replayFirst(t, generated(t, 1, 1)[0])
	var a, b bytes.Buffer
	if err := WriteGame(&a, g); err != nil {
		t.Fatal(err)
	}
	if err := WriteGame(&b, g); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two reports of the same game differ")
	}
	for _, id := range []string{"board", "turn-slider", "score-race", "tower-heights", "captures-per-player", "points-by-feature"} {
		if !strings.Contains(a.String(), `id="`+id+`"`) {
			t.Errorf("report has no %s", id)
		}
	}
	if out := os.Getenv("TOWERLOG_REPORT_OUT"); out != "" {
		os.WriteFile(filepath.Join(out, "game.html"), a.Bytes(), 0o644)
	}
	t.Logf("game report: %d bytes", a.Len())
}

// replayFirst replays the first game of a file.
func replayFirst(t testing.TB, file string) *replay.Game {
	t.Helper()
	var first *replay.Game
	err := replay.Run(context.Background(), []string{file}, replay.RunOptions{}, func(g *replay.Game) error {
		if first == nil {
			first = g
		}
		return nil
	})
	if err != nil || first == nil {
		t.Fatalf("replay %s: %v", file, err)
	}
	return first
}
