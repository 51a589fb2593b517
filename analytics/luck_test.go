package analytics

import (
	"context"
	"database/sql"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/towerlog/towerlog/analytics/filter"
)

// The records of testdata/migrate/v14, each a game between Léa and
// Magnus, with the luck comments written by hand (towerlog luck -o writes
// them so):
//
//   - luck-a.cgn, won 165–143 by Léa (margins +22, −22): Léa's turns 1
//     and 3 +4.0 and +2.5, Magnus's turn 2 −1.5. Léa's luck +6.5,
//     Magnus's −1.5; adjusted: Léa 22 − 6.5 + (−1.5) = +14.0, Magnus
//     −22 − (−1.5) + 6.5 = −14.0.
//   - luck-b.cgn, won 146–103 by Léa (+43, −43): Léa's turn 1 −3.0,
//     Magnus's turn 2 +4.0. Adjusted: Léa 43 + 3 + 4 = +50.0, Magnus
//     −43 − 4 − 3 = −50.0.
//   - plain.cgn, won 23–13 by Léa, carries no luck.
//
// Over the two analysed games: Léa's mean luck (6.5 − 3.0) / 2 = 1.75
// and mean adjusted margin (14 + 50) / 2 = 32.0; Magnus's (−1.5 + 4.0) /
// 2 = 1.25 and (−14 − 50) / 2 = −32.0.
var luckFiles = []string{"v14/luck-a.cgn", "v14/luck-b.cgn", "v14/plain.cgn"}

// handLuck is each seat's [luck_tenths, adjusted_margin_tenths] in the
// games of luckFiles, nil for a game not analysed.
var handLuck = map[string][][2]int64{
	"v14/luck-a.cgn": {{65, 140}, {-15, -140}},
	"v14/luck-b.cgn": {{-30, 500}, {40, -500}},
	"v14/plain.cgn":  nil,
}

type handMeans struct {
	games, luckGames int
	luck, adjusted   float64
}

var handLuckStats = map[string]handMeans{
	"Léa":    {games: 3, luckGames: 2, luck: 1.75, adjusted: 32.0},
	"Magnus": {games: 3, luckGames: 2, luck: 1.25, adjusted: -32.0},
}

// checkLuckStats checks the players' luck in PlayerStatistics (the
// totals when fresh, every seat when stale), Selection.PlayerFigures,
// and the stored seats, against the values derived by hand.
func checkLuckStats(t *testing.T, s *Store) {
	t.Helper()
	ctx := context.Background()
	for _, stale := range []bool{false, true} {
		if stale {
			if _, err := s.db.Exec(`UPDATE rating_state SET stale = 2`); err != nil {
				t.Fatal(err)
			}
		}
		stats, err := s.PlayerStatistics(ctx, filter.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		if len(stats) != len(handLuckStats) {
			t.Fatalf("stale %v: %d players, want %d", stale, len(stats), len(handLuckStats))
		}
		for _, p := range stats {
			want := handLuckStats[p.Name]
			if p.Games != want.games || p.LuckGames != want.luckGames || p.MeanLuck == nil || p.MeanAdjustedMargin == nil ||
				math.Abs(*p.MeanLuck-want.luck) > 1e-9 || math.Abs(*p.MeanAdjustedMargin-want.adjusted) > 1e-9 {
				t.Errorf("stale %v: %s: games %d, luck games %d, mean luck %v, mean adjusted %v; want %+v",
					stale, p.Name, p.Games, p.LuckGames, orNil(p.MeanLuck), orNil(p.MeanAdjustedMargin), want)
			}
		}
	}
	for file, want := range handLuck {
		var got [][2]int64
		analysed := false
		err := eachRow(ctx, s.db, `SELECT p.luck_tenths, p.adjusted_margin_tenths FROM players p JOIN games g ON g.gid = p.game
			WHERE g.file LIKE '%' || ? ORDER BY p.seat`, []any{filepath.Base(file)}, func(rows *sql.Rows) error {
			var l, a *int64
			if err := rows.Scan(&l, &a); err != nil {
				return err
			}
			if l != nil && a != nil {
				analysed = true
				got = append(got, [2]int64{*l, *a})
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if analysed != (want != nil) || (want != nil && !slices.Equal(got, want)) {
			t.Errorf("%s: stored luck %v, want %v", file, got, want)
		}
	}
}

func orNil(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}

// TestLuckStored checks that the luck of analysed records is stored at
// ingest and summed by stats, with the values derived by hand.
func TestLuckStored(t *testing.T) {
	s := openTemp(t)
	files := make([]string, len(luckFiles))
	for i, f := range luckFiles {
		files[i] = filepath.Join("testdata", "migrate", f)
	}
	if st, err := s.Ingest(context.Background(), files, IngestOptions{}); err != nil || st.Added != 3 {
		t.Fatalf("ingest: %+v, %v", st, err)
	}
	checkLuckStats(t, s)
	checkConsistent(t, s, 3)
	if r, err := s.Check(context.Background()); err != nil || len(r.Problems) > 0 {
		t.Errorf("check: %v, %q", err, r.Problems)
	}
}

// TestLuckReannotated checks that a record measured after it was
// ingested brings its luck when ingested again, and that a player
// without an analysed game has none.
func TestLuckReannotated(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	dir := t.TempDir()
	var bare, measured []string
	for _, f := range luckFiles {
		b, err := os.ReadFile(filepath.Join("testdata", "migrate", f))
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(dir, "bare-"+filepath.Base(f))
		if err := os.WriteFile(name, stripLuck(b), 0o644); err != nil {
			t.Fatal(err)
		}
		bare = append(bare, name)
		measured = append(measured, filepath.Join("testdata", "migrate", f))
	}
	if st, err := s.Ingest(ctx, bare, IngestOptions{}); err != nil || st.Added != 3 {
		t.Fatalf("ingest: %+v, %v", st, err)
	}
	stats, err := s.PlayerStatistics(ctx, filter.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range stats {
		if p.LuckGames != 0 || p.MeanLuck != nil || p.MeanAdjustedMargin != nil {
			t.Errorf("%s before any luck: %d games, %v, %v", p.Name, p.LuckGames, orNil(p.MeanLuck), orNil(p.MeanAdjustedMargin))
		}
	}
	if st, err := s.Ingest(ctx, measured, IngestOptions{}); err != nil || st.Updated != 2 || st.Present != 1 {
		t.Fatalf("ingest of the measured records: %+v, %v; want 2 updated, 1 present", st, err)
	}
	checkLuckStats(t, s)
}

// stripLuck removes the luck comments of a record's text.
func stripLuck(b []byte) []byte {
	var out []byte
	for i := 0; i < len(b); i++ {
		if b[i] == '{' && len(b) > i+6 && string(b[i+1:i+6]) == "luck:" {
			for b[i] != '}' {
				i++
			}
			i++ // the space after it
			continue
		}
		out = append(out, b[i])
	}
	return out
}

// TestMigrateV14 opens a copy of a database of schema 14 holding the
// records of luckFiles: migration 15 reads the luck of those that carry
// it.
func TestMigrateV14(t *testing.T) {
	tmp := t.TempDir()
	old, _ := copyFixture(t, tmp, "v14.db")
	s, err := Open(context.Background(), old)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	checkLuckStats(t, s)
	checkConsistent(t, s, 3)
	if r, err := s.Check(context.Background()); err != nil || len(r.Problems) > 0 {
		t.Errorf("check: %v, %q", err, r.Problems)
	}
}
