package main

import (
	"context"
	"encoding/json"
	"errors"
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
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
	"github.com/towerlog/towerlog/review"
)

type reviewOptions struct {
	evalOptions
	turns []int
	top   int
	wide  bool
}

func newReviewCmd() *cobra.Command {
	var o reviewOptions
	cmd := &cobra.Command{
		Use:   "review GAME.cgn",
		Short: "Find where each player gained and lost, turn by turn",
		Long: `review evaluates, for every turn of a game, every way the mover could have
played the tile drawn (each legal placement with each legal action, and a
ransom or none) by playing the rest of the game to the end many times from
each (rollouts), the unknown draw order sampled from the tiles left in the
bag (when one tile is left after a turn, every reply is tried instead).
A move's value is the mover's expected final margin: their final score minus
the best other player's. For each turn it reports the move played and its
value, the best move found and its value, the --top best alternatives by
value (with their errors and rollouts) and the move played's rank by value
among all ("about 7th of 38" where the errors leave it uncertain), the points given away when they exceed twice their standard
error and half a point, each player's chance of winning after the move
played (in a two-player game calibrated on real games), a grade and what
the moves do; then each player's accuracy. docs/review.md describes the
method, its calibration and its limits.

Grades, from the chance of winning the move lost against the best: best
(or as good within the error), excellent (under 2 points of chance), good
(under 5), inaccuracy ?! (5 or more), mistake ? (10), blunder ?? (15); !
for a move that was best by 6 points or more over every other. Accuracy is
lichess's formula on the chance lost.

--policy chooses how the rollouts play: learned (the default), a policy
fitted on real games of strong players, played at --temperature 0.5, or
quick (random placements, greedy followers: about three times faster).
The best move is the highest value plus --prior times the log-probability
a move model fitted on strong players' moves gives it (the values shown
stay the rollouts'; --prior 0 chooses by value alone).
--top N lists the N best alternatives of each turn, by value.

--turns reviews only the turns listed (their numbers, separated by commas).
In a file of several games, --game chooses one; without it the first is
reviewed, and a note on standard error says so.

Without -o or --json a table of the turns is written. -o writes the record
with the review: a glyph and a comment on each turn, the best move as a
variation; the record's own annotations are kept. towerlog report and
site show that record's best moves on the board, and towerlog replay
--turn T --variation 1 --svg draws one. --json writes one object
per turn, then one of the accuracies. At most 1000000 rollouts a turn are
played (more is capped, with a message). The same --seed and --rollouts give the same review to the byte,
whatever -j; --budget sets the rollouts from this machine's speed instead.
Games read from .jcz saves, BoardGameArena table logs and CarcassonneLab
links (docs/import.md) are reviewed too.

Exit status: 0 when the game was reviewed, 1 when it is invalid, 2 on usage
or I/O errors, 130 when interrupted.`,
		Example: `  towerlog review final.cgn
  towerlog review final.cgn -o final-reviewed.cgn
  towerlog review club.cgn --game 3 --json --seed 7 --rollouts 20000
  towerlog review save.jcz --budget 30s -j 2`,
		Args: oneArg("GAME.cgn"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := exclusive(cmd, "budget", "rollouts"); err != nil {
				return err
			}
			return runReview(cmd, args[0], o)
		},
	}
	o.addFlags(cmd, review.DefaultRollouts, "rollouts per turn, shared among its alternatives", "write one JSON object per turn")
	f := cmd.Flags()
	f.IntSliceVar(&o.turns, "turns", nil, "review only these turns (numbers separated by commas: 9,18,27)")
	f.IntVar(&o.top, "top", review.DefaultTop, "list this many of the best alternatives of each turn")
	addWideFlag(cmd, &o.wide)
	return cmd
}

func runReview(cmd *cobra.Command, path string, o reviewOptions) error {
	if o.top < 1 {
		return usageError("--top %d: give at least 1", o.top)
	}
	prior, err := o.reviewPrior()
	if err != nil {
		return err
	}
	g, err := o.load(cmd, path, evalWords{"reviewing", "reviews", "only a valid game can be reviewed"})
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ro := review.Options{Rollouts: o.rollouts, Seed: o.seed, Workers: o.workers, Turns: o.turns, Top: o.top, Policy: o.rolloutPolicy, Temperature: o.temp, Prior: prior}
	if o.budget > 0 {
		if ro.Rollouts, err = review.RolloutsFor(ctx, g, o.budget, ro); err != nil {
			return reviewError(err)
		}
		if ro.Rollouts == review.MaxRollouts {
			fmt.Fprintf(cmd.ErrOrStderr(), "towerlog: --budget %s allows more than %d rollouts a turn: playing %d\n", o.budget, review.MaxRollouts, review.MaxRollouts)
		}
	}
	bar := newSlowProgress(cmd.ErrOrStderr(), len(g.Turns), "reviewing", "turns")
	turns, err := review.Game(ctx, g, ro, func() { advance(bar) })
	finish(bar)
	if err != nil {
		return reviewError(err)
	}
	names := seatNames(g)
	return writeReview(cmd, g.Record, turns, names, o, ro.Rollouts)
}

func reviewError(err error) error {
	if errors.Is(err, context.Canceled) {
		return &exitError{exitInterrupted, errors.New("interrupted: nothing written")}
	}
	return &exitError{exitUsage, err}
}

