package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/sqltest"
	"github.com/towerlog/towerlog/generate"
	"github.com/towerlog/towerlog/record"

	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// copyFile copies a file of the repository's testdata into dir.
func copyFile(t *testing.T, from, dir string) string {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	to := filepath.Join(dir, filepath.Base(from))
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return to
}

// TestIngestReadsJCZ: ingest reads JCloisterZone saves, named or found in a
// directory, beside CGN files.
func TestIngestReadsJCZ(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "games")
	if err := os.Mkdir(games, 0o755); err != nil {
		t.Fatal(err)
	}
	copyFile(t, "../../testdata/jcz/capture.jcz", games)
	copyFile(t, "../../testdata/jcz/ransom.cgn", games)
	db := filepath.Join(dir, "club.db")
	code, out, errOut := runCLI(t, "ingest", "--db", db, games)
	if want := db + ": 2 added, 0 updated, 0 already present, 0 invalid (2 files)\n"; code != exitOK || out != want {
		t.Fatalf("ingest: code %d, %q %q, want %q", code, out, errOut, want)
	}
	one := copyFile(t, "../../testdata/jcz/exchange.jcz", dir)
	code, out, errOut = runCLI(t, "ingest", "--db", db, one)
	if want := db + ": 1 added, 0 updated, 0 already present, 0 invalid (1 file)\n"; code != exitOK || out != want {
		t.Fatalf("ingest of a named save: code %d, %q %q, want %q", code, out, errOut, want)
	}
}

// snapshot reads every file below dir: path to content.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			files[path+"/"] = ""
			return nil
		}
		b, err := os.ReadFile(path)
		files[path] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestDemoRefusesOtherDirectories: demo writes only into a directory it
// made; a user's folder, even with files named as the demo's, is left
// exactly as it was.
func TestDemoRefusesOtherDirectories(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"towerlog.db": "my database", "archive/2024.cgn": "my games", "notes.txt": "notes"} {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	empty := filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, dir)
	for _, target := range []string{dir, empty, filepath.Join(dir, "notes.txt")} {
		code, out, errOut := runCLI(t, "demo", "--dir", target, "--games", "5")
		want := "towerlog: " + target + " exists and was not made by towerlog demo (it has no .towerlog-demo file): the demo writes only into a new directory or one of an earlier demo; nothing was changed, choose another --dir\n"
		if code != exitUsage || out != "" || errOut != want {
			t.Errorf("demo --dir %s: code %d, %q %q, want %q", target, code, out, errOut, want)
		}
	}
	if after := snapshot(t, dir); !reflect.DeepEqual(before, after) {
		t.Fatalf("demo changed the directory:\nbefore %v\nafter  %v", before, after)
	}
}

// TestReportFilterMatchingNothing: a filter that matches no game is an
// error naming the nearest known names, and no report is written.
func TestReportFilterMatchingNothing(t *testing.T) {
	dir := t.TempDir()
	games := generateFile(t, dir, "games.cgn", 4, "2")
	db := filepath.Join(dir, "club.db")
	if code, _, errOut := runCLI(t, "ingest", "--db", db, games); code != exitOK {
		t.Fatalf("ingest: %d %s", code, errOut)
	}
	out := filepath.Join(dir, "r.html")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--player", "anna"}, `towerlog: no game matches (games of anna): no player is named "anna" (--player); did you mean "Anna"?` + "\n"},
		{[]string{"--player", "Anna", "--captor", "bruno", "--event", "Nowhere"},
			`towerlog: no game matches (games of Anna, event Nowhere, bruno capturing): no player is named "bruno" (--captor); did you mean "Bruno"?; no event is named "Nowhere" (--event)` + "\n"},
		{[]string{"--player", "Anna", "--until", "1999"}, "towerlog: no game matches (games of Anna, until 1999)\n"},
	} {
		code, stdout, errOut := runCLI(t, append([]string{"report", "--db", db, "-o", out}, c.args...)...)
		if code != exitInvalid || stdout != "" || errOut != c.want {
			t.Errorf("report %v: code %d, %q %q, want %q", c.args, code, stdout, errOut, c.want)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a report was written: %v", err)
	}
}

