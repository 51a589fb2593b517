package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// cupGame is a game of the "Cup" of one tile (E, a city's end, beside the
// start tile's city): the first player closes a city of two tiles, worth
// 4 to the first player with a follower on it (+C:S) and 0-0 without.
func cupGame(round, first, second, follower, result string) string {
	return "[Event \"Cup\"]\n[Round \"" + round + "\"]\n[Players \"" + first + "; " + second + "\"]\n[Bag \"order E\"]\n" +
		"[Result \"" + result + "\"]\n\n1. " + first + " E@0,-1r180" + follower + "\n"
}

// cupEvent is an event where the old rules of the leaderboard (wins, then
// fewer games) and of the standings (wins, then margin) disagree:
//
//	Anna:   2 games, 2 wins (0-0 twice), margin 0, points 0
//	Chloé:  2 games, 2 wins (0-0 twice), margin 0, points 0
//	Bruno:  3 games, 2 wins (4-0, 4-0, 0-4), margin +4, points 8
//	Dmitri: 3 games, 1 win, margin -4, points 4
//
// By wins then fewer games, Anna is first; by the ranking rule (wins,
// margin, points, name) the order is Bruno, Anna, Chloé, Dmitri. One
// more game, Anna's 4-0 after the first of two tiles (Result "*"), is
// unfinished: counted, it would make Anna first with three wins. Bruno's
// second win, a game of the base rules (not the same game as his first),
// is a complete record tagged "*", which counts as 4-0.
var cupEvent = cupGame("1", "Anna", "Chloé", "", "0-0") + "\n" +
	cupGame("1", "Bruno", "Dmitri", " +C:S", "4-0") + "\n" +
	cupGame("2", "Chloé", "Anna", "", "0-0") + "\n" +
	strings.Replace(cupGame("2", "Bruno", "Dmitri", " +C:S", "*"), "[Bag", "[Rules \"base\"]\n[Bag", 1) + "\n" +
	cupGame("3", "Dmitri", "Bruno", " +C:S", "4-0") + "\n" +
	strings.Replace(cupGame("3", "Anna", "Chloé", " +C:S", "*"), "order E", "order E U", 1)

var cupOrder = []string{"Bruno", "Anna", "Chloé", "Dmitri"}

// ingestCup stores the Cup in a new database and returns its path.
func ingestCup(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "cup.cgn")
	if err := os.WriteFile(file, []byte(cupEvent), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "cup.db")
	if code, _, errOut := runCLI(t, "ingest", "--db", db, file); code != exitOK {
		t.Fatalf("ingest: %d %s", code, errOut)
	}
	return db
}

var tableName = regexp.MustCompile(`<tr><td[^>]*>\d+</td><td[^>]*>([^<]*)</td>`)

// TestOneRanking: the leaderboard, stats, standings and the report's
// standings put the players of the Cup in the same order, the ranking
// rule's.
func TestOneRanking(t *testing.T) {
	for name, got := range rankings(t, ingestCup(t), "Cup") {
		if !slices.Equal(got, cupOrder) {
			t.Errorf("%s: %q, want %q", name, got, cupOrder)
		}
	}
}

