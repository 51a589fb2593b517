package replay

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/record"
)

// The corpus lives at the top of the repository: testdata/games holds
// complete annotated games, each with the JSON of its final state beside
// it; testdata/invalid holds broken records, each with the diagnostic it
// must give written as a marker next to the bad element (see
// testdata/invalid/README.md).
const (
	corpusGames   = "../testdata/games"
	corpusInvalid = "../testdata/invalid"
)

// The -update flag rewrites the golden files.
var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// replayCorpusFile replays every game of a corpus file as validate does.
func replayCorpusFile(t *testing.T, path string) []*Game {
	t.Helper()
	var games []*Game
	err := LoadCGN(path, func(rg *record.Game, syntax error) error {
		games = append(games, ReplayParsed(path, len(games)+1, rg, syntax, Options{}))
		return nil
	})
	if err != nil {
		t.Fatalf("reading %s: %v", path, err)
	}
	return games
}

func corpusFiles(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.cgn"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no games in %s: %v", dir, err)
	}
	return files
}

// TestCorpusGames replays every complete game of testdata/games: each must
// be valid and finished, and its final state must equal the golden JSON
// next to it (rewritten with -update).
func TestCorpusGames(t *testing.T) {
	for _, path := range corpusFiles(t, corpusGames) {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			games := replayCorpusFile(t, path)
			if len(games) != 1 {
				t.Fatalf("%d games in the file, want 1", len(games))
			}
			g := games[0]
			for i := range g.Diagnostics {
				t.Errorf("%s", g.Diagnostics[i].Error())
			}
			if g.State == nil || !g.State.Over() {
				t.Fatalf("the game is not finished")
			}
			got, err := json.MarshalIndent(State(g.State, g.Players, len(g.Turns)), "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			golden := strings.TrimSuffix(path, ".cgn") + ".json"
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./replay -run Corpus -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("final state differs from %s:\n%s", golden, firstDiff(string(want), string(got)))
			}
		})
	}
}

// firstDiff shows the first line where two texts differ.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d:\n  want %s\n  got  %s", i+1, wl, gl)
		}
	}
	return "(no difference)"
}

// A marker is the diagnostic an invalid record must give, as written in
// the record:
//
//  7. Anna V@2,-1r45 {ERROR syntax: expected rotation r0, r90, r180 or r270, found "r45"}
//
// marks the element just before it on its line, and
//
//	% ERROR players: player "Anna" is named twice
//	[Players "Anna; Anna"]
//
// marks the next line that is not an escape line (a tag, for errors of the
// header or of the whole game).
type marker struct {
	code, message string
	line          int
	// cols are the columns the diagnostic may point at: the start of the
	// marked element and of the names in it (a turn head "12. Anna" has its
	// number and its player, a ransom "$Carl@Bob" its two names); for a
	// syntax error, any column inside the element; for a % marker, any
	// column of the marked line.
	cols        []int
	first, last int // with syntax: the element's columns, first to last
}

var (
	braceMarker   = regexp.MustCompile(`\{ERROR ([a-z-]+): ((?:[^}\\]|\\.)*)\}`)
	percentMarker = regexp.MustCompile(`^% ERROR ([a-z-]+): (.*)$`)
	turnNumber    = regexp.MustCompile(`^\d+\.\s*$`)
)

// readMarkers finds the markers of a file in order.
func readMarkers(t *testing.T, path string) []marker {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	var ms []marker
	for i, l := range lines {
		if m := percentMarker.FindStringSubmatch(l); m != nil {
			next := i + 1
			for next < len(lines) && strings.HasPrefix(lines[next], "%") {
				next++
			}
			if next == len(lines) {
				t.Fatalf("line %d: a %% marker needs a line below it", i+1)
			}
			ms = append(ms, marker{code: m[1], message: m[2], line: next + 1, first: 1, last: len(lines[next]) + 1})
			continue
		}
		for _, loc := range braceMarker.FindAllStringSubmatchIndex(l, -1) {
			ms = append(ms, elementBefore(l, loc[0], marker{
				code: l[loc[2]:loc[3]], message: unescapeComment(l[loc[4]:loc[5]]), line: i + 1,
			}))
		}
	}
	return ms
}

// elementBefore fills the columns of the element that ends before the
// marker at byte end of line l: the last token before it, together with
// the turn number before it when that token is a turn's player.
func elementBefore(l string, end int, m marker) marker {
	before := strings.TrimRight(l[:end], " \t")
	start := strings.LastIndexAny(before, " \t") + 1
	m.cols = []int{start + 1}
	m.first, m.last = start+1, len(before)
	if tok := before[start:]; strings.HasPrefix(tok, "$") {
		// A ransom names players: a diagnostic about a name points at it.
		m.cols = append(m.cols, start+2)
		if at := strings.LastIndex(tok, "@"); at > 0 {
			m.cols = append(m.cols, start+at+2)
		}
	}
	head := before[:start]
	if num := strings.TrimLeft(head, " \t("); turnNumber.MatchString(num) {
		lead := len(head) - len(num)
		m.cols = append([]int{lead + 1}, m.cols...)
		m.first = lead + 1
	}
	return m
}

func unescapeComment(s string) string {
	r := strings.NewReplacer(`\}`, `}`, `\\`, `\`, `\[`, `[`)
	return r.Replace(s)
}

func (m marker) accepts(d Diagnostic) bool {
	if d.Code != m.code || d.Message != m.message || int(d.Pos.Line) != m.line {
		return false
	}
	if m.cols == nil || d.Code == CodeSyntax {
		return m.first <= int(d.Pos.Column) && int(d.Pos.Column) <= m.last
	}
	for _, c := range m.cols {
		if int(d.Pos.Column) == c {
			return true
		}
	}
	return false
}

func (m marker) String() string {
	where := fmt.Sprintf("%d:%d", m.line, m.first)
	if m.cols != nil {
		where = fmt.Sprintf("%d:%v", m.line, m.cols)
	}
	return fmt.Sprintf("%s: %s: %s", where, m.code, m.message)
}

// TestCorpusInvalid replays every broken record of testdata/invalid: each
// game must be invalid, and its first error must be the one its marker
// names, at the marked element, with the same message.
func TestCorpusInvalid(t *testing.T) {
	for _, path := range corpusFiles(t, corpusInvalid) {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			markers := readMarkers(t, path)
			games := replayCorpusFile(t, path)
			if len(markers) != len(games) {
				t.Fatalf("%d markers for %d games: give each game exactly one", len(markers), len(games))
			}
			for i, g := range games {
				var first *Diagnostic
				for j := range g.Diagnostics {
					if g.Diagnostics[j].Severity == Error {
						first = &g.Diagnostics[j]
						break
					}
				}
				switch {
				case first == nil:
					t.Errorf("game %d is valid, want %s", i+1, markers[i])
				case !markers[i].accepts(*first):
					t.Errorf("game %d:\n  got  %d:%d: %s: %s\n  want %s",
						i+1, first.Pos.Line, first.Pos.Column, first.Code, first.Message, markers[i])
				}
			}
		})
	}
}
