package record

import (
	"bytes"
	"errors"
	"io"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// The hostile inputs: shapes that once cost time or memory out of all
// proportion to their size. Each builder takes the number of repeats, so
// that the tests can compare the cost at n and 10n, and the fuzz targets
// start from small ones.

const hostileHead = "[Players \"Anna:red; Bruno:blue\"]\n\n1. Anna U@1,0r0\n"

// unclosedVariations opens a variation on each of n lines and closes none.
func unclosedVariations(n int) string {
	return hostileHead + strings.Repeat("2. Bruno V@2,0r0 (\n", n)
}

// manyTags is a game with n distinct tags.
func manyTags(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString("[T" + strconv.Itoa(i) + " \"v\"]\n")
	}
	b.WriteString("\n1. Anna U@1,0r0\n")
	return b.String()
}

// nestedVariations nests n variations, each closed.
func nestedVariations(n int) string {
	return hostileHead + "2. Bruno V@2,0r0 " + strings.Repeat("(2. Bruno V@2,0r0 ", n) + strings.Repeat(")", n) + "\n"
}

// unclosedComment opens a comment of n lines of 100 bytes and never closes it.
func unclosedComment(n int) string {
	return hostileHead + "2. Bruno V@2,0r0 {" + strings.Repeat(strings.Repeat("x", 99)+"\n", n)
}

// siblingVariations gives a turn n variations, each holding one: every
// variation of the turn's list comes after another list's item.
func siblingVariations(n int) string {
	return hostileHead + "2. Bruno V@2,0r0 " + strings.Repeat("(2. Bruno V@2,0r0 (2. Bruno V@2,0r0)) ", n) + "\n"
}

// longVariation is a variation of n turns, each with a variation.
func longVariation(n int) string {
	var b strings.Builder
	b.WriteString(hostileHead + "2. Bruno V@2,0r0 (2. Bruno V@2,0r0\n")
	for i := range n {
		k := strconv.Itoa(i + 3)
		b.WriteString(k + ". Anna V@2,0r0 (" + k + ". Anna V@2,0r0)\n")
	}
	b.WriteString(")\n")
	return b.String()
}

// parseCost parses src and returns the game's errors and the bytes the
// parsing allocated.
func parseCost(t *testing.T, src string) (ErrorList, uint64) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	games, err := Parse(strings.NewReader(src), "h.cgn")
	runtime.ReadMemStats(&after)
	if len(games) != 1 {
		t.Fatalf("parsed %d games, want 1 (err %v)", len(games), err)
	}
	var errs ErrorList
	if err != nil && !errors.As(err, &errs) {
		t.Fatalf("read error: %v", err)
	}
	return errs, after.TotalAlloc - before.TotalAlloc
}

// TestHostileInput checks each hostile shape at its full size: the errors
// it gives, whole, and that the bytes allocated stay within a small
// multiple of the input's, at n as at n/10 (the cost is linear: a
// quadratic one, or a copy per nesting level, breaks the bound).
func TestHostileInput(t *testing.T) {
	tests := []struct {
		name  string
		build func(int) string
		n     int
		ratio uint64 // bytes allocated per byte of input, at most
		errs  []string
	}{
		{"20000 unclosed variations", unclosedVariations, 20000, 8, []string{
			// 3 lines of head, then a variation opened on each line:
			// the 64th, on line 67, is the deepest read.
			`h.cgn:67:18: expected ")" to close the variation, found end of file`,
			`h.cgn:68:18: expected variations nested at most 64 deep, found a deeper one: skipping it`,
		}},
		// A tag of 12 bytes is a Tag of 130.
		{"100000 tags", manyTags, 100000, 32, nil},
		{"30000 nested variations", nestedVariations, 30000, 8, []string{
			// The 65th "(" after 17 bytes of turn, 18 bytes each.
			`h.cgn:4:1170: expected variations nested at most 64 deep, found a deeper one: skipping it`,
		}},
		// A turn of 19 bytes is a Turn, a Placement and a Variation of
		// some 400 bytes.
		{"20000 variations of a turn, each holding one", siblingVariations, 20000, 32, nil},
		{"a variation of 20000 turns, each with a variation", longVariation, 20000, 32, nil},
		{"unclosed 10 MB comment", unclosedComment, 100000, 8, []string{
			`h.cgn:4:18: expected "}" to close the comment, found end of file`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := tt.build(tt.n)
			errs, cost := parseCost(t, src)
			var got []string
			for _, e := range errs {
				got = append(got, e.Error())
			}
			if strings.Join(got, "\n") != strings.Join(tt.errs, "\n") {
				t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.errs, "\n"))
			}
			// The parser holds the text, the AST of what it keeps, and
			// for an error the source line: a few times the input.
			if limit := tt.ratio * uint64(len(src)); cost > limit {
				t.Errorf("parsing %d bytes allocated %d, want at most %d", len(src), cost, limit)
			}
			_, small := parseCost(t, tt.build(tt.n/10))
			if cost > 20*small+1<<20 {
				t.Errorf("cost at n = %d: %d bytes, at n/10: %d; want about 10 times as much, not %.0f", tt.n, cost, small, float64(cost)/float64(small))
			}
		})
	}
}

// TestTagsIndexed checks that a game of many tags looks them up in an
// index, not one by one (which costs the square of their number), and
// still finds a repeated tag whatever its case.
func TestTagsIndexed(t *testing.T) {
	src := strings.Replace(manyTags(1000), "\n1. Anna", "[t500 \"again\"]\n\n1. Anna", 1)
	p := newParser("h.cgn")
	p.reset([]byte(src), 0, 1, true)
	p.game()
	if len(p.tagIndex) != 1000 {
		t.Errorf("the index holds %d tags, want 1000", len(p.tagIndex))
	}
	var got []string
	for _, e := range p.errs {
		got = append(got, e.Error())
	}
	want := `h.cgn:1001:1: expected each tag once, found a second "t500" (first at 501:1)`
	if strings.Join(got, "\n") != want {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}
}