// TestUnfinishedRankLast: players whose only games are unfinished come
// after every player with a finished game, even one with no win and a
// negative margin, in every ranking. Eve beats Finn 4-0 (Eve +4, Finn -4);
// Gus and Hana's game stops after one tile of two, with no follower, so
// its 0-0 is no record: by wins, margin, points and name alone, Gus and
// Hana (0, 0, 0) would come before Finn (0, -4, 0).
func TestUnfinishedRankLast(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "open.cgn")
	games := strings.ReplaceAll(cupGame("1", "Eve", "Finn", " +C:S", "4-0")+"\n"+
		strings.Replace(cupGame("1", "Gus", "Hana", "", "*"), "order E", "order E U", 1), "Cup", "Open")
	if err := os.WriteFile(file, []byte(games), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "open.db")
	if code, _, errOut := runCLI(t, "ingest", "--db", db, file); code != exitOK {
		t.Fatalf("ingest: %d %s", code, errOut)
	}
	want := []string{"Eve", "Finn", "Gus", "Hana"}
	for name, got := range rankings(t, db, "Open") {
		if !slices.Equal(got, want) {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
}

// rankings returns the players of event in the order of stats, of
// standings --json, and of the report's leaderboard and standings.
func rankings(t *testing.T, db, event string) map[string][]string {
	t.Helper()
	code, out, errOut := runCLI(t, "stats", "--db", db, "--csv")
	if code != exitOK {
		t.Fatalf("stats: %d %s", code, errOut)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var stats []string
	for _, r := range rows[1:] {
		stats = append(stats, r[1])
	}
	code, out, errOut = runCLI(t, "standings", "--db", db, "--event", event, "--json")
	if code != exitOK {
		t.Fatalf("standings: %d %s", code, errOut)
	}
	var st struct{ Players []struct{ Name string } }
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		t.Fatal(err)
	}
	var standings []string
	for _, p := range st.Players {
		standings = append(standings, p.Name)
	}
	page := filepath.Join(t.TempDir(), "report.html")
	if code, _, errOut := runCLI(t, "report", "--db", db, "--event", event, "-o", page); code != exitOK {
		t.Fatalf("report: %d %s", code, errOut)
	}
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	tableOrder := func(id string) []string {
		html := string(b)
		html = html[strings.Index(html, `id="`+id+`"`):]
		html = html[:strings.Index(html, "</table>")]
		var names []string
		for _, m := range tableName.FindAllStringSubmatch(html, -1) {
			names = append(names, m[1])
		}
		return names
	}
	return map[string][]string{"stats": stats, "standings": standings,
		"leaderboard": tableOrder("leaderboard"), "report's standings": tableOrder("standings")}
}

// TestFinishedByEngine: the Cup's games are finished as the engine
// decides, whatever their Result tags say: Bruno's complete game tagged
// "*" lists 4-0, Anna's game of one tile of two gives nobody a win or a
// place and is counted in its own column.
func TestFinishedByEngine(t *testing.T) {
	db := ingestCup(t)
	code, out, errOut := runCLI(t, "select", "--db", db, "--json")
	if code != exitOK {
		t.Fatalf("select: %d %s", code, errOut)
	}
	var results []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var g struct {
			Round, Result, Winner string
			Finished              bool
			Players               []struct{ Rank int }
		}
		if err := json.Unmarshal([]byte(line), &g); err != nil {
			t.Fatal(err)
		}
		results = append(results, strings.Join([]string{g.Round, g.Result, g.Winner, strconv.FormatBool(g.Finished),
			strconv.Itoa(g.Players[0].Rank), strconv.Itoa(g.Players[1].Rank)}, " "))
	}
	want := []string{"1 0-0  true 1 1", "1 4-0 Bruno true 1 2", "2 0-0  true 1 1", "2 4-0 Bruno true 1 2",
		"3 4-0 Dmitri true 1 2", "3 *  false 0 0"}
	if !slices.Equal(results, want) {
		t.Errorf("select: %q, want %q", results, want)
	}
	code, out, errOut = runCLI(t, "stats", "--db", db, "--json")
	if code != exitOK {
		t.Fatalf("stats: %d %s", code, errOut)
	}
	var figures []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var p struct {
			Name                            string
			Games, Wins, Margin, Unfinished int
			TotalScore                      int `json:"total_score"`
		}
		if err := json.Unmarshal([]byte(line), &p); err != nil {
			t.Fatal(err)
		}
		figures = append(figures, fmt.Sprintf("%s %d %d %+d %d %d", p.Name, p.Games, p.Wins, p.Margin, p.TotalScore, p.Unfinished))
	}
	want = []string{"Bruno 3 2 +4 8 0", "Anna 2 2 +0 0 1", "Chloé 2 2 +0 0 1", "Dmitri 3 1 -4 4 0"}
	if !slices.Equal(figures, want) {
		t.Errorf("stats: %q, want %q", figures, want)
	}
}

// TestResultFilter: --result matches the engine's verdict on the Cup's
// games, in the database and in the files alike.
func TestResultFilter(t *testing.T) {
	db := ingestCup(t)
	file := filepath.Join(t.TempDir(), "cup.cgn")
	if err := os.WriteFile(file, []byte(cupEvent), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ result, rounds string }{
		{"finished", "1 1 2 2 3"},
		{"unfinished", "3"},
		{"4-0", "1 2 3"},
		{"shared", "1 2"},
	} {
		for _, src := range [][]string{{"--db", db}, {file}} {
			args := append([]string{"select", "--json", "--result", c.result}, src...)
			code, out, errOut := runCLI(t, args...)
			if code != exitOK {
				t.Fatalf("%v: %d %s", args, code, errOut)
			}
			var rounds []string
			for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
				var g struct{ Round string }
				if err := json.Unmarshal([]byte(line), &g); err != nil {
					t.Fatal(err)
				}
				rounds = append(rounds, g.Round)
			}
			if got := strings.Join(rounds, " "); got != c.rounds {
				t.Errorf("%v: rounds %s, want %s", args, got, c.rounds)
			}
		}
	}
}