// readGames parses every game of a CGN file.
func readGames(t *testing.T, path string) []*record.Game {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var games []*record.Game
	sc := record.NewScanner(f, path)
	for sc.Scan() {
		games = append(games, sc.Game())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return games
}

// clubDir makes a directory of mixed records: a generated club archive
// in two CGN files, a JCloisterZone save and a record that fails
// validation.
func clubDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "club")
	if _, err := generate.Archive(context.Background(), dir, generate.ArchiveOptions{Games: 60, Files: 2, Seed: 8}); err != nil {
		t.Fatal(err)
	}
	copyFile(t, "../../testdata/jcz/capture.jcz", dir)
	bad := "[Event \"Club night\"]\n[Players \"Anna; Bruno\"]\n[Result \"0-0\"]\n\n1. Anna Q@5,5r0\n"
	if err := os.WriteFile(filepath.Join(dir, "bad.cgn"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestSelectPlayerOfEvent: Anna's games of one event, selected from a
// mixed directory, make a CGN file that validates and holds exactly the
// games whose tags say so (read by the parser alone, not by the filter).
func TestSelectPlayerOfEvent(t *testing.T) {
	dir := clubDir(t)
	var want []string
	for _, name := range []string{"games-001.cgn", "games-002.cgn"} {
		for _, g := range readGames(t, filepath.Join(dir, name)) {
			players, _ := g.Players()
			event, _ := g.Tag("Event")
			for _, p := range players {
				if p.Name == "Anna" && event == "Club night" {
					want = append(want, string(record.AppendGame(nil, g)))
				}
			}
		}
	}
	if len(want) < 2 {
		t.Fatalf("the archive has %d games of Anna at the club night: too few to test", len(want))
	}
	out := filepath.Join(t.TempDir(), "anna.cgn")
	code, stdout, errOut := runCLI(t, "select", "--player", "Anna", "--event", "Club night", dir, "-o", out)
	wantErr := "failed: " + filepath.Join(dir, "bad.cgn") + " game 1: " + filepath.Join(dir, "bad.cgn") +
		":5:9: turn 1 (Anna): tile Q at (5,5) is not next to any tile\n" +
		fmt.Sprintf("%d of 61 games selected; 1 record failed validation\n", len(want))
	if code != exitOK || stdout != "" || errOut != wantErr {
		t.Fatalf("select: code %d, %q\n%s\nwant\n%s", code, stdout, errOut, wantErr)
	}
	var got []string
	for _, g := range readGames(t, out) {
		got = append(got, string(record.AppendGame(nil, g)))
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("selected %d games, want %d", len(got), len(want))
	}
	code, stdout, _ = runCLI(t, "validate", out)
	if code != exitOK || stdout != fmt.Sprintf("%d games, %d valid, 0 invalid\n", len(want), len(want)) {
		t.Errorf("validate of the selection: code %d, %q", code, stdout)
	}

	// The same from the database, as JSON lines and as CSV.
	db := filepath.Join(t.TempDir(), "club.db")
	if code, _, errOut := runCLI(t, "ingest", "--db", db, dir); code != exitInvalid {
		t.Fatalf("ingest: code %d %s", code, errOut)
	}
	code, stdout, errOut = runCLI(t, "select", "--db", db, "--player", "Anna", "--event", "Club night", "--json")
	if code != exitOK || errOut != fmt.Sprintf("%d of 61 stored games selected\n", len(want)) {
		t.Fatalf("select --json: code %d, %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != len(want) {
		t.Fatalf("select --json: %d lines, want %d", len(lines), len(want))
	}
	for i, l := range lines {
		var g struct {
			Event   string
			Players []struct{ Name string }
			Record  string
		}
		if err := json.Unmarshal([]byte(l), &g); err != nil || g.Event != "Club night" || g.Record != want[i] {
			t.Errorf("line %d: %v %+v", i+1, err, g)
		}
	}
	code, stdout, _ = runCLI(t, "select", "--db", db, "--player", "Anna", "--event", "Club night", "--csv")
	rows, err := csv.NewReader(strings.NewReader(stdout)).ReadAll()
	if code != exitOK || err != nil || len(rows) != len(want)+1 || rows[0][4] != "event" || rows[1][4] != "Club night" {
		t.Errorf("select --csv: code %d, %v, %d rows", code, err, len(rows))
	}
}

// TestJCZCopyIsTheSameGame: a game and its JCloisterZone round trip are
// one game: ingest finds it present, select --dedupe keeps one.
func TestJCZCopyIsTheSameGame(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "games")
	if err := os.Mkdir(games, 0o755); err != nil {
		t.Fatal(err)
	}
	cgn := generateFile(t, games, "game.cgn", 1, "3")
	jczFile := filepath.Join(games, "game.jcz")
	if code, _, errOut := runCLI(t, "export", cgn, "-o", jczFile); code != exitOK {
		t.Fatalf("export: %d %s", code, errOut)
	}
	db := filepath.Join(dir, "club.db")
	if code, out, errOut := runCLI(t, "ingest", "--db", db, cgn); code != exitOK || out != db+": 1 added, 0 updated, 0 already present, 0 invalid (1 file)\n" {
		t.Fatalf("ingest: code %d, %q %q", code, out, errOut)
	}
	// The save keeps every tag (Round and Source in its annotations): the
	// same game with the same annotations.
	if code, out, errOut := runCLI(t, "ingest", "--db", db, jczFile); code != exitOK || out != db+": 0 added, 0 updated, 1 already present, 0 invalid (1 file)\n" || errOut != "" {
		t.Fatalf("ingest of the save: code %d, %q %q", code, out, errOut)
	}
	// A copy that spells out the default start tile is the same game.
	text, err := os.ReadFile(cgn)
	if err != nil {
		t.Fatal(err)
	}
	spelt := filepath.Join(dir, "spelt.cgn")
	if err := os.WriteFile(spelt, []byte(strings.Replace(string(text), "[Rules", "[Start \"D@0,0r0\"]\n[Rules", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := runCLI(t, "ingest", "--db", db, spelt); code != exitOK || out != db+": 0 added, 1 updated, 0 already present, 0 invalid (1 file)\n" || errOut != "" {
		t.Fatalf("ingest of the copy with a Start tag: code %d, %q %q", code, out, errOut)
	}
	if code, out, errOut := runCLI(t, "games", "list", "--db", db); code != exitOK || strings.Count(out, "\n") != 2 {
		t.Fatalf("games list: code %d, %q %q; want a heading and one game", code, out, errOut)
	}
	code, out, errOut := runCLI(t, "select", "--dedupe", games)
	if code != exitOK || errOut != "1 of 2 games selected, 1 duplicate dropped\n" || len(readGamesText(t, out)) != 1 {
		t.Fatalf("select --dedupe: code %d, %q", code, errOut)
	}
	code, out, errOut = runCLI(t, "select", games)
	if code != exitOK || errOut != "2 of 2 games selected\n" || len(readGamesText(t, out)) != 2 {
		t.Fatalf("select: code %d, %q", code, errOut)
	}
}

// readGamesText parses every game of a CGN text.
func readGamesText(t *testing.T, text string) []*record.Game {
	t.Helper()
	path := filepath.Join(t.TempDir(), "games.cgn")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return readGames(t, path)
}

// TestFailedRecordsListed: ingest and the report name each record that
// failed validation with its first error.
func TestFailedRecordsListed(t *testing.T) {
	dir := clubDir(t)
	bad := filepath.Join(dir, "bad.cgn")
	first := bad + ":5:9: turn 1 (Anna): tile Q at (5,5) is not next to any tile"
	db := filepath.Join(t.TempDir(), "club.db")
	code, out, errOut := runCLI(t, "ingest", "--db", db, dir)
	wantErr := "failed: " + bad + " game 1: " + first + "\n" +
		"towerlog: 1 game failed validation: see towerlog validate, or towerlog games list --invalid --db " + db + "\n"
	if code != exitInvalid || out != db+": 61 added, 0 updated, 0 already present, 1 invalid (4 files)\n" || errOut != wantErr {
		t.Fatalf("ingest: code %d, %q\n%s\nwant\n%s", code, out, errOut, wantErr)
	}
	b := reportPage(t, "--db", db)
	row := "<td>" + bad + "</td><td>1</td><td>Club night</td><td>Anna; Bruno</td><td>1</td><td>" + first + "</td>"
	page := regexp.MustCompile(`<td [^>]*>`).ReplaceAllString(string(b), "<td>") // a key column's cells carry a class
	if !strings.Contains(page, `id="failed-records"`) || !strings.Contains(page, row) {
		t.Errorf("the report does not list the failed record as\n%s", row)
	}
}

// gamesArchive ingests two games of testdata/jcz and a record that fails
// validation, bad, into the database db, in dir.
func gamesArchive(t *testing.T) (dir, db, bad string) {
	t.Helper()
	dir = t.TempDir()
	for _, n := range []string{"capture", "exchange"} {
		copyFile(t, "../../testdata/jcz/"+n+".cgn", dir)
	}
	bad = filepath.Join(dir, "bad.cgn")
	if err := os.WriteFile(bad, []byte("[Event \"Bad\"]\n[Players \"Anna; Bruno\"]\n[Result \"0-0\"]\n\n1. Anna Q@5,5r0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	db = filepath.Join(dir, "club.db")
	if code, _, errOut := runCLI(t, "ingest", "--db", db, dir); code != exitInvalid {
		t.Fatalf("ingest: %d %s", code, errOut)
	}
	return dir, db, bad
}

// TestGamesCommands lists, shows, reports on and removes stored games.
func TestGamesCommands(t *testing.T) {
	dir, db, bad := gamesArchive(t)
	code, out, errOut := runCLI(t, "games", "list", "--db", db, "--json")
	if code != exitOK {
		t.Fatalf("list: %d %s", code, errOut)
	}
	var failedID string
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("list: %d lines, want 3:\n%s", len(lines), out)
	}
	var last struct{ ID string }
	if err := json.Unmarshal([]byte(lines[2]), &last); err != nil {
		t.Fatal(err)
	}
	failedID = last.ID
	want := "ID            DATE        EVENT                                                   ROUND  PLAYERS      RESULT  VALID\n" +
		"1             2026-11-20  A tower captures a thief                                       Anna, Bob    0-3     yes\n" +
		"2             2026-11-20  Captures on both sides end in an exchange of prisoners         Anna, Bob    0-0     yes\n" +
		failedID + "              Bad                                                            Anna; Bruno          no, 1 error: " +
		bad + ":5:9: turn 1 (Anna): tile Q at (5,5) is not next to any tile\n"
	if code, out, _ := runCLI(t, "games", "list", "--wide", "--db", db); code != exitOK || out != want {
		t.Errorf("list:\n%s\nwant\n%s", out, want)
	}
	if code, out, _ := runCLI(t, "games", "list", "--db", db, "--captures", "2"); code != exitOK || !strings.HasPrefix(out, "ID  DATE") || strings.Count(out, "\n") != 2 {
		t.Errorf("list --captures 2:\n%s", out)
	}

	orig, err := os.ReadFile(filepath.Join(dir, "exchange.cgn"))
	if err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := runCLI(t, "games", "show", "--db", db, "2"); code != exitOK || out != string(canonicalOf(t, string(orig))) {
		t.Errorf("show 2: code %d, %q\n%s", code, errOut, out)
	}
	if code, out, _ := runCLI(t, "games", "show", "--db", db, failedID); code != exitInvalid || !strings.Contains(out, "failed validation") {
		t.Errorf("show of a failed record: code %d, %q", code, out)
	}
	html := filepath.Join(dir, "g.html")
	if code, out, errOut := runCLI(t, "games", "report", "--db", db, "2", "-o", html); code != exitOK || out != "wrote "+html+"\n" {
		t.Errorf("report 2: code %d, %q %q", code, out, errOut)
	}

	// An unknown id removes nothing; then two are removed with their rows.
	if code, _, errOut := runCLI(t, "games", "remove", "--db", db, "1", "99"); code != exitUsage || errOut != "towerlog: no game 99 in the database (see towerlog games list)\n" {
		t.Errorf("remove of an unknown game: code %d, %q", code, errOut)
	}
	code, out, errOut = runCLI(t, "games", "remove", "--db", db, "1", failedID, "1")
	want = "removed game 1 (" + filepath.Join(dir, "capture.cgn") + " game 1: Anna; Bob)\nremoved failed record " + failedID + " (" + bad + " game 1: Anna; Bruno)\n"
	if code != exitOK || out != want {
		t.Errorf("remove: code %d, %q %q, want %q", code, out, errOut, want)
	}
	s, err := analytics.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, table := range []string{"players", "turns", "scores", "captures", "ransoms", "exchanges", "discards"} {
		var n int
		if err := sqltest.Open(t, s.Path()).QueryRow(`SELECT count(*) FROM ` + table + ` WHERE game <> 2`).Scan(&n); err != nil || n != 0 {
			t.Errorf("%s: %d rows of removed games (%v)", table, n, err)
		}
	}
	var games, invalid, diags int
	if err := sqltest.Open(t, s.Path()).QueryRow(`SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM invalid_games), (SELECT count(*) FROM diagnostics)`).Scan(&games, &invalid, &diags); err != nil || games != 1 || invalid != 0 || diags != 0 {
		t.Errorf("after remove: %d games, %d invalid, %d diagnostics (%v)", games, invalid, diags, err)
	}
}

// canonicalOf returns the canonical form of a one-game text.
func canonicalOf(t *testing.T, text string) []byte {
	t.Helper()
	games := readGamesText(t, text)
	if len(games) != 1 {
		t.Fatalf("%d games", len(games))
	}
	return record.AppendGame(nil, games[0])
}

// TestCompletionFromDatabase: the shell completes player names and events
// from the database, and completing never creates one.
func TestCompletionFromDatabase(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"capture", "tower-floor"} {
		copyFile(t, "../../testdata/jcz/"+n+".cgn", dir)
	}
	db := filepath.Join(dir, "club.db")
	if code, _, errOut := runCLI(t, "ingest", "--db", db, dir); code != exitOK {
		t.Fatalf("ingest: %d %s", code, errOut)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"select", "--db", db, "--player", "b"}, "Bob\n:4\n"},
		{[]string{"stats", "--db", db, "--captor", ""}, "Anna\nBob\n:4\n"},
		{[]string{"report", "--db", db, "--event", "A "}, "A first floor with nothing in range\nA tower captures a thief\n:4\n"},
		{[]string{"games", "list", "--db", db, "--event", "a t"}, "A tower captures a thief\n:4\n"},
		{[]string{"standings", "--db", filepath.Join(dir, "none.db"), "--event", ""}, ":4\n"},
	} {
		code, out, _ := runCLI(t, append([]string{"__complete"}, c.args...)...)
		if code != exitOK || out != c.want {
			t.Errorf("complete %q: code %d, %q, want %q", c.args, code, out, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "none.db")); !os.IsNotExist(err) {
		t.Errorf("completion created a database: %v", err)
	}
}

// TestGamesShowKeepsAnnotations ingests a record with comments, clocks
// and nested variations: games show gives it back whole, as fmt writes
// the file.
func TestGamesShowKeepsAnnotations(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("../../testdata/cgn/tower-exchange-ransom.cgn")
	if err != nil {
		t.Fatal(err)
	}
	const turn2 = "2. Bob T09@-1,0r90 +R:SW ~1:30\n"
	if !bytes.Contains(src, []byte(turn2)) {
		t.Fatalf("the record has no line %q", turn2)
	}
	src = bytes.Replace(src, []byte(turn2), []byte("2. Bob T09@-1,0r90 +R:SW ~1:30 "+
		"(2. Bob T09@-1,0r90 ~1:31 {the same tile, said again} (2. Bob T09@-1,0r90 {deeper}))\n"), 1)
	game := filepath.Join(dir, "annotated.cgn")
	if err := os.WriteFile(game, src, 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "club.db")
	if code, _, errOut := runCLI(t, "ingest", "--db", db, game); code != exitOK {
		t.Fatalf("ingest: %d %s", code, errOut)
	}
	code, shown, errOut := runCLI(t, "games", "show", "--db", db, "1")
	if code != exitOK {
		t.Fatalf("games show: %d %s", code, errOut)
	}
	for _, want := range []string{
		"{A short game with a prepared draw order of 18 tiles",
		"1. Anna V@1,0r0 +R:SW ~0:41\n",
		"  (2. Bob T09@-1,0r90 ~1:31 {the same tile, said again}\n",
		"    (2. Bob T09@-1,0r90 {deeper}))\n",
		"{a first floor on Bob's foundation takes his thief}",
	} {
		if !strings.Contains(shown, want) {
			t.Errorf("games show lacks %q:\n%s", want, shown)
		}
	}
	_, formatted, _ := runCLI(t, "fmt", game)
	if shown != formatted {
		t.Errorf("games show:\n%s\nfmt:\n%s", shown, formatted)
	}
}

// TestGamesListWindow: the columns of games list's table are as wide as
// their widest cell among the first listWindow lines, here one; a wider
// cell further down (the second game's event, the failed record's id and
// players) pushes the rest of its line right, and the list is still
// written whole.
func TestGamesListWindow(t *testing.T) {
	defer func(n int) { listWindow = n }(listWindow)
	listWindow = 1
	_, db, bad := gamesArchive(t)
	code, out, errOut := runCLI(t, "games", "list", "--db", db, "--invalid", "--json")
	var failed struct{ ID string }
	if err := json.Unmarshal([]byte(out), &failed); code != exitOK || err != nil || len(failed.ID) != 12 {
		t.Fatalf("list --invalid: %d %q %s (%v)", code, errOut, out, err)
	}
	want := "ID  DATE        EVENT                     ROUND  PLAYERS    RESULT  VALID\n" +
		"1   2026-11-20  A tower captures a thief         Anna, Bob  0-3     yes\n" +
		"2   2026-11-20  Captures on both sides end in an exchange of prisoners         Anna, Bob  0-0     yes\n" +
		failed.ID + "              Bad                              Anna; Bruno          no, 1 error: " +
		bad + ":5:9: turn 1 (Anna): tile Q at (5,5) is not next to any tile\n"
	if code, out, _ := runCLI(t, "games", "list", "--wide", "--db", db); code != exitOK || out != want {
		t.Errorf("list:\n%s\nwant\n%s", out, want)
	}
}
