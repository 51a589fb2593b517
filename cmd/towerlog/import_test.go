package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// copyFixture copies a save of testdata/jcz into dir.
func copyFixture(t *testing.T, dir, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "jcz", name))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestImportNextToInput(t *testing.T) {
	dir := t.TempDir()
	src := copyFixture(t, dir, "ransom.jcz")
	code, out, errOut := runCLI(t, "import", src)
	if code != exitOK {
		t.Fatalf("import: code %d, stderr %s", code, errOut)
	}
	cgn := filepath.Join(dir, "ransom.cgn")
	if out != "wrote "+cgn+" (from "+src+")\n" {
		t.Errorf("stdout %q", out)
	}
	want, _ := os.ReadFile(filepath.Join("..", "..", "testdata", "jcz", "ransom.cgn"))
	got, err := os.ReadFile(cgn)
	if err != nil || string(got) != string(want) {
		t.Fatalf("ransom.cgn: %v\n%s", err, got)
	}
	if code, _, errOut := runCLI(t, "validate", cgn); code != exitOK {
		t.Fatalf("validate: %d %s", code, errOut)
	}
}

func TestImportAllIntoOneFileWithARefusal(t *testing.T) {
	dir := t.TempDir()
	a := copyFixture(t, dir, "capture.jcz")
	b := copyFixture(t, dir, "exchange.jcz")
	bad := filepath.Join(dir, "old.jcz")
	if err := os.WriteFile(bad, []byte(`{"appVersion": "4.4.1"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "all.cgn")
	code, _, errOut := runCLI(t, "import", a, bad, b, "-o", out)
	if code != exitInvalid {
		t.Fatalf("code %d, want %d", code, exitInvalid)
	}
	wantErr := bad + ": appVersion: version 4.4.1 is older than 5.7, whose save format towerlog reads\ntowerlog: 1 of 3 saves were refused\n"
	if errOut != wantErr {
		t.Errorf("stderr\n%s\nwant\n%s", errOut, wantErr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "[Players "); n != 2 {
		t.Fatalf("%d games in %s", n, out)
	}
	if code, _, errOut := runCLI(t, "validate", out); code != exitOK {
		t.Fatalf("validate: %d %s", code, errOut)
	}
}

func TestImportToStdout(t *testing.T) {
	src := copyFixture(t, t.TempDir(), "tower-floor.jcz")
	code, out, _ := runCLI(t, "import", src, "-o", "-")
	if code != exitOK || !strings.Contains(out, "3. Anna T08@-1,0r180 ^-1,0 =3-2\n") {
		t.Fatalf("code %d, out %s", code, out)
	}
}

func TestImportMissingFile(t *testing.T) {
	code, _, errOut := runCLI(t, "import", filepath.Join(t.TempDir(), "none.jcz"))
	if code != exitUsage || !strings.Contains(errOut, "no such file") {
		t.Fatalf("code %d, stderr %s", code, errOut)
	}
}

// validate and replay read .jcz saves directly.
func TestValidateReadsSaves(t *testing.T) {
	dir := t.TempDir()
	src := copyFixture(t, dir, "exchange.jcz")
	if code, out, errOut := runCLI(t, "validate", dir); code != exitOK || !strings.Contains(out, "1 game, 1 valid") {
		t.Fatalf("validate: %d %s %s", code, out, errOut)
	}
	if code, _, errOut := runCLI(t, "replay", src); code != exitOK {
		t.Fatalf("replay: %d %s", code, errOut)
	}
}
