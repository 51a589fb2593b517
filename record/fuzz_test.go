package record

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
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
	// The hostile shapes, small.
	for _, s := range []string{unclosedVariations(70), manyTags(40), nestedVariations(70), unclosedComment(3), siblingVariations(20), longVariation(20)} {
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

// FuzzCanonical checks the canonical form of whatever parses: it is
// canonical input, which parses without error and formats back to itself
// byte for byte, and it means what the input meant: the same games with
// the same tags and moves.
func FuzzCanonical(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		games, err := Parse(bytes.NewReader(data), "fuzz.cgn")
		if err != nil {
			return // only what parses has a canonical form
		}
		var canon bytes.Buffer
		if err := FormatFile(&canon, games); err != nil {
			t.Fatalf("format: %v", err)
		}
		x := canon.Bytes()
		again, err := Parse(bytes.NewReader(x), "fuzz.cgn")
		if err != nil {
			t.Fatalf("canonical text does not parse: %v\n%q", err, x)
		}
		var out bytes.Buffer
		if err := FormatFile(&out, again); err != nil {
			t.Fatalf("format of canonical text: %v", err)
		}
		if !bytes.Equal(out.Bytes(), x) {
			t.Fatalf("format(parse(x)) != x\nx   %q\ngot %q", x, out.String())
		}
		if a, b := meaning(games), meaning(again); a != b {
			t.Fatalf("the canonical form changes the games\ninput %q\nwas   %s\nnow   %s", data, a, b)
		}
	})
}

// meaning sums up what games say, positions and spelling aside: each
// game's tags (sorted; a typed value in its canonical spelling, which
// TestTags checks against values written by hand) and each turn's number,
// player, discards, ransoms, placement, action and declared scores.
func meaning(games []*Game) string {
	var b strings.Builder
	for _, g := range games {
		var tags []string
		for _, tg := range g.Tags {
			tags = append(tags, tg.Name+"="+canonicalValue(tg))
		}
		sort.Strings(tags)
		fmt.Fprintf(&b, "game %q:", tags)
		for _, tn := range g.Turns {
			fmt.Fprintf(&b, " %d %s d%d r%d", tn.Number, tn.Player.Text, len(tn.Discards), len(tn.Ransoms))
			if p := tn.Placement; p != nil {
				fmt.Fprintf(&b, " %s@%d,%dr%d", p.Tile, p.X, p.Y, p.Rotation)
			}
			if tn.Action != nil {
				fmt.Fprintf(&b, " %T", tn.Action)
			}
			if tn.Score != nil {
				fmt.Fprintf(&b, " =%v", tn.Score.Points)
			}
			b.WriteString(";")
		}
		b.WriteString("\n")
	}
	return b.String()
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
// An input that is no text at all (a NUL byte, say) the Scanner refuses
// whole, with a *SyntaxError and no game: there is nothing to compare.
func FuzzParser(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		raws, err := scanRaws("fuzz.cgn", data)
		var se *SyntaxError
		switch {
		case errors.As(err, &se) && len(raws) == 0:
			return
		case err != nil:
			t.Fatal(err)
		}
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
