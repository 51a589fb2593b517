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
		{"OtherFormat", []string{"export", "--format", "bga", two}, exitUsage, `--format "bga": the only format is jcz`},
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
