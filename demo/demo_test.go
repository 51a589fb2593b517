package demo

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestRunReplacesLinks: a demo run again over its directory, where each
// file it writes has been replaced by a symbolic link to a file outside,
// replaces the links with files of its own and leaves the files outside
// as they were.
func TestRunReplacesLinks(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "demo")
	res, err := Run(ctx, dir, Options{Games: 4, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	outside := t.TempDir()
	for _, name := range []string{res.Report, res.GameReport, res.Database, res.Archive} {
		target := filepath.Join(outside, filepath.Base(name))
		if err := os.WriteFile(target, []byte("not the demo's"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.RemoveAll(name); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, name); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Run(ctx, dir, Options{Games: 4, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{res.Report, res.GameReport, res.Database, res.Archive} {
		b, err := os.ReadFile(filepath.Join(outside, filepath.Base(name)))
		if err != nil || string(b) != "not the demo's" {
			t.Errorf("%s: the file a link pointed to was rewritten (%d bytes, %v)", name, len(b), err)
		}
		info, err := os.Lstat(name)
		if err != nil || info.Mode()&os.ModeSymlink != 0 {
			t.Errorf("%s: %v, %v; want the demo's own file", name, info.Mode(), err)
		}
	}
}
