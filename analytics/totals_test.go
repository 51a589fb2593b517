package analytics

import (
	"context"
	"reflect"
	"testing"

	"github.com/towerlog/towerlog/analytics/filter"
	"github.com/towerlog/towerlog/generate"
)

// liveAndTotals returns stats and the selection's player figures of
// every game read from player_totals, then read again by summing the
// seats (the stored totals marked stale for the second reading), and
// restores the flag.
func liveAndTotals(t *testing.T, s *Store) (totals, live []PlayerStats, totalsFig, liveFig []PlayerFigures) {
	t.Helper()
	ctx := context.Background()
	if st := ratingsStale(t, s); st != 0 {
		t.Fatalf("the totals are stale (%d) after the refresh", st)
	}
	read := func() ([]PlayerStats, []PlayerFigures) {
		stats, err := s.PlayerStatistics(ctx, filter.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		sel, err := s.Select(ctx, filter.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		defer sel.Close()
		fig, err := sel.PlayerFigures(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return stats, fig
	}
	totals, totalsFig = read()
	if _, err := s.db.Exec(`UPDATE rating_state SET stale = 2`); err != nil {
		t.Fatal(err)
	}
	live, liveFig = read()
	if _, err := s.db.Exec(`UPDATE rating_state SET stale = 0`); err != nil {
		t.Fatal(err)
	}
	return totals, live, totalsFig, liveFig
}

// TestPlayerTotals: the players' totals equal the sums over the seats
// after every way the games change: games added in order (the totals
// add the new seats), games of earlier dates (summed again), a game
// unfinished, another with the Phantom, and a removal.
func TestPlayerTotals(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	files, err := generate.Archive(ctx, dir, generate.ArchiveOptions{Games: 40, Files: 4, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	s := storeOf(t, files[2:])
	check := func(step string) {
		t.Helper()
		totals, live, totalsFig, liveFig := liveAndTotals(t, s)
		if len(live) == 0 || !reflect.DeepEqual(totals, live) {
			t.Errorf("%s: stats from the totals\n%+v\nsummed over the seats\n%+v", step, totals, live)
		}
		if !reflect.DeepEqual(totalsFig, liveFig) {
			t.Errorf("%s: the report's figures from the totals\n%+v\nsummed over the seats\n%+v", step, totalsFig, liveFig)
		}
	}
	check("two files")
	for _, step := range []struct {
		name string
		file string
	}{
		{"the files of earlier dates", files[0]},
		{"the next", files[1]},
		{"an unfinished base game, a Tower game and one with the Phantom", "testdata/selection/three.cgn"},
	} {
		if _, err := s.Ingest(ctx, []string{step.file}, IngestOptions{}); err != nil {
			t.Fatal(err)
		}
		check(step.name)
	}
	if _, err := s.RemoveGames(ctx, []string{"3"}); err != nil {
		t.Fatal(err)
	}
	check("a game removed")

	// The totals are what the fresh reading reads: a total changed by
	// hand shows in stats, and a stale one does not.
	stats, err := s.PlayerStatistics(ctx, filter.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	name := stats[0].Name
	if _, err := s.db.Exec(`UPDATE player_totals SET floors_built = floors_built + 1000 WHERE name = ?`, name); err != nil {
		t.Fatal(err)
	}
	read := func() int {
		again, err := s.PlayerStatistics(ctx, filter.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range again {
			if p.Name == name {
				return p.FloorsBuilt
			}
		}
		t.Fatalf("%s is gone", name)
		return 0
	}
	if got := read(); got != stats[0].FloorsBuilt+1000 {
		t.Errorf("floors of %s from fresh totals: %d, want %d", name, got, stats[0].FloorsBuilt+1000)
	}
	if _, err := s.db.Exec(`UPDATE rating_state SET stale = 1`); err != nil {
		t.Fatal(err)
	}
	if got := read(); got != stats[0].FloorsBuilt {
		t.Errorf("floors of %s with stale totals: %d, want %d", name, got, stats[0].FloorsBuilt)
	}
}
