package analytics

import (
	"context"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/towerlog/towerlog/analytics/filter"
)

// TestPlayerStatisticsByHand checks every figure of stats on three small
// games whose figures were derived by hand (see handFigures): Anna and
// Bob's two unfinished games (exchange-ransom, own-capture), whose
// points by feature do not count, and Red and Blue's finished game of
// the rulebook's example 1a-1d.
func TestPlayerStatisticsByHand(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	dir := filepath.Join("testdata", "migrate")
	files := []string{filepath.Join(dir, "v8", "exchange-ransom.cgn"), filepath.Join(dir, "v8", "seed-1a-1d.cgn"),
		filepath.Join(dir, "v10", "own-capture.cgn")}
	if st, err := s.Ingest(ctx, files, IngestOptions{Lenient: true}); err != nil || st.Added != 3 {
		t.Fatalf("ingest: %+v, %v; want 3 games added", st, err)
	}
	got, err := s.PlayerStatistics(ctx, filter.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	zero := map[string]int{"city": 0, "road": 0, "cloister": 0, "field": 0}
	want := []PlayerStats{
		{Name: "Red", Games: 1, Wins: 1, WinRate: 1, Margin: 10, TotalScore: 10, AverageScore: 10,
			Points: map[string]int{"city": 10, "road": 0, "cloister": 0, "field": 0}, CapturesMade: 1, FloorsBuilt: 1,
			Phantom: &PhantomUse{Games: 1, Placed: 1, Second: 1, Points: 10}},
		{Name: "Blue", Games: 1, Margin: -10, Points: zero, CapturesSuffered: 1, Phantom: &PhantomUse{Games: 1}},
		// Anna's city of 4 points was in an unfinished game.
		{Name: "Anna", Unfinished: 2, Points: zero, CapturesMade: 1, CapturesSuffered: 2, OwnTakenBack: 1,
			RansomsPaid: 3, FloorsBuilt: 2,
			Phantom: &PhantomUse{Games: 1, Placed: 2, OnTowers: 1, CapturedByOthers: 1, Ransomed: 1}},
		{Name: "Bob", Unfinished: 2, Points: zero, CapturesMade: 2, CapturesSuffered: 1, RansomsReceived: 3, FloorsBuilt: 2,
			Phantom: &PhantomUse{Games: 1, Placed: 1, Second: 1, CapturedOfOthers: 1}},
	}
	if len(got) != len(want) {
		t.Fatalf("%d players, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("player %d:\n%+v %+v\nwant\n%+v %+v", i+1, got[i], got[i].Phantom, want[i], want[i].Phantom)
		}
	}
}

// TestStatsPlan checks SQLite's plan of stats' query: without a filter it
// reads each seat once, in the order of the index on names, with no sort
// and no game; with an event, the event's games through the index on
// events and their seats by key, not every seat of the archive.
func TestStatsPlan(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	if _, err := s.Ingest(ctx, []string{testArchive(t, 4, 1)}, IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		f    filter.Filter
		want []string
	}{
		{filter.Filter{}, []string{"SCAN p USING INDEX players_name"}},
		{filter.Filter{Event: "Spring cup"}, []string{"SEARCH g USING COVERING INDEX games_event (event=?)",
			"SEARCH p USING PRIMARY KEY (game=?)", "USE TEMP B-TREE FOR GROUP BY"}},
	} {
		where, args, err := c.f.Where()
		if err != nil {
			t.Fatal(err)
		}
		if plan := queryPlan(t, s, statsSQL(where), args); !slices.Equal(plan, c.want) {
			t.Errorf("%+v: plan %q, want %q", c.f, plan, c.want)
		}
	}
}
