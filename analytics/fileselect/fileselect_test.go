package fileselect

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/analytics"
)

// TestFailedKept reads more broken records than analytics.KeptFailed: an
// ingest and a selection of files describe the first KeptFailed, in file
// order, and count them all.
func TestFailedKept(t *testing.T) {
	const n = analytics.KeptFailed + 5
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "[Event \"Broken %d\"]\n[Players \"Anna; Bruno\"]\n[Result \"0-0\"]\n\n1. Anna Q@5,5r0\n\n", i+1)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "broken.cgn")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	check := func(name string, invalid int, failed []analytics.Failed) {
		t.Helper()
		if invalid != n || len(failed) != analytics.KeptFailed {
			t.Fatalf("%s: %d invalid, %d described; want %d, %d", name, invalid, len(failed), n, analytics.KeptFailed)
		}
		for i, f := range failed {
			if f.Index != i+1 || f.Event != fmt.Sprintf("Broken %d", i+1) {
				t.Errorf("%s: failed[%d] is game %d (%q)", name, i, f.Index, f.Event)
			}
		}
	}
	ctx := context.Background()
	s, err := analytics.Open(ctx, filepath.Join(dir, "towerlog.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	st, err := s.Ingest(ctx, []string{path}, analytics.IngestOptions{})
	if err != nil {
		t.Fatal(err)
	}
	check("ingest", st.Invalid, st.Failed)
	sel, err := Select(ctx, []string{path}, Options{}, func(*analytics.Game) error { return nil })
	if err != nil {
		t.Fatalf("select: %v", err)
	}
	check("select", sel.Invalid, sel.Failed)
}
