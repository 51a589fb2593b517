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

// TestFailedKept: of more broken records than it keeps, Select counts
// every one and describes the first analytics.KeptFailed, in file order,
// as an ingest does.
func TestFailedKept(t *testing.T) {
	const n = analytics.KeptFailed + 5
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "[Event \"Broken %d\"]\n[Players \"Anna; Bruno\"]\n[Result \"0-0\"]\n\n1. Anna Q@5,5r0\n\n", i+1)
	}
	path := filepath.Join(t.TempDir(), "broken.cgn")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := Select(context.Background(), []string{path}, Options{}, func(*analytics.Game) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	if st.Invalid != n || len(st.Failed) != analytics.KeptFailed {
		t.Fatalf("%d invalid, %d described; want %d, %d", st.Invalid, len(st.Failed), n, analytics.KeptFailed)
	}
	for i, f := range st.Failed {
		if f.Index != i+1 || f.Event != fmt.Sprintf("Broken %d", i+1) {
			t.Errorf("failed[%d] is game %d (%q)", i, f.Index, f.Event)
		}
	}
}
