package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/internal/atomicfile"
	"github.com/towerlog/towerlog/replay"
	"github.com/towerlog/towerlog/report"
	"github.com/towerlog/towerlog/review"
)

type reportOptions struct {
	db     string
	out    string
	game   int
	review bool
	force  bool
	filter filterFlags
}

func newReportCmd() *cobra.Command {
	var o reportOptions
	cmd := &cobra.Command{
		Use:   "report [GAME.cgn]",
		Short: "Write an HTML report of the archive or of one game",
		Long: `report writes a self-contained HTML page that opens in any browser, offline.

Without an argument it reports on the games of the database (see ingest):
a leaderboard; points by feature; the score race of each of the latest
games, one at a time; and, when a selected game is played with The Tower, captures and
ransoms in the leaderboard, captures per player and who captures whom,
ransom flows, tower heights and captures by tower height and distance (and
a Phantom section for games with the Phantom). The title names what was
played. Every player has one colour in all the charts.
The filters (--player, --event, --since, --until and the others listed
below, the same as select's) narrow the games it covers; a filter that
matches no game is an error. With --event it adds the event's standings
and crosstable. The leaderboard and the standings rank players by
` + analytics.RankingRule + `; a game the engine did not play
to its end (whatever its Result tag says) gives no win, place or score.
Every figure is counted in the database, so the report's memory and size
do not grow with the number of games: the page lists at most the 100 best
players, the 100 first records that failed validation and the 2,000 latest
games (the score race and tower heights of one at a time) and a standings
column for each of the event's last 50 rounds (the totals count every
round), and says how many more there are; a filter, towerlog games report
ID or towerlog standings --csv reaches the others.

With a file of games (CGN, a JCloisterZone save, a BoardGameArena table
log, CarcassonneLab links) it reports on one game of it (the first, or
--game N), with a link to it on CarcassonneLab for a base game: the
board after every turn with a slider through the game, the scores and what
happened on each turn, and the game's charts, each player in the colour
the record gives them (the Players tag) or their seat's default, as on the
board; tower heights and captures only in a game with The Tower. When the
record carries a review (towerlog review -o), or with --review (a review
with review's defaults, made first), the report adds each player's chance of winning over
the turns, the points each player gave away, and the turning points and
mistakes. Choosing one of them, or a reviewed turn on the slider, shows the
board before the move with the move played (solid blue outline) and the
review's best move (see-through, dashed magenta outline) drawn on it, and
beside it the moves the review listed, with their values, errors and
rollouts.

Without -o the archive report is report.html, and the report of
GAME.cgn is GAME.html next to it.`,
		Example: `  towerlog report -o report.html
  towerlog report --db club.db --player Anna --since 2025-01-01 -o anna.html
  towerlog report games/final.cgn -o final.html
  towerlog report games/final.cgn --review -o final.html`,
		Args: atMostOneArg("GAME.cgn"),
		RunE: func(cmd *cobra.Command, args []string) error {
			f := cmd.Flags()
			if len(args) == 1 {
				for _, name := range []string{o.filter.changed(), "db"} {
					if name != "" && f.Changed(name) {
						return &exitError{exitUsage, fmt.Errorf("--%s applies to the archive report, not to the report of one game", name)}
					}
				}
				if o.game < 1 {
					return &exitError{exitUsage, fmt.Errorf("--game counts from 1")}
				}
				return runGameReport(cmd, args[0], o)
			}
			for _, name := range []string{"game", "review"} {
				if f.Changed(name) {
					return &exitError{exitUsage, fmt.Errorf("--%s applies to the report of one game: towerlog report GAME.cgn --%s", name, name)}
				}
			}
			return runArchiveReport(cmd, o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.db, "db", defaultDB, "database file")
	f.StringVarP(&o.out, "output", "o", "", `HTML file to write (default "report.html", or GAME.html next to GAME.cgn)`)
	f.IntVar(&o.game, "game", 1, "which game of GAME.cgn, counting from 1")
	f.BoolVar(&o.review, "review", false, "review the game first (as towerlog review does) and report on the review")
	f.BoolVar(&o.force, "force", false, "replace an existing -o file")
	addFilterFlags(cmd, &o.filter)
	return cmd
}

func runArchiveReport(cmd *cobra.Command, o reportOptions) error {
	if o.out == "" {
		o.out = "report.html"
	}
	if err := checkOutput(o.out, []string{o.db}, o.force); err != nil {
		return &exitError{exitUsage, err}
	}
	s, err := openExisting(cmd.Context(), o.db)
	if err != nil {
		return &exitError{exitUsage, err}
	}
	defer s.Close()
	if _, err := s.CountGames(cmd.Context(), o.filter.filter()); err != nil {
		return storeError(o.db, err)
	}
	if err := writeFromStore(o.out, o.db, func(f io.Writer) error { return report.WriteArchive(cmd.Context(), f, s, o.filter.filter()) }); err != nil {
		return err
	}
	return say(cmd.OutOrStdout(), "wrote %s\n", o.out)
}

func runGameReport(cmd *cobra.Command, file string, o reportOptions) error {
	if o.out == "" {
		o.out = strings.TrimSuffix(file, filepath.Ext(file)) + ".html"
	}
	if err := checkOutput(o.out, []string{file}, o.force); err != nil {
		return &exitError{exitUsage, err}
	}
	game, err := loadGame(file, o.game, replay.Options{})
	if err != nil {
		return err
	}
	if o.review && game.Valid() {
		if err := reviewInto(cmd, game); err != nil {
			return err
		}
	}
	err = atomicfile.Write(o.out, func(f io.Writer) error { return report.WriteGame(f, game) })
	var invalid *report.InvalidGameError
	if errors.As(err, &invalid) {
		for i := range invalid.Diagnostics {
			fmt.Fprintln(cmd.ErrOrStderr(), invalid.Diagnostics[i].Error())
		}
		return &exitError{exitInvalid, fmt.Errorf("%s is not valid: no report written", game)}
	}
	if err != nil {
		return &exitError{exitUsage, err}
	}
	return say(cmd.OutOrStdout(), "wrote %s\n", o.out)
}

// reviewInto reviews game with review's defaults and writes the review
// into its record, for the report.
func reviewInto(cmd *cobra.Command, game *replay.Game) error {
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	bar := newSlowProgress(cmd.ErrOrStderr(), len(game.Turns), "reviewing", "turns")
	turns, err := review.Game(ctx, game, review.Options{Seed: 1}, func() { advance(bar) })
	finish(bar)
	if err != nil {
		return reviewError(err)
	}
	names := seatNames(game)
	review.Annotate(game.Record, turns, names, fmt.Sprintf("towerlog review --seed 1 --rollouts %d", review.DefaultRollouts))
	return nil
}
