package record

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// addSeeds adds the sample games and the document's examples to a corpus.
func addSeeds(f *testing.F) {
	files, _ := filepath.Glob("../testdata/cgn/*.cgn")
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	if data, err := os.ReadFile("../docs/notation.md"); err == nil {
		for _, block := range strings.Split(string(data), "```") {
			if rest, ok := strings.CutPrefix(block, "cgn"); ok {
				f.Add([]byte(strings.TrimPrefix(rest, "-lax")))
			}
		}
	}
	for _, s := range []string{
		"", "\uFEFF", "[Event \"a\"]\r\n1. Anna\r\n", "1. Anna (1. Bob {x\n[y} (2. C ))",
		"1. Anna ^1,1x2,2:F:NL.SR.WR ~1:00:00.5!? ; c\n% e\n=1-2-3",
		"1. Anna $*Bob V@0,1r0 ^1,1x2,2:*T&*! *M\n2. Bob +C:N *T@1,1 ^2,2",
		`[Players "A\\;B:c\\:d; E"]` + "\n[Rules \" a=b  c \"]\n[Bag \"subset a:1\"]\n[Date \"2026.1.1\"]\n",
	} {
		f.Add([]byte(s))
	}
}

// FuzzParse checks that parsing never panics, that the typed tag accessors
// never panic, and that formatting is stable on everything that parses:
// format(parse(format(parse(y)))) == format(parse(y)).
func FuzzParse(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		games, err := Parse(bytes.NewReader(data), "fuzz.cgn")
		for _, g := range games {
			g.Players()
			g.Rules()
			g.Result()
			g.Bag()
			g.Start()
			g.Date()
		}
		if err != nil {
			return
		}
		var first bytes.Buffer
		if err := FormatFile(&first, games); err != nil {
			t.Fatalf("format: %v", err)
		}
		again, err := Parse(bytes.NewReader(first.Bytes()), "fuzz.cgn")
		if err != nil {
			t.Fatalf("canonical text does not parse: %v\n%q", err, first.String())
		}
		if len(again) != len(games) {
			t.Fatalf("%d games, then %d\n%q", len(games), len(again), first.String())
		}
		var second bytes.Buffer
		if err := FormatFile(&second, again); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first.Bytes(), second.Bytes()) {
			t.Fatalf("not stable:\ninput  %q\nfirst  %q\nsecond %q", data, first.String(), second.String())
		}
	})
}

// FuzzCanonical checks format(parse(x)) == x on canonical text: it formats
// whatever parses, and the result must be a fixed point byte for byte.
func FuzzCanonical(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		games, err := Parse(bytes.NewReader(data), "fuzz.cgn")
		if err != nil {
			return
		}
		var canon bytes.Buffer
		if FormatFile(&canon, games) != nil {
			t.Fatal("format failed")
		}
		if bytes.Equal(canon.Bytes(), data) {
			return // already canonical: the property holds
		}
		x := canon.Bytes()
		games, err = Parse(bytes.NewReader(x), "fuzz.cgn")
		if err != nil {
			t.Fatalf("canonical text does not parse: %v", err)
		}
		var out bytes.Buffer
		FormatFile(&out, games)
		if !bytes.Equal(out.Bytes(), x) {
			t.Fatalf("format(parse(x)) != x\nx   %q\ngot %q", x, out.String())
		}
	})
}

// FuzzSpot checks that every spot ParseSpot accepts prints as a spelling it
// reads back to the same spot.
func FuzzSpot(f *testing.F) {
	for _, s := range []string{"C:N", "R:WE", "F:NL.NR", "F:I", "M", "T", "city:esn", "field:wr.nl", "C:_s"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sp, err := ParseSpot(s)
		if err != nil {
			return
		}
		back, err := ParseSpot(sp.String())
		if err != nil || back != sp {
			t.Fatalf("ParseSpot(%q) = %+v; its spelling %q reads %+v, %v", s, sp, sp.String(), back, err)
		}
	})
}

// FuzzParser checks that a Parser, its memory dirtied by earlier games,
// parses every game as RawGame.Parse does: the same game, the same errors.
func FuzzParser(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		raws := rawGames(t, "fuzz.cgn", data)
		ps := NewParser()
		ps.Parse(RawGame{Filename: "annotated.cgn", Src: []byte(annotated)})
		for _, raw := range slices.Backward(raws) {
			checkParser(t, ps, raw)
		}
		for _, raw := range raws {
			checkParser(t, ps, raw)
		}
	})
}
