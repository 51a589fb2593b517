package table

import (
	"reflect"
	"strings"
	"testing"
)

// TestFit: tables fitted to a width, laid out by hand. A name is
// clipped first, to the soft width (20) at most; then the columns with a
// Drop go, the highest first; then names are clipped further; a Wrap
// column carries its words onto the lines below; a table with Key
// columns that is still too wide is written in blocks.
func TestFit(t *testing.T) {
	num := Column{Head: "#", Right: true}
	name := Column{Head: "PLAYER", Narrow: Clip}
	long := "Maximiliane von Rotenburg" // 25 runes
	for _, c := range []struct {
		name    string
		width   int
		cols    []Column
		rows    [][]string
		want    string
		dropped []string
	}{
		{"fits", 40, []Column{num, name, {Head: "GAMES", Right: true, Drop: 1}},
			[][]string{{"1", "Anna", "3"}},
			"#  PLAYER  GAMES\n" +
				"1  Anna        3\n", nil},
		{"wide", 0, []Column{num, name}, [][]string{{"1", long}},
			"#  PLAYER\n" +
				"1  " + long + "\n", nil},
		// 1+2+25+2+5+2+4 = 41 > 40: the name loses one rune, 24.
		{"clipped a little", 40, []Column{num, name, {Head: "GAMES", Right: true, Drop: 1}, {Head: "WINS", Right: true, Drop: 2}},
			[][]string{{"1", long, "3", "2"}},
			"#  PLAYER                    GAMES  WINS\n" +
				"1  Maximiliane von Rotenbu…      3     2\n", nil},
		// At 30: the name at 20 gives 36; WINS (Drop 2) goes first: 30.
		{"dropped", 30, []Column{num, name, {Head: "GAMES", Right: true, Drop: 1}, {Head: "WINS", Right: true, Drop: 2}},
			[][]string{{"1", long, "3", "2"}},
			"#  PLAYER                GAMES\n" +
				"1  Maximiliane von Rot…      3\n", []string{"WINS"}},
		// At 12: both go (1+2+20 = 23), then the name down to 9.
		{"clipped further", 12, []Column{num, name, {Head: "GAMES", Right: true, Drop: 1}, {Head: "WINS", Right: true, Drop: 2}},
			[][]string{{"1", long, "3", "2"}},
			"#  PLAYER\n" +
				"1  Maximili…\n", []string{"GAMES", "WINS"}},
		// 4+2+12 = 18: the note wraps at 12 between words, a word of 14
		// is cut.
		{"wrapped", 18, []Column{{Head: "GAME"}, {Head: "NOTE", Narrow: Wrap}},
			[][]string{{"12", "a tile that does not fit"}, {"13", "unbelievably-long"}},
			"GAME  NOTE\n" +
				"12    a tile that\n" +
				"      does not fit\n" +
				"13    unbelievably\n" +
				"      -long\n", nil},
		// 19+2+5 = 26 > 20: a note of Soft 10 narrows below the soft
		// width (32) before a column goes, to 13, where the table fits;
		// without its Soft, GAMES would be left out.
		{"soft", 20, []Column{{Head: "NOTE", Narrow: Wrap, Soft: 10}, {Head: "GAMES", Drop: 1}},
			[][]string{{"aaaa bbbb cccc dddd", "xxxxx"}},
			"NOTE           GAMES\n" +
				"aaaa bbbb      xxxxx\n" +
				"cccc dddd\n", nil},
		{"no soft", 20, []Column{{Head: "NOTE", Narrow: Wrap}, {Head: "GAMES", Drop: 1}},
			[][]string{{"aaaa bbbb cccc dddd", "xxxxx"}},
			"NOTE\n" +
				"aaaa bbbb cccc dddd\n", []string{"GAMES"}},
		// No. and PLAYER lead each block: 3+2+6 = 11, and three columns
		// of 3 (+2 each) reach 26; the fourth goes to the next block.
		{"blocks", 26, []Column{{Head: "No.", Right: true, Key: true}, {Head: "PLAYER", Key: true}, {Head: "1"}, {Head: "2"}, {Head: "3"}, {Head: "4"}},
			[][]string{{"1", "Anna", "×", "1-0", "0-1", "2-0"}, {"2", "Bruno", "0-1", "×", "", "1-1"}},
			"No.  PLAYER  1    2    3\n" +
				"  1  Anna    ×    1-0  0-1\n" +
				"  2  Bruno   0-1  ×\n" +
				"\n" +
				"No.  PLAYER  4\n" +
				"  1  Anna    2-0\n" +
				"  2  Bruno   1-1\n", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b strings.Builder
			w := New(&b, Text, All, c.cols...)
			w.Fit(c.width)
			for _, r := range c.rows {
				w.Row(r...)
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			if b.String() != c.want {
				t.Errorf("got\n%s\nwant\n%s", b.String(), c.want)
			}
			if got := w.Dropped(); !reflect.DeepEqual(got, c.dropped) {
				t.Errorf("dropped %q, want %q", got, c.dropped)
			}
			for _, l := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
				if c.width > 0 && Width(l) > c.width {
					t.Errorf("line %q is %d wide, more than %d", l, Width(l), c.width)
				}
			}
		})
	}
}

// TestFitStreamed: rows past the hold are cut to the widths fitted
// among the rows held; a column of no width is not cut, whatever it
// holds, and nothing loops or panics.
func TestFitStreamed(t *testing.T) {
	var b strings.Builder
	w := New(&b, Text, 1, Column{Head: "PLAYER", Narrow: Clip}, Column{Head: "", Narrow: Wrap}, Column{Head: "NOTE", Narrow: Wrap})
	w.Fit(30)
	w.Row("Maximiliane von Rotenburg", "", "a b c d e f g h i j k l m n o p q r s t u")
	w.Row("Bo", "unwrapped words", "x")
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	// 25 + 2 + 0 + 2 + 41 = 70: the note goes to its soft 32 and the
	// name to 20 (56); then the widest of the two loses a column at a
	// time until 13 + 2 + 0 + 2 + 13 = 30.
	want := "PLAYER           NOTE\n" +
		"Maximiliane…     a b c d e f g\n" +
		"                 h i j k l m n\n" +
		"                 o p q r s t u\n" +
		"Bo             unwrapped words  x\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
