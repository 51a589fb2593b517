package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// copyBGA copies a file of testdata/bga into dir, as name.
func copyBGA(t *testing.T, dir, src, name string) string {
	t.Helper()
	return copyTestdata(t, dir, filepath.Join("bga", src), name)
}

func TestImportCSVOfLinks(t *testing.T) {
	dir := t.TempDir()
	src := copyBGA(t, dir, "dev-sample.csv", "dev.csv")
	out := filepath.Join(dir, "dev.cgn")
	code, stdout, errOut := runCLI(t, "import", src, "-o", out)
	if code != exitOK {
		t.Fatalf("import: code %d, stderr %s", code, errOut)
	}
	if stdout != "wrote "+out+" (4 games)\n" {
		t.Errorf("stdout %q", stdout)
	}
	if want := src + ": line 5: warning: the game stops after turn 51 with 20 tiles left: imported unfinished\n"; errOut != want {
		t.Errorf("stderr %q, want %q", errOut, want)
	}
	code, stdout, errOut = runCLI(t, "validate", out)
	if code != exitOK || !strings.Contains(stdout, "4 games, 4 valid, 0 invalid") {
		t.Fatalf("validate: %d %s %s", code, stdout, errOut)
	}
}

func TestImportLinkArgument(t *testing.T) {
	link := "https://www.carcassonnelab.com/#/0/0/Ff/2121?players=El%20Tomek,Bo&colors=red,blue"
	code, stdout, errOut := runCLI(t, "import", link)
	if code != exitOK {
		t.Fatalf("import: code %d, stderr %s", code, errOut)
	}
	if !strings.Contains(stdout, "1. \"El Tomek\" U@1,0r180 +R:WE\n") {
		t.Errorf("stdout %s", stdout)
	}
	if errOut != "warning: the game stops after turn 1 with 70 tiles left: imported unfinished\n" {
		t.Errorf("stderr %q", errOut)
	}
}

func TestImportBadLink(t *testing.T) {
	link := "https://www.carcassonnelab.com/#/0/0/F*/2121?players=A,B"
	code, _, errOut := runCLI(t, "import", link)
	if code != exitInvalid {
		t.Fatalf("code %d, want %d", code, exitInvalid)
	}
	want := "character 39: '*' is not a character of the tiles (unreadable)\ntowerlog: 1 of 1 games were refused\n"
	if errOut != want {
		t.Errorf("stderr %q\nwant %q", errOut, want)
	}
}

// The link of the test log's game (BGA table 366166200), as towerlog
// export --format lab writes it; TestLogLinkAndSaveAreOneGame checks it
// imports as the log's game.
const logLink = "https://www.carcassonnelab.com/#/0/0/pmlKyWLeHTDtJKTCifNFZ0U4MZOhkjYnIYDrXaLl6LzSzPsnkC9IbHR/12Z213b2212222c132Z133a014a2223024Z015c025a0231122s1324025r042103141331013301440411035t1434035Z026q124s026Z021L327t122K037r531L1342141J017a018Z319b128b0443038a039a023c02420451129c1122028r234r336Z323J02511261032q044q033q0164247r036r0151045Z048Z026J034a142H249b029q051J042t059a238t02Aq3?players=KokiYamaguchi,Kithara&colors=yellow,black"

