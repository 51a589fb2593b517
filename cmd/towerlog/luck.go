package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/format"
	"github.com/towerlog/towerlog/internal/atomicfile"
	"github.com/towerlog/towerlog/internal/table"
	"github.com/towerlog/towerlog/luck"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
	"github.com/towerlog/towerlog/review"
)

type luckOptions struct {
	game     int
	out      string
	force    bool
	json     bool
	seed     uint64
	budget   time.Duration
	rollouts int
	workers  int
}

func newLuckCmd() *cobra.Command {
	var o luckOptions
	cmd := &cobra.Command{
		Use:   "luck GAME.cgn",
		Short: "Measure how much of a game's result was the draw",
		Long: `luck measures, for every turn of a game, the luck of the draw, as GNU
Backgammon measures the luck of a roll: the value of the best play with the
tile drawn minus the mean, over the tiles the bag held (weighted by their
counts), of the value of the best play with each. A value is the mover's
expected final margin, found by the review's rollouts; for two players the
luck is also given in percentage points of the review's calibrated chance
of winning. A tile that fits nowhere is part of the draw; a prepared bag
([Bag "order ..."]) has no luck.

Per player: the total luck, the luck per turn, the luckiest and unluckiest
draws, and the luck-adjusted margin: the final margin minus one's own luck
plus the opponent's (for more players, plus the mean of the others').
Draws are labelled very lucky, lucky, unlucky or very unlucky at 5 and 10
points of chance for two players, 5 and 10 points of margin for more.
docs/luck.md describes the method and its limits.

Without -o or --json a table of the turns and one of the players are
written. -o writes the record with a comment on each turn's draw
("luck: +4.2 (lucky), +6.1% of chance, the 3rd best of 19 tiles"); the
record's own annotations are kept. --json writes one object per turn, then
one with the players. The same --seed and --rollouts give the same result,
whatever -j; --budget sets the rollouts from this machine's speed instead.

Exit status: 0 when the game was measured, 1 when it is invalid, 2 on usage
or I/O errors, 130 when interrupted.`,
		Example: `  towerlog luck final.cgn
  towerlog luck final.cgn -o final-luck.cgn
  towerlog luck club.cgn --game 3 --json --seed 7 --rollouts 20000`,
		Args: oneArg("GAME.cgn"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := exclusive(cmd, "budget", "rollouts"); err != nil {
				return err
			}
			return runLuck(cmd, args[0], o)
		},
	}
	f := cmd.Flags()
	f.IntVar(&o.game, "game", 1, "which game of the file (1 is the first)")
	f.StringVarP(&o.out, "output", "o", "", "write the annotated record to this file")
	f.BoolVar(&o.force, "force", false, "replace an existing output file")
	f.BoolVar(&o.json, "json", false, "write one JSON object per turn, then the players")
	f.Uint64Var(&o.seed, "seed", 1, "seed of the sampled draw orders and rollouts")
	f.DurationVar(&o.budget, "budget", 0, "about how long it may take (sets the rollouts from this machine's speed)")
	f.IntVar(&o.rollouts, "rollouts", luck.DefaultRollouts, fmt.Sprintf("rollouts per turn, shared among the tiles of the bag (at most %d)", review.MaxRollouts))
	f.IntVarP(&o.workers, "jobs", "j", 0, fmt.Sprintf("rollouts played at once (default: one per core; at most %d)", review.MaxWorkers))
	return cmd
}