// TestStandingsCSV: standings --csv is one table of the Cup, a row per
// player and round, worked out from cupEvent by hand; --crosstab gives
// the head-to-head.
func TestStandingsCSV(t *testing.T) {
	db := ingestCup(t)
	code, out, errOut := runCLI(t, "standings", "--db", db, "--event", "Cup", "--csv")
	if code != exitOK {
		t.Fatalf("standings: %d %s", code, errOut)
	}
	want := "player,round,place,points,margin\n" +
		"Bruno,1,1,4,4\nBruno,2,1,4,4\nBruno,3,2,0,-4\n" +
		"Anna,1,1,0,0\nAnna,2,1,0,0\nAnna,3,,4,\n" +
		"Chloé,1,1,0,0\nChloé,2,1,0,0\nChloé,3,,0,\n" +
		"Dmitri,1,2,0,-4\nDmitri,2,2,0,-4\nDmitri,3,1,4,4\n"
	if out != want {
		t.Errorf("standings --csv:\n%s\nwant\n%s", out, want)
	}
	code, out, errOut = runCLI(t, "standings", "--db", db, "--event", "Cup", "--csv", "--crosstab")
	if code != exitOK {
		t.Fatalf("standings --crosstab: %d %s", code, errOut)
	}
	// Bruno met Dmitri thrice (ahead twice); Anna and Chloé drew twice
	// and their unfinished game is not counted.
	want = "No.,Player,1,2,3,4\n1,Bruno,×,,,2-1\n2,Anna,,×,0-0-2,\n3,Chloé,,0-0-2,×,\n4,Dmitri,1-2,,,×\n"
	if out != want {
		t.Errorf("standings --csv --crosstab:\n%s\nwant\n%s", out, want)
	}
}

// TestFmtResult: fmt --result writes the final scores into the Result
// tag of complete records tagged "*" or untagged (4-0: the first player
// closes a city of two tiles with a follower on it) and leaves an
// unfinished game's "*" and a given result alone.
func TestFmtResult(t *testing.T) {
	untagged := strings.Replace(cupGame("1", "Bruno", "Dmitri", " +C:S", "*"), "[Result \"*\"]\n", "", 1)
	unfinished := strings.Replace(cupGame("3", "Anna", "Chloé", " +C:S", "*"), "order E", "order E U", 1)
	in := cupGame("2", "Bruno", "Dmitri", " +C:S", "*") + "\n" + untagged + "\n" + unfinished + "\n" +
		cupGame("1", "Anna", "Chloé", "", "0-0")
	code, out, errOut := runCLIWith(t, in, "fmt", "--result")
	if code != exitOK {
		t.Fatalf("fmt --result: %d %s", code, errOut)
	}
	var results []string
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "[Result ") {
			results = append(results, line)
		}
	}
	want := []string{`[Result "4-0"]`, `[Result "4-0"]`, `[Result "*"]`, `[Result "0-0"]`}
	if !slices.Equal(results, want) {
		t.Errorf("fmt --result gives %q, want %q", results, want)
	}
	if code, out, _ := runCLIWith(t, in, "fmt"); code != exitOK || strings.Count(out, `[Result "*"]`) != 2 {
		t.Errorf("fmt without --result changed the Result tags:\n%s", out)
	}
}

