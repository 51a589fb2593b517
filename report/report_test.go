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

// TestLeaderboardLuck: the leaderboard gives each player's luck over the
// analysed games of analytics/testdata/migrate/v14 (two records with
// luck comments written by hand, one without): Léa's mean luck
// (6.5 − 3.0) / 2 = +1.75, shown +1.8 (half to even), and mean
// luck-adjusted margin (14 + 50) / 2 = +32.0; Magnus's +1.25 (+1.2) and
// −32.0 (analytics/luck_test.go derives them).
func TestLeaderboardLuck(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "analytics", "testdata", "migrate", "v14", "*.cgn"))
	if err != nil || len(files) != 3 {
		t.Fatalf("%d files, %v", len(files), err)
	}
	s, _ := ingested(t, files...)
	var b bytes.Buffer
	if err := WriteArchive(context.Background(), &b, s, filter.Filter{}); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	for _, want := range []string{"<th>Analysed games</th><th>Mean luck</th><th>Luck-adjusted margin</th>",
		`title="Léa">Léa</td><td>3</td>`, "<td>2</td><td>&#43;1.8</td><td>&#43;32.0</td>",
		`title="Magnus">Magnus</td><td>3</td>`, "<td>2</td><td>&#43;1.2</td><td>-32.0</td>"} {
		if !strings.Contains(html, want) {
			t.Errorf("the report does not hold %s", want)
		}
	}
}
