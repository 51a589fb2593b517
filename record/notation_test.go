package record

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// docBlock is a fenced block of docs/notation.md.
type docBlock struct {
	lang string
	line int
	text string
}

func docBlocks(t *testing.T) []docBlock {
	t.Helper()
	data, err := os.ReadFile("../docs/notation.md")
	if err != nil {
		t.Fatal(err)
	}
	var blocks []docBlock
	var cur *docBlock
	for i, line := range strings.Split(string(data), "\n") {
		switch {
		case cur == nil && strings.HasPrefix(line, "```"):
			cur = &docBlock{lang: strings.TrimPrefix(line, "```"), line: i + 2}
		case cur != nil && line == "```":
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			cur.text += line + "\n"
		}
	}
	return blocks
}

func format(t *testing.T, games []*Game) string {
	t.Helper()
	var b bytes.Buffer
	if err := FormatFile(&b, games); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestNotationExamples parses every cgn example of docs/notation.md: canonical
// blocks (fragments of records too, "cgn fragment") must format to
// themselves, lax blocks must parse and format to the canonical block that
// follows them. replay's TestNotationExamplesAreLegal replays them.
func TestNotationExamples(t *testing.T) {
	blocks := docBlocks(t)
	for i := range blocks {
		blocks[i].lang = strings.TrimSuffix(blocks[i].lang, " fragment")
	}
	n := 0
	for i, b := range blocks {
		if b.lang != "cgn" && b.lang != "cgn-lax" {
			continue
		}
		n++
		games, err := Parse(strings.NewReader(b.text), "notation.md")
		if err != nil {
			t.Errorf("block at line %d: %v", b.line, err)
			continue
		}
		got := format(t, games)
		switch {
		case b.lang == "cgn" && got != b.text:
			t.Errorf("block at line %d is not canonical:\n got: %q\nwant: %q", b.line, got, b.text)
		case b.lang == "cgn-lax" && (i+1 >= len(blocks) || blocks[i+1].lang != "cgn"):
			t.Errorf("lax block at line %d is not followed by its canonical form", b.line)
		case b.lang == "cgn-lax" && got != blocks[i+1].text:
			t.Errorf("lax block at line %d formats as\n%s\nnot as\n%s", b.line, got, blocks[i+1].text)
		}
	}
	if n < 8 {
		t.Errorf("found only %d cgn examples", n)
	}
}

// TestNotationFullGame checks that the whole game of the document is the
// sample file testdata/cgn/tower-exchange-ransom.cgn.
func TestNotationFullGame(t *testing.T) {
	data, err := os.ReadFile("../testdata/cgn/tower-exchange-ransom.cgn")
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range docBlocks(t) {
		if b.text == string(data) {
			return
		}
	}
	t.Error("docs/notation.md does not show testdata/cgn/tower-exchange-ransom.cgn")
}

// TestSampleGames parses testdata/cgn: every file must parse without errors,
// files other than lax-*.cgn must be canonical, and lax ones must format to
// a canonical text.
func TestSampleGames(t *testing.T) {
	files, err := filepath.Glob("../testdata/cgn/*.cgn")
	if err != nil || len(files) < 3 {
		t.Fatalf("%d sample files, %v", len(files), err)
	}
	for _, name := range files {
		t.Run(filepath.Base(name), func(t *testing.T) {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			games, err := Parse(bytes.NewReader(data), name)
			if err != nil {
				t.Fatal(err)
			}
			got := format(t, games)
			if strings.HasPrefix(filepath.Base(name), "lax-") {
				again, err := Parse(strings.NewReader(got), name)
				if err != nil || format(t, again) != got {
					t.Errorf("formatted text is not canonical (%v):\n%s", err, got)
				}
				return
			}
			if got != string(data) {
				t.Errorf("not canonical; canonical form:\n%s", got)
			}
		})
	}
}
