package report

import (
	"bytes"
	"context"
	"html"
	"regexp"
	"slices"
	"testing"

	"github.com/towerlog/towerlog/analytics/filter"
)

var (
	standingsHeadRe = regexp.MustCompile(`(?s)<section class="table" id="standings">.*?<thead><tr>(.*?)</tr></thead>`)
	standingsNoteRe = regexp.MustCompile(`(?s)<section class="table" id="standings">\s*<h2>[^<]*</h2>\s*<p class="note">(.*?)</p>`)
	headCellRe      = regexp.MustCompile(`<th[^>]*>(.*?)</th>`)
)

// standingsPage writes the report of event with the standings table
// showing at most rounds rounds, and reads back the table's head, rows
// and note, and the crosstable.
func standingsPage(t *testing.T, f filter.Filter, write func(*bytes.Buffer) error, rounds int) (head []string, rows, cross [][]string, note string) {
	t.Helper()
	defer func(n int) { standingsRounds = n }(standingsRounds)
	standingsRounds = rounds
	var b bytes.Buffer
	if err := write(&b); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	m := standingsHeadRe.FindStringSubmatch(page)
	n := standingsNoteRe.FindStringSubmatch(page)
	if m == nil || n == nil {
		t.Fatalf("the report of %q has no standings table with a note", f.Event)
	}
	for _, c := range headCellRe.FindAllStringSubmatch(m[1], -1) {
		head = append(head, html.UnescapeString(c[1]))
	}
	r := readReport(t, page)
	return head, r.tables["standings"], r.tables["crosstable"], html.UnescapeString(n[1])
}

// TestStandingsRoundCap: the report's standings show a column for the
// last standingsRounds rounds only, say so, and keep every round in the
// totals and the crosstable.
func TestStandingsRoundCap(t *testing.T) {
	ctx := context.Background()
	// Archive gives the games the rounds 1, 2, 3, 1, 2, 3, ... in order:
	// in one file of 60 games, the first event has all three (its
	// uncapped head says so).
	s, _ := ingested(t, generated(t, 60, 1)...)
	k, err := s.KnownNames(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var events []string
	for e := range k.Events {
		events = append(events, e)
	}
	slices.Sort(events)
	f := filter.Filter{Event: events[0]}
	write := func(b *bytes.Buffer) error { return WriteArchive(ctx, b, s, f) }
	fullHead, fullRows, fullCross, fullNote := standingsPage(t, f, write, 50)
	totals := []string{"Games", "Wins", "Margin", "Points"}
	if want := append([]string{"#", "Player", "Round 1", "Round 2", "Round 3"}, totals...); !slices.Equal(fullHead, want) {
		t.Fatalf("the standings of %q: head %q, want %q", f.Event, fullHead, want)
	}
	tests := []struct {
		name   string
		cap    int
		rounds []string // the round columns shown
		note   string   // what the note adds to the uncapped one
	}{
		{"OneRound", 1, []string{"3"}, " The last 1 of 3 rounds are shown, from round 3; the games, wins, margin and points count them all, and towerlog standings --csv lists every round."},
		{"TwoRounds", 2, []string{"2", "3"}, " The last 2 of 3 rounds are shown, from round 2; the games, wins, margin and points count them all, and towerlog standings --csv lists every round."},
		{"AsManyAsRounds", 3, []string{"1", "2", "3"}, ""},
		{"MoreThanRounds", 4, []string{"1", "2", "3"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			head, rows, cross, note := standingsPage(t, f, write, tt.cap)
			want := []string{"#", "Player"}
			for _, r := range tt.rounds {
				want = append(want, "Round "+r)
			}
			if want = append(want, totals...); !slices.Equal(head, want) {
				t.Errorf("head %q, want %q", head, want)
			}
			if note != fullNote+tt.note {
				t.Errorf("note %q, want %q", note, fullNote+tt.note)
			}
			// The rows are the uncapped ones without the first rounds'
			// cells: the rank, name and totals count every round.
			left := 3 - len(tt.rounds)
			if len(rows) != len(fullRows) {
				t.Fatalf("%d rows, want %d", len(rows), len(fullRows))
			}
			for i, row := range rows {
				if want := slices.Delete(slices.Clone(fullRows[i]), 2, 2+left); !slices.Equal(row, want) {
					t.Errorf("row %d: %q, want %q", i, row, want)
				}
			}
			if !slices.EqualFunc(cross, fullCross, slices.Equal) {
				t.Errorf("crosstable %q, want the uncapped %q", cross, fullCross)
			}
		})
	}
}
