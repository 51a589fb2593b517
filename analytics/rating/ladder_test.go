package rating_test

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/filter"
	"github.com/towerlog/towerlog/analytics/rating"
	"github.com/towerlog/towerlog/generate"
)

// storeOf ingests files into a new database, one file at a time in the
// order given, so that the games' keys follow that order.
func storeOf(t *testing.T, files []string) *analytics.Store {
	t.Helper()
	ctx := context.Background()
	s, err := analytics.Open(ctx, filepath.Join(t.TempDir(), "towerlog.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	for _, f := range files {
		if _, err := s.Ingest(ctx, []string{f}, analytics.IngestOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// firstGameID is the id of the game of key 1.
func firstGameID(t *testing.T, s *analytics.Store) string {
	t.Helper()
	g, err := s.Game(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	return g.ID
}

// TestOrderIndependent ingests the same archive in two orders: the
// ratings and every player's history are equal to the last bit.
func TestOrderIndependent(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	files, err := generate.Archive(ctx, dir, generate.ArchiveOptions{Games: 60, Files: 4, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	reversed := []string{files[3], files[2], files[1], files[0]}
	a, b := storeOf(t, files), storeOf(t, reversed)
	if firstGameID(t, a) == firstGameID(t, b) {
		t.Fatal("the two databases store the games in the same order: the test would prove nothing")
	}
	la, err := rating.FromStore(ctx, a, filter.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	lb, err := rating.FromStore(ctx, b, filter.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	pa, pb := la.Players(), lb.Players()
	if len(pa) < 5 || !reflect.DeepEqual(pa, pb) {
		t.Fatalf("ratings differ with the order of ingest:\n%+v\n%+v", pa, pb)
	}
	for _, p := range pa {
		if !reflect.DeepEqual(la.History(p.Name), lb.History(p.Name)) {
			t.Errorf("%s's history differs with the order of ingest", p.Name)
		}
		if p.Games == 0 || len(la.History(p.Name)) == 0 {
			t.Errorf("%s is listed with no rated game", p.Name)
		}
	}
}

// TestUnfinishedChangesNothing adds an unfinished game of a rated player
// and a newcomer: the ratings stay as they were, and the newcomer, who
// finished no game, is not rated.
func TestUnfinishedChangesNothing(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	files, err := generate.Archive(ctx, dir, generate.ArchiveOptions{Games: 20, Files: 1, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("../../testdata/games/duel-discard.cgn")
	if err != nil {
		t.Fatal(err)
	}
	// The first 12 turns of the game, Result "*": valid and unfinished.
	lines := strings.Split(string(src), "\n")
	var cut []string
	for _, l := range lines[:20] {
		cut = append(cut, strings.Replace(l, `[Result "108-153"]`, `[Result "*"]`, 1))
	}
	unfinished := filepath.Join(dir, "unfinished.cgn")
	if err := os.WriteFile(unfinished, []byte(strings.Join(cut, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	before, err := rating.FromStore(ctx, storeOf(t, files), filter.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	withUnfinished := storeOf(t, append(files, unfinished))
	if n, err := withUnfinished.CountGames(ctx, filter.Filter{Result: "unfinished"}); err != nil || n != 1 {
		t.Fatalf("%d unfinished games stored (%v), want 1", n, err)
	}
	after, err := rating.FromStore(ctx, withUnfinished, filter.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(before.Players(), after.Players()) {
		t.Errorf("an unfinished game changed the ratings:\n%+v\n%+v", before.Players(), after.Players())
	}
}
