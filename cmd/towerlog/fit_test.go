package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/internal/table"
)

// longNamesCup stores a cup of 12 players of 26-rune names over 6
// rounds: in round r, player i (even) beats player i+2r-1 (mod 12), 4-0.
func longNamesCup(t *testing.T) string {
	t.Helper()
	name := func(i int) string { return fmt.Sprintf("Player with a long name %02d", i+1) }
	var b strings.Builder
	for r := 1; r <= 6; r++ {
		for i := 0; i < 12; i += 2 {
			fmt.Fprintf(&b, "[Event \"Long names cup\"]\n[Round \"%d\"]\n[Players \"%s; %s\"]\n[Bag \"order E\"]\n[Result \"4-0\"]\n\n1. %q E@0,-1r180 +C:S\n\n",
				r, name(i), name((i+2*r-1)%12), name(i))
		}
	}
	return ingestCGN(t, b.String())
}

// ingestCGN stores the games of the CGN text in a new database, and
// returns its path.
func ingestCGN(t *testing.T, text string) string {
	t.Helper()
	dir := t.TempDir()
	file, db := filepath.Join(dir, "games.cgn"), filepath.Join(dir, "games.db")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI(t, "ingest", "--db", db, file); code != exitOK {
		t.Fatalf("ingest: %d %s", code, errOut)
	}
	return db
}

// withTerminal runs f as if standard output were a terminal width
// columns wide.
func withTerminal(t *testing.T, width int, f func()) {
	t.Helper()
	saved := terminalWidth
	terminalWidth = func(io.Writer) int { return width }
	defer func() { terminalWidth = saved }()
	f()
}

// TestTablesFit: the tables of the cup on terminals of 80 and 120
// columns, and with --wide. Worked out by hand: the standings are 113
// columns wide (rank 2, names 26, six rounds of 7, games 5, wins 4,
// margin 6, points 6, two spaces between), so at 120 they are whole; at
// 80 the names go to 20 (107) and rounds 1, 2 and 3 are left out (98,
// 89, 80). The crosstable is 3+2+26 and 12 columns of 3+2: 89; at 80 the
// names go to 20 and the rest of the line holds 11 columns, so it comes
// in two blocks, the second of player 12 alone.
func TestTablesFit(t *testing.T) {
	db := longNamesCup(t)
	for _, c := range []struct {
		width    int
		args     []string
		dropped  string
		contains []string
		absent   []string
		blocks   int
	}{
		{120, nil, "", []string{"Player with a long name 01", "Round 1"}, []string{"…"}, 1},
		{80, nil, "towerlog: 3 columns left out to fit 80 columns (Round 1, Round 2, Round 3): --wide shows every column\n",
			[]string{"Player with a long…", "Round 4  Round 5  Round 6  Games"}, []string{"Round 1", "Player with a long name"}, 2},
		{80, []string{"--wide"}, "", []string{"Player with a long name 01", "Round 1"}, []string{"…"}, 1},
	} {
		withTerminal(t, c.width, func() {
			args := append([]string{"standings", "--db", db, "--event", "Long names cup"}, c.args...)
			code, out, errOut := runCLI(t, args...)
			if code != exitOK || errOut != c.dropped {
				t.Fatalf("%v at %d: %d, stderr %q, want %q", args, c.width, code, errOut, c.dropped)
			}
			for _, l := range strings.Split(out, "\n") {
				if c.args == nil && table.Width(l) > c.width {
					t.Errorf("at %d: line of %d: %q", c.width, table.Width(l), l)
				}
			}
			for _, s := range c.contains {
				if !strings.Contains(out, s) {
					t.Errorf("%v at %d: no %q in\n%s", args, c.width, s, out)
				}
			}
			for _, s := range c.absent {
				if strings.Contains(out, s) {
					t.Errorf("%v at %d: %q in\n%s", args, c.width, s, out)
				}
			}
			if n := strings.Count(out, "No.  Player"); n != c.blocks {
				t.Errorf("%v at %d: %d blocks of the crosstable, want %d:\n%s", args, c.width, n, c.blocks, out)
			}
		})
	}
	for _, width := range []int{80, 120} {
		for _, args := range [][]string{{"stats"}, {"stats", "--rating"}, {"games", "list"}} {
			withTerminal(t, width, func() {
				code, out, errOut := runCLI(t, append(args, "--db", db)...)
				if code != exitOK {
					t.Fatalf("%v: %d %s", args, code, errOut)
				}
				for _, l := range strings.Split(out, "\n") {
					if table.Width(l) > width {
						t.Errorf("%v at %d: line of %d: %q", args, width, table.Width(l), l)
					}
				}
			})
		}
	}
}

// TestReviewTableFits: the review table of a real game (a BoardGameArena
// import) on terminals of 80 and 120 columns has no line wider, the
// columns left out named on standard error; --wide leaves none out.
func TestReviewTableFits(t *testing.T) {
	game := "../../testdata/bga/366166200.json"
	for _, c := range []struct {
		width int
		wide  bool
	}{{80, false}, {120, false}, {80, true}} {
		withTerminal(t, c.width, func() {
			args := []string{"review", game, "--rollouts", "4", "--top", "2"}
			if c.wide {
				args = append(args, "--wide")
			}
			code, out, errOut := runCLI(t, args...)
			if code != exitOK {
				t.Fatalf("%v: %d %s", args, code, errOut)
			}
			widest := 0
			for _, l := range strings.Split(out, "\n") {
				widest = max(widest, table.Width(l))
			}
			switch {
			case c.wide && (widest <= 120 || errOut != ""):
				t.Errorf("--wide: widest line %d, stderr %q: want every column, more than 120 wide", widest, errOut)
			case !c.wide && widest > c.width:
				t.Errorf("at %d: a line of %d:\n%s", c.width, widest, out)
			case !c.wide && !strings.HasPrefix(errOut, "towerlog: ") || !c.wide && !strings.Contains(errOut, fmt.Sprintf("left out to fit %d columns (player", c.width)):
				t.Errorf("at %d: stderr %q, want the columns left out, the player first", c.width, errOut)
			}
			if !strings.Contains(out, "top 1: ") || !strings.Contains(out, "accuracy: KokiYamaguchi ") {
				t.Errorf("at %d: no alternatives or accuracies in\n%s", c.width, out)
			}
		})
	}
}
