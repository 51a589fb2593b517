package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/filter"
	"github.com/towerlog/towerlog/internal/show"
	"github.com/towerlog/towerlog/internal/table"
	"github.com/towerlog/towerlog/record"
)

// standingsEvents are events to compare the standings of by two routes:
// the Cup (an unfinished game, a game of one player), stored in the
// order of its rounds and in reverse, and generated games of several
// rounds with ten games each.
var standingsEvents = []struct {
	name, event string
	db          func(*testing.T) string
}{
	{"Cup", "Cup", ingestCup},
	{"ReversedCup", "Cup", reversedCup},
	{"Generated", "towerlog generated games", generatedEvent},
}

// generatedEvent ingests 30 generated games of 4 players into a new
// database and returns its file.
func generatedEvent(t *testing.T) string {
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

// reversedCup stores the Cup's games last first: in the order of their
// keys, round 3 comes before round 1, which the database must sort.
func reversedCup(t *testing.T) string {
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

// TestStandingsStreamed: the standings command, which reads the players'
// games from the database round by round, writes what the standings
// gathered in memory (Store.EventStandings) render to, in every format,
// on every event of standingsEvents.
func TestStandingsStreamed(t *testing.T) {
	for _, e := range standingsEvents {
		t.Run(e.name, func(t *testing.T) {
			db := e.db(t)
			want := gatheredStandings(t, db, e.event)
			for _, format := range []string{"", "--json", "--csv", "--crosstab"} {
				args := []string{"standings", "--db", db, "--event", e.event}
				switch format {
				case "":
					args = append(args, "--wide")
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

// writeCSVTable writes head and rows as CSV.
func writeCSVTable(w io.Writer, head []string, rows [][]string) error {
	t := table.New(w, table.CSV, table.All, table.Heads(head, nil)...)
	for _, r := range rows {
		t.Row(r...)
	}
	return t.Flush()
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
	head, rows := show.StandingsRows(st)
	if err := writeCSVTable(&b, head, rows); err != nil {
		t.Fatal(err)
	}
	out["--csv"] = b.String()
	b.Reset()
	xhead, xrows := show.Crosstable(st)
	if err := writeCSVTable(&b, xhead, xrows); err != nil {
		t.Fatal(err)
	}
	out["--crosstab"] = b.String()
	b.Reset()
	head, rows = show.StandingsTable(st)
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

var (
	reportTable = regexp.MustCompile(`(?s)<section class="table" id="([^"]+)">.*?<thead>(.*?)</thead>\s*<tbody>(.*?)</tbody>`)
	reportRow   = regexp.MustCompile(`(?s)<tr>(.*?)</tr>`)
	reportCell  = regexp.MustCompile(`(?s)<t[dh][^>]*>(.*?)</t[dh]>`)
)

// reportTables reads the tables of a report page back: by id, the head
// and then the rows, every cell as text.
func reportTables(page string) map[string][][]string {
	tables := map[string][][]string{}
	for _, m := range reportTable.FindAllStringSubmatch(page, -1) {
		for _, row := range reportRow.FindAllStringSubmatch(m[2]+m[3], -1) {
			var cells []string
			for _, c := range reportCell.FindAllStringSubmatch(row[1], -1) {
				cells = append(cells, html.UnescapeString(c[1]))
			}
			tables[m[1]] = append(tables[m[1]], cells)
		}
	}
	return tables
}

// TestReportStandings: the standings and crosstable of report --event
// are those standings --json writes for the event, and those of the
// standings gathered in memory (Store.EventStandings), on every event of
// standingsEvents; the Cup's unfinished game shows as one.
func TestReportStandings(t *testing.T) {
	for _, e := range standingsEvents {
		t.Run(e.name, func(t *testing.T) {
			db := e.db(t)
			page := filepath.Join(t.TempDir(), "report.html")
			if code, _, errOut := runCLI(t, "report", "--db", db, "--event", e.event, "-o", page); code != exitOK {
				t.Fatalf("report: %d %s", code, errOut)
			}
			b, err := os.ReadFile(page)
			if err != nil {
				t.Fatal(err)
			}
			got := reportTables(string(b))
			code, out, errOut := runCLI(t, "standings", "--db", db, "--event", e.event, "--json")
			if code != exitOK {
				t.Fatalf("standings: %d %s", code, errOut)
			}
			var streamed analytics.Standings
			if err := json.Unmarshal([]byte(out), &streamed); err != nil {
				t.Fatal(err)
			}
			s, err := analytics.OpenReadOnly(context.Background(), db)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			gathered, err := s.EventStandings(context.Background(), filter.Filter{Event: e.event})
			if err != nil {
				t.Fatal(err)
			}
			for route, st := range map[string]*analytics.Standings{"standings --json": &streamed, "EventStandings": gathered} {
				head, rows := show.StandingsTable(st)
				if want := append([][]string{head}, rows...); !slices.EqualFunc(got["standings"], want, slices.Equal) {
					t.Errorf("report's standings:\n%q\nwant, as %s gives them:\n%q", got["standings"], route, want)
				}
				head, rows = show.Crosstable(st)
				if want := append([][]string{head}, rows...); !slices.EqualFunc(got["crosstable"], want, slices.Equal) {
					t.Errorf("report's crosstable:\n%q\nwant, as %s gives it:\n%q", got["crosstable"], route, want)
				}
			}
			if e.event == "Cup" && !strings.Contains(fmt.Sprint(got["standings"]), "unfinished") {
				t.Errorf("the Cup's unfinished game is not in the report's standings: %q", got["standings"])
			}
		})
	}
}
