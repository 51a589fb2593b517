package replay

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// longLineGames are records whose error sits at the end of a line of n
// bytes and more, with the column of the error and the text the carets
// must mark: an empty second name after a first of n characters (an error
// of the tags), and a bad rotation after a comment of n characters (an
// error of the movetext).
func longLineGames(n int) []struct {
	src    string
	col    int
	marked string
} {
	return []struct {
		src    string
		col    int
		marked string
	}{
		// `[Players "` is 10 bytes, then the name, then `:red; ` (6).
		{"[Players \"" + strings.Repeat("L", n) + ":red; :blue\"]\n[Rules \"base\"]\n\n1. X E@0,-1r180\n", n + 17, ":blue"},
		// `{`, the comment, `} 1. Ann E@0,-1` (16 bytes), then the rotation.
		{"[Players \"Ann:red; Bob:blue\"]\n[Rules \"base\"]\n\n{" + strings.Repeat("c", n) + "} 1. Ann E@0,-1r45\n", n + 17, "r45"},
	}
}

// TestLongLineDiagnostics: an error at the end of a line of 4 KiB, 64 KiB
// or 1 MiB is reported once, at its column, and rendered with the carets
// under its token, from the parser's source line (when it kept it) and
// from the file alike.
func TestLongLineDiagnostics(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []int{4 << 10, 64 << 10, 1 << 20} {
		for i, c := range longLineGames(n) {
			t.Run(fmt.Sprintf("%d/%d", n, i), func(t *testing.T) {
				path := filepath.Join(dir, fmt.Sprintf("long-%d-%d.cgn", n, i))
				if err := os.WriteFile(path, []byte(c.src), 0o644); err != nil {
					t.Fatal(err)
				}
				var ds []Diagnostic
				err := Run(context.Background(), []string{path}, RunOptions{Workers: 1}, func(g *Game) error {
					ds = append(ds, g.Diagnostics...)
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
				if len(ds) != 1 || int(ds[0].Pos.Column) != c.col {
					t.Fatalf("diagnostics %v, want one at column %d", ds, c.col)
				}
				if ds[0].Source != "" {
					checkCarets(t, ds[0], c.marked)
				}
				fromFile := ds[0]
				fromFile.Source, fromFile.SourceFrom = "", 0
				fromFile.LoadSource()
				checkCarets(t, fromFile, c.marked)
			})
		}
	}
}

// checkCarets checks that d renders with carets under marked, and under
// nothing else.
func checkCarets(t *testing.T, d Diagnostic, marked string) {
	t.Helper()
	lines := strings.Split(d.Render(), "\n")
	if len(lines) < 3 {
		t.Fatalf("no excerpt:\n%s", d.Render())
	}
	line, marks := lines[1], lines[2]
	at := strings.Index(marks, "^")
	if at < 0 || !strings.HasPrefix(line[at:], marked) || strings.Count(marks, "^") != len(marked) {
		t.Fatalf("carets not under %q:\n%s\n%s", marked, line, marks)
	}
}

// excerptMost is the longest line an excerpt may render: 100 characters of
// at most 4 bytes, and "..." on each side.
const excerptMost = 100*4 + 6

// FuzzLongLine drives the parser, the replay and the renderer with a line
// longer than 4 KiB, its text between head and tail: whatever they hold,
// nothing panics, and every diagnostic renders in a few hundred bytes with
// its excerpt, from the parser's line and from the file.
func FuzzLongLine(f *testing.F) {
	f.Add("[Players \"", byte('L'), uint16(0), ":red; :blue\"]\n")
	f.Add("[Players \"Ann; Bob\"]\n\n{", byte('c'), uint16(900), "} 1. Ann E@0,-1r45\n")
	f.Add("[Players \"Ann; Bob\"]\n\n1. Ann E@0,-1r180 {", byte(0xc3), uint16(7), "\n2. Bob U@9,9r0\n")
	f.Add("[Event \"", byte('"'), uint16(3), "\"]\n")
	f.Fuzz(func(t *testing.T, head string, filler byte, pad uint16, tail string) {
		src := head + strings.Repeat(string(filler), 4097+int(pad)) + tail
		path := filepath.Join(t.TempDir(), "long.cgn")
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		err := Run(context.Background(), []string{path}, RunOptions{Workers: 1}, func(g *Game) error {
			for _, d := range g.Diagnostics {
				checkRender(t, d)
				d.Source, d.SourceFrom = "", 0
				d.LoadSource()
				checkRender(t, d)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}

// checkRender checks that d renders, each line of its excerpt short.
func checkRender(t *testing.T, d Diagnostic) {
	t.Helper()
	lines := strings.Split(d.Render(), "\n")
	for _, l := range lines[1:] {
		if d.Board == "" && len(l) > excerptMost+4 {
			t.Fatalf("an excerpt line of %d bytes:\n%.200s", len(l), l)
		}
	}
}
