package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLongLineEveryCommand: a record whose error sits past the first
// 4,096 bytes of its line (a first name of 5,000 characters and an empty
// second one; a comment of 6,000 characters before a bad rotation) is
// invalid input in every command that reads it: exit 1, the error said
// once, at its column.
func TestLongLineEveryCommand(t *testing.T) {
	dir := t.TempDir()
	files := []struct{ name, src, pos, msg string }{
		{"name.cgn", "[Players \"" + strings.Repeat("L", 5000) + ":red; :blue\"]\n[Rules \"base\"]\n\n1. X E@0,-1r180\n",
			"1:5017", `expected player name, found ":blue"`},
		{"comment.cgn", "[Players \"Ann:red; Bob:blue\"]\n[Rules \"base\"]\n\n{" + strings.Repeat("c", 6000) + "} 1. Ann E@0,-1r45\n",
			"4:6017", `expected rotation r0, r90, r180 or r270, found "r45"`},
	}
	for _, f := range files {
		path := filepath.Join(dir, f.name)
		if err := os.WriteFile(path, []byte(f.src), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{
			{"validate", path},
			{"validate", "--lenient", path},
			{"replay", path},
			{"review", path},
			{"ingest", "--db", filepath.Join(t.TempDir(), "t.db"), path},
			{"select", path},
			{"report", "-o", filepath.Join(t.TempDir(), "r.html"), path},
			{"export", path},
		} {
			t.Run(f.name+"/"+strings.Join(args[:len(args)-1], " "), func(t *testing.T) {
				code, out, errOut := runCLI(t, args...)
				all := out + errOut
				if code != exitInvalid || strings.Count(all, f.msg) != 1 || !strings.Contains(all, f.pos) {
					t.Fatalf("code %d, want 1 and %q at %s once:\n%s", code, f.msg, f.pos, all)
				}
			})
		}
	}
}
