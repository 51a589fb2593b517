package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestProvisionalMarks: as rating's TestProvisional, Anna and Carl play
// thirty rounds of the League, Anna winning two of every three, and
// their deviations fall below 110; then Dora beats Carl once, and her
// rating, above Carl's, is provisional. stats --rating ranks Dora last
// with a "?", --json says "provisional", and the report's leaderboard
// marks her rating the same way.
func TestProvisionalMarks(t *testing.T) {
	var b strings.Builder
	game := func(round int, winner, loser string) {
		// Each game has other rules of the Tower, which change nothing
		// of a game without a tower tile, so that the games differ: the
		// same game twice would be stored once.
		rules := "tower" + []string{"", " range=short", " range=diagonal"}[round%3]
		for i, flag := range []string{"guard-capture=no", "own-capture=no", "reopen=no", "gaps=block"} {
			if round/3>>i&1 == 1 {
				rules += " " + flag
			}
		}
		fmt.Fprintf(&b, "[Event \"League\"]\n[Date \"2025.01.%02d\"]\n[Round \"%d\"]\n[Players \"%s; %s\"]\n[Rules \"%s\"]\n[Bag \"order E\"]\n[Result \"4-0\"]\n\n1. %s E@0,-1r180 +C:S\n\n",
			1+round/31, round%31, winner, loser, rules, winner)
	}
	for r := 1; r <= 30; r++ {
		if r%3 == 2 {
			game(r, "Carl", "Anna")
		} else {
			game(r, "Anna", "Carl")
		}
	}
	game(31, "Dora", "Carl")
	db := ingestCGN(t, b.String())
	if _, out, _ := runCLI(t, "stats", "--csv", "--db", db); !strings.Contains(out, "Anna,30,20,") {
		t.Fatalf("Anna has not 30 games and 20 wins: the games are not all stored\n%s", out)
	}

	code, out, errOut := runCLI(t, "stats", "--rating", "--db", db)
	if code != exitOK {
		t.Fatalf("stats --rating: %d %s", code, errOut)
	}
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n")[1:] {
		f := strings.Fields(l)
		got = append(got, f[0]+" "+f[1]+" "+regexp.MustCompile(`^\d+`).ReplaceAllString(f[2], "R"))
	}
	if want := "1 Anna R, 2 Carl R, 3 Dora R?"; strings.Join(got, ", ") != want {
		t.Errorf("stats --rating: %q, want %s\n%s", got, want, out)
	}
	code, out, _ = runCLI(t, "stats", "--rating", "--json", "--db", db)
	if code != exitOK || strings.Count(out, `"provisional":false`) != 2 || !strings.Contains(out, `"name":"Dora","games":1,"rating":`) ||
		!strings.HasSuffix(strings.TrimSpace(out), `"provisional":true}`) {
		t.Errorf("stats --rating --json:\n%s", out)
	}
	html := reportPage(t, "--db", db)
	marked := regexp.MustCompile(`<td>\d+\?</td></tr>`).FindAllString(string(html), -1)
	plain := regexp.MustCompile(`<td>\d+</td></tr>`).FindAllString(string(html), -1)
	if len(marked) != 1 || len(plain) < 2 {
		t.Errorf("the leaderboard marks %d ratings (want 1, Dora's) and %d plain (want 2 or more)", len(marked), len(plain))
	}
}

// reportPage writes the archive report of the arguments args (--db and
// filters) and returns the page.
func reportPage(t *testing.T, args ...string) []byte {
	t.Helper()
	page := filepath.Join(t.TempDir(), "report.html")
	if code, _, errOut := runCLI(t, append(append([]string{"report"}, args...), "-o", page)...); code != exitOK {
		t.Fatalf("report %q: %d %s", args, code, errOut)
	}
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
