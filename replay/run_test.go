package replay

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
)

// writeCorpus writes files×perFile generated games into dir.
func writeCorpus(t testing.TB, dir string, files, perFile int) {
	t.Helper()
	gen := engine.NewGenerator()
	for f := 0; f < files; f++ {
		var buf bytes.Buffer
		for i := 0; i < perFile; i++ {
			rg, err := Generate(gen, engine.GenOptions{Players: 2 + (f+i)%5, Seed: uint64(f*perFile + i)}, nil)
			if err != nil {
				t.Fatal(err)
			}
			record.Format(&buf, rg)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%02d.cgn", f)), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestRunOrderAndValidity(t *testing.T) {
	dir := t.TempDir()
	writeCorpus(t, dir, 5, 7)
	files, err := ExpandPaths([]string{dir})
	if err != nil || len(files) != 5 {
		t.Fatalf("ExpandPaths: %v %v", files, err)
	}
	for _, workers := range []int{1, 2, 7} {
		var got []string
		err := Run(context.Background(), files, RunOptions{Workers: workers}, func(g *Game) error {
			if !g.Valid() {
				t.Errorf("%s: %v", g, g.Diagnostics[0].Error())
			}
			got = append(got, g.String())
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 35 || got[0] != files[0]+" game 1" || got[7] != files[1]+" game 1" || got[34] != files[4]+" game 7" {
			t.Fatalf("workers %d: order %v", workers, got)
		}
	}
}

func TestRunStopsOnEmitError(t *testing.T) {
	dir := t.TempDir()
	writeCorpus(t, dir, 2, 10)
	files, _ := ExpandPaths([]string{dir})
	stop := errors.New("stop")
	n := 0
	err := Run(context.Background(), files, RunOptions{Workers: 2}, func(g *Game) error {
		n++
		if n == 3 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || n != 3 {
		t.Fatalf("err %v after %d games", err, n)
	}
}

func TestExpandPathsMissing(t *testing.T) {
	if _, err := ExpandPaths([]string{"no/such/dir"}); err == nil {
		t.Fatal("missing path accepted")
	}
}

// The sample records of the notation (testdata/cgn, the whole game of
// docs/notation.md among them) are valid games, not just valid notation.
func TestNotationSamplesValidate(t *testing.T) {
	files, err := ExpandPaths([]string{"../testdata/cgn"})
	if err != nil || len(files) == 0 {
		t.Fatalf("samples: %v %v", files, err)
	}
	err = Run(context.Background(), files, RunOptions{}, func(g *Game) error {
		if !g.Valid() {
			t.Errorf("%s: %s", g, g.Diagnostics[0].Error())
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
