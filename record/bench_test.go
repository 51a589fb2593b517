package record

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"testing"
)

// benchFile builds a CGN file of games × turns turns in canonical form, with
// the mix of elements of real Tower games.
func benchFile(games, turns int) []byte {
	var b bytes.Buffer
	tiles := []string{"A", "B", "E", "U", "V", "W", "K", "T05", "T12", "D", "N", "X"}
	spots := []string{"+C:N", "+R:WE", "+F:NL.NR.EL.WR", "+M", "", "^3,-1 x4,-1:C:N", "+T@2,-2", "", "^0,1"}
	for g := range games {
		if g > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "[Event \"Benchmark league\"]\n[Site \"Online\"]\n[Date \"2026.11.%02d\"]\n[Round \"%d\"]\n", g%28+1, g)
		b.WriteString("[Players \"Anna:red; Bob:blue\"]\n[Rules \"tower\"]\n[Result \"97-85\"]\n\n")
		for t := 1; t <= turns; t++ {
			player := "Anna"
			if t%2 == 0 {
				player = "Bob"
			}
			fmt.Fprintf(&b, "%d. %s ", t, player)
			if t%29 == 0 {
				b.WriteString("$Bob ")
			}
			if t%17 == 0 {
				b.WriteString("-W ")
			}
			fmt.Fprintf(&b, "%s@%d,%dr%d", tiles[t%len(tiles)], t%13-6, t%11-5, t%4*90)
			if s := spots[t%len(spots)]; s != "" {
				b.WriteString(" " + s)
			}
			if t%5 == 0 {
				fmt.Fprintf(&b, " =%d-%d", t, t+3)
			}
			if t%10 == 0 {
				fmt.Fprintf(&b, " ~%d:%02d", t/2, t%60)
			}
			if t%40 == 0 {
				b.WriteString(" {a comment}")
			}
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}

// benchFile4 builds a CGN file of 4-player games of 89 turns (about 3.5 KB
// each) shaped like those of "towerlog generate --players 4": a score list
// on every turn, a non-ASCII name, many tower floors and captures. The
// elements are drawn at random, as a random player's are, so that branch
// prediction does not learn the file.
func benchFile4(games int) []byte {
	var b bytes.Buffer
	rnd := rand.New(rand.NewPCG(1, 2))
	players := []string{"Anna", "Bruno", "Chloé", "Dmitri"}
	tiles := []string{"A", "B", "D", "E", "F", "H", "I", "J", "K", "L", "M", "N", "P", "S", "U", "V", "W", "X", "T03", "T11", "T16"}
	spots := []string{"C:N", "C:_S", "C:NE", "R:WE", "R:N", "R:SW", "F:NL.WR", "F:ER.SL", "F:NL.NR.EL.ER.SL.SR.WL.WR", "F:NR.EL.ER.SL", "M", "T"}
	coord := func() string { return fmt.Sprintf("%d,%d", rnd.IntN(15)-7, rnd.IntN(15)-7) }
	for g := range games {
		if g > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "[Event \"towerlog generated games\"]\n[Round \"%d\"]\n", g+1)
		b.WriteString("[Players \"Anna:red; Bruno:blue; Chloé:green; Dmitri:yellow\"]\n[Rules \"tower\"]\n")
		fmt.Fprintf(&b, "[Result \"%d-%d-3-20\"]\n[Source \"towerlog generate --seed %d --style random\"]\n\n", g%50, g%7, g)
		score := [4]int{}
		for t := 1; t <= 89; t++ {
			fmt.Fprintf(&b, "%d. %s ", t, players[(t-1)%4])
			if rnd.IntN(40) == 0 {
				b.WriteString("-B ")
			}
			fmt.Fprintf(&b, "%s@%sr%d", tiles[rnd.IntN(len(tiles))], coord(), rnd.IntN(4)*90)
			switch k := rnd.IntN(10); {
			case k < 4:
				spot := spots[rnd.IntN(len(spots)-1)]
				fmt.Fprintf(&b, " +%s", spot)
			case k < 6:
				fmt.Fprintf(&b, " ^%s", coord())
			case k < 7:
				fmt.Fprintf(&b, " ^%s x%s:%s", coord(), coord(), spots[rnd.IntN(len(spots))])
			case k < 8:
				fmt.Fprintf(&b, " +T@%s", coord())
			}
			score[rnd.IntN(4)] += rnd.IntN(3)
			fmt.Fprintf(&b, " =%d-%d-%d-%d\n", score[0], score[1], score[2], score[3])
		}
	}
	return b.Bytes()
}

// BenchmarkScan parses 2,000 games of 80 turns each (about 5 MB) per
// iteration with a Scanner; the figure to watch is MB/s.
func BenchmarkScan(b *testing.B) {
	data := benchFile(2000, 80)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		sc := NewScanner(bytes.NewReader(data), "bench.cgn")
		n := 0
		for sc.Scan() {
			if sc.Err() != nil {
				b.Fatal(sc.Err())
			}
			n++
		}
		if n != 2000 {
			b.Fatalf("%d games", n)
		}
	}
}

// BenchmarkScanRaw cuts 2,000 4-player games out of a file without parsing
// them, as the reading goroutine of replay.Run does.
func BenchmarkScanRaw(b *testing.B) {
	data := benchFile4(2000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		sc := NewScanner(bytes.NewReader(data), "bench.cgn")
		n := 0
		for sc.ScanRaw() {
			n++
		}
		if n != 2000 {
			b.Fatalf("%d games", n)
		}
	}
}

// BenchmarkFormat writes the same games back in canonical form.
func BenchmarkFormat(b *testing.B) {
	data := benchFile(2000, 80)
	games, err := Parse(bytes.NewReader(data), "bench.cgn")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if err := FormatFile(io.Discard, games); err != nil {
			b.Fatal(err)
		}
	}
}

func TestBenchFileIsCanonical(t *testing.T) {
	for _, data := range [][]byte{benchFile(3, 80), benchFile4(3)} {
		games, err := Parse(bytes.NewReader(data), "bench.cgn")
		if err != nil {
			t.Fatal(err)
		}
		if got := format(t, games); got != string(data) {
			t.Errorf("benchmark file is not canonical:\n%s", got)
		}
	}
}

// BenchmarkParser parses games from their raw text with one reusing Parser,
// as replay.Run's workers do: the games of BenchmarkScan (2 players) and
// 4-player games like generated ones.
func BenchmarkParser(b *testing.B) {
	b.Run("players=2", func(b *testing.B) { benchParser(b, benchFile(2000, 80), true) })
	b.Run("players=4", func(b *testing.B) { benchParser(b, benchFile4(2000), true) })
}

// BenchmarkRawParse is BenchmarkParser with RawGame.Parse, whose games
// outlive the next parse.
func BenchmarkRawParse(b *testing.B) {
	b.Run("players=2", func(b *testing.B) { benchParser(b, benchFile(2000, 80), false) })
	b.Run("players=4", func(b *testing.B) { benchParser(b, benchFile4(2000), false) })
}

func benchParser(b *testing.B, data []byte, reuse bool) {
	sc := NewScanner(bytes.NewReader(data), "bench.cgn")
	var raws []RawGame
	for sc.ScanRaw() {
		raws = append(raws, sc.Raw())
	}
	ps := NewParser()
	b.SetBytes(int64(len(data)) / int64(len(raws)))
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		var err error
		if reuse {
			_, err = ps.Parse(raws[n%len(raws)])
		} else {
			_, err = raws[n%len(raws)].Parse()
		}
		if err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "games/s")
}
