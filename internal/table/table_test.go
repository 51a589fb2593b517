package table

import (
	"fmt"
	"strings"
	"testing"
)

// TestText: tables written by hand. Columns two spaces apart, numbers
// aligned right, no line ending with a space, control characters shown
// as U+FFFD; with a hold, the widths are those of the head and the rows
// held, and a wider cell further down pushes the rest of its line right;
// with hold 0, those a first pass measured (Widen).
func TestText(t *testing.T) {
	num, name := Column{Head: "#", Right: true}, Column{Head: "PLAYER"}
	for _, c := range []struct {
		name  string
		hold  int
		cols  []Column
		widen [][]string
		rows  [][]string
		want  string
	}{
		{"all held", All, []Column{num, name, {Head: "NOTE"}}, nil,
			[][]string{{"1", "Anna", ""}, {"10", "Bo\x1b[31m", "a b"}},
			" #  PLAYER   NOTE\n" +
				" 1  Anna\n" +
				"10  Bo\uFFFD[31m  a b\n"},
		{"two held", 2, []Column{name, num}, nil,
			[][]string{{"a", "1"}, {"bb", "22"}, {"cccc", "3"}},
			"PLAYER   #\n" +
				"a        1\n" +
				"bb      22\n" +
				"cccc     3\n"},
		{"wider past the hold", 1, []Column{name, num}, nil,
			[][]string{{"a", "1"}, {"a much longer name", "3"}},
			"PLAYER  #\n" +
				"a       1\n" +
				"a much longer name  3\n"},
		{"widened", 0, []Column{name, num}, [][]string{{"Anna", "1000"}},
			[][]string{{"Bo", "7"}, {"Anna", "1000"}},
			"PLAYER     #\n" +
				"Bo         7\n" +
				"Anna    1000\n"},
		{"no rows", All, []Column{name, num}, nil, nil, "PLAYER  #\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b strings.Builder
			w := New(&b, Text, c.hold, c.cols...)
			for _, r := range c.widen {
				w.Widen(r...)
			}
			for _, r := range c.rows {
				if err := w.Row(r...); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			if b.String() != c.want {
				t.Errorf("got\n%q\nwant\n%q", b.String(), c.want)
			}
		})
	}
}

func TestCSV(t *testing.T) {
	var b strings.Builder
	w := New(&b, CSV, All, Column{Head: "name"}, Column{Head: "players"})
	w.Row("1", "Anna, Bo")
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if want := "name,players\n1,\"Anna, Bo\"\n"; b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
	b.Reset()
	if err := New(&b, CSV, All, Column{Head: "only"}).Flush(); err != nil || b.String() != "only\n" {
		t.Errorf("empty table: %q, %v", b.String(), err)
	}
}

// TestFields: a schema of fields gives the heads and cells of each
// format, CSV's own where a field has them.
func TestFields(t *testing.T) {
	fields := []Field[float64]{
		{Head: "RATE", CSV: "rate", Right: true,
			Text:  func(v float64) string { return fmt.Sprintf("%.0f%%", 100*v) },
			Exact: func(v float64) string { return "exact" }},
		{Head: "same", Text: func(float64) string { return "x" }},
	}
	var b strings.Builder
	if err := Write(&b, Text, fields, []float64{0.5}); err != nil {
		t.Fatal(err)
	}
	if want := "RATE  same\n 50%  x\n"; b.String() != want {
		t.Errorf("text %q, want %q", b.String(), want)
	}
	b.Reset()
	if err := Write(&b, CSV, fields, []float64{0.5}); err != nil {
		t.Fatal(err)
	}
	if want := "rate,same\nexact,x\n"; b.String() != want {
		t.Errorf("CSV %q, want %q", b.String(), want)
	}
}
