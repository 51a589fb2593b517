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

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/internal/atomicfile"
	"github.com/towerlog/towerlog/internal/table"
	"github.com/towerlog/towerlog/luck"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
	"github.com/towerlog/towerlog/review"
)

func newLuckCmd() *cobra.Command {
	var o evalOptions
	var uncalibrated bool
	cmd := &cobra.Command{
		Use:   "luck GAME.cgn",
		Short: "Measure how much of a game's result was the draw",
		Long: `luck measures, for every turn of a game, the luck of the draw, as GNU
Backgammon measures the luck of a roll: the value of the best play with the
tile drawn minus the mean, over the tiles the bag held (weighted by their
counts), of the value of the best play with each. A value is the mover's
expected final margin, found by the review's rollouts, played as a review
plays them (--policy and --temperature as review's: the learned policy by
default); each draw's best play is sought as a review seeks its best
move, with the move model's prior (--prior as review's). For two players
the luck is also given in percentage points of the review's calibrated
chance of winning. A tile that fits nowhere is part of the draw; a prepared bag
([Bag "order ..."]) has no luck.

The evaluator's luck overstates what draws do to results: luck is given
calibrated on real games, the evaluator's times a factor fitted so that
a player's luck predicts their final margin point for point (except on
the last turns, whose values are exact); --uncalibrated gives the
evaluator's own, which --json also writes as luck_raw.

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
			return runLuck(cmd, args[0], o, uncalibrated)
		},
	}
	o.addFlags(cmd, luck.DefaultRollouts, "rollouts per turn, shared among the tiles of the bag", "write one JSON object per turn, then the players")
	cmd.Flags().BoolVar(&uncalibrated, "uncalibrated", false, "give the evaluator's luck, not calibrated on real games")
	return cmd
}

func runLuck(cmd *cobra.Command, path string, o evalOptions, uncalibrated bool) error {
	prior, err := o.reviewPrior()
	if err != nil {
		return err
	}
	g, err := o.load(cmd, path, evalWords{"measuring", "measures", "only a valid game's luck can be measured"})
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	lo := luck.Options{Rollouts: o.rollouts, Seed: o.seed, Workers: o.workers, Policy: o.rolloutPolicy, Temperature: o.temp, Prior: prior}
	if uncalibrated {
		s := luck.Uncalibrated()
		lo.Scale = &s
	}
	if o.budget > 0 {
		if lo.Rollouts, err = review.RolloutsFor(ctx, g, o.budget, lo.Review()); err != nil {
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
func writeLuck(w io.Writer, g *replay.Game, res *luck.Result, o evalOptions) error {
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
