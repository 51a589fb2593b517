package site_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/json"
	"html"
	"io"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/site"
)

var gameDataRx = regexp.MustCompile(`data-game="([^"]*)"`)

// viewerData is what a game page's viewer reads of the reviewed turns.
type viewerData struct {
	Reviewed []struct {
		Step   int    `json:"step"`
		Title  string `json:"title"`
		Bounds [4]int `json:"bounds"`
		Played mark   `json:"played"`
		Best   *mark  `json:"best"`
		Moves  []struct {
			Move, Words  string
			Played, Best bool
		} `json:"moves"`
	} `json:"reviewed"`
}

type mark struct {
	T []any   `json:"t"`
	F [][]int `json:"f"`
}

// gameData unpacks the viewer's data of a game page.
func gameData(t *testing.T, page string) viewerData {
	t.Helper()
	m := gameDataRx.FindStringSubmatch(page)
	if m == nil {
		t.Fatal("the page carries no game")
	}
	b, err := base64.StdEncoding.DecodeString(html.UnescapeString(m[1]))
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	var d viewerData
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}
	return d
}

// TestBetterMoveData: the game page of a review written by hand carries,
// for its one reviewed turn, the moves to mark on the board before it,
// worked out by hand: Søren (seat 2) played U at (-1,0) turned 180° with
// a thief, and the best move is U at (1,0) turned 0° with a thief; U is a
// straight road, so each thief stands at the middle of its square,
// (64x+32, 64y+32) in board units, at full scale. The verdict links to
// the turn on the board.
func TestBetterMoveData(t *testing.T) {
	page := readFile(t, onlyGamePage(t, "../testdata/reviewed/base-game.cgn"))
	d := gameData(t, page)
	if len(d.Reviewed) != 1 {
		t.Fatalf("%d reviewed turns, want 1", len(d.Reviewed))
	}
	r := d.Reviewed[0]
	if r.Step != 3 || r.Title != "Turn 3, Søren: mistake ?" {
		t.Errorf("step %d, title %q", r.Step, r.Title)
	}
	played := mark{T: []any{"U", -1.0, 0.0, 180.0}, F: [][]int{{-32, 32, 100, 2, 0}}}
	best := mark{T: []any{"U", 1.0, 0.0, 0.0}, F: [][]int{{96, 32, 100, 2, 0}}}
	if !reflect.DeepEqual(r.Played, played) {
		t.Errorf("played %+v, want %+v", r.Played, played)
	}
	if r.Best == nil || !reflect.DeepEqual(*r.Best, best) {
		t.Errorf("best %+v, want %+v", r.Best, best)
	}
	// The board before the move, the start tile and tiles E at (0,-1)
	// and H at (0,-2), grown to hold both moves' squares.
	if want := [4]int{-1, -2, 1, 0}; r.Bounds != want {
		t.Errorf("bounds %v, want %v", r.Bounds, want)
	}
	if len(r.Moves) != 3 || !r.Moves[0].Best || !r.Moves[2].Played || r.Moves[1].Words != "tile U at (1,0), turned 0°, no follower" {
		t.Errorf("moves %+v", r.Moves)
	}
	if !strings.Contains(page, `<a href="#turn-3">3</a>`) || !strings.Contains(page, `id="better"`) {
		t.Error("the verdict does not link to its turn on the board")
	}
}

// onlyGamePage writes the site of the one game of file and returns the
// path of its game page.
func onlyGamePage(t *testing.T, file string) string {
	t.Helper()
	s := storeOf(t, false, file)
	out := filepath.Join(t.TempDir(), "site")
	if _, err := site.Write(context.Background(), s, out, site.Options{}); err != nil {
		t.Fatal(err)
	}
	games, _ := filepath.Glob(filepath.Join(out, "game-*.html"))
	if len(games) != 1 {
		t.Fatalf("%d game pages", len(games))
	}
	return games[0]
}
