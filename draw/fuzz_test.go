package draw_test

import (
	"bytes"
	"io"
	"testing"

	"github.com/towerlog/towerlog/draw"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// FuzzDraw checks that drawing whatever a replay of any text leaves on the
// board, as SVG and as text, never panics.
func FuzzDraw(f *testing.F) {
	f.Add([]byte("[Players \"Anna; Bruno\"]\n[Bag \"order E\"]\n[Result \"*\"]\n\n1. Anna E@0,-1r180 +C:S\n"))
	f.Add([]byte("[Players \"A:red; B\"]\n[Rules \"tower phantom\"]\n[Result \"*\"]\n\n1. A U@1,0r0\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		sc := record.NewScanner(bytes.NewReader(src), "fuzz.cgn")
		for i := 1; sc.Scan(); i++ {
			g := replay.ReplayParsed("fuzz.cgn", i, sc.Game(), sc.Err(), replay.Options{})
			if g.State == nil {
				continue
			}
			_ = draw.Board(g.State, draw.Seats(g))
			if err := draw.SVG(io.Discard, g.State, draw.Seats(g)); err != nil {
				t.Fatal(err)
			}
		}
	})
}