// TestFoldName checks that names strings.EqualFold finds equal share a key.
func TestFoldName(t *testing.T) {
	tests := []struct{ a, b string }{
		{"Event", "EVENT"}, {"Kelvin\u212a", "kelvink"}, {"ſite", "SITE"}, {"Straße", "STRAßE"},
	}
	for _, tt := range tests {
		if !strings.EqualFold(tt.a, tt.b) {
			t.Fatalf("%q and %q are not equal under folding", tt.a, tt.b)
		}
		if foldName(tt.a) != foldName(tt.b) {
			t.Errorf("foldName(%q) = %q, foldName(%q) = %q", tt.a, foldName(tt.a), tt.b, foldName(tt.b))
		}
	}
	if foldName("Event") == foldName("Even") {
		t.Error("different names share a key")
	}
}

// endless is an input that never ends: the same text over and over.
type endless struct {
	text string
	off  int
	read int // bytes handed out
}

func (e *endless) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		c := copy(p[n:], e.text[e.off:])
		n += c
		e.off = (e.off + c) % len(e.text)
	}
	e.read += n
	return n, nil
}

// TestEndlessStream checks that a game that never ends stops the Scanner
// at the limit, with the position where the game began, after reading
// little more than the limit.
func TestEndlessStream(t *testing.T) {
	tests := []struct {
		name string
		head string
		text string
	}{
		{"one line", "", "1. Anna U@1,0r0 "},
		{"turn lines", hostileHead, "2. Bruno V@2,0r0\n"},
		{"comment", hostileHead + "{", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &endless{text: tt.text}
			sc := NewScanner(io.MultiReader(strings.NewReader(tt.head), r), "endless.cgn")
			sc.maxGame = 1 << 20
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			for sc.Scan() {
				t.Fatalf("Scan returned a game of an endless input")
			}
			runtime.ReadMemStats(&after)
			want := "endless.cgn:1:1: game text larger than 1 MiB (the limit): stopped reading"
			if err := sc.Err(); err == nil || err.Error() != want {
				t.Fatalf("Err() = %v, want %s", err, want)
			}
			var tl *TooLargeError
			if !errors.As(sc.Err(), &tl) {
				t.Errorf("Err() is a %T, want a *TooLargeError", sc.Err())
			}
			if r.read > 2<<20 {
				t.Errorf("read %d bytes, want at most 2 MiB", r.read)
			}
			if cost := after.TotalAlloc - before.TotalAlloc; cost > 4<<20 {
				t.Errorf("allocated %d bytes, want at most 4 MiB", cost)
			}
		})
	}
}

// TestEndlessStreamOfGames checks that an endless stream of small games
// is read game by game in memory that does not grow.
func TestEndlessStreamOfGames(t *testing.T) {
	sc := NewScanner(&endless{text: "[Event \"e\"]\n\n1. Anna U@1,0r0\n\n"}, "endless.cgn")
	sc.maxGame = 1 << 20
	for range 100 {
		sc.Scan()
	}
	allocs := testing.AllocsPerRun(1000, func() {
		if !sc.Scan() {
			t.Fatal(sc.Err())
		}
	})
	if allocs > 40 {
		t.Errorf("%.0f allocations a game, want at most 40", allocs)
	}
	if len(sc.buf) > 64<<10 {
		t.Errorf("the buffer grew to %d bytes", len(sc.buf))
	}
}

// TestReadAll checks the limit of a reader that takes its input whole.
func TestReadAll(t *testing.T) {
	tests := []struct {
		name  string
		r     io.Reader
		limit int
		want  string
		err   string
	}{
		{"under", strings.NewReader("abc"), 4, "abc", ""},
		{"at", strings.NewReader("abcd"), 4, "abcd", ""},
		{"over", strings.NewReader("abcde"), 4, "", "in.jcz: save larger than 4 bytes (the limit): stopped reading"},
		{"endless", &endless{text: "x"}, 1 << 20, "", "in.jcz: save larger than 1 MiB (the limit): stopped reading"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := ReadAll(tt.r, "in.jcz", "save", tt.limit)
			if got := errString(err); got != tt.err {
				t.Fatalf("error %q, want %q", got, tt.err)
			}
			if !bytes.Equal(b, []byte(tt.want)) {
				t.Errorf("read %q, want %q", b, tt.want)
			}
		})
	}
}

// TestFormatDeepGame checks that the canonical writer's output stays in
// proportion to a game built with variations deeper than the parser
// reads: the indent stops at MaxDepth.
func TestFormatDeepGame(t *testing.T) {
	build := func(depth int) *Game {
		g := &Game{}
		turns := []*Turn{{Number: 1, Player: Name{Text: "Anna"}}}
		g.Turns = turns
		for range depth {
			next := []*Turn{{Number: 1, Player: Name{Text: "Anna"}}}
			turns[0].Variations = []*Variation{{Turns: next}}
			turns = next
		}
		return g
	}
	for _, depth := range []int{1000, 10000} {
		out := AppendGame(nil, build(depth))
		// A line per turn: the indent (at most 2*MaxDepth), "(1. Anna"
		// and ")" to close its variation.
		if limit := depth * (2*MaxDepth + 12); len(out) > limit {
			t.Errorf("depth %d: %d bytes, want at most %d", depth, len(out), limit)
		}
	}
}
