package analytics

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/towerlog/towerlog/analytics/filter"
	"github.com/towerlog/towerlog/analytics/rating"
	"github.com/towerlog/towerlog/generate"
)

// storeOf ingests files into a new database, one file at a time in the
// order given, so that the games' keys follow that order.
func storeOf(t *testing.T, files []string) *Store {
	t.Helper()
	s := openTemp(t)
	for _, f := range files {
		if _, err := s.Ingest(context.Background(), []string{f}, IngestOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// firstGameID is the id of the game of key 1.
func firstGameID(t *testing.T, s *Store) string {
	t.Helper()
	g, err := s.Game(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	return g.ID
}

// liveLadder rates the finished games f selects, never reading the
// stored ladder.
func liveLadder(t *testing.T, s *Store, f filter.Filter) *rating.Ladder {
	t.Helper()
	l, err := s.RatingHistory(context.Background(), f)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// ratingsStale reads the stored ladder's stale flag.
func ratingsStale(t *testing.T, s *Store) int {
	t.Helper()
	var stale int
	if err := s.db.QueryRow(`SELECT stale FROM rating_state`).Scan(&stale); err != nil {
		t.Fatal(err)
	}
	return stale
}

// storedPlayers reads the stored ladder's rating list; it fails the test
// when the ladder is stale.
func storedPlayers(t *testing.T, s *Store) []rating.Player {
	t.Helper()
	l, err := s.storedLadder(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if l == nil {
		t.Fatal("the stored ladder is stale")
	}
	return l.Players()
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
	la, lb := liveLadder(t, a, filter.Filter{}), liveLadder(t, b, filter.Filter{})
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
	src, err := os.ReadFile("../testdata/games/duel-discard.cgn")
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
	before := liveLadder(t, storeOf(t, files), filter.Filter{})
	withUnfinished := storeOf(t, append(files, unfinished))
	if n, err := withUnfinished.CountGames(ctx, filter.Filter{Result: "unfinished"}); err != nil || n != 1 {
		t.Fatalf("%d unfinished games stored (%v), want 1", n, err)
	}
	after := liveLadder(t, withUnfinished, filter.Filter{})
	if !reflect.DeepEqual(before.Players(), after.Players()) {
		t.Errorf("an unfinished game changed the ratings:\n%+v\n%+v", before.Players(), after.Players())
	}
	if !reflect.DeepEqual(storedPlayers(t, withUnfinished), after.Players()) {
		t.Errorf("the stored ladder is not the ladder of the games")
	}
}

// refreshes records, while the test runs, whether each refresh of the
// stored ladder continued from the stored state.
func refreshes(t *testing.T) *[]bool {
	var seen []bool
	ratingsRefreshed = func(continued bool) { seen = append(seen, continued) }
	t.Cleanup(func() { ratingsRefreshed = nil })
	return &seen
}

// TestStoredLadder ingests an archive in two batches, in the order of
// its dates and in the other order: the stored ladder continues from its
// state in the first case, rates every game again in the second, and in
// both is the ladder of all the games, to the last bit. Removing a game
// rates every game again.
func TestStoredLadder(t *testing.T) {
	ctx := context.Background()
	files, err := generate.Archive(ctx, t.TempDir(), generate.ArchiveOptions{Games: 60, Files: 2, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name      string
		files     []string
		continued []bool
	}{
		// A new database rates its first games from the empty state.
		{"in order", files, []bool{true, true}},
		{"out of order", []string{files[1], files[0]}, []bool{true, false}},
	} {
		t.Run(c.name, func(t *testing.T) {
			seen := refreshes(t)
			s := storeOf(t, c.files)
			if !reflect.DeepEqual(*seen, c.continued) {
				t.Errorf("refreshes continued %v, want %v", *seen, c.continued)
			}
			live := liveLadder(t, s, filter.Filter{}).Players()
			if len(live) < 5 {
				t.Fatalf("%d players rated: the test would prove little", len(live))
			}
			if got := storedPlayers(t, s); !reflect.DeepEqual(got, live) {
				t.Errorf("stored ladder:\n%+v\nwant the ladder of the games:\n%+v", got, live)
			}
			l, err := s.Ladder(ctx, filter.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(l.Players(), live) {
				t.Errorf("Ladder:\n%+v\nwant:\n%+v", l.Players(), live)
			}

			*seen = nil
			if _, err := s.RemoveGames(ctx, []string{"1"}); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(*seen, []bool{false}) {
				t.Errorf("removing a game: refreshes continued %v, want [false]", *seen)
			}
			after := liveLadder(t, s, filter.Filter{}).Players()
			if reflect.DeepEqual(after, live) {
				t.Fatal("removing a game changed no rating: the test would prove nothing")
			}
			if got := storedPlayers(t, s); !reflect.DeepEqual(got, after) {
				t.Errorf("stored ladder after a removal:\n%+v\nwant:\n%+v", got, after)
			}
		})
	}
}

// TestStaleLadderNotRead changes a game's date behind the store's back:
// the trigger marks the stored ladder stale, and Ladder rates the games
// as they are now instead of reading it.
func TestStaleLadderNotRead(t *testing.T) {
	ctx := context.Background()
	s := storeOf(t, []string{testArchive(t, 40, 1)})
	stored := storedPlayers(t, s)
	// The first game moves after every other: its players' results
	// count in another order.
	if _, err := s.db.Exec(`UPDATE games SET date = '2099.01.01' WHERE gid = 1`); err != nil {
		t.Fatal(err)
	}
	if got := ratingsStale(t, s); got != 2 {
		t.Fatalf("stale %d after a date changed, want 2", got)
	}
	l, err := s.Ladder(ctx, filter.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	live := liveLadder(t, s, filter.Filter{}).Players()
	if reflect.DeepEqual(live, stored) {
		t.Fatal("moving the game changed no rating: the test would prove nothing")
	}
	if !reflect.DeepEqual(l.Players(), live) {
		t.Errorf("Ladder read a stale ladder:\n%+v\nwant:\n%+v", l.Players(), live)
	}
}

// TestRatingTriggers checks what each change of the games marks: an
// added game 1 (games added), every other change of what the ratings
// read 2 (rate again), a change of nothing they read, or to the same
// value, nothing.
func TestRatingTriggers(t *testing.T) {
	s := storeOf(t, []string{testArchive(t, 6, 1)})
	for _, c := range []struct {
		sql   string
		stale int
	}{
		{`UPDATE games SET date = date, round = round, id = id, finished = finished`, 0},
		{`UPDATE games SET site = 'Elsewhere'`, 0},
		{`UPDATE players SET colour = 'pink'`, 0},
		{`UPDATE players SET rank = rank, name = name`, 0},
		{`UPDATE games SET date = '2000.01.01' WHERE gid = 2`, 2},
		{`UPDATE games SET date = NULL WHERE gid = 2`, 2},
		{`UPDATE games SET round = '9' WHERE gid = 2`, 2},
		{`UPDATE games SET id = 'x' WHERE gid = 2`, 2},
		{`UPDATE games SET finished = 1 - finished WHERE gid = 2`, 2},
		{`UPDATE players SET rank = rank + 1 WHERE game = 4 AND seat = 0`, 2},
		{`UPDATE players SET name = 'Zoë' WHERE game = 4 AND seat = 0`, 2},
		{`INSERT INTO games (id, file, idx, rules, seats, turns) VALUES ('new', 'f', 1, 'base', 2, 0)`, 1},
		{`UPDATE games SET gid = 100 WHERE id = 'new'`, 2},
		{`INSERT INTO players (game, seat, name, score, rank) VALUES ((SELECT max(gid) FROM games), 0, 'Anna', 0, 0)`, 0},
		{`INSERT INTO players (game, seat, name, score, rank) VALUES (5, 7, 'Anna', 0, 0)`, 2},
		{`DELETE FROM players WHERE game = 5 AND seat = 7`, 2},
		{`DELETE FROM games WHERE gid = 5`, 2},
	} {
		if _, err := s.db.Exec(`UPDATE rating_state SET stale = 0, last_gid = (SELECT max(gid) FROM games WHERE id <> 'new')`); err != nil {
			t.Fatal(err)
		}
		if _, err := s.db.Exec(c.sql); err != nil {
			t.Fatalf("%s: %v", c.sql, err)
		}
		if got := ratingsStale(t, s); got != c.stale {
			t.Errorf("%s: stale %d, want %d", c.sql, got, c.stale)
		}
	}
}

// TestRatingsRefreshStopped stops the rating of an ingest's games while
// another writer holds the database: the stored ladder stays stale, a
// reader (one that cannot write, too) rates the games instead, and the
// next refresh brings it up to date.
func TestRatingsRefreshStopped(t *testing.T) {
	ctx := context.Background()
	files, err := generate.Archive(ctx, t.TempDir(), generate.ArchiveOptions{Games: 30, Files: 2, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	s := storeOf(t, files[:1])
	other, err := Open(ctx, s.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	before := storedPlayers(t, s)
	if _, err := s.db.Exec(`UPDATE games SET date = '2099-01-01' WHERE gid = 1`); err != nil {
		t.Fatal(err)
	}
	tx, err := beginWrite(ctx, ctx, other.db)
	if err != nil {
		t.Fatal(err)
	}
	stop, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	if err := s.refreshRatings(stop); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("refresh while another writes: %v, want %v", err, context.DeadlineExceeded)
	}
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	if got := ratingsStale(t, s); got != 2 {
		t.Fatalf("stale %d after a stopped refresh, want 2", got)
	}
	live := liveLadder(t, s, filter.Filter{}).Players()
	if reflect.DeepEqual(live, before) {
		t.Fatal("moving the game changed no rating: the test would prove nothing")
	}
	ro, err := OpenReadOnly(ctx, s.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	l, err := ro.Ladder(ctx, filter.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(l.Players(), live) {
		t.Errorf("a reader's Ladder of a stale snapshot:\n%+v\nwant:\n%+v", l.Players(), live)
	}
	if err := s.refreshRatings(ctx); err != nil {
		t.Fatal(err)
	}
	if got := storedPlayers(t, s); !reflect.DeepEqual(got, live) {
		t.Errorf("stored ladder after the refresh:\n%+v\nwant:\n%+v", got, live)
	}
	if l, err = ro.Ladder(ctx, filter.Filter{}); err != nil || !reflect.DeepEqual(l.Players(), live) {
		t.Errorf("a reader's Ladder of the stored ladder (%v):\n%+v\nwant:\n%+v", err, l.Players(), live)
	}
}
