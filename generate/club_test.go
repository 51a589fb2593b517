package generate

import (
	"bytes"
	"fmt"
	"strconv"
	"testing"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// clubGames writes the series and reads its games back.
func clubGames(t *testing.T, s Series) ([]byte, []*record.Game) {
	t.Helper()
	var out bytes.Buffer
	if err := s.Write(&out); err != nil {
		t.Fatal(err)
	}
	games, err := record.Parse(bytes.NewReader(out.Bytes()), "club.cgn")
	if err != nil || len(games) != s.Games {
		t.Fatalf("%d games, %v", len(games), err)
	}
	return out.Bytes(), games
}

// TestClubEvents checks what a club's archive promises: the game of seed
// s is round (s-1) mod M + 1 of event (s-1)/M + 1, the event's games are
// dated alike and seat its entrants only (M games of 4 players, each
// entrant playing about ten: 4M/10 of them), a table seats distinct
// members of the pool, and the games replay as valid.
func TestClubEvents(t *testing.T) {
	const m = 20
	s := Series{Games: 3 * m, MinPlayers: 4, MaxPlayers: 4, Seed: 1, Style: engine.StyleRandom,
		Club: &Club{Pool: 1000, EventGames: m}}
	_, games := clubGames(t, s)
	pool := map[string]bool{}
	for k := range 1000 {
		pool[PoolName(k)] = true
	}
	entrants := map[string]map[string]bool{}
	dates := map[string]string{}
	for i, rg := range games {
		seed := i + 1
		wantEvent := fmt.Sprintf("Club event %d", (seed-1)/m+1)
		event, _ := rg.Tag("Event")
		round, _ := rg.Tag("Round")
		date, _ := rg.Tag("Date")
		if event != wantEvent || round != strconv.Itoa((seed-1)%m+1) {
			t.Errorf("game of seed %d: event %q round %q, want %q round %d", seed, event, round, wantEvent, (seed-1)%m+1)
		}
		if d, ok := dates[event]; ok && d != date {
			t.Errorf("%s: games dated %s and %s", event, d, date)
		}
		dates[event] = date
		players, err := rg.Players()
		if err != nil || len(players) != 4 {
			t.Fatalf("game of seed %d: %d players, %v", seed, len(players), err)
		}
		seen := map[string]bool{}
		for _, p := range players {
			if !pool[p.Name] || seen[p.Name] {
				t.Errorf("game of seed %d seats %q: not a member, or twice", seed, p.Name)
			}
			seen[p.Name] = true
			if entrants[event] == nil {
				entrants[event] = map[string]bool{}
			}
			entrants[event][p.Name] = true
		}
		if g := replay.Replay("club.cgn", i+1, rg, replay.Options{}); !g.Valid() {
			t.Errorf("game of seed %d is invalid: %v", seed, g.Diagnostics)
		}
	}
	if dates["Club event 1"] != "2001.01.01" || dates["Club event 2"] != "2001.01.02" {
		t.Errorf("dates %v, want the first event on 2001.01.01 and the next a day later", dates)
	}
	for event, names := range entrants {
		// 20 tables of 4 seats: 80 seats; 8 entrants play 10 games each.
		// A random draw leaves an entrant out now and then, never adds one.
		if len(names) > 8 || len(names) < 6 {
			t.Errorf("%s seats %d players, want 8 entrants (6 at least)", event, len(names))
		}
	}
}

// TestClubInParts checks that an archive generated in parts of
// consecutive seeds, an event cut across two parts, is the archive
// generated whole.
func TestClubInParts(t *testing.T) {
	club := &Club{Pool: 500, EventGames: 7}
	whole, _ := clubGames(t, Series{Games: 30, MinPlayers: 2, MaxPlayers: 4, Seed: 1, Club: club})
	first, _ := clubGames(t, Series{Games: 10, MinPlayers: 2, MaxPlayers: 4, Seed: 1, Club: club})
	// The number of seats cycles from a series' first game, so the
	// second part starts after a multiple of 3 games (2, 3 and 4 seats).
	parts, _ := clubGames(t, Series{Games: 12, MinPlayers: 2, MaxPlayers: 4, Seed: 1, Club: club})
	rest, _ := clubGames(t, Series{Games: 18, MinPlayers: 2, MaxPlayers: 4, Seed: 13, Club: club})
	joined := append(append(parts, '\n'), rest...)
	if !bytes.Equal(joined, whole) {
		t.Errorf("games 1-12 and 13-30 generated apart differ from 1-30 generated whole")
	}
	if !bytes.HasPrefix(whole, first) {
		t.Errorf("games 1-10 differ from the first ten of 1-30")
	}
}

// TestPoolNames checks that a pool of 10,000 has 10,000 names, each bare
// in CGN (a letter, then letters and digits).
func TestPoolNames(t *testing.T) {
	seen := map[string]int{}
	for k := range 10000 {
		name := PoolName(k)
		if j, ok := seen[name]; ok {
			t.Fatalf("members %d and %d are both %q", j, k, name)
		}
		seen[name] = k
	}
	if PoolName(0) != "Anna1" || PoolName(100) != "Anna2" || PoolName(1) != "Bruno1" {
		t.Errorf("names %q %q %q, want Anna1 Anna2 Bruno1", PoolName(0), PoolName(100), PoolName(1))
	}
}

func TestClubRefused(t *testing.T) {
	for _, tc := range []struct {
		s    Series
		want string
	}{
		{Series{Games: 1, MinPlayers: 2, MaxPlayers: 5, Seed: 1, Club: &Club{Pool: 4}}, "a pool of 4 players cannot seat a game of 5"},
		{Series{Games: 1, MinPlayers: 2, MaxPlayers: 2, Seed: 0, Club: &Club{Pool: 4, EventGames: 3}}, "games grouped into events are numbered by their seeds from 1: the seed must not be 0"},
		{Series{Games: 1, MinPlayers: 2, MaxPlayers: 2, Seed: 1, Club: &Club{Pool: 4, EventGames: -1}}, "games an event must not be negative"},
	} {
		err := tc.s.Write(&bytes.Buffer{})
		if err == nil || err.Error() != tc.want {
			t.Errorf("%+v: %v, want %q", *tc.s.Club, err, tc.want)
		}
	}
}
