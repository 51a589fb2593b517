package format

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/replay"
)

// longInputs are the openings of each format, to which FuzzReaders adds
// a line longer than 4 KiB and an end: the error, if any, sits after it.
var longInputs = []struct{ name, start string }{
	{"long.cgn", "[Players \"Ann; Bob\"]\n\n{"},
	{"long.json", `{"status": 1, "data": {"data": [{"time": "1", "data": [{"type": "playTile", "args": {"player_name": "`},
	{"long.txt", "# "},
	{"long.csv", "Game ID,URL\n1,https://www.carcassonnelab.com/#/0/0/"},
	{"long.jcz", `{"appVersion": "5.7.2", "setup": {"sets": {"`},
}

// FuzzReaders drives every reader through format, and the renderer of
// their diagnostics, with a line longer than 4 KiB followed by anything:
// nothing panics, and every diagnostic renders with short excerpt lines.
func FuzzReaders(f *testing.F) {
	f.Add(uint8(0), byte('c'), uint16(0), "} 1. Ann E@0,-1r45\n")
	f.Add(uint8(1), byte('L'), uint16(100), `"}}]}]}}`)
	f.Add(uint8(2), byte('x'), uint16(5000), "\nhttps://www.carcassonnelab.com/#/0/0/Ff/2121?players=A,B\n")
	f.Add(uint8(3), byte('A'), uint16(7), "\n")
	f.Add(uint8(4), byte('b'), uint16(0), `": 1}}}`)
	f.Fuzz(func(t *testing.T, kind uint8, filler byte, pad uint16, end string) {
		in := longInputs[int(kind)%len(longInputs)]
		src := in.start + strings.Repeat(string(filler), 4097+int(pad)) + end
		path := filepath.Join(t.TempDir(), in.name)
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Detect(path); err != nil {
			return
		}
		err := replay.Run(context.Background(), []string{path}, replay.RunOptions{Workers: 1, Loaders: Loaders()}, func(g *replay.Game) error {
			for i := range g.Diagnostics {
				d := &g.Diagnostics[i]
				d.LoadSource()
				for _, l := range strings.Split(d.Render(), "\n")[1:] {
					if d.Board == "" && len(l) > 420 {
						t.Fatalf("an excerpt line of %d bytes: %.200s", len(l), l)
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}