func runLuck(cmd *cobra.Command, path string, o luckOptions) error {
	switch {
	case o.game < 1:
		return usageError("--game counts from 1")
	case o.rollouts < 1:
		return usageError("--rollouts %d: give at least 1", o.rollouts)
	case cmd.Flags().Changed("budget") && o.budget <= 0:
		return usageError("--budget %s: give a positive duration such as 30s", o.budget)
	}
	if err := capJobs(cmd, &o.workers, review.MaxWorkers, "playing %d rollouts at once"); err != nil {
		return err
	}
	o.rollouts = min(o.rollouts, review.MaxRollouts)
	if err := checkOutput(o.out, []string{path}, o.force); err != nil {
		return &exitError{exitUsage, err}
	}
	g, err := loadGame(path, o.game, replay.Options{Lenient: true})
	if err != nil {
		return err
	}
	if !cmd.Flags().Changed("game") {
		if n, err := format.Games(path, 2); err != nil {
			return &exitError{exitUsage, err}
		} else if n > 1 {
			fmt.Fprintf(cmd.ErrOrStderr(), "towerlog: %s holds more than one game: measuring the first (--game K measures the K-th)\n", path)
		}
	}
	if !g.Valid() {
		for i := range g.Diagnostics {
			g.Diagnostics[i].LoadSource()
			fmt.Fprint(cmd.ErrOrStderr(), g.Diagnostics[i].Render())
		}
		return &exitError{exitInvalid, fmt.Errorf("%s is invalid: only a valid game's luck can be measured", g)}
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	lo := luck.Options{Rollouts: o.rollouts, Seed: o.seed, Workers: o.workers}
	if o.budget > 0 {
		if lo.Rollouts, err = review.RolloutsFor(ctx, g, o.budget, review.Options{Seed: o.seed, Workers: o.workers}); err != nil {
			return reviewError(err)
		}
	}
	bar := newSlowProgress(cmd.ErrOrStderr(), len(g.Turns), "measuring luck", "turns")
	res, err := luck.Game(ctx, g, lo, func() { advance(bar) })
	finish(bar)
	if err != nil {
		return reviewError(err)
	}
	if res.Prepared {
		fmt.Fprintf(cmd.ErrOrStderr(), "towerlog: %s draws from a prepared bag: no luck\n", g)
	}
	return writeLuck(cmd.OutOrStdout(), g, res, o)
}

// writeLuck writes what the options ask for: the annotated record, the
// JSON lines, or else the tables.
func writeLuck(w io.Writer, g *replay.Game, res *luck.Result, o luckOptions) error {
	if o.out != "" {
		luck.Annotate(g.Record, res.Turns)
		if err := atomicfile.WriteFile(o.out, record.AppendGame(nil, g.Record)); err != nil {
			return &exitError{exitUsage, err}
		}
	}
	switch {
	case o.json:
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		for i := range res.Turns {
			if err := enc.Encode(res.Turns[i].JSON()); err != nil {
				return &exitError{exitUsage, err}
			}
		}
		if err := enc.Encode(res.JSON()); err != nil {
			return &exitError{exitUsage, err}
		}
		return nil
	case o.out != "":
		return say(w, "wrote %s (%s measured)\n", o.out, count(len(res.Turns), "turn"))
	}
	if err := table.Write(w, table.Text, luckTurnFields, res.Turns); err != nil {
		return err
	}
	if err := say(w, "\n"); err != nil {
		return err
	}
	if err := table.Write(w, table.Text, luckPlayerFields, res.Players); err != nil {
		return err
	}
	if adj := res.AdjustedScores(g.State.Scores()); adj != nil && g.Finished() {
		s := g.State.Scores()
		return say(w, "result %d–%d; luck-adjusted %.0f–%.0f\n", s[0], s[1], adj[0], adj[1])
	}
	return nil
}

func signed(v float64) string { return fmt.Sprintf("%+.1f", v) }

func signedOrDash(v float64) string {
	if math.IsNaN(v) {
		return "-"
	}
	return signed(v)
}

var luckTurnFields = []table.Field[luck.GameTurn]{
	{Head: "turn", Right: true, Text: func(t luck.GameTurn) string { return fmt.Sprint(t.Number) }},
	{Head: "player", Text: func(t luck.GameTurn) string { return t.Player }},
	{Head: "tile", Text: func(t luck.GameTurn) string {
		var names []string
		for _, id := range t.Drawn.Tiles {
			names = append(names, id.String())
		}
		return strings.Join(names, " ")
	}},
	{Head: "luck", Right: true, Text: func(t luck.GameTurn) string { return signed(t.Luck) }},
	{Head: "chance", Right: true, Text: func(t luck.GameTurn) string { return signedOrDash(t.Chance) }},
	{Head: "rank", Right: true, Text: func(t luck.GameTurn) string { return fmt.Sprintf("%d/%d", t.Rank, t.Kinds) }},
	{Head: "label", Text: func(t luck.GameTurn) string { return t.Label.String() }},
}

var luckPlayerFields = []table.Field[luck.PlayerLuck]{
	{Head: "player", Text: func(p luck.PlayerLuck) string { return p.Player }},
	{Head: "luck", Right: true, Text: func(p luck.PlayerLuck) string { return signed(p.Luck) }},
	{Head: "chance", Right: true, Text: func(p luck.PlayerLuck) string { return signedOrDash(p.Chance) }},
	{Head: "per turn", Right: true, Text: func(p luck.PlayerLuck) string { return fmt.Sprintf("%+.2f", p.PerTurn()) }},
	{Head: "luckiest", Right: true, Text: func(p luck.PlayerLuck) string { return fmt.Sprint(p.Luckiest) }},
	{Head: "unluckiest", Right: true, Text: func(p luck.PlayerLuck) string { return fmt.Sprint(p.Unluckiest) }},
	{Head: "margin", Right: true, Text: func(p luck.PlayerLuck) string { return fmt.Sprintf("%+d", p.Margin) }},
	{Head: "adjusted", Right: true, Text: func(p luck.PlayerLuck) string { return signed(p.Adjusted) }},
}
