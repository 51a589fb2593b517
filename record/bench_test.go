package record

import (
	"bytes"
	"fmt"
	"io"
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
	data := benchFile(3, 80)
	games, err := Parse(bytes.NewReader(data), "bench.cgn")
	if err != nil {
		t.Fatal(err)
	}
	if got := format(t, games); got != string(data) {
		t.Errorf("benchmark file is not canonical")
	}
}

// BenchmarkParser parses the games of BenchmarkScan from their raw text with
// one reusing Parser, as replay.Run's workers do.
func BenchmarkParser(b *testing.B) {
	data := benchFile(2000, 80)
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
		if _, err := ps.Parse(raws[n%len(raws)]); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "games/s")
}
