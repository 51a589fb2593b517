// Command policy-match plays two-player base games between two seats that
// both play by review (each turn the best move a review finds, as towerlog
// generate --style review plays), one with the learned rollout policy and
// one with the quick one, at equal rollouts a turn, the learned seat first
// in even games and second in odd ones. It prints the learned seat's wins
// (a shared win counts half) with the 95% Wilson interval of its rate.
//
//	go run ./scripts/policy-match -games 200 -rollouts 200
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/review"
)

func main() {
	games := flag.Int("games", 200, "games to play")
	rollouts := flag.Int("rollouts", review.PlayRollouts, "rollouts a turn, for both seats")
	seed := flag.Uint64("seed", 1000, "seed of the first game; game i uses seed+i")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	wins := 0.0
	for i := range *games {
		seats := []review.Seat{{Review: true, Policy: review.PolicyLearned}, {Review: true, Policy: review.PolicyQuick}}
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
	fmt.Printf("learned won %.1f of %d games against quick at %d rollouts a turn: %.1f%% (95%% interval %.1f–%.1f%%)\n",
		wins, *games, *rollouts, 100*wins/float64(*games), 100*lo, 100*hi)
}
