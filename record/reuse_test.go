package record

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// annotated is a game with every kind of node and list the parser makes, so
// that a Parser that parses it and then a plainer game has memory to leak.
const annotated = `[Event "Annotated"]
[Players "Anna; Bob; Carl"]
[Rules "tower"]
[Custom "x\u{e9}\"y"]

{before the first turn} {and a second}
1. Anna !? ~0:05 {head} $Bob $Carl@Bob -W -T05 V@2,-1r90 ! {placed} +C:N ? ~0:07 {follower} =1-2-3 !! {score} (1. Anna U@1,0r0 +M {inner} (1. Anna E@0,1r0 ^1,1 x2,2:F:NL.SR ; deep) {after deep} 2. Bob -X) {after} (1. Anna D@0,0r0 +T@1,1)
{a continuation line}
2. Bob ^3,4 x3,4:T ~0:09 =4-5-6
3. Carl K@1,2r180 +F:I ?? (3. Carl K@1,2r0 (3. Carl K@1,2r270) =7-8-9)
`

// plain has none of that: each list and pointer of annotated must be nil here.
const plain = `[Event "Plain"]
[Players "Anna; Bob; Carl"]

1. Anna V@2,-1r90
2. Bob U@1,0r0 +R:WE =0-0-0
3. Carl E@0,1r0
`

const withErrors = `[Event "Errors"]
[Event "twice"]
1. Anna V@2,-1r45 +C:N
2. Bob U@1,0r0 +Q:WE (2. Bob {open
3. Carl E@0,1r0 =1-x
`

// rawGames splits a CGN text into its games' texts.
func rawGames(t *testing.T, name string, src []byte) []RawGame {
	t.Helper()
	raws, err := scanRaws(name, src)
	if err != nil {
		t.Fatal(err)
	}
	return raws
}

// scanRaws splits a CGN text into its games' texts, or returns the
// Scanner's error.
func scanRaws(name string, src []byte) ([]RawGame, error) {
	sc := NewScanner(bytes.NewReader(src), name)
	var raws []RawGame
	for sc.ScanRaw() {
		raws = append(raws, sc.Raw())
	}
	return raws, sc.Err()
}

// seedTexts returns CGN texts of every shape: the sample files, the
// examples of the notation document and the games above.
func seedTexts(t *testing.T) [][]byte {
	t.Helper()
	texts := [][]byte{[]byte(annotated), []byte(plain), []byte(withErrors), benchFile(3, 120), benchFile4(3)}
	files, _ := filepath.Glob("../testdata/cgn/*.cgn")
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, data)
	}
	if data, err := os.ReadFile("../docs/notation.md"); err == nil {
		for _, block := range strings.Split(string(data), "```")[1:] {
			if rest, ok := strings.CutPrefix(block, "cgn"); ok {
				texts = append(texts, []byte(strings.TrimPrefix(rest, "-lax")))
			}
		}
	}
	return texts
}

// scanAll scans every game of r, formatted, with its errors.
func scanAll(t *testing.T, r io.Reader) (games, errs []string) {
	t.Helper()
	sc := NewScanner(r, "f.cgn")
	for sc.Scan() {
		games = append(games, formatGame(t, sc.Game()))
		errs = append(errs, errString(sc.Err()))
	}
	if sc.Err() != nil {
		t.Fatal(sc.Err())
	}
	return games, errs
}

// TestScanSmallReads checks that where the reads end does not change how a
// file splits into games: the same games and errors come out when the
// reader hands out one byte at a time.
func TestScanSmallReads(t *testing.T) {
	all := bytes.Join(seedTexts(t), []byte("\n"))
	for _, text := range append(seedTexts(t), all) {
		wantGames, wantErrs := scanAll(t, bytes.NewReader(text))
		gotGames, gotErrs := scanAll(t, iotest.OneByteReader(bytes.NewReader(text)))
		if !slices.Equal(gotGames, wantGames) || !slices.Equal(gotErrs, wantErrs) {
			t.Fatalf("one byte at a time:\n got %q\n%q\nwant %q\n%q", gotGames, gotErrs, wantGames, wantErrs)
		}
	}
}

// TestParserMatchesRawParse parses games of every shape one after another
// with one Parser, forwards and backwards, and checks each game and its
// errors against a fresh parse: nothing of an earlier game may show in a
// later one.
func TestParserMatchesRawParse(t *testing.T) {
	var raws []RawGame
	for _, s := range []string{annotated, plain, withErrors, plain, annotated, annotated, "", "% only an escape\n"} {
		raws = append(raws, rawGames(t, "inline.cgn", []byte(s))...)
	}
	for _, text := range seedTexts(t) {
		raws = append(raws, rawGames(t, "seed.cgn", text)...)
	}
	raws = append(raws, RawGame{Filename: "empty.cgn", Src: []byte("\n\n")})

	ps := NewParser()
	for _, raw := range raws {
		checkParser(t, ps, raw)
	}
	for _, raw := range slices.Backward(raws) {
		checkParser(t, ps, raw)
	}
}

// TestParserNameCache checks that a quoted name seen before does not make
// a bare name run on: the second game's player is "Carl", then a comment.
func TestParserNameCache(t *testing.T) {
	ps := NewParser()
	for _, src := range []string{"1. \"Carl; Jr\" U@1,0r0\n", "1. Carl; Jr\n", "1. Carl\n2. \"Carl-Jr\"\n3. Carl-Jr\n4. Carl\n"} {
		checkParser(t, ps, RawGame{Filename: "names.cgn", Src: []byte(src), Line: 1})
	}
}

// checkParser parses raw with ps and checks the game and its errors
// against a fresh parse.
func checkParser(t *testing.T, ps *Parser, raw RawGame) {
	t.Helper()
	want, wantErr := newParser("").parseRaw(raw)
	got, gotErr := ps.Parse(raw)
	if errString(gotErr) != errString(wantErr) {
		t.Fatalf("%s:%d: errors differ:\n got %v\nwant %v", raw.Filename, raw.Line, gotErr, wantErr)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s:%d: games differ:\n got %s\nwant %s", raw.Filename, raw.Line, formatGame(t, got), formatGame(t, want))
	}
}

func formatGame(t *testing.T, g *Game) string {
	if g == nil {
		return "no game"
	}
	return format(t, []*Game{g})
}

// TestParserAllocations checks that a Parser in its steady state allocates
// only the strings it does not intern (tag values and comments).
func TestParserAllocations(t *testing.T) {
	raws := rawGames(t, "bench.cgn", benchFile(2, 80))
	ps := NewParser()
	for _, raw := range raws {
		if _, err := ps.Parse(raw); err != nil {
			t.Fatal(err)
		}
	}
	allocs := testing.AllocsPerRun(20, func() {
		if _, err := ps.Parse(raws[1]); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 6 {
		t.Errorf("%v allocations a game, want at most 6", allocs)
	}
}
