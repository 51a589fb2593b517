// Command policy-match plays two-player base games between two seats that
// both play by review (each turn the best move a review finds, as towerlog
// generate --style review plays), one with the learned rollout policy and
// one with the quick one, the learned seat first in even games and second
// in odd ones. At equal rollouts both seats play -rollouts a turn; with
// -equal-time the quick seat plays as many more as it plays faster, as
// timed on this machine before the games (each policy's rollouts from the
// start of a game, in turn, -trials times). It prints the learned seat's
// wins (a shared win counts half) with the 95% Wilson interval of its
// rate.
//
//	go run ./scripts/policy-match -games 200 -rollouts 200
//	go run ./scripts/policy-match -games 200 -rollouts 200 -equal-time
//	go run ./scripts/policy-match -games 200 -rollouts 6000 -equal-time
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/review"
)

func main() {
	games := flag.Int("games", 200, "games to play")
	rollouts := flag.Int("rollouts", review.PlayRollouts, "rollouts a turn, for both seats (the learned seat with -equal-time)")
	seed := flag.Uint64("seed", 1000, "seed of the first game; game i uses seed+i")
	equalTime := flag.Bool("equal-time", false, "give the quick seat the rollouts it plays in the learned seat's time")
	trials := flag.Int("trials", 5, "timings of each policy for -equal-time")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	quick := *rollouts
	if *equalTime {
		ratio, err := speedRatio(*trials)
		if err != nil {
			fmt.Fprintln(os.Stderr, "policy-match:", err)
			os.Exit(2)
		}
		quick = int(float64(*rollouts)*ratio + 0.5)
		fmt.Printf("the quick policy plays %.2f times as many rollouts a second as the learned one: %d rollouts a turn against %d\n", ratio, quick, *rollouts)
	}
	wins := 0.0
	for i := range *games {
		seats := []review.Seat{{Review: true, Policy: review.PolicyLearned}, {Review: true, Policy: review.PolicyQuick, Rollouts: quick}}
		me := i % 2
		if me == 1 {
			seats[0], seats[1] = seats[1], seats[0]
		}
		g, _, err := review.Play(ctx, review.PlayOptions{
			Rules: engine.Rules{BaseOnly: true}, Seed: *seed + uint64(i), Seats: seats,
			Review: review.Options{Rollouts: *rollouts},
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, "policy-match:", err)
			os.Exit(2)
		}
		wins += review.WinShare(g, me)
		fmt.Fprintf(os.Stderr, "game %d: learned %d, quick %d; learned %.1f of %d\n", i+1, g.Score(me), g.Score(1-me), wins, i+1)
	}
	lo, hi := review.Wilson(wins, *games)
	fmt.Printf("learned won %.1f of %d games against quick at %d rollouts a turn against %d: %.1f%% (95%% interval %.1f–%.1f%%)\n",
		wins, *games, *rollouts, quick, 100*wins/float64(*games), 100*lo, 100*hi)
}

// speedRatio times the rollouts of each policy from the start of a
// two-player base game, in turn, trials times, and returns how many
// times as many the quick policy plays in a second as the learned one
// (as a review plays it: DefaultTemperature, DefaultBreadth), from the
// sums of the times.
func speedRatio(trials int) (float64, error) {
	const n = 200
	var spent [2]time.Duration
	for t := range max(trials, 1) {
		for k, style := range []engine.Style{engine.StyleQuick, engine.StyleLearned} {
			gen := engine.NewGenerator()
			gen.Temperature, gen.Breadth = review.DefaultTemperature, review.DefaultBreadth
			start, err := engine.NewGame(engine.Setup{Players: 2, Rules: engine.Rules{BaseOnly: true}})
			if err != nil {
				return 0, err
			}
			var bag []engine.TileID
			for id := range engine.NumTileTypes {
				for range start.BagCount(engine.TileID(id)) {
					bag = append(bag, engine.TileID(id))
				}
			}
			t0 := time.Now()
			for i := range n {
				g := start.Clone()
				r := rand.New(rand.NewPCG(uint64(t), uint64(i)))
				r.Shuffle(len(bag), func(a, b int) { bag[a], bag[b] = bag[b], bag[a] })
				if err := gen.RolloutStyle(g, bag, uint64(t*n+i), style); err != nil {
					return 0, err
				}
			}
			spent[k] += time.Since(t0)
		}
	}
	return spent[1].Seconds() / spent[0].Seconds(), nil
}
