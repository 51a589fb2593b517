package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"html"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/format"
	"github.com/towerlog/towerlog/replay"
)

// counted are a player's figures counted from the replayed records.
type counted struct {
	games, wins, scoreSum, margin           int
	points                                  map[string]int
	made, suffered, own, paid, received, fl int
}

// countFromRecords replays the valid games of dir whose Event is event
// and counts every player's figures from the engine's events: the second
// route to the numbers of stats and of the report.
func countFromRecords(t *testing.T, dir, event string) map[string]*counted {
	t.Helper()
	files, err := format.Loaders().ExpandPaths([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*counted{}
	err = replay.Run(context.Background(), files, replay.RunOptions{Loaders: format.Loaders()}, func(g *replay.Game) error {
		if ev, _ := g.Record.Tag("Event"); !g.Valid() || ev != event {
			return nil
		}
		scores := g.State.Scores()
		best := scores[0]
		for _, s := range scores {
			best = max(best, s)
		}
		seat := make([]*counted, len(g.Players))
		for i, p := range g.Players {
			c := out[p.Name]
			if c == nil {
				c = &counted{points: map[string]int{}}
				out[p.Name] = c
			}
			seat[i] = c
			c.games++
			c.scoreSum += scores[i]
			if scores[i] == best {
				c.wins++
			}
			other := -1 << 31
			for j, s := range scores {
				if j != i {
					other = max(other, s)
				}
			}
			if len(scores) > 1 {
				c.margin += scores[i] - other
			}
		}
		for _, e := range g.Events() {
			switch e.Kind {
			case engine.EventScore:
				for i := range seat {
					if e.Scored(i) {
						seat[i].points[e.Feature.String()] += e.Points
					}
				}
			case engine.EventCapture:
				if e.Player == e.Other {
					seat[e.Player].own++
				} else {
					seat[e.Player].made++
					seat[e.Other].suffered++
				}
			case engine.EventRansom:
				seat[e.Player].paid += e.Points
				seat[e.Other].received += e.Points
			case engine.EventFloor:
				seat[e.Player].fl++
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

var leaderboardRow = regexp.MustCompile(`<tr><td>(\d+)</td><td[^>]*>([^<]*)</td><td>(\d+)</td><td>(\d+)</td><td>([^<]*)</td><td>([^<]*)</td><td>([^<]*)</td><td>(\d+)</td><td>(\d+)</td><td>(\d+)</td><td>([^<]*)</td><td>(\d+\??)</td></tr>`)

// TestStatsMatchLeaderboard: for the same database and filters, the CSV
// of stats gives the figures of the report's leaderboard, and both are
// those counted from the replayed records.
func TestStatsMatchLeaderboard(t *testing.T) {
	dir := clubDir(t)
	db := filepath.Join(t.TempDir(), "club.db")
	if code, _, errOut := runCLI(t, "ingest", "--db", db, dir); code != exitInvalid {
		t.Fatalf("ingest: %d %s", code, errOut)
	}
	const event = "Club night"
	want := countFromRecords(t, dir, event)
	if len(want) < 5 {
		t.Fatalf("only %d players at the %s: too few to test", len(want), event)
	}
	code, out, errOut := runCLI(t, "stats", "--db", db, "--event", event, "--csv")
	if code != exitOK {
		t.Fatalf("stats: %d %s", code, errOut)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(want)+1 {
		t.Fatalf("stats: %d rows, want %d players", len(rows)-1, len(want))
	}
	num := func(s string) int {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	flt := func(s string) float64 {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	type shown struct{ games, wins, rate, margin, avg, unfinished, made, suffered, balance string }
	fromCSV := map[string]shown{}
	for _, r := range rows[1:] {
		name := r[1]
		c := want[name]
		if c == nil {
			t.Fatalf("stats names %q, who did not play", name)
		}
		got := []int{num(r[2]), num(r[3]), num(r[5]), num(r[7])}
		for _, v := range r[8:18] {
			got = append(got, num(v))
		}
		// No game of the club is analysed: no luck.
		if luck := strings.Join(r[18:], ","); luck != "0,," {
			t.Errorf("%s: luck %s, want none", name, luck)
		}
		exp := []int{c.games, c.wins, c.margin, 0, c.points["city"], c.points["road"], c.points["cloister"], c.points["field"], c.made, c.suffered, c.own, c.paid, c.received, c.fl}
		if fmt.Sprint(got) != fmt.Sprint(exp) {
			t.Errorf("%s: stats %v, counted %v", name, got, exp)
		}
		if avg := float64(c.scoreSum) / float64(c.games); math.Abs(flt(r[6])-avg) > 1e-9 || math.Abs(flt(r[4])-float64(c.wins)/float64(c.games)) > 1e-9 {
			t.Errorf("%s: win rate %s, average %s; counted %d wins of %d games, average %v", name, r[4], r[6], c.wins, c.games, avg)
		}
		fromCSV[name] = shown{r[2], r[3], fmt.Sprintf("%.0f%%", 100*flt(r[4])), signedText(num(r[5])), fmt.Sprintf("%.1f", flt(r[6])), r[7],
			r[12], r[13], signedText(num(r[16]) - num(r[15]))}
		if r[0] != strconv.Itoa(len(fromCSV)) {
			t.Errorf("%s: rank %s, want %d", name, r[0], len(fromCSV))
		}
	}

	page := filepath.Join(t.TempDir(), "r.html")
	if code, _, errOut := runCLI(t, "report", "--db", db, "--event", event, "-o", page); code != exitOK {
		t.Fatalf("report: %d %s", code, errOut)
	}
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	board := string(b)
	board = board[strings.Index(board, `id="leaderboard"`):]
	board = board[:strings.Index(board, "</table>")]
	found := leaderboardRow.FindAllStringSubmatch(board, -1)
	ratings := ratingsMarked(t, "?", "--db", db, "--event", event)
	if len(found) != len(want) {
		t.Fatalf("the leaderboard has %d rows, want %d", len(found), len(want))
	}
	for i, m := range found {
		if m[1] != strconv.Itoa(i+1) || m[2] != rows[i+1][1] {
			t.Errorf("leaderboard row %d is %s %s, stats rank %s to %s", i+1, m[1], m[2], rows[i+1][0], rows[i+1][1])
		}
		got := shown{m[3], m[4], m[5], html.UnescapeString(m[6]), m[7], m[8], m[9], m[10], html.UnescapeString(m[11])}
		if got != fromCSV[m[2]] {
			t.Errorf("%s: leaderboard %+v, stats %+v", m[2], got, fromCSV[m[2]])
		}
		if m[12] != ratings[m[2]] {
			t.Errorf("%s: rating %s in the leaderboard, %s in stats --rating", m[2], m[12], ratings[m[2]])
		}
	}
}

// ratingsMarked runs stats --rating --csv with args and returns each
// player's rating rounded, followed by mark when it is provisional.
func ratingsMarked(t *testing.T, mark string, args ...string) map[string]string {
	t.Helper()
	code, out, errOut := runCLI(t, append([]string{"stats", "--rating", "--csv"}, args...)...)
	if code != exitOK {
		t.Fatalf("stats --rating: %d %s", code, errOut)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rows[0], []string{"rank", "name", "rating", "deviation", "volatility", "games", "provisional"}) {
		t.Fatalf("stats --rating --csv head %q", rows[0])
	}
	got := map[string]string{}
	for _, r := range rows[1:] {
		v, err := strconv.ParseFloat(r[2], 64)
		if err != nil {
			t.Fatal(err)
		}
		got[r[1]] = fmt.Sprintf("%.0f", v)
		if r[6] == "true" {
			got[r[1]] += mark
		}
	}
	return got
}

func signedText(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// TestStandingsCommand: an event's standings count each player's games
// and wins as the records do, and the report of the event shows them.
func TestStandingsCommand(t *testing.T) {
	dir := clubDir(t)
	db := filepath.Join(t.TempDir(), "club.db")
	if code, _, errOut := runCLI(t, "ingest", "--db", db, dir); code != exitInvalid {
		t.Fatalf("ingest: %d %s", code, errOut)
	}
	const event = "Club night"
	want := countFromRecords(t, dir, event)
	code, out, errOut := runCLI(t, "standings", "--db", db, "--event", event, "--json")
	if code != exitOK {
		t.Fatalf("standings: %d %s", code, errOut)
	}
	var st struct {
		Rounds  []string
		Players []struct {
			Rank        int
			Name        string
			Games, Wins int
			Points      int
			RoundGames  [][]struct{ Place, Score int } `json:"round_games"`
		}
	}
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		t.Fatal(err)
	}
	if len(st.Players) != len(want) || len(st.Rounds) < 2 {
		t.Fatalf("standings of %d players over rounds %q, want %d players", len(st.Players), st.Rounds, len(want))
	}
	for i, p := range st.Players {
		c := want[p.Name]
		games, points := 0, 0
		for _, r := range p.RoundGames {
			for _, g := range r {
				games++
				points += g.Score
			}
		}
		if c == nil || p.Games != c.games || p.Wins != c.wins || p.Points != c.scoreSum || games != c.games || points != c.scoreSum {
			t.Errorf("%s: %+v, counted %+v", p.Name, p, c)
		}
		if i > 0 && p.Wins > st.Players[i-1].Wins {
			t.Errorf("%s ranked below a player of fewer wins", p.Name)
		}
	}
	if code, out, _ := runCLI(t, "standings", "--db", db, "--event", event); code != exitOK || !strings.HasPrefix(out, "Standings of Club night\n\n #  Player") ||
		!strings.Contains(out, "\nHead to head") {
		t.Errorf("standings table:\n%s", out)
	}
	if code, _, errOut := runCLI(t, "standings", "--db", db); code != exitUsage || !strings.Contains(errOut, `standings needs --event: the events of`) {
		t.Errorf("standings without --event: %d %q", code, errOut)
	}
	page := filepath.Join(t.TempDir(), "r.html")
	if code, _, errOut := runCLI(t, "report", "--db", db, "--event", event, "-o", page); code != exitOK {
		t.Fatalf("report: %d %s", code, errOut)
	}
	b, _ := os.ReadFile(page)
	for _, id := range []string{`id="standings"`, `id="crosstable"`, "<td>" + st.Players[0].Name + "</td>"} {
		if !strings.Contains(string(b), id) {
			t.Errorf("the report of the event lacks %s", id)
		}
	}
}

// TestStatsLuck: stats gives each player's luck over the analysed games
// of analytics/testdata/migrate/v14 (two records with luck comments
// written by hand, one without): Léa's mean luck (6.5 − 3.0) / 2 = 1.75
// and mean luck-adjusted margin (14 + 50) / 2 = 32, Magnus's 1.25 and
// −32 (analytics/luck_test.go derives them), in the table and the CSV.
func TestStatsLuck(t *testing.T) {
	db := filepath.Join(t.TempDir(), "luck.db")
	files, err := filepath.Glob(filepath.Join("..", "..", "analytics", "testdata", "migrate", "v14", "*.cgn"))
	if err != nil || len(files) != 3 {
		t.Fatalf("%d files, %v", len(files), err)
	}
	if code, _, errOut := runCLI(t, append([]string{"ingest", "--db", db}, files...)...); code != exitOK {
		t.Fatalf("ingest: %d %s", code, errOut)
	}
	code, out, errOut := runCLI(t, "stats", "--db", db, "--wide")
	if code != exitOK {
		t.Fatalf("stats: %d %s", code, errOut)
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`LUCK GAMES +LUCK +ADJ MARGIN\n`),
		regexp.MustCompile(`\n1 +Léa .* 2 +\+1\.8 +\+32\.0\n`),
		regexp.MustCompile(`\n2 +Magnus .* 2 +\+1\.2 +-32\.0\n`),
	} {
		if !want.MatchString(out) {
			t.Errorf("stats does not match %s:\n%s", want, out)
		}
	}
	code, out, errOut = runCLI(t, "stats", "--db", db, "--csv")
	if code != exitOK {
		t.Fatalf("stats --csv: %d %s", code, errOut)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	n := len(rows[0])
	if got := strings.Join(rows[0][n-3:], ","); got != "luck_games,mean_luck,mean_adjusted_margin" {
		t.Fatalf("CSV ends with %s", got)
	}
	want := map[string]string{"Léa": "2,1.75,32", "Magnus": "2,1.25,-32"}
	for _, r := range rows[1:] {
		if got := strings.Join(r[n-3:], ","); got != want[r[1]] {
			t.Errorf("%s: %s, want %s", r[1], got, want[r[1]])
		}
	}
}
