package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/filter"
	"github.com/towerlog/towerlog/record"
)

// TestStandingsStreamed: the standings command, which reads the players'
// games from the database round by round, writes what the standings
// gathered in memory (Store.EventStandings) render to, in every format:
// on the Cup (an unfinished game, a game of one player), stored in the
// order of its rounds and in reverse, and on generated games of several
// rounds with ten games each.
func TestStandingsStreamed(t *testing.T) {
	generated := func(t *testing.T) string {
		dir := t.TempDir()
		file := filepath.Join(dir, "games.cgn")
		if code, _, errOut := runCLI(t, "generate", "--games", "30", "--players", "4", "--seed", "7", "-o", file); code != exitOK {
			t.Fatalf("generate: %d %s", code, errOut)
		}
		db := filepath.Join(dir, "games.db")
		if code, _, errOut := runCLI(t, "ingest", "--db", db, file); code != exitOK {
			t.Fatalf("ingest: %d %s", code, errOut)
		}
		return db
	}
	// reversedCup stores the Cup's games last first: in the order of
	// their keys, round 3 comes before round 1, which the database must
	// sort.
	reversedCup := func(t *testing.T) string {
		var games []string
		sc := record.NewScanner(strings.NewReader(cupEvent), "cup.cgn")
		for sc.ScanRaw() {
			games = append([]string{string(sc.Raw().Src)}, games...)
		}
		if err := sc.Err(); err != nil || len(games) != 6 {
			t.Fatalf("the Cup's games: %d, %v", len(games), err)
		}
		dir := t.TempDir()
		file := filepath.Join(dir, "cup.cgn")
		if err := os.WriteFile(file, []byte(strings.Join(games, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		db := filepath.Join(dir, "cup.db")
		if code, _, errOut := runCLI(t, "ingest", "--db", db, file); code != exitOK {
			t.Fatalf("ingest: %d %s", code, errOut)
		}
		return db
	}
	events := []struct {
		name, event string
		db          func(*testing.T) string
	}{
		{"Cup", "Cup", ingestCup},
		{"ReversedCup", "Cup", reversedCup},
		{"Generated", "towerlog generated games", generated},
	}
	for _, e := range events {
		t.Run(e.name, func(t *testing.T) {
			db := e.db(t)
			want := gatheredStandings(t, db, e.event)
			for _, format := range []string{"", "--json", "--csv", "--crosstab"} {
				args := []string{"standings", "--db", db, "--event", e.event}
				switch format {
				case "--json":
					args = append(args, "--json")
				case "--csv":
					args = append(args, "--csv")
				case "--crosstab":
					args = append(args, "--csv", "--crosstab")
				}
				code, out, errOut := runCLI(t, args...)
				if code != exitOK {
					t.Fatalf("standings %s: %d %s", format, code, errOut)
				}
				if out != want[format] {
					t.Errorf("standings %s:\n%s\nwant\n%s", format, out, want[format])
				}
			}
		})
	}
}

// gatheredStandings renders the standings of event from the standings
// Store.EventStandings holds in memory, by format flag ("" for the
// table).
func gatheredStandings(t *testing.T, db, event string) map[string]string {
	t.Helper()
	ctx := context.Background()
	s, err := analytics.OpenReadOnly(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	st, err := s.EventStandings(ctx, filter.Filter{Event: event})
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Rounds) < 2 {
		t.Fatalf("%d rounds: the event must have several to test their order", len(st.Rounds))
	}
	out := map[string]string{}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(st); err != nil {
		t.Fatal(err)
	}
	out["--json"] = b.String()
	b.Reset()
	head, rows := st.Rows()
	if err := writeCSV(&b, head, rows); err != nil {
		t.Fatal(err)
	}
	out["--csv"] = b.String()
	b.Reset()
	xhead, xrows := st.Crosstable()
	if err := writeCSV(&b, xhead, xrows); err != nil {
		t.Fatal(err)
	}
	out["--crosstab"] = b.String()
	b.Reset()
	head, rows = st.Table()
	right := map[int]bool{0: true}
	for i := len(head) - 4; i < len(head); i++ {
		right[i] = true
	}
	b.WriteString("Standings of " + event + "\n\n")
	if err := writeAligned(&b, head, rows, right); err != nil {
		t.Fatal(err)
	}
	b.WriteString("\nHead to head (games ahead-behind, then level if any)\n\n")
	if err := writeAligned(&b, xhead, xrows, map[int]bool{0: true}); err != nil {
		t.Fatal(err)
	}
	out[""] = b.String()
	return out
}