// TestEveryCommandReadsBGA: a log without a file ending, a CSV of links
// and a link on the command line are read by validate, replay, review,
// select and report, recognised by their content.
func TestEveryCommandReadsBGA(t *testing.T) {
	dir := t.TempDir()
	log := copyBGA(t, dir, "366166200.json", "table-366166200")
	csv := copyBGA(t, dir, "dev-sample.csv", "games.csv")
	code, out, errOut := runCLI(t, "validate", log, csv, logLink)
	if code != exitOK || !strings.HasSuffix(out, "6 games, 6 valid, 0 invalid\n") {
		t.Errorf("validate: %d\n%s%s", code, out, errOut)
	}
	if want := csv + ": warning: line 5: the game stops after turn 51 with 20 tiles left: imported unfinished\n"; !strings.HasPrefix(out, want) {
		t.Errorf("validate: %s\nwant the warning %s", out, want)
	}
	code, out, errOut = runCLI(t, "replay", log, "--turn", "1")
	if code != exitOK || !strings.HasPrefix(out, log+" game 1, after turn 1 of 71:") {
		t.Errorf("replay: %d %s %s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, "replay", csv, "--game", "4", "--json")
	if code != exitOK || !strings.Contains(out, `"name": "FauBaRR"`) {
		t.Errorf("replay --game 4: %d %s", code, errOut)
	}
	code, out, errOut = runCLI(t, "select", csv, "--player", "FauBaRR")
	if code != exitOK || !strings.Contains(out, `[Site "BoardGameArena table 914211341"]`) || errOut != "1 of 4 games selected\n" {
		t.Errorf("select: %d %s %q", code, out, errOut)
	}
	code, out, errOut = runCLI(t, "review", "https://www.carcassonnelab.com/#/0/0/Ff/2121?players=El%20Tomek,Bo&colors=red,blue", "--rollouts", "1", "--json")
	if code != exitOK || !strings.Contains(out, `"turn":1`) {
		t.Errorf("review of a link: %d %s %s", code, out, errOut)
	}
	html := filepath.Join(dir, "game.html")
	code, _, errOut = runCLI(t, "report", log, "-o", html)
	if code != exitOK {
		t.Fatalf("report: %d %s", code, errOut)
	}
	page, _ := os.ReadFile(html)
	want := `<a href="` + strings.ReplaceAll(logLink, "&", "&amp;") + `" rel="noopener noreferrer">Open in CarcassonneLab</a>`
	if !strings.Contains(string(page), want) {
		t.Errorf("the report does not link to the game on CarcassonneLab: %s", want)
	}
}

// TestReportOfASave: report reads a JCloisterZone save as the other
// commands do (it read every file as CGN).
func TestReportOfASave(t *testing.T) {
	dir := t.TempDir()
	src := copyFixture(t, dir, "ransom.jcz")
	html := filepath.Join(dir, "game.html")
	code, out, errOut := runCLI(t, "report", src, "-o", html)
	if code != exitOK || out != "wrote "+html+"\n" {
		t.Fatalf("report: %d %s %s", code, out, errOut)
	}
	page, _ := os.ReadFile(html)
	if strings.Contains(string(page), "Open in CarcassonneLab") {
		t.Error("a Tower game links to CarcassonneLab")
	}
}

// TestLogLinkAndSaveAreOneGame: a table imported from its log, from its
// link, from its CGN and from a JCloisterZone round trip is stored once.
func TestLogLinkAndSaveAreOneGame(t *testing.T) {
	dir := t.TempDir()
	log := copyBGA(t, dir, "366166200.json", "366166200.json")
	cgn := filepath.Join(dir, "game.cgn")
	if code, _, errOut := runCLI(t, "import", log, "-o", cgn); code != exitOK {
		t.Fatalf("import: %s", errOut)
	}
	code, out, errOut := runCLI(t, "export", "--format", "lab", cgn)
	if code != exitOK || out != logLink+"\n" {
		t.Fatalf("export --format lab: %d\n%s\nwant\n%s\n%s", code, out, logLink, errOut)
	}
	jczFile := filepath.Join(dir, "game.jcz")
	if code, _, errOut := runCLI(t, "export", cgn, "-o", jczFile); code != exitOK {
		t.Fatalf("export: %s", errOut)
	}
	db := filepath.Join(dir, "t.db")
	code, out, errOut = runCLI(t, "ingest", "--db", db, log, logLink, cgn, jczFile)
	if want := db + ": 1 added, 0 updated, 3 already present, 0 invalid (4 files)\n"; code != exitOK || out != want {
		t.Fatalf("ingest: %d %s %s", code, out, errOut)
	}
	code, out, _ = runCLI(t, "games", "list", "--db", db)
	if code != exitOK || strings.Count(out, "\n") != 2 || !strings.Contains(out, "96-70") {
		t.Errorf("games list:\n%s", out)
	}
	pq := filepath.Join(dir, "tables")
	code, out, errOut = runCLI(t, "ingest", "--format", "parquet", "-o", pq, "--shard", "s", log, logLink)
	if want := pq + ": shard s: 1 games, 1 repeated, 0 invalid (2 files), "; code != exitOK || !strings.HasPrefix(out, want) {
		t.Errorf("ingest --format parquet: %d %q %s\nwant %q", code, out, errOut, want)
	}
}

func TestExportLinkRefusesTower(t *testing.T) {
	dir := t.TempDir()
	src := copyFixture(t, dir, "ransom.jcz")
	cgn := filepath.Join(dir, "ransom.cgn")
	if code, _, errOut := runCLI(t, "import", src, "-o", cgn); code != exitOK {
		t.Fatal(errOut)
	}
	code, _, errOut := runCLI(t, "export", "--format", "carcassonnelab", cgn)
	if want := "towerlog: " + cgn + ": a game with The Tower: CarcassonneLab shows the base game only\n"; code != exitInvalid || errOut != want {
		t.Errorf("code %d, stderr %q\nwant %q", code, errOut, want)
	}
}

// TestImportNothingWritesNothing: a list whose only link is refused
// makes no output file.
func TestImportNothingWritesNothing(t *testing.T) {
	dir := t.TempDir()
	list := filepath.Join(dir, "links.txt")
	if err := os.WriteFile(list, []byte("https://www.carcassonnelab.com/#/0/0/F*/2121?players=A,B\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "import", list)
	want := list + ": line 1, character 39: '*' is not a character of the tiles (unreadable)\ntowerlog: 1 of 1 games were refused\n"
	if code != exitInvalid || out != "" || errOut != want {
		t.Errorf("code %d, stdout %q, stderr %q\nwant %q", code, out, errOut, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "links.cgn")); err == nil {
		t.Error("links.cgn written without a game")
	}
}
