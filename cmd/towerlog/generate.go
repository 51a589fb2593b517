package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

func init() { register(newGenerateCmd) }

type generateOptions struct {
	games   int
	players string
	seed    uint64
	rules   string
	out     string
	style   string
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
a path ending in /) writes one file per game; without -o the games go to
standard output.`,
		Example: `  towerlog generate --games 100 --players 4 --seed 1 -o games.cgn
  towerlog generate --games 10000 --players 2-6 --seed 7 -o corpus/
  towerlog generate --games 5 --players 3 --seed 9 --rules "tower range=diagonal farmers=off"
  towerlog generate --games 300 --players 2-5 --seed 1 --style greedy -o club.cgn`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runGenerate(cmd, o)
		},
	}
	cmd.Flags().IntVar(&o.games, "games", 1, "number of games")
	cmd.Flags().StringVar(&o.players, "players", "4", "players per game: N, or a range such as 2-6")
	cmd.Flags().Uint64Var(&o.seed, "seed", 1, "random seed of the first game")
	cmd.Flags().StringVar(&o.rules, "rules", "tower", `rules, as in the CGN Rules tag (e.g. "base", "tower reopen=no")`)
	cmd.Flags().StringVarP(&o.out, "output", "o", "", "output file or directory (default: standard output)")
	cmd.Flags().StringVar(&o.style, "style", "random", "how the games are played: random (fast, every rule often) or greedy (like sensible players)")
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
	styles := map[string]engine.Style{"random": engine.StyleRandom, "greedy": engine.StyleGreedy}
	style, ok := styles[o.style]
	if !ok {
		return &exitError{exitUsage, fmt.Errorf("--style %q: random or greedy", o.style)}
	}
	if o.games < 0 {
		return &exitError{exitUsage, fmt.Errorf("--games must not be negative")}
	}
	dir := ""
	var w io.Writer = cmd.OutOrStdout()
	if o.out != "" {
		if info, err := os.Stat(o.out); (err == nil && info.IsDir()) || strings.HasSuffix(o.out, "/") {
			dir = o.out
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return &exitError{exitUsage, err}
			}
		} else {
			if err := os.MkdirAll(filepath.Dir(o.out), 0o755); err != nil {
				return &exitError{exitUsage, err}
			}
			f, err := os.Create(o.out)
			if err != nil {
				return &exitError{exitUsage, err}
			}
			defer f.Close()
			bw := bufio.NewWriterSize(f, 1<<20)
			defer bw.Flush()
			w = bw
		}
	}
	gen := engine.NewGenerator()
	bar := newProgress(cmd.ErrOrStderr(), o.games, "generating")
	var buf []byte
	for i := 0; i < o.games; i++ {
		opts := engine.GenOptions{Players: lo + i%(hi-lo+1), Rules: rules, Seed: o.seed + uint64(i), Style: style}
		tags := map[string]string{
			"Event":  "towerlog generated games",
			"Round":  strconv.Itoa(i + 1),
			"Source": fmt.Sprintf("towerlog generate --seed %d --style %s", opts.Seed, o.style),
		}
		rg, err := replay.Generate(gen, opts, tags)
		if err != nil {
			return &exitError{exitUsage, err}
		}
		buf = record.AppendGame(buf[:0], rg)
		if dir != "" {
			name := filepath.Join(dir, fmt.Sprintf("game-%06d.cgn", i+1))
			if err := os.WriteFile(name, buf, 0o644); err != nil {
				return &exitError{exitUsage, err}
			}
		} else {
			if i > 0 {
				if _, err := io.WriteString(w, "\n"); err != nil {
					return &exitError{exitUsage, err}
				}
			}
			if _, err := w.Write(buf); err != nil {
				return &exitError{exitUsage, err}
			}
		}
		advance(bar)
	}
	finish(bar)
	return nil
}
