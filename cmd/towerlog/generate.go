package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/generate"
	"github.com/towerlog/towerlog/internal/atomicfile"
	"github.com/towerlog/towerlog/review"
)

type generateOptions struct {
	games   int
	players string
	seed    uint64
	rules   string
	out     string
	style   string
	force   bool
	// pool and eventGames shape a club's archive (generate.Club).
	pool, eventGames int
}

func newGenerateCmd() *cobra.Command {
	var o generateOptions
	cmd := &cobra.Command{
		Use:   "generate --games N --players P --seed S [--rules ...] [-o FILE|DIR]",
		Short: "Write seeded random legal games in CGN",
		Long: `generate plays random complete legal games with the rules engine and
writes them in CGN with declared scores after every turn and the Result
tag. The same seed gives the same games. Game i uses seed S+i; --players
takes a number or a range such as 2-6 (seats cycle through it).

-o FILE writes every game into one file; -o DIR (an existing directory, or
a path ending in /) writes one file per game, game-000001.cgn and on;
without -o the games go to standard output. An existing .cgn file is
replaced only with --force.

--style learned plays as the rollout policy learned from real games of
strong players plays (docs/review.md): games that look like real play, at
about a thousand a second. --style quick plays as the review's other
rollout policy does.

--style review plays every turn as the best move a review of it finds
(towerlog review with ` + "`" + `--rollouts 200` + "`" + `), the draws still from the seed: a few
seconds per game on two cores.

--pool N seats each table from a pool of N players (Anna1, Bruno1, ...,
Anna2, ...) instead of the same names at every table, and --event-games M
groups the games into events of M games, as a club or a federation plays
them: the game of seed s is round (s-1) mod M + 1 of "Club event E",
E = (s-1)/M + 1, dated a day after the event before it; each event draws
its entrants from the pool (enough for each to play about ten games of
it) and each table its players from the entrants. Tables and events
depend only on the seeds, so an archive generated in parts of
consecutive seeds is the archive generated whole.`,
		Example: `  towerlog generate --games 100 --players 4 --seed 1 -o games.cgn
  towerlog generate --games 10000 --players 2-6 --seed 7 -o corpus/
  towerlog generate --games 5 --players 3 --seed 9 --rules "tower range=diagonal farmers=off"
  towerlog generate --games 300 --players 2-5 --seed 1 --style greedy -o club.cgn
  towerlog generate --games 100000 --players 4 --pool 10000 --event-games 100 -o federation.cgn`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runGenerate(cmd, o)
		},
	}
	cmd.Flags().IntVar(&o.games, "games", 1, "number of games")
	cmd.Flags().StringVar(&o.players, "players", "4", "players per game: N, or a range such as 2-6")
	cmd.Flags().Uint64Var(&o.seed, "seed", 1, "random seed of the first game")
	cmd.Flags().StringVar(&o.rules, "rules", "tower", `rules, as in the CGN Rules tag (e.g. "base", "tower reopen=no")`)
	cmd.Flags().StringVarP(&o.out, "output", "o", "", `output file or directory ("-" or none: standard output)`)
	cmd.Flags().BoolVar(&o.force, "force", false, "replace existing files")
	cmd.Flags().IntVar(&o.pool, "pool", 0, "draw each table's players from a pool of N names")
	cmd.Flags().IntVar(&o.eventGames, "event-games", 0, "group the games into events of M games (needs --pool)")
	cmd.Flags().StringVar(&o.style, "style", "random", "how the games are played: random (fast, every rule often), greedy (like sensible players), quick or learned (the review's rollout policies; learned was fitted on real games) or review (each turn the best move a review finds; slow)")
	return cmd
}