// writeReview writes what the options ask for: the annotated record, the
// JSON lines, or else a table.
func writeReview(cmd *cobra.Command, rg *record.Game, turns []review.GameTurn, names []string, o reviewOptions, rollouts int) error {
	w := cmd.OutOrStdout()
	if o.out != "" {
		annotator := fmt.Sprintf("towerlog review --seed %d --rollouts %d", o.seed, rollouts)
		if o.policyChanged() {
			annotator += fmt.Sprintf(" --policy %s --temperature %g", o.policy, o.temp)
		}
		if o.prior != review.DefaultPrior {
			annotator += fmt.Sprintf(" --prior %g", o.prior)
		}
		review.Annotate(rg, turns, names, annotator)
		if err := atomicfile.WriteFile(o.out, record.AppendGame(nil, rg)); err != nil {
			return &exitError{exitUsage, err}
		}
	}
	switch {
	case o.json:
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		for i := range turns {
			if err := enc.Encode(turns[i].JSON(names)); err != nil {
				return &exitError{exitUsage, err}
			}
		}
		if err := enc.Encode(review.AccuracyLine(turns, names)); err != nil {
			return &exitError{exitUsage, err}
		}
		return nil
	case o.out != "":
		return say(w, "wrote %s (%s reviewed)\n", o.out, count(len(turns), "turn"))
	}
	width := tableWidth(cmd, o.wide)
	dropped, err := writeReviewTable(w, turns, names, width)
	sayDropped(cmd, dropped, width)
	return err
}

// writeReviewTable writes a line per reviewed turn, the moves said in
// words under it and its best alternatives under those, then each
// player's accuracy, fitted to width columns (0: as wide as its cells): the moves
// wrap, the names are clipped, and the player, the rank, the chance lost
// and the points given away are left out in that order while it is too
// wide; a table still too wide comes in blocks led by the turn. It
// returns the heads of the columns left out.
func writeReviewTable(w io.Writer, turns []review.GameTurn, names []string, width int) ([]string, error) {
	cols := []table.Column{
		{Head: "turn", Right: true, Key: true},
		{Head: "player", Narrow: table.Clip, Drop: 4},
		{Head: "played", Narrow: table.Wrap, Soft: 16},
		{Head: "value", Right: true},
		{Head: "best", Narrow: table.Wrap, Soft: 20},
		{Head: "value", Right: true, Narrow: table.Wrap},
		{Head: "given away", Right: true, Drop: 1},
		{Head: "grade", Narrow: table.Wrap},
		{Head: "lost", Right: true, Drop: 2},
		{Head: "rank", Right: true, Drop: 3},
	}
	for _, n := range names {
		cols = append(cols, table.Column{Head: n, Right: true, Narrow: table.Clip})
	}
	t := table.New(w, table.Text, table.All, cols...)
	t.Fit(width)
	for i := range turns {
		rt := &turns[i]
		best, given, lost := "=", "", ""
		if rt.BestDiffers() {
			best = rt.BestText
		}
		if rt.Tied > 1 {
			best += fmt.Sprintf(" (one of %d within %.1f)", rt.Tied, review.TieWithin)
		}
		if rt.Clear() {
			given = fmt.Sprintf("%.1f", rt.GivenAway)
		}
		if rt.Drop > 0 {
			lost = fmt.Sprintf("%.1f%%", rt.Drop)
		}
		grade := rt.Grade.String()
		if g := rt.Glyph(); g.String() != "" {
			grade += " " + g.String()
		}
		rank := ""
		if rt.PlayedRank > 0 {
			rank = fmt.Sprintf("%d/%d", rt.PlayedRank, rt.Alternatives)
			if !rt.RankSure() {
				rank = "about " + rank
			}
		}
		row := []string{fmt.Sprint(rt.Number), rt.Player, rt.PlayedText, fmt.Sprintf("%+.1f", rt.Played.Value),
			best, fmt.Sprintf("%+.1f", rt.Best.Value), given, grade, lost, rank}
		for _, c := range rt.Chance {
			row = append(row, fmt.Sprintf("%.0f%%", 100*c))
		}
		t.Row(row...)
		if note := rt.Decided(); rt.PlayedWords != "" || note != "" {
			words := make([]string, len(cols))
			words[2] = rt.PlayedWords
			if rt.BestDiffers() {
				words[4] = rt.BestWords
			}
			words[7] = note // beside the grade: why it is mild
			t.Row(words...)
		}
		for _, r := range topRows(rt, len(cols)) {
			t.Row(r...)
		}
	}
	if err := t.Flush(); err != nil {
		return nil, err
	}
	var b strings.Builder
	b.WriteString("accuracy:")
	for p, a := range review.GameAccuracy(turns, len(names)) {
		if math.IsNaN(a) {
			fmt.Fprintf(&b, " %s -", names[p])
			continue
		}
		fmt.Fprintf(&b, " %s %.1f%%", names[p], a)
	}
	return t.Dropped(), say(w, "%s\n", b.String())
}

// topRows lists a turn's best alternatives under its line of the review
// table, in the best move's columns: "top 2: MOVE", "+3.1 ±0.4 (271)"
// (the value, its standard error and the rollouts behind it).
func topRows(rt *review.GameTurn, columns int) [][]string {
	var rows [][]string
	for k, r := range rt.Top {
		row := make([]string, columns)
		row[4] = fmt.Sprintf("top %d: %s", k+1, rt.TopText[k])
		row[5] = fmt.Sprintf("%+.1f ±%.1f (%d)", r.Value, r.StdErr, r.Rollouts)
		rows = append(rows, row)
	}
	return rows
}

// seatNames lists the names of g's players in seat order.
func seatNames(g *replay.Game) []string {
	names := make([]string, len(g.Players))
	for i, p := range g.Players {
		names[i] = p.Name
	}
	return names
}
