package generate

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/internal/atomicfile"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// ArchiveOptions describes a generated archive.
type ArchiveOptions struct {
	Games int    // games in all
	Files int    // files to spread them over (at least 1)
	Seed  uint64 // the same seed gives the same archive, byte for byte
	// Roster is the club whose members play; nil means DemoRoster.
	Roster []string
	// Style is how the games are played: engine.StyleRandom is fast and
	// exercises every rule; engine.StyleGreedy reads like real play.
	Style engine.Style
}

// DemoRoster is the club of the generated archives.
var DemoRoster = []string{
	"Anna", "Bruno", "Chloé", "Dmitri", "Emeka", "Fatima",
	"Greta", "Hiroshi", "Ines", "Jonas", "Kalani", "Lucía",
}

var demoEvents = []string{"Club night", "Spring league", "Summer open", "Autumn cup", "Winter league"}

// Archive plays o.Games seeded random games with the engine's
// generator (2 to 5 players drawn from the roster, at most as many as it
// names, each game's Event, Date
// and Round tags set) and writes them as CGN files named games-NNN.cgn in
// dir. It returns the file names.
func Archive(ctx context.Context, dir string, o ArchiveOptions) ([]string, error) {
	if o.Files < 1 {
		o.Files = 1
	}
	if o.Roster == nil {
		o.Roster = DemoRoster
	}
	if len(o.Roster) < 2 {
		return nil, fmt.Errorf("a roster of %d names cannot seat a game: it needs at least 2", len(o.Roster))
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	names := make([]string, o.Files)
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for f := range o.Files {
		names[f] = filepath.Join(dir, fmt.Sprintf("games-%03d.cgn", f+1))
		from, to := f*o.Games/o.Files, (f+1)*o.Games/o.Files
		g.Go(func() error {
			if err := ctx.Err(); err != nil {
				return err
			}
			return writeArchiveFile(names[f], from, to, o)
		})
	}
	return names, g.Wait()
}

func writeArchiveFile(name string, from, to int, o ArchiveOptions) error {
	gen := engine.NewGenerator()
	var buf bytes.Buffer
	for i := from; i < to; i++ {
		rg, err := generateGame(gen, i, o)
		if err != nil {
			return fmt.Errorf("game %d: %w", i+1, err)
		}
		if i > from {
			buf.WriteByte('\n')
		}
		if err := record.Format(&buf, rg); err != nil {
			return err
		}
	}
	return atomicfile.WriteFile(name, buf.Bytes())
}

// generateGame plays game number i of an archive.
func generateGame(gen *engine.Generator, i int, o ArchiveOptions) (*record.Game, error) {
	seed := o.Seed*1_000_003 + uint64(i)
	rnd := rand.New(rand.NewPCG(seed, 0x746f7765726c6f67))
	n := 2 + rnd.IntN(min(4, len(o.Roster)-1))
	perm := rnd.Perm(len(o.Roster))
	players := make([]replay.Player, n)
	for s := range players {
		players[s] = replay.Player{Name: o.Roster[perm[s]], Colour: replay.DefaultColours[s]}
	}
	_, moves, err := gen.Generate(engine.GenOptions{Players: n, Seed: seed, Style: o.Style})
	if err != nil {
		return nil, err
	}
	// The games spread evenly over five years, in order.
	date := time.Date(2021, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i*5*365/max(o.Games, 1))
	tags := map[string]string{
		"Event": demoEvents[(int(date.Month())-1)*len(demoEvents)/12],
		"Site":  "Club room",
		"Date":  date.Format("2006.01.02"),
		"Round": fmt.Sprint(1 + i%3),
	}
	return replay.Write(players, engine.Setup{Players: n}, moves, replay.WriteOptions{Tags: tags, Scores: true})
}