func parsePlayers(s string) (lo, hi int, err error) {
	a, b, isRange := strings.Cut(s, "-")
	lo, err1 := strconv.Atoi(a)
	hi = lo
	var err2 error
	if isRange {
		hi, err2 = strconv.Atoi(b)
	}
	if err1 != nil || err2 != nil || lo < 1 || hi > engine.MaxPlayers || lo > hi {
		return 0, 0, fmt.Errorf("--players %q: give a number of players from 1 to %d, or a range such as 2-6", s, engine.MaxPlayers)
	}
	return lo, hi, nil
}

func runGenerate(cmd *cobra.Command, o generateOptions) error {
	lo, hi, err := parsePlayers(o.players)
	if err != nil {
		return &exitError{exitUsage, err}
	}
	rules, err := engine.ParseRules(strings.Fields(o.rules))
	if err != nil {
		return &exitError{exitUsage, fmt.Errorf("--rules: %w", err)}
	}
	style, ok := generate.ParseStyle(o.style)
	var player *generate.Player
	if o.style == "review" {
		player, ok = reviewPlayer(cmd.Context()), true
	}
	if !ok {
		return &exitError{exitUsage, fmt.Errorf("--style %q: random, greedy, quick, learned or review", o.style)}
	}
	if o.games < 0 {
		return &exitError{exitUsage, fmt.Errorf("--games must not be negative")}
	}
	s := generate.Series{Games: o.games, MinPlayers: lo, MaxPlayers: hi, Seed: o.seed, Rules: rules, Style: style, Player: player}
	switch {
	case o.pool > 0:
		s.Club = &generate.Club{Pool: o.pool, EventGames: o.eventGames}
	case o.pool < 0:
		return &exitError{exitUsage, fmt.Errorf("--pool must be positive")}
	case cmd.Flags().Changed("event-games"):
		return &exitError{exitUsage, fmt.Errorf("--event-games needs --pool: the players of the events are drawn from it")}
	}
	if err := s.Check(); err != nil {
		return &exitError{exitUsage, fmt.Errorf("--pool %d: %w", o.pool, err)}
	}
	bar := newProgress(cmd.ErrOrStderr(), o.games, "generating")
	s.Done = func() { advance(bar) }
	switch {
	case o.out == "" || o.out == "-":
		err = s.Write(cmd.OutOrStdout())
	case isDirOutput(o.out):
		for i := 0; i < o.games && err == nil; i++ {
			err = checkOutput(filepath.Join(o.out, generate.FileName(i)), nil, o.force)
		}
		if err == nil {
			err = s.WriteDir(o.out)
		}
	default:
		if err = checkOutput(o.out, nil, o.force); err == nil {
			err = os.MkdirAll(filepath.Dir(o.out), 0o755)
		}
		if err == nil {
			err = atomicfile.Write(o.out, s.Write)
		}
	}
	finish(bar)
	if err != nil {
		return &exitError{exitUsage, err}
	}
	if o.out != "" && o.out != "-" {
		return say(cmd.OutOrStdout(), "wrote %s (%s)\n", o.out, count(o.games, "game"))
	}
	return nil
}

// isDirOutput reports whether -o names a directory: an existing one, or a
// path ending in a separator.
func isDirOutput(out string) bool {
	if strings.HasSuffix(out, "/") || strings.HasSuffix(out, string(os.PathSeparator)) {
		return true
	}
	info, err := os.Stat(out)
	return err == nil && info.IsDir()
}

// reviewPlayer plays games of --style review: every seat plays, each
// turn, the best move a review of PlayRollouts rollouts finds.
func reviewPlayer(ctx context.Context) *generate.Player {
	return &generate.Player{Name: "review", Play: func(o engine.GenOptions) ([]engine.Move, error) {
		seats := make([]review.Seat, o.Players)
		for i := range seats {
			seats[i].Review = true
		}
		_, moves, err := review.Play(ctx, review.PlayOptions{Rules: o.Rules, Seed: o.Seed, Seats: seats,
			Review: review.Options{Rollouts: review.PlayRollouts}})
		return moves, err
	}}
}
