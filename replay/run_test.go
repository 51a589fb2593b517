package replay

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
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
			rg, err := generated(gen, engine.GenOptions{Players: 2 + (f+i)%5, Seed: uint64(f*perFile + i)}, nil)
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

// RunSummaries, which replays game after game in each worker's memory,
// gives exactly what fresh replays give: the generated games, the
// annotated corpus and every broken record, on one worker and on several.
func TestRunSummariesSameResults(t *testing.T) {
	dir := t.TempDir()
	writeCorpus(t, dir, 3, 9)
	files, err := ExpandPaths([]string{dir, "../testdata/games", "../testdata/invalid"})
	if err != nil {
		t.Fatal(err)
	}
	digest := func(g *Game) string {
		var b bytes.Buffer
		fmt.Fprintf(&b, "%s valid=%v turns=%d\n", g, g.Valid(), len(g.Turns))
		for _, d := range g.Diagnostics {
			fmt.Fprintf(&b, "%s\n", d.Error())
		}
		for _, tr := range g.Turns {
			fmt.Fprintf(&b, "%+v\n", tr)
		}
		if g.State != nil {
			st, err := json.Marshal(State(g.State, g.Players, len(g.Turns)))
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "%s\n%+v\n", st, g.Events())
		}
		return b.String()
	}
	var want []string
	if err := Run(context.Background(), files, RunOptions{Workers: 1}, func(g *Game) error {
		want = append(want, digest(g))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(want) < 100 {
		t.Fatalf("only %d games", len(want))
	}
	for _, workers := range []int{1, 3} {
		var got []string
		if err := RunSummaries(context.Background(), files, RunOptions{Workers: workers}, digest, func(d string) error {
			got = append(got, d)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("workers %d: %d games, want %d", workers, len(got), len(want))
		}
		for i := range want {
			if got[i] != want[i] {
				gl, wl := strings.Split(got[i], "\n"), strings.Split(want[i], "\n")
				for j := range min(len(gl), len(wl)) {
					if gl[j] != wl[j] {
						t.Fatalf("workers %d, game %d differs with reuse at line %d:\n got %.300s\nwant %.300s", workers, i, j, gl[j], wl[j])
					}
				}
				t.Fatalf("workers %d, game %d differs with reuse in length", workers, i)
			}
		}
	}
}

// TestLoaders: a run reads the formats its loaders name, by file ending
// whatever its case; a loader's diagnostics come after the replay's, with
// the record replayed when there is one.
func TestLoaders(t *testing.T) {
	dir := t.TempDir()
	writeCorpus(t, dir, 1, 1)
	for _, name := range []string{"a.sav", "b.SAV", "c.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cgn := filepath.Join(dir, "f00.cgn")
	var rg *record.Game
	if err := LoadCGN(cgn, func(g *record.Game, _ error) error { rg = g; return nil }); err != nil {
		t.Fatal(err)
	}
	warn := Diagnostic{Code: CodePartialTurn, Severity: Warning, Turn: 3, Player: "Anna", Message: "left out"}
	refuse := Diagnostic{Code: CodeUnsupported, Severity: Error, Message: "not played here"}
	sav := LoaderFunc(func(path string, emit func(*record.Game, error) error) error {
		if strings.HasPrefix(filepath.Base(path), "a") {
			return emit(rg, Diagnostics{warn})
		}
		return emit(nil, Diagnostics{refuse})
	})
	ls := Loaders{".cgn": CGN(), ".sav": sav}
	files, err := ls.ExpandPaths([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, filepath.Base(f))
	}
	if got := strings.Join(names, " "); got != "a.sav b.SAV f00.cgn" {
		t.Fatalf("files %s", got)
	}
	var got []string
	err = Run(context.Background(), files, RunOptions{Workers: 2, Loaders: ls}, func(g *Game) error {
		var codes []string
		for _, d := range g.Diagnostics {
			codes = append(codes, fmt.Sprintf("%s/%d", d.Code, d.Game))
		}
		got = append(got, fmt.Sprintf("%s valid=%v turns=%d %v", filepath.Base(g.File), g.Valid(), len(g.Turns), codes))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("a.sav valid=true turns=%d [partial-turn/1]|b.SAV valid=false turns=0 [unsupported/1]|f00.cgn valid=true turns=%d []", len(rg.Turns), len(rg.Turns))
	if strings.Join(got, "|") != want {
		t.Fatalf("got  %s\nwant %s", strings.Join(got, "|"), want)
	}
}

// TestRunRefusesTooManyWorkers checks that an absurd number of workers is
// an error, not queues sized for them (10,000,000 once ran the runtime
// out of memory).
func TestRunRefusesTooManyWorkers(t *testing.T) {
	dir := t.TempDir()
	writeCorpus(t, dir, 1, 1)
	files, _ := ExpandPaths([]string{dir})
	for _, workers := range []int{MaxWorkers + 1, 10000000} {
		called := false
		err := Run(context.Background(), files, RunOptions{Workers: workers}, func(*Game) error { called = true; return nil })
		want := "replay: " + strconv.Itoa(workers) + " workers asked for, more than the 64 allowed"
		if err == nil || err.Error() != want || called {
			t.Errorf("%d workers: error %v (emitted: %v), want %s", workers, err, called, want)
		}
	}
	if err := Run(context.Background(), files, RunOptions{Workers: MaxWorkers}, func(*Game) error { return nil }); err != nil {
		t.Errorf("%d workers: %v", MaxWorkers, err)
	}
}

// TestAfterTurn checks that the state AfterTurn sees after each turn is
// the one a replay stopped after that turn gives.
func TestAfterTurn(t *testing.T) {
	src, err := os.ReadFile("../testdata/games/duel-discard.cgn")
	if err != nil {
		t.Fatal(err)
	}
	rg, err := record.NewParser().Parse(record.RawGame{Src: src})
	if err != nil {
		t.Fatal(err)
	}
	var seen []int
	g := Replay("duel-discard.cgn", 1, rg, Options{AfterTurn: func(turn *Turn, state *engine.Game) {
		stopped := Replay("duel-discard.cgn", 1, rg, Options{Stop: StopAfter(turn.Number)}).State
		if !reflect.DeepEqual(state.Followers(), stopped.Followers()) || !reflect.DeepEqual(state.Towers(), stopped.Towers()) ||
			!reflect.DeepEqual(state.Scores(), stopped.Scores()) || state.NumTiles() != stopped.NumTiles() {
			t.Errorf("turn %d: the state AfterTurn sees differs from the replay stopped there", turn.Number)
		}
		seen = append(seen, turn.Number)
	}})
	if !g.Valid() || len(seen) != len(g.Turns) || seen[0] != 1 || seen[len(seen)-1] != len(g.Turns) {
		t.Errorf("AfterTurn saw turns %v of %d", seen, len(g.Turns))
	}
}

// TestLoadersNamedOnlyAndAddresses: a directory stands for the files of
// the endings that are not NamedOnly; an address is kept and read by the
// loader of its scheme; LoadGame reads game k in any format.
func TestLoadersNamedOnlyAndAddresses(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a.cgn", "notes.txt", "b.sav"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("[Players \"A; B\"]\n[Result \"*\"]\n\n1. A U@1,0r0\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	saves := LoaderFunc(func(path string, emit func(*record.Game, error) error) error { return LoadCGN(path, emit) })
	link := LoaderFunc(func(path string, emit func(*record.Game, error) error) error {
		rg := &record.Game{}
		rg.SetTag("Players", "A; B")
		rg.SetTag("Result", "*")
		if err := emit(rg, nil); err != nil {
			return err
		}
		return emit(rg, nil)
	})
	ls := Loaders{".cgn": CGN(), ".sav": saves, ".txt": NamedOnly(saves), "https://": link}
	got, err := ls.ExpandPaths([]string{dir, "https://example.com/#/game"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(dir, "a.cgn"), filepath.Join(dir, "b.sav"), "https://example.com/#/game"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("ExpandPaths = %q, want %q", got, want)
	}
	g, err := ls.LoadGame(filepath.Join(dir, "notes.txt"), 1, Options{})
	if err != nil || !g.Valid() || len(g.Turns) != 1 {
		t.Errorf("notes.txt named: %v %v", err, g)
	}
	if g, err := ls.LoadGame("HTTPS://example.com/#/game", 2, Options{}); err != nil || g.Index != 2 {
		t.Errorf("the address's second game: %v %v", err, g)
	}
	_, err = ls.LoadGame("https://example.com/#/game", 3, Options{})
	if err == nil || err.Error() != "https://example.com/#/game has 2 games, not 3" {
		t.Errorf("game 3 of 2: %v", err)
	}
}
