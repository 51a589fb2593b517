package main

import (
	"fmt"
	"io"
	"math"
	"time"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/format"
	"github.com/towerlog/towerlog/replay"
	"github.com/towerlog/towerlog/review"
)

// evalOptions are the flags of the commands that judge one game by
// rollouts (review, luck): which game of the file, where the annotated
// record goes, the seed, how many rollouts a turn and how they play.
type evalOptions struct {
	game     int
	out      string
	force    bool
	json     bool
	seed     uint64
	budget   time.Duration
	rollouts int
	workers  int
	policy   string
	temp     float64
	prior    float64
	// rolloutPolicy is policy read by load.
	rolloutPolicy review.Policy
}

// evalWords are what a command that judges a game says of itself.
type evalWords struct {
	doing   string // "reviewing": the first game of a file holding more
	does    string // "reviews": what --game K does
	invalid string // why an invalid game is refused
}

// addFlags adds the shared flags to cmd, with rollouts a turn by default.
func (o *evalOptions) addFlags(cmd *cobra.Command, rollouts int, rolloutsHelp, jsonHelp string) {
	f := cmd.Flags()
	f.IntVar(&o.game, "game", 1, "which game of the file (1 is the first)")
	f.StringVarP(&o.out, "output", "o", "", "write the annotated record to this file")
	f.BoolVar(&o.force, "force", false, "replace an existing output file")
	f.BoolVar(&o.json, "json", false, jsonHelp)
	f.Uint64Var(&o.seed, "seed", 1, "seed of the sampled draw orders and rollouts")
	f.DurationVar(&o.budget, "budget", 0, "about how long it may take (sets the rollouts from this machine's speed)")
	f.IntVar(&o.rollouts, "rollouts", rollouts, fmt.Sprintf("%s (at most %d)", rolloutsHelp, review.MaxRollouts))
	f.IntVarP(&o.workers, "jobs", "j", 0, fmt.Sprintf("rollouts played at once (default: one per core; at most %d)", review.MaxWorkers))
	f.StringVar(&o.policy, "policy", review.DefaultPolicy.String(), "rollout policy: quick (random placements, greedy followers) or learned (fitted on real games)")
	f.Float64Var(&o.temp, "temperature", review.DefaultTemperature, "temperature of the learned policy: above 1 plays more at random, below 1 more greedily")
	f.Float64Var(&o.prior, "prior", review.DefaultPrior, "weight of the move model's prior in the choice of the best move, points per unit of log-probability (0: by value alone)")
}

// reviewPrior is --prior as review.Options.Prior has it (-1 for none).
func (o *evalOptions) reviewPrior() (float64, error) {
	switch {
	case o.prior < 0 || math.IsNaN(o.prior):
		return 0, usageError("--prior %g: give 0 or more", o.prior)
	case o.prior == 0:
		return -1, nil
	}
	return o.prior, nil
}

// policyChanged reports whether the rollout policy is not the default
// one, and so is worth naming in an annotated record.
func (o *evalOptions) policyChanged() bool {
	return o.policy != review.DefaultPolicy.String() || o.temp != review.DefaultTemperature
}

// load checks the shared flags and returns the valid game they choose in
// the file at path: a usage error for a bad flag or output, the game's
// diagnostics on standard error and exit 1 for an invalid game.
func (o *evalOptions) load(cmd *cobra.Command, path string, words evalWords) (*replay.Game, error) {
	switch {
	case o.game < 1:
		return nil, usageError("--game counts from 1")
	case o.rollouts < 1:
		return nil, usageError("--rollouts %d: give at least 1", o.rollouts)
	case cmd.Flags().Changed("budget") && o.budget <= 0:
		return nil, usageError("--budget %s: give a positive duration such as 30s", o.budget)
	case o.temp <= 0:
		return nil, usageError("--temperature %g: give a positive number", o.temp)
	}
	policy, ok := review.ParsePolicy(o.policy)
	if !ok {
		return nil, usageError("--policy %q: quick or learned", o.policy)
	}
	o.rolloutPolicy = policy
	if err := capJobs(cmd, &o.workers, review.MaxWorkers, "playing %d rollouts at once"); err != nil {
		return nil, err
	}
	if o.rollouts > review.MaxRollouts {
		fmt.Fprintf(cmd.ErrOrStderr(), "towerlog: --rollouts %d is more than %d: playing %d rollouts a turn\n", o.rollouts, review.MaxRollouts, review.MaxRollouts)
		o.rollouts = review.MaxRollouts
	}
	if err := checkOutput(o.out, []string{path}, o.force); err != nil {
		return nil, &exitError{exitUsage, err}
	}
	g, err := loadGame(path, o.game, replay.Options{Lenient: true})
	if err != nil {
		return nil, err
	}
	if !cmd.Flags().Changed("game") {
		if err := sayIfMoreGames(cmd.ErrOrStderr(), path, words); err != nil {
			return nil, &exitError{exitUsage, err}
		}
	}
	if !g.Valid() {
		for i := range g.Diagnostics {
			g.Diagnostics[i].LoadSource()
			fmt.Fprint(cmd.ErrOrStderr(), g.Diagnostics[i].Render())
		}
		return nil, &exitError{exitInvalid, fmt.Errorf("%s is invalid: %s", g, words.invalid)}
	}
	return g, nil
}

// sayIfMoreGames tells w when the file at path holds more than one game:
// without --game, its first is judged.
func sayIfMoreGames(w io.Writer, path string, words evalWords) error {
	n, err := format.Games(path, 2)
	if err != nil {
		return err
	}
	if n > 1 {
		fmt.Fprintf(w, "towerlog: %s holds more than one game: %s the first (--game K %s the K-th)\n", path, words.doing, words.does)
	}
	return nil
}
