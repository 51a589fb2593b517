package replay

import (
	"os"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/record"
)

// TestNotationExamplesAreLegal replays every CGN example of
// docs/notation.md (```cgn and ```cgn-lax blocks) as validate does: each
// must be a legal game. A block marked ```cgn fragment shows a piece of a
// record (a tag, turns from the middle of a game): it must parse without
// error, typed tags included, but is not replayed.
func TestNotationExamplesAreLegal(t *testing.T) {
	data, err := os.ReadFile("../docs/notation.md")
	if err != nil {
		t.Fatal(err)
	}
	games, fragments := 0, 0
	for _, b := range fencedBlocks(string(data)) {
		lang, fragment := strings.CutSuffix(b.info, " fragment")
		if lang != "cgn" && lang != "cgn-lax" {
			continue
		}
		sc := record.NewScanner(strings.NewReader(b.text), "notation.md")
		for i := 1; sc.Scan(); i++ {
			rg := sc.Game()
			if err := sc.Err(); err != nil {
				t.Errorf("block at line %d, game %d: %v", b.line, i, err)
				continue
			}
			if fragment {
				fragments++
				if err := typedTags(rg); err != nil {
					t.Errorf("fragment at line %d: %v", b.line, err)
				}
				continue
			}
			games++
			g := Replay("notation.md", i, rg, Options{})
			for _, d := range g.Diagnostics {
				t.Errorf("block at line %d, game %d: %s", b.line, i, d.Error())
			}
		}
	}
	if games < 4 || fragments < 4 {
		t.Errorf("%d games and %d fragments: the examples were not found", games, fragments)
	}
}

// typedTags reads every typed tag of a game.
func typedTags(g *record.Game) error {
	if _, err := g.Players(); err != nil {
		return err
	}
	if _, err := g.Rules(); err != nil {
		return err
	}
	if _, err := g.Bag(); err != nil {
		return err
	}
	if _, err := g.Start(); err != nil {
		return err
	}
	if _, err := g.Result(); err != nil {
		return err
	}
	_, err := g.Date()
	return err
}

// fencedBlock is a fenced block of a Markdown text: its info string
// ("cgn", "cgn fragment"), the line its text starts on, and its text.
type fencedBlock struct {
	info string
	line int
	text string
}

func fencedBlocks(md string) []fencedBlock {
	var blocks []fencedBlock
	var cur *fencedBlock
	for i, line := range strings.Split(md, "\n") {
		switch {
		case cur == nil && strings.HasPrefix(line, "```"):
			cur = &fencedBlock{info: strings.TrimPrefix(line, "```"), line: i + 2}
		case cur != nil && line == "```":
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			cur.text += line + "\n"
		}
	}
	return blocks
}
