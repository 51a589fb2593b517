package format

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/record"
)

const link = "https://www.carcassonnelab.com/#/0/0/qm9V/2111?players=A,B&colors=red,blue"

// TestDetect: each input is recognised by its content, whatever its name;
// the name decides only for a .jcz (a broken save is still a save) and a
// .cgn (a broken record is still CGN).
func TestDetect(t *testing.T) {
	dir := t.TempDir()
	png := "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"
	for _, c := range []struct {
		name, text string
		want       Kind
	}{
		{"game.cgn", "[Players \"A; B\"]\n\n1. A U@1,0r0\n", CGN},
		{"game.txt", "\ufeff{a comment}\n[Players \"A; B\"]\n", CGN},
		{"empty", "", CGN},
		{"save.json", "{\n  \"appVersion\": \"5.7.2\",\n  \"setup\": {}\n}", Save},
		{"broken.jcz", "not a save\n", Save},
		{"log.txt", "{\n  \"status\": 1,\n  \"data\": {}}", TableLog},
		{"log", "[{\"channel\": \"/table/t1\"}]", TableLog},
		{"links.dat", "# our league\n" + link + "\n", LinkList},
		{"links.csv", "Game ID,URL\n1," + link + "\n", LinkList},
		{"commented.txt", "# " + strings.Repeat("a long note ", 1000) + "\n\n" + link + "\n", LinkList},
		{"photo.png", png, Unknown},
		{"photo.jpg.cgn", png, CGN},
		{"other.json", `{"name": "not a game"}`, Unknown},
		{"numbers.json", "[1, 2, 3]", Unknown},
		{"notes.txt", "Club meeting notes\n\nAnna brought snacks.\n", Unknown},
		{"notes.cgn", "\n1. meeting at 8, Anna won\n2. Bruno late\n", Unknown},
		{"snippet.txt", "1. Anna U@1,0r0 +R:WE\n", CGN},
		{"escaped.txt", "% written by hand\n[Players \"A; B\"]\n", CGN},
		{"lowercase.txt", "[players \"A; B\"]\n", CGN},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, c.name)
			if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
				t.Fatal(err)
			}
			k, err := Detect(path)
			if k != c.want {
				t.Errorf("Detect: %v, want %v", k, c.want)
			}
			var nf *NoFormatError
			if (c.want == Unknown) != errors.As(err, &nf) || (c.want != Unknown && err != nil) {
				t.Errorf("Detect: error %v", err)
			}
		})
	}
}

// TestNotesAreNoRecord: a text that is no record (notes, a letter) is
// refused as such before the parser gives an error for each of its
// lines, quoting its first line so that the user sees which file it is.
func TestNotesAreNoRecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(path, []byte("\n  Club meeting notes, 3 March  \nAnna won.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Detect(path)
	want := path + `: no game format: it begins "Club meeting notes, 3 March", which is no CGN record` +
		` (a record begins with tags such as [Players "Anna; Bruno"] and goes on with turns such as 1. Anna U@1,0r0),` +
		` nor a JCloisterZone save, a BoardGameArena table log or CarcassonneLab links`
	if err == nil || err.Error() != want {
		t.Errorf("Detect: %v\nwant %s", err, want)
	}
}

// TestDetectLimits: a file past the limit of its kind, or a link past
// the link's, is refused before any of it is read, naming what is too
// large; a CGN file has no limit of its own.
func TestDetectLimits(t *testing.T) {
	dir := t.TempDir()
	sized := func(name, head string, size int64) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(head), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(path, size); err != nil { // a sparse file: no megabytes written
			t.Fatal(err)
		}
		return path
	}
	log := sized("big.json", "{\"status\": 1, \"data\": {", 16<<20+1)
	save := sized("big.jcz", "{\"appVersion\": \"5.7.2\"", 16<<20+1)
	links := sized("big.txt", link+"\n", 16<<20+1)
	fits := sized("fits.json", "{\"status\": 1, \"data\": {", 16<<20)
	cgn := sized("big.cgn", "[Players \"A\"]\n", 32<<20)
	for _, c := range []struct {
		path, want string
	}{
		{log, log + ": table log larger than 16 MiB (the limit): stopped reading"},
		{save, save + ": save larger than 16 MiB (the limit): stopped reading"},
		{links, links + ": list of links larger than 16 MiB (the limit): stopped reading"},
		{link + strings.Repeat("A", 8<<10), link[:60] + "...: link larger than 8 KiB (the limit): stopped reading"},
		{fits, ""},
		{cgn, ""},
	} {
		_, err := Detect(c.path)
		var tl *record.TooLargeError
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%.80s: %v", c.path, err)
		case c.want != "" && (!errors.As(err, &tl) || err.Error() != c.want):
			t.Errorf("%.80s:\n got %v\nwant %s", c.path, err, c.want)
		}
	}
}

// TestExpand: a directory stands for its .cgn and .jcz files; its other
// files are counted by ending and named in the note; an input named that
// holds no game is refused.
func TestExpand(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"b.cgn": "", "sub/a.jcz": "{}", "log1.json": "{}", "log2.JSON": "{}", "notes.txt": "x", "README": "x", ".hidden": "x",
	} {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	png := filepath.Join(t.TempDir(), "photo.png")
	if err := os.WriteFile(png, []byte("\x89PNG\r\n\x1a\n\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	in := Expand([]string{dir, png, link})
	if want := []string{filepath.Join(dir, "b.cgn"), filepath.Join(dir, "sub/a.jcz"), link}; strings.Join(in.Files, " ") != strings.Join(want, " ") {
		t.Errorf("files %q, want %q", in.Files, want)
	}
	if len(in.Refused) != 1 || in.Refused[0].Error() != (&NoFormatError{Path: png}).Error() {
		t.Errorf("refused %v", in.Refused)
	}
	want := "1 file without an ending skipped (name them to read BoardGameArena table logs), " +
		"2 .json files skipped (name them to read BoardGameArena table logs), 1 .txt file skipped (name them to read CarcassonneLab links)"
	if got := in.SkippedNote(); got != want {
		t.Errorf("note\n got %s\nwant %s", got, want)
	}
}
