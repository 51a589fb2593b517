package filter_test

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/filter"
	"github.com/towerlog/towerlog/analytics/sqltest"
	"github.com/towerlog/towerlog/generate"
	"github.com/towerlog/towerlog/replay"
)

func TestParseRange(t *testing.T) {
	for _, c := range []struct {
		in   string
		want filter.Range
		ok   bool
	}{
		{"3", filter.Range{Min: 3, Max: 3, Set: true}, true},
		{"2-4", filter.Range{Min: 2, Max: 4, Set: true}, true},
		{"10-", filter.Range{Min: 10, Max: -1, Set: true}, true},
		{"-5", filter.Range{Min: 0, Max: 5, Set: true}, true},
		{"0", filter.Range{Min: 0, Max: 0, Set: true}, true},
		{"4-2", filter.Range{}, false},
		{"-", filter.Range{}, false},
		{"", filter.Range{}, false},
		{"x", filter.Range{}, false},
		{"1-x", filter.Range{}, false},
	} {
		got, err := filter.ParseRange(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("ParseRange(%q) = %+v, %v; want %+v (ok %v)", c.in, got, err, c.want, c.ok)
		}
		if c.ok {
			if back, _ := filter.ParseRange(got.String()); back != got {
				t.Errorf("ParseRange(%q).String() = %q does not read back", c.in, got.String())
			}
		}
	}
}