// TestFeaturePointsOfFinishedGames: points by feature count the finished
// games, as games and the average score do. In the Cup, Bruno's two wins
// and Dmitri's one each closed a city of two tiles for 4; Anna's 4 for the
// same city in her unfinished game counts nowhere.
func TestFeaturePointsOfFinishedGames(t *testing.T) {
	db := ingestCup(t)
	code, out, errOut := runCLI(t, "stats", "--db", db, "--json")
	if code != exitOK {
		t.Fatalf("stats: %d %s", code, errOut)
	}
	var cities []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var p struct {
			Name   string
			Points map[string]int
		}
		if err := json.Unmarshal([]byte(line), &p); err != nil {
			t.Fatal(err)
		}
		cities = append(cities, fmt.Sprintf("%s %d", p.Name, p.Points["city"]))
	}
	if want := []string{"Bruno 8", "Anna 0", "Chloé 0", "Dmitri 4"}; !slices.Equal(cities, want) {
		t.Errorf("stats' city points: %q, want %q", cities, want)
	}
	b := reportPage(t, "--db", db)
	m := regexp.MustCompile(`id="points-by-feature"[^>]*data-options="([^"]*)"`).FindSubmatch(b)
	if m == nil {
		t.Fatal("the report has no chart of points by feature")
	}
	var chart struct {
		Series []struct {
			Name string
			Data []struct{ Value any }
		}
	}
	if err := json.Unmarshal([]byte(html.UnescapeString(string(m[1]))), &chart); err != nil {
		t.Fatal(err)
	}
	city := 0.0
	for _, s := range chart.Series {
		for _, d := range s.Data {
			if v, ok := d.Value.(float64); ok && s.Name == "city" {
				city += v
			}
		}
	}
	if city != 12 {
		t.Errorf("the report's city points add up to %v, want 12 (Bruno 8, Dmitri 4)", city)
	}
}

// TestCrosstabNeedsCSV: --crosstab goes with --csv only; the table and
// --json, which hold the crosstable already, refuse it alike.
func TestCrosstabNeedsCSV(t *testing.T) {
	db := ingestCup(t)
	for _, form := range [][]string{nil, {"--json"}} {
		args := append([]string{"standings", "--db", db, "--event", "Cup", "--crosstab"}, form...)
		code, out, errOut := runCLI(t, args...)
		want := "towerlog: --crosstab goes with --csv: the table and --json hold the crosstable already\n"
		if code != exitUsage || out != "" || errOut != want {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d, stderr %q", args, code, out, errOut, exitUsage, want)
		}
	}
}

// TestStatsOfBaseGames: the stats table of base games alone has no
// Tower columns; one Tower game in the selection brings them back, and
// --csv always has them.
func TestStatsOfBaseGames(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "base.cgn")
	base := func(round, first, second, follower, result string) string {
		return strings.Replace(cupGame(round, first, second, follower, result), "[Bag", "[Rules \"base\"]\n[Bag", 1)
	}
	games := base("1", "Anna", "Chloé", "", "0-0") + "\n" + base("1", "Bruno", "Dmitri", " +C:S", "4-0")
	if err := os.WriteFile(file, []byte(games), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "base.db")
	if code, _, errOut := runCLI(t, "ingest", "--db", db, file); code != exitOK {
		t.Fatalf("ingest: %d %s", code, errOut)
	}
	baseHead := "# PLAYER GAMES WINS WIN RATE MARGIN AVG SCORE UNFINISHED CITY ROAD CLOISTER FIELD"
	towerHead := baseHead + " CAPTURED LOST OWN BACK RANSOM PAID RANSOM RCVD FLOORS"
	for _, c := range []struct {
		db, want string
		columns  int
	}{{db, baseHead, 12}, {ingestCup(t), towerHead, 18}} {
		code, out, errOut := runCLI(t, "stats", "--wide", "--db", c.db)
		if code != exitOK {
			t.Fatalf("stats: %d %s", code, errOut)
		}
		lines := strings.Split(out, "\n")
		if got := strings.Join(strings.Fields(lines[0]), " "); got != c.want {
			t.Errorf("stats --db %s: header %q, want %q", c.db, got, c.want)
		}
		if got := len(strings.Fields(lines[1])); got != c.columns {
			t.Errorf("stats --db %s: first row %q has %d fields, want %d", c.db, lines[1], got, c.columns)
		}
	}
	code, out, errOut := runCLI(t, "stats", "--db", db, "--csv")
	if code != exitOK {
		t.Fatalf("stats --csv: %d %s", code, errOut)
	}
	if head, _, _ := strings.Cut(out, "\n"); !strings.HasSuffix(head, ",floors_built,luck_games,mean_luck,mean_adjusted_margin") {
		t.Errorf("stats --csv of base games: header %q, want the Tower's columns and luck's too", head)
	}
}
