package site_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/replay"
	"github.com/towerlog/towerlog/report"
	"github.com/towerlog/towerlog/site"
)

// reviewByHand writes the record from with the review comments given for
// its first turns (turn number: the comment, glyph included), the
// players renamed as rename says.
func reviewByHand(t *testing.T, from, to string, rename []string, comments map[int]string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.NewReplacer(rename...).Replace(string(b))
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		for n, c := range comments {
			if strings.HasPrefix(l, itoa(n)+". ") {
				k := strings.LastIndex(l, " =")
				lines[i] = l[:k] + c + l[k:]
			}
		}
	}
	if err := os.WriteFile(mkdirFor(t, to), []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestAccuracyOnPages: a reviewed game's page shows each player's
// accuracy as the game's report does, and a player's page the mean of
// the accuracies of their graded moves over all their reviewed games.
// The expected figures are worked out by hand from lichess's formulas:
// a move's accuracy is A(d) = 103.1668·e^(−0.04354·d) − 3.1669 for a
// drop of d points of the chance of winning: A(0) = 100, A(3) = 87.367,
// A(6) = 76.281, A(12) = 58.016, A(20) = 40.020.
func TestAccuracyOnPages(t *testing.T) {
	dir := t.TempDir()
	// Game one: Greta 100 then A(3); van der Berg A(6) then A(12). The
	// first player's chance runs 50 (before), 50, 56, 53, 65; four
	// turns make windows of 2, so the moves weigh the deviations of
	// (50, 50), (50, 56), (56, 53), (53, 65): 0.5 (at least), 3, 1.5, 6.
	// Greta: weighted (0.5·100 + 1.5·87.367)/2 = 90.525, harmonic
	// 2/(1/100 + 1/87.367) = 93.258, accuracy their mean 91.9.
	// Van der Berg: weighted (3·76.281 + 6·58.016)/9 = 64.104, harmonic
	// 2/(1/76.281 + 1/58.016) = 65.907, accuracy 65.0.
	one := filepath.Join(dir, "archive", "one.cgn")
	reviewByHand(t, "../testdata/games/duel-discard.cgn", one, nil, map[int]string{
		1: " {review: played +1.0 ±0.5, the best of 3; wins Greta 50% van der Berg 50%; best, accuracy 100%}",
		2: "?! {review: played +0.5 ±0.2; best N@1,0r0 +3.0 ±0.2, 2.5 given away; wins Greta 56% van der Berg 44%; inaccuracy, 6.0% of chance lost, accuracy 76%}",
		3: " {review: played +0.8 ±0.2; best N@1,0r0 +1.5 ±0.2; wins Greta 53% van der Berg 47%; good, 3.0% of chance lost, accuracy 87%}",
		4: "? {review: played +0.1 ±0.2; best N@1,0r0 +4.0 ±0.2, 3.9 given away; wins Greta 65% van der Berg 35%; mistake, 12.0% of chance lost, accuracy 58%}",
	})
	// Game two, Jürgen renamed Greta: Greta A(20) alone, 40.0; Aiko 100.
	two := filepath.Join(dir, "archive", "two.cgn")
	reviewByHand(t, "../testdata/games/duel-guard-capture.cgn", two, []string{"Jürgen", "Greta"}, map[int]string{
		1: "?? {review: played -2.0 ±0.5; best N@1,0r0 +4.0 ±0.5, 6.0 given away; wins Greta 30% Aiko 70%; blunder, 20.0% of chance lost, accuracy 40%}",
		2: " {review: played +1.0 ±0.5, the best of 4; wins Greta 30% Aiko 70%; best, accuracy 100%}",
	})
	s := storeOf(t, true, one, two)
	out := filepath.Join(dir, "site")
	if _, err := site.Write(context.Background(), s, out, site.Options{}); err != nil {
		t.Fatal(err)
	}
	games, _ := filepath.Glob(filepath.Join(out, "game-*.html"))
	if len(games) != 2 {
		t.Fatalf("%d game pages", len(games))
	}
	gameRows := map[string]string{}
	for _, g := range games {
		p := readFile(t, g)
		i := strings.Index(p, `id="accuracy"`)
		if i < 0 {
			t.Fatalf("%s has no accuracy", g)
		}
		sec := p[i:]
		gameRows[g] = sec[:strings.Index(sec, "</table>")]
	}
	want := map[string][]string{
		"Greta":        {"91.9%", "40.0%"},
		"van der Berg": {"65.0%"},
		"Aiko":         {"100.0%"},
	}
	for name, accs := range want {
		for _, a := range accs {
			row := ">" + name + "</a></td><td>" + a + "</td>"
			found := 0
			for _, sec := range gameRows {
				found += strings.Count(sec, row)
			}
			if found != 1 {
				t.Errorf("%d game pages show %s at %s:\n%v", found, name, a, gameRows)
			}
		}
	}
	// The report of game one shows the same figures.
	err := replay.Run(context.Background(), []string{one}, replay.RunOptions{}, func(g *replay.Game) error {
		var b bytes.Buffer
		if err := report.WriteGame(&b, g); err != nil {
			return err
		}
		for _, a := range []string{"<td>91.9%</td>", "<td>65.0%</td>"} {
			if !strings.Contains(b.String(), a) {
				t.Errorf("the report of game one does not show %s", a)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The players' pages: the mean over their graded moves.
	// Greta (100 + 87.367 + 40.020)/3 = 75.8; van der Berg
	// (76.281 + 58.016)/2 = 67.1; Aiko 100.
	for name, a := range map[string]string{"Greta": "75.8%", "van der Berg": "67.1%", "Aiko": "100.0%"} {
		p := readFile(t, filepath.Join(out, "player-"+nameHash(t, s, out, name)))
		sec := p[strings.Index(p, `id="review"`):]
		sec = sec[:strings.Index(sec, "</table>")]
		if !strings.Contains(sec, "<td>"+a+"</td></tr>") {
			t.Errorf("%s: review section\n%s\nwant the accuracy %s", name, sec, a)
		}
	}
}
