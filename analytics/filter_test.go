package analytics

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"sort"
	"testing"

	"github.com/towerlog/towerlog/generate"
	"github.com/towerlog/towerlog/replay"
)

func TestParseRange(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Range
		ok   bool
	}{
		{"3", Range{3, 3, true}, true},
		{"2-4", Range{2, 4, true}, true},
		{"10-", Range{10, -1, true}, true},
		{"-5", Range{0, 5, true}, true},
		{"0", Range{0, 0, true}, true},
		{"4-2", Range{}, false},
		{"-", Range{}, false},
		{"", Range{}, false},
		{"x", Range{}, false},
		{"1-x", Range{}, false},
	} {
		got, err := ParseRange(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("ParseRange(%q) = %+v, %v; want %+v (ok %v)", c.in, got, err, c.want, c.ok)
		}
		if c.ok {
			if back, _ := ParseRange(got.String()); back != got {
				t.Errorf("ParseRange(%q).String() = %q does not read back", c.in, got.String())
			}
		}
	}
}

// selectByMatch returns "file#idx" of the games of files that f.Match
// selects: the route of towerlog select over files.
func selectByMatch(t *testing.T, files []string, f Filter) []string {
	t.Helper()
	var out []string
	err := replay.Run(context.Background(), files, replay.RunOptions{}, func(g *replay.Game) error {
		if f.Match(g) {
			out = append(out, fmt.Sprintf("%s#%d", filepath.Base(g.File), g.Index))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

// selectBySQL returns "file#idx" of the stored games f selects.
func selectBySQL(t *testing.T, s *Store, f Filter) []string {
	t.Helper()
	where, args, err := f.Where()
	if err != nil {
		t.Fatal(err)
	}
	rows, err := s.db.Query(`SELECT g.file, g.idx FROM games g WHERE `+where, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var file string
		var idx int
		if err := rows.Scan(&file, &idx); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%s#%d", filepath.Base(file), idx))
	}
	sort.Strings(out)
	return out
}

func mustRange(s string) Range {
	r, err := ParseRange(s)
	if err != nil {
		panic(err)
	}
	return r
}

// TestFilterByHand checks filters on the small games of testdata/jcz,
// whose captures, ransoms and towers are read off their records by hand,
// on both routes: stored games (SQL) and games read from files (Match).
func TestFilterByHand(t *testing.T) {
	var files []string
	for _, n := range []string{"capture", "exchange", "ransom", "tower-floor"} {
		files = append(files, filepath.Join("..", "testdata", "jcz", n+".cgn"))
	}
	s := openTemp(t)
	if _, err := s.Ingest(context.Background(), files, IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	const (
		capture  = "capture.cgn#1"
		exchange = "exchange.cgn#1"
		ransom   = "ransom.cgn#1"
		floor    = "tower-floor.cgn#1"
	)
	all := []string{capture, exchange, ransom, floor}
	for _, c := range []struct {
		name string
		f    Filter
		want []string
	}{
		{"everything", Filter{}, all},
		{"Bob captures Anna", Filter{Captor: "Bob", Victim: "Anna"}, []string{capture, exchange, ransom}},
		{"Anna captures", Filter{Captor: "Anna"}, []string{exchange, ransom}},
		{"Bob captured", Filter{Victim: "Bob"}, []string{exchange, ransom}},
		{"Anna takes back her own", Filter{Captor: "Anna", Victim: "Anna"}, nil},
		{"two captures or more", Filter{Captures: mustRange("2-")}, []string{exchange, ransom}},
		{"no capture", Filter{Captures: mustRange("0")}, []string{floor}},
		{"a ransom", Filter{Ransoms: mustRange("1-")}, []string{ransom}},
		{"a tower of 2", Filter{Tower: mustRange("2")}, []string{exchange, ransom}},
		{"towers of 1", Filter{Tower: mustRange("-1")}, []string{capture, floor}},
		{"first place shared", Filter{Result: "shared"}, []string{exchange}},
		{"finished", Filter{Result: "finished"}, all},
		{"unfinished", Filter{Result: "unfinished"}, nil},
		{"result 9-7", Filter{Result: "9-7"}, []string{ransom}},
		{"won by Anna", Filter{Winner: "Anna"}, []string{ransom, floor}},
		{"won by Bob", Filter{Winner: "Bob"}, []string{capture}},
		{"short games", Filter{Turns: mustRange("-6")}, []string{capture, exchange, floor}},
		{"long games", Filter{Turns: mustRange("10-")}, []string{ransom}},
		{"Bob second", Filter{Players: []string{"Bob"}, Seat: 2}, all},
		{"Bob first", Filter{Players: []string{"Bob"}, Seat: 1}, nil},
		{"Anna and Bob", Filter{Players: []string{"Anna", "Bob"}}, all},
		{"Anna and Carl", Filter{Players: []string{"Anna", "Carl"}}, nil},
		{"two players", Filter{Seats: mustRange("2")}, all},
		{"in November 2026", Filter{Since: "2026-11-20", Until: "2026-11"}, all},
		{"until the day before", Filter{Until: "2026.11.19"}, nil},
		{"in 2026", Filter{Since: "2026", Until: "2026"}, all},
		{"an event", Filter{Event: "A first floor with nothing in range"}, []string{floor}},
		{"rules word", Filter{Rules: []string{"tower"}}, all},
		{"rules word not in play", Filter{Rules: []string{"guard-capture=no"}}, nil},
		{"a rule's default value", Filter{Rules: []string{"Reopen=yes", "range=orthogonal"}}, all},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := selectBySQL(t, s, c.f); !reflect.DeepEqual(got, c.want) {
				t.Errorf("stored games: %v, want %v", got, c.want)
			}
			if got := selectByMatch(t, files, c.f); !reflect.DeepEqual(got, c.want) {
				t.Errorf("games of files: %v, want %v", got, c.want)
			}
		})
	}
}

// TestFilterRoutesAgree selects from a generated club archive with many
// filters, from the database and from the files, and wants the same games.
func TestFilterRoutesAgree(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	files, err := generate.Archive(ctx, dir, generate.ArchiveOptions{Games: 150, Files: 2, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	s := openTemp(t)
	if _, err := s.Ingest(ctx, files, IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	filters := []Filter{
		{Event: "Club night"}, {Event: "Autumn cup", Round: "2"}, {Site: "Club room"},
		{Since: "2023-06-01"}, {Until: "2022-03"}, {Since: "2022", Until: "2022"},
		{Result: "shared"}, {Result: "finished"}, {Rules: []string{"tower"}},
		{Seats: mustRange("2")}, {Seats: mustRange("4-")}, {Turns: mustRange("-60")}, {Turns: mustRange("70-")},
		{Captures: mustRange("0")}, {Captures: mustRange("3-")}, {Ransoms: mustRange("1-")},
		{Tower: mustRange("4-")}, {Tower: mustRange("-2")},
	}
	for _, p := range generate.DemoRoster {
		filters = append(filters, Filter{Players: []string{p}}, Filter{Winner: p}, Filter{Captor: p}, Filter{Victim: p},
			Filter{Players: []string{p}, Seat: 1}, Filter{Players: []string{p}, Seat: 3}, Filter{Captor: p, Victim: p},
			Filter{Players: []string{p, "Anna"}, Event: "Spring league"})
		filters = append(filters, Filter{Captor: p, Victim: generate.DemoRoster[0]})
	}
	some := 0
	for _, f := range filters {
		sqlGames := selectBySQL(t, s, f)
		if got := selectByMatch(t, files, f); !reflect.DeepEqual(got, sqlGames) {
			t.Errorf("%s: files give %d games, the database %d:\n%v\n%v", f.Describe(), len(got), len(sqlGames), got, sqlGames)
		}
		if len(sqlGames) > 0 && len(sqlGames) < 150 {
			some++
		}
	}
	// The filters must discriminate: most select some games but not all.
	if some < len(filters)*2/3 {
		t.Errorf("only %d of %d filters select some games but not all", some, len(filters))
	}
}

func TestNoGamesHints(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	files := []string{filepath.Join("..", "testdata", "jcz", "capture.cgn")}
	if _, err := s.Ingest(ctx, files, IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	_, err := s.CountGames(ctx, Filter{Players: []string{"ANNA"}, Winner: "Bobby", Event: "a tower captures a thief"})
	var none *NoGamesError
	if !errors.As(err, &none) {
		t.Fatalf("CountGames: %v, want a *NoGamesError", err)
	}
	want := []string{`no player is named "ANNA" (--player); did you mean "Anna"?`,
		`no player is named "Bobby" (--winner); did you mean "Bob"?`,
		`no event is named "a tower captures a thief" (--event); did you mean "A tower captures a thief"?`}
	if !reflect.DeepEqual(none.Hints, want) {
		t.Errorf("hints:\n%q\nwant\n%q", none.Hints, want)
	}
	if n, err := s.CountGames(ctx, Filter{}); n != 1 || err != nil {
		t.Errorf("CountGames of every game: %d, %v", n, err)
	}
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"anna", "anna", 0}, {"kitten", "sitting", 3}, {"chloe", "chloé", 1}, {"", "abc", 3}, {"flaw", "lawn", 2}} {
		if d := editDistance(c.a, c.b); d != c.d {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, d, c.d)
		}
	}
}
