package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/draw"
	"github.com/towerlog/towerlog/internal/atomicfile"
	"github.com/towerlog/towerlog/replay"
	"github.com/towerlog/towerlog/report"
)

type replayOptions struct {
	game      int
	turn      int
	variation int
	json      bool
	svg       string
	force     bool
}

func newReplayCmd() *cobra.Command {
	var o replayOptions
	cmd := &cobra.Command{
		Use:   "replay FILE",
		Short: "Show the state of a game after any turn",
		Long: `replay plays a game of a file (CGN, a JCloisterZone save, a BoardGameArena
table log, CarcassonneLab links, or one link) up to a turn (default: the end) and shows
the state: the board with a legend, scores, followers and floors in supply,
prisoners, towers and the tiles left. --json writes the state as JSON, --svg
draws the board as an SVG picture into a new file (an existing one is
replaced only with --force).

--variation N with --turn T and --svg draws a variation of the record (a
line in parentheses after turn T, such as the best move towerlog review
writes there): the board before turn T, with the move played drawn as it
lies and outlined in solid blue, its figure ringed, and the first turn of
T's variation N (1 is the first) drawn see-through and outlined in
dashed magenta, its figure in a dashed ring; the legend says which is
which.`,
		Example: `  towerlog replay games/final.cgn
  towerlog replay games/club.cgn --game 3 --turn 40
  towerlog replay games/final.cgn --json
  towerlog replay games/final.cgn --svg board.svg
  towerlog replay reviewed.cgn --turn 32 --variation 1 --svg turn32.svg`,
		Args: oneArg("FILE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := exclusive(cmd, "json", "svg"); err != nil {
				return err
			}
			return runReplay(cmd, args[0], o)
		},
	}
	cmd.Flags().IntVar(&o.game, "game", 1, "which game of the file (1 is the first)")
	cmd.Flags().IntVar(&o.turn, "turn", 0, "show the state after this turn; 0 is before the first (default: the last)")
	cmd.Flags().IntVar(&o.variation, "variation", 0, "with --turn and --svg: draw the board before that turn with the move played and the turn's variation N apart")
	cmd.Flags().BoolVar(&o.json, "json", false, "write the state as JSON")
	cmd.Flags().StringVar(&o.svg, "svg", "", "write the board as an SVG picture to this new file")
	cmd.Flags().BoolVar(&o.force, "force", false, "replace the --svg file if it exists")
	return cmd
}

func runReplay(cmd *cobra.Command, path string, o replayOptions) error {
	if o.game < 1 || o.turn < 0 {
		return &exitError{exitUsage, fmt.Errorf("--game counts from 1 and --turn from 0 (the position before the first turn)")}
	}
	if o.variation != 0 && (o.variation < 0 || o.svg == "" || !cmd.Flags().Changed("turn") || o.turn < 1) {
		return &exitError{exitUsage, fmt.Errorf("--variation N draws with --svg FILE the variation N (from 1) of the turn --turn T (from 1)")}
	}
	if o.svg != "" {
		if err := checkOutput(o.svg, []string{path}, o.force); err != nil {
			return &exitError{exitUsage, err}
		}
	}
	ro := replay.Options{Lenient: true}
	if cmd.Flags().Changed("turn") {
		ro.Stop = replay.StopAfter(o.turn)
	}
	g, err := loadGame(path, o.game, ro)
	if err != nil {
		return err
	}
	rg := g.Record
	if rg != nil && o.turn > len(rg.Turns) {
		return &exitError{exitUsage, fmt.Errorf("game %d has %s, not %d", o.game, count(len(rg.Turns), "turn"), o.turn)}
	}
	out := cmd.OutOrStdout()
	if !g.Valid() {
		for i := range g.Diagnostics {
			g.Diagnostics[i].LoadSource()
			fmt.Fprint(cmd.ErrOrStderr(), g.Diagnostics[i].Render())
		}
		return &exitError{exitInvalid, fmt.Errorf("%s is invalid after turn %d", g, len(g.Turns))}
	}
	turns := len(g.Turns)
	if o.variation > 0 {
		return writeVariation(out, g, o)
	}
	switch {
	case o.json:
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(replay.State(g.State, g.Players, turns))
	case o.svg != "":
		if err := atomicfile.Write(o.svg, func(w io.Writer) error { return draw.SVG(w, g.State, draw.Seats(g)) }); err != nil {
			return &exitError{exitUsage, err}
		}
		return say(out, "wrote %s (after turn %d)\n", o.svg, turns)
	}
	return say(out, "%s, after turn %d of %d:\n\n%s", g, turns, len(rg.Turns), draw.Board(g.State, draw.Seats(g)))
}

// writeVariation draws the board before turn o.turn with its move played
// and its variation o.variation marked (report.VariationMarks) into o.svg.
func writeVariation(out io.Writer, g *replay.Game, o replayOptions) error {
	before, marks, err := report.VariationMarks(g, o.turn, o.variation)
	if err != nil {
		return &exitError{exitUsage, err}
	}
	if err := atomicfile.Write(o.svg, func(w io.Writer) error { return draw.SVGMarked(w, before, draw.Seats(g), marks) }); err != nil {
		return &exitError{exitUsage, err}
	}
	return say(out, "wrote %s (before turn %d, with its move played and variation %d)\n", o.svg, o.turn, o.variation)
}