func openTemp(t testing.TB) *analytics.Store {
	t.Helper()
	s, err := analytics.Open(context.Background(), filepath.Join(t.TempDir(), "towerlog.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// selectByMatch returns "file#idx" of the games of files that f.Match
// selects: the route of towerlog select over files.
func selectByMatch(t *testing.T, files []string, f filter.Filter) []string {
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
func selectBySQL(t *testing.T, s *analytics.Store, f filter.Filter) []string {
	t.Helper()
	where, args, err := f.Where()
	if err != nil {
		t.Fatal(err)
	}
	rows, err := sqltest.Open(t, s.Path()).Query(`SELECT g.file, g.idx FROM games g WHERE `+where, args...)
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

func mustRange(s string) filter.Range {
	r, err := filter.ParseRange(s)
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
		files = append(files, filepath.Join("..", "..", "testdata", "jcz", n+".cgn"))
	}
	s := openTemp(t)
	if _, err := s.Ingest(context.Background(), files, analytics.IngestOptions{}); err != nil {
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
		f    filter.Filter
		want []string
	}{
		{"everything", filter.Filter{}, all},
		{"Bob captures Anna", filter.Filter{Captor: "Bob", Victim: "Anna"}, []string{capture, exchange, ransom}},
		{"Anna captures", filter.Filter{Captor: "Anna"}, []string{exchange, ransom}},
		{"Bob captured", filter.Filter{Victim: "Bob"}, []string{exchange, ransom}},
		{"Anna takes back her own", filter.Filter{Captor: "Anna", Victim: "Anna"}, nil},
		{"two captures or more", filter.Filter{Captures: mustRange("2-")}, []string{exchange, ransom}},
		{"no capture", filter.Filter{Captures: mustRange("0")}, []string{floor}},
		{"a ransom", filter.Filter{Ransoms: mustRange("1-")}, []string{ransom}},
		{"a tower of 2", filter.Filter{Tower: mustRange("2")}, []string{exchange, ransom}},
		{"towers of 1", filter.Filter{Tower: mustRange("-1")}, []string{capture, floor}},
		{"first place shared", filter.Filter{Result: "shared"}, []string{exchange}},
		{"finished", filter.Filter{Result: "finished"}, all},
		{"unfinished", filter.Filter{Result: "unfinished"}, nil},
		{"result 9-7", filter.Filter{Result: "9-7"}, []string{ransom}},
		{"won by Anna", filter.Filter{Winner: "Anna"}, []string{ransom, floor}},
		{"won by Bob", filter.Filter{Winner: "Bob"}, []string{capture}},
		{"short games", filter.Filter{Turns: mustRange("-6")}, []string{capture, exchange, floor}},
		{"long games", filter.Filter{Turns: mustRange("10-")}, []string{ransom}},
		{"Bob second", filter.Filter{Players: []string{"Bob"}, Seat: 2}, all},
		{"Bob first", filter.Filter{Players: []string{"Bob"}, Seat: 1}, nil},
		{"Anna and Bob", filter.Filter{Players: []string{"Anna", "Bob"}}, all},
		{"Anna and Carl", filter.Filter{Players: []string{"Anna", "Carl"}}, nil},
		{"two players", filter.Filter{Seats: mustRange("2")}, all},
		{"in November 2026", filter.Filter{Since: "2026-11-20", Until: "2026-11"}, all},
		{"until the day before", filter.Filter{Until: "2026.11.19"}, nil},
		{"in 2026", filter.Filter{Since: "2026", Until: "2026"}, all},
		{"an event", filter.Filter{Event: "A first floor with nothing in range"}, []string{floor}},
		{"rules word", filter.Filter{Rules: []string{"tower"}}, all},
		{"rules word not in play", filter.Filter{Rules: []string{"guard-capture=no"}}, nil},
		{"a rule's default value", filter.Filter{Rules: []string{"Reopen=yes", "range=orthogonal"}}, all},
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
	if _, err := s.Ingest(ctx, files, analytics.IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	filters := []filter.Filter{
		{Event: "Club night"}, {Event: "Autumn cup", Round: "2"}, {Site: "Club room"},
		{Since: "2023-06-01"}, {Until: "2022-03"}, {Since: "2022", Until: "2022"},
		{Result: "shared"}, {Result: "finished"}, {Rules: []string{"tower"}},
		{Seats: mustRange("2")}, {Seats: mustRange("4-")}, {Turns: mustRange("-60")}, {Turns: mustRange("70-")},
		{Captures: mustRange("0")}, {Captures: mustRange("3-")}, {Ransoms: mustRange("1-")},
		{Tower: mustRange("4-")}, {Tower: mustRange("-2")},
	}
	for _, p := range generate.DemoRoster {
		filters = append(filters, filter.Filter{Players: []string{p}}, filter.Filter{Winner: p}, filter.Filter{Captor: p}, filter.Filter{Victim: p},
			filter.Filter{Players: []string{p}, Seat: 1}, filter.Filter{Players: []string{p}, Seat: 3}, filter.Filter{Captor: p, Victim: p},
			filter.Filter{Players: []string{p, "Anna"}, Event: "Spring league"})
		filters = append(filters, filter.Filter{Captor: p, Victim: generate.DemoRoster[0]})
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

// TestFilterFieldAdded adds a filter to Fields, as a new filter is
// added: one entry, whose value lives outside Filter here. Check,
// Describe, the SQL and the matcher all take it, and they select the
// games that the records' Result tags, read as text, say they should.
func TestFilterFieldAdded(t *testing.T) {
	var best filter.Range
	fake := filter.CountField("best-score", "only games whose best score is so high", "best score %s",
		func(*filter.Filter) *filter.Range { return &best }, "(SELECT max(p.score) FROM players p WHERE p.game = g.gid)",
		func(g *replay.Game) int { return slices.Max(g.State.Scores()) })
	saved := filter.Fields
	filter.Fields = append(slices.Clip(saved), fake)
	t.Cleanup(func() { filter.Fields = saved })

	ctx := context.Background()
	files, err := generate.Archive(ctx, t.TempDir(), generate.ArchiveOptions{Games: 60, Files: 1, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	s := openTemp(t)
	if _, err := s.Ingest(ctx, files, analytics.IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	// The best score of each game from its Result tag ("57-43-60").
	var scores []int
	err = replay.Run(ctx, files, replay.RunOptions{}, func(g *replay.Game) error {
		result, _ := g.Record.Tag("Result")
		top := 0
		for _, p := range strings.Split(result, "-") {
			n, err := strconv.Atoi(p)
			if err != nil {
				return fmt.Errorf("%s game %d: Result %q", g.File, g.Index, result)
			}
			top = max(top, n)
		}
		scores = append(scores, top)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Ints(scores)
	median := scores[len(scores)/2]
	for _, r := range []string{strconv.Itoa(median) + "-", "-" + strconv.Itoa(median-1)} {
		best = mustRange(r)
		want := 0
		for _, sc := range scores {
			if best.Holds(sc) {
				want++
			}
		}
		f := filter.Filter{}
		if f.IsZero() || f.Describe() != "Only best score "+r {
			t.Errorf("%s: IsZero %v, Describe %q", r, f.IsZero(), f.Describe())
		}
		sqlGames := selectBySQL(t, s, f)
		if got := selectByMatch(t, files, f); !reflect.DeepEqual(got, sqlGames) || len(got) != want || want == 0 || want == len(scores) {
			t.Errorf("best score %s: files give %d games, the database %d, the Result tags %d of %d", r, len(got), len(sqlGames), want, len(scores))
		}
	}
	best = filter.Range{}
	if f := (filter.Filter{}); !f.IsZero() {
		t.Errorf("the zero Filter with the field unset: IsZero false, %q", f.Describe())
	}
}
