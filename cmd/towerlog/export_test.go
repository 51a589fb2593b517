package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestExportThenImport(t *testing.T) {
	dir := t.TempDir()
	games := generateFile(t, dir, "g.cgn", 1, "3")
	code, _, errOut := runCLI(t, "export", "--format", "jcz", games)
	if code != exitOK {
		t.Fatalf("export: %d %s", code, errOut)
	}
	save := filepath.Join(dir, "g.jcz")
	if _, err := os.Stat(save); err != nil {
		t.Fatal(err)
	}
	back := filepath.Join(dir, "back.cgn")
	if code, _, errOut := runCLI(t, "import", save, "-o", back); code != exitOK {
		t.Fatalf("import: %d %s", code, errOut)
	}
	if code, _, errOut := runCLI(t, "validate", back); code != exitOK {
		t.Fatalf("validate: %d %s", code, errOut)
	}
	// The outputs were written through temporary files, none left behind.
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if got := strings.Join(names, " "); got != "back.cgn g.cgn g.jcz" {
		t.Errorf("files: %s", got)
	}
}

func TestExportErrors(t *testing.T) {
	dir := t.TempDir()
	two := generateFile(t, dir, "two.cgn", 2, "2")
	diagonal := filepath.Join(dir, "diagonal.cgn")
	if code, _, errOut := runCLI(t, "generate", "--games", "1", "--players", "2", "--rules", "tower range=diagonal", "-o", diagonal); code != 0 {
		t.Fatalf("generate: %s", errOut)
	}
	broken := filepath.Join(dir, "broken.cgn")
	if err := os.WriteFile(broken, []byte("[Players \"Anna; Bob\"]\n\n1. Anna U@1,0r45\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"FormatIsJCZByDefault", []string{"export", "--game", "1", two, "-o", "-"}, exitOK, ""},
		{"OtherFormat", []string{"export", "--format", "bga", two}, exitUsage, `--format "bga": the formats are jcz and carcassonnelab (lab)`},
		{"SeveralGames", []string{"export", "--format", "jcz", two}, exitUsage, two + " holds 2 games: choose one with --game"},
		{"NoSuchGame", []string{"export", "--format", "jcz", "--game", "3", two}, exitUsage, two + " holds 2 games, not 3"},
		{"Rules", []string{"export", "--format", "jcz", diagonal, "-o", "-"}, exitInvalid, `JCloisterZone cannot express range=diagonal`},
		{"Syntax", []string{"export", "--format", "jcz", broken}, exitInvalid, `expected rotation r0, r90, r180 or r270`},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, _, errOut := runCLI(t, c.args...)
			if code != c.code || !strings.Contains(errOut, c.want) {
				t.Fatalf("code %d, stderr %q; want %d and %q", code, errOut, c.code, c.want)
			}
		})
	}
	code, out, _ := runCLI(t, "export", "--format", "jcz", "--game", "2", two, "-o", "-")
	if code != exitOK || !strings.HasPrefix(out, "{\n  \"appVersion\": \"5.7.0\"") {
		t.Fatalf("--game 2 -o -: %d %.80s", code, out)
	}
}

// TestExportWarnsPhantomOntoOnlyTower: Bob's phantom goes onto the tower
// at (0,1) after his monk took the cloister of the tile just placed, the
// only other feature (farmers are off): a tower was the phantom's only
// spot, a step JCloisterZone's releases skip. The save is written (exit
// 0), and standard error names the turn, the player and why.
func TestExportWarnsPhantomOntoOnlyTower(t *testing.T) {
	dir := t.TempDir()
	game := filepath.Join(dir, "x.cgn")
	if err := os.WriteFile(game, []byte(`[Players "Anna:red; Bob:blue"]
[Rules "tower phantom farmers=off"]
[Bag "order T12 B"]
[Result "0-3"]

1. Anna T12@0,1r0 ^0,1
2. Bob B@1,1r0 +M *T@0,1
`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "export", game)
	want := game + ":7:19: turn 2 (Bob): warning: the phantom onto the tower at (0,1) is written as replay[5] DEPLOY_MEEPLE, " +
		"which JCloisterZone releases (5.x) refuse: the tower is the phantom's only spot, and they skip the phantom's step " +
		"when it has no spot on the tile just placed (their PhantomPhase tests those before adding the towers); the rules allow the move\n"
	if code != exitOK || errOut != want {
		t.Fatalf("code %d, stderr\n%q\nwant 0 and\n%q", code, errOut, want)
	}
	if save := filepath.Join(dir, "x.jcz"); out != "wrote "+save+"\n" {
		t.Errorf("stdout %q, want the save written", out)
	}
}

// TestExportImportKeepsTags: a club's record (testdata/cgn/tower-exchange-
// ransom.cgn: Event, Site, Date, Round, Players, Rules, Bag, Result,
// Annotator) exported and imported through files has the same tags.
func TestExportImportKeepsTags(t *testing.T) {
	dir := t.TempDir()
	game := copyFile(t, "../../testdata/cgn/tower-exchange-ransom.cgn", dir)
	if code, _, errOut := runCLI(t, "export", game); code != exitOK {
		t.Fatalf("export: %d %s", code, errOut)
	}
	code, out, errOut := runCLI(t, "import", strings.TrimSuffix(game, ".cgn")+".jcz", "-o", "-")
	if code != exitOK || errOut != "" {
		t.Fatalf("import: %d %s", code, errOut)
	}
	src, err := os.ReadFile(game)
	if err != nil {
		t.Fatal(err)
	}
	tags := func(text string) string {
		head, _, _ := strings.Cut(text, "\n\n")
		return head
	}
	if got, want := tags(out), tags(string(src)); got != want {
		t.Errorf("tags after export and import\n%s\nwant\n%s", got, want)
	}
}
