// Command review-calibration measures how well towerlog review's chance of
// winning matches the outcomes of real two-player games: it reviews the
// turns around seven checkpoints of every finished game of a corpus
// (turns 9, 18, ..., 63 of a 71-turn game, and the turn before each, for
// the rise of a player's chance with their own move), keeps what it found
// in a cache of JSON lines (a rerun reviews only the games not yet in it),
// and prints, per checkpoint, the Brier score of the review's chance, of a
// coin flip and of a logistic on the score difference, a reliability
// table, the mean own-move rise, the share of farmers among the best
// moves and the moves played, the advice's agreement with the moves
// played, and the honest rank's check: with -top N (10) alternatives
// listed a turn, those after the move played whose value is above its
// own by more than twice their standard error (there should be none).
//
// Whatever is fitted on the corpus (the logistic on the score difference,
// the review's calibrated chance) is evaluated out of fold: the games are
// split into -folds parts by a hash of their file and index, and each
// part is predicted by a model fitted on the others. -fit prints the
// chance model fitted on every game, as review/chance.go holds it.
//
// The cache keeps every alternative of a reviewed turn (its value, error,
// rollouts, round, the move model's log-probability and whether it puts
// a farmer): -select fits the players' choice among them on value, log p
// and farmer, which gives the prior's constants (review.DefaultPrior and
// review.DefaultFarmer), fold by fold, and chooses the best moves again
// with them. -prior-weights and -prior-folds review each game with the
// move model's weights and the constants fitted without its fold.
//
//	go run ./scripts/review-calibration -cache dev.jsonl dev.cgn
//
// scripts/review-calibration.sh wraps it.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
	"github.com/towerlog/towerlog/review"
)

// point is a reviewed turn of a game.
type point struct {
	Turn         int       `json:"turn"`
	Mover        int       `json:"mover"`
	Win          []float64 `json:"win"`    // the rollouts' shares, by seat
	Value        float64   `json:"value"`  // the move played's value, the mover's margin
	Scores       []int     `json:"scores"` // after the turn
	Left         int       `json:"left"`   // tiles left after the turn
	Tiles        int       `json:"tiles"`  // on the board after the turn
	PlayedFarmer bool      `json:"played_farmer"`
	BestFarmer   bool      `json:"best_farmer"`
	Checkpoint   int       `json:"checkpoint"` // 1 to 7; 0 for the turn before one
	// The advice: the alternatives, the move played's rank by value, and
	// whether the review's best move is the move played (or within
	// TieWithin of the best).
	Alternatives int     `json:"alternatives"`
	Rank         int     `json:"rank"` // 0: the move played is none of the alternatives
	BestIsPlayed bool    `json:"best_is_played"`
	GivenAway    float64 `json:"given_away"`
	// The honest rank's check, where the move played is among the top
	// alternatives listed (game.Top): the alternatives listed after it,
	// those whose value is above its own, and those above it by more than
	// twice their standard error (inversions).
	Listed     bool `json:"listed,omitempty"`
	After      int  `json:"after,omitempty"`
	Above      int  `json:"above,omitempty"`
	Inversions int  `json:"inversions,omitempty"`
	// Alts holds every alternative evaluated, for choosing the best move
	// again offline (-select).
	Alts []alt `json:"alts,omitempty"`
}

// alt is an alternative of a reviewed turn: its value, the standard error
// of its difference from the move played's, its rollouts, the last round
// of successive halving it reached, the move model's log-probability of
// it (with the weights of its game's fold), and whether it puts a farmer
// or is the move played.
type alt struct {
	V      float64 `json:"v"`
	E      float64 `json:"e"`
	N      int     `json:"n"`
	R      int     `json:"r"`
	L      float64 `json:"l"`
	Farmer bool    `json:"f,omitempty"`
	Played bool    `json:"p,omitempty"`
}

// game is a line of the cache.
type game struct {
	Key      string  `json:"key"`
	Rollouts int     `json:"rollouts"`
	Seed     uint64  `json:"seed"`
	Policy   string  `json:"policy"`        // and its temperature and breadth: "learned 1 8"
	Won      float64 `json:"won"`           // the first player's share of the win
	Top      int     `json:"top,omitempty"` // alternatives listed a turn (--top); 0 in lines written before the check
	Points   []point `json:"points"`
}

func main() {
	cache := flag.String("cache", "review-calibration.jsonl", "file of the games reviewed so far (JSON lines), read and extended")
	rollouts := flag.Int("rollouts", review.DefaultRollouts, "rollouts per turn")
	seed := flag.Uint64("seed", 1, "seed of the reviews")
	jobs := flag.Int("j", 0, "rollouts played at once (0: one per core)")
	folds := flag.Int("folds", 5, "parts the games are split into for fitting out of fold")
	limit := flag.Int("games", 0, "review at most this many games not yet in the cache (0: all)")
	fit := flag.Bool("fit", false, "print the chance model fitted on every game")
	policy := flag.String("policy", review.DefaultPolicy.String(), "rollout policy: quick or learned")
	temperature := flag.Float64("temperature", review.DefaultTemperature, "temperature of the learned policy")
	breadth := flag.Int("breadth", 0, "placements the learned policy weighs (0: the review's default, -1: all)")
	top := flag.Int("top", 10, "alternatives listed a turn, as towerlog review --top: the honest rank's check reads those after the move played")
	prior := flag.Float64("prior", 0, "weight of the move model's prior in the choice of the best move (0: the review's default, -1: none)")
	priorWeights := flag.String("prior-weights", "", "JSON file of the move model's weights fitted without each fold (scripts/policy-fit -fold-weights), for a prior out of fold")
	farmerPts := flag.Float64("farmer", 0, "points added to the score of an alternative that puts a farmer, with -prior above 0")
	priorFolds := flag.String("prior-folds", "", "the prior's weight and the farmer's points for the games of each fold, as c/farmer, separated by commas (fitted without the fold: -select prints them); overrides -prior")
	sel := flag.Bool("select", false, "choose the prior's weight out of fold from the alternatives in the cache and print the advice it gives")
	flag.Parse()
	pol, ok := review.ParsePolicy(*policy)
	if !ok {
		fmt.Fprintf(os.Stderr, "review-calibration: -policy %q: quick or learned\n", *policy)
		os.Exit(2)
	}
	o := review.Options{Rollouts: *rollouts, Seed: *seed, Workers: *jobs, Policy: pol, Temperature: *temperature, Breadth: *breadth,
		Top:   *top,
		Prior: *prior, Farmer: *farmerPts, Considered: true}
	var foldWeights [][engine.NumPolicyFeatures]float64
	if *priorWeights != "" {
		var err error
		if foldWeights, err = readWeights(*priorWeights, *folds); err != nil {
			fmt.Fprintln(os.Stderr, "review-calibration:", err)
			os.Exit(2)
		}
	}
	var foldPriors [][2]float64
	if *priorFolds != "" {
		for _, f := range strings.Split(*priorFolds, ",") {
			cs, fs, _ := strings.Cut(strings.TrimSpace(f), "/")
			c, err := strconv.ParseFloat(cs, 64)
			k, err2 := strconv.ParseFloat(fs, 64)
			if err != nil || err2 != nil || !(c > 0) {
				fmt.Fprintf(os.Stderr, "review-calibration: -prior-folds %q: give c/farmer pairs separated by commas, c positive\n", *priorFolds)
				os.Exit(2)
			}
			foldPriors = append(foldPriors, [2]float64{c, k})
		}
		if len(foldPriors) != *folds || foldWeights == nil {
			fmt.Fprintf(os.Stderr, "review-calibration: -prior-folds needs %d weights and -prior-weights\n", *folds)
			os.Exit(2)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	games, err := collect(ctx, flag.Args(), *cache, o, *limit, foldWeights, foldPriors)
	if err != nil {
		fmt.Fprintln(os.Stderr, "review-calibration:", err)
		if errors.Is(err, context.Canceled) {
			os.Exit(130)
		}
		os.Exit(2)
	}
	if *fit {
		w := fitChance(games)
		fmt.Printf("var chanceWeights = []float64{%s}\n", floats(w))
		return
	}
	priorOf := func(string) (float64, float64) {
		switch {
		case *prior < 0:
			return 0, 0
		case *prior == 0:
			return review.DefaultPrior, review.DefaultFarmer
		}
		return *prior, *farmerPts
	}
	if foldPriors != nil {
		priorOf = func(key string) (float64, float64) {
			p := foldPriors[fold(key, len(foldPriors))]
			return p[0], p[1]
		}
	}
	report(os.Stdout, games, *folds, *rollouts, priorOf)
	if *sel {
		selectPrior(os.Stdout, games, *folds)
	}
}

// readWeights reads the move model's weights fitted without each of folds
// folds: a JSON array of arrays.
func readWeights(file string, folds int) ([][engine.NumPolicyFeatures]float64, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var ws [][engine.NumPolicyFeatures]float64
	if err := json.Unmarshal(b, &ws); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if len(ws) != folds {
		return nil, fmt.Errorf("%s: %d folds' weights, want %d", file, len(ws), folds)
	}
	return ws, nil
}

func floats(w []float64) string {
	s := make([]string, len(w))
	for i, v := range w {
		s[i] = fmt.Sprintf("%.4g", v)
	}
	return strings.Join(s, ", ")
}

// collect returns the cache's games of these rollouts and seed, after
// reviewing the finished two-player games of paths not yet in it (and
// appending them to it).
func collect(ctx context.Context, paths []string, cache string, o review.Options, limit int, foldWeights [][engine.NumPolicyFeatures]float64, foldPriors [][2]float64) ([]game, error) {
	rollouts, seed, policy := o.Rollouts, o.Seed, policyKey(o, foldWeights != nil)
	if foldPriors != nil {
		policy = policyKey(review.Options{Policy: o.Policy, Temperature: o.Temperature, Breadth: o.Breadth, Prior: -1}, false) +
			fmt.Sprintf(" prior %v out of fold", foldPriors)
	}
	var games []game
	done := map[string]bool{}
	if f, err := os.Open(cache); err == nil {
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			var g game
			if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
				f.Close()
				return nil, fmt.Errorf("%s: %w", cache, err)
			}
			if g.Policy == "" {
				g.Policy = "quick"
			}
			if g.Rollouts == rollouts && g.Seed == seed && g.Policy == policy {
				games = append(games, g)
				done[g.Key] = true
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, err
		}
	}
	files, err := replay.ExpandPaths(paths)
	if err != nil {
		return nil, err
	}
	out, err := os.OpenFile(cache, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	defer out.Close()
	reviewed := 0
	for _, file := range files {
		k := 0
		err := replay.LoadCGN(file, func(rg *record.Game, syntax error) error {
			k++
			key := fmt.Sprintf("%s#%d", file, k)
			if done[key] || syntax != nil || (limit > 0 && reviewed >= limit) {
				return nil
			}
			rp := replay.Replay(file, k, rg, replay.Options{Lenient: true})
			if !rp.Valid() || len(rp.Players) != 2 || !rp.State.Over() {
				return nil
			}
			t0 := time.Now()
			o := o
			if foldWeights != nil {
				o.PriorWeights = &foldWeights[fold(key, len(foldWeights))]
			}
			if foldPriors != nil {
				o.Prior, o.Farmer = foldPriors[fold(key, len(foldPriors))][0], foldPriors[fold(key, len(foldPriors))][1]
			}
			g, err := reviewGame(ctx, rp, o)
			if err != nil {
				return err
			}
			g.Key, g.Rollouts, g.Seed, g.Policy, g.Top = key, rollouts, seed, policy, o.Top
			line, err := json.Marshal(g)
			if err != nil {
				return err
			}
			if _, err := out.Write(append(line, '\n')); err != nil {
				return err
			}
			games = append(games, g)
			reviewed++
			fmt.Fprintf(os.Stderr, "%s: %d reviewed (%s), %d in all\n", key, len(g.Points), time.Since(t0).Round(time.Second/10), len(games))
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return games, nil
}

// reviewGame reviews the checkpoints of rp and the turns before them.
func reviewGame(ctx context.Context, rp *replay.Game, o review.Options) (game, error) {
	n := len(rp.Turns)
	checkpoint := map[int]int{}
	for i, c := range review.Checkpoints(n) {
		checkpoint[c] = i + 1
		o.Turns = append(o.Turns, c-1, c)
	}
	start := replay.Replay(rp.File, rp.Index, rp.Record, replay.Options{Stop: replay.StopAfter(0), Lenient: true}).State
	var g game
	final := rp.State.Scores()
	switch {
	case final[0] > final[1]:
		g.Won = 1
	case final[0] == final[1]:
		g.Won = 0.5
	}
	turns, err := review.Game(ctx, rp, o, nil)
	if err != nil {
		return g, err
	}
	left, tiles := start.TilesLeft(), 1
	at := map[int]replay.Turn{}
	leftAfter, tilesAfter := map[int]int{}, map[int]int{}
	for _, t := range rp.Turns {
		left -= len(t.Discards)
		if t.Placed {
			left--
			tiles++
		}
		at[t.Number], leftAfter[t.Number], tilesAfter[t.Number] = t, left, tiles
	}
	for _, t := range turns {
		listed, after, above, inversions := rankCheck(&t)
		var alts []alt
		for i, c := range t.Considered {
			if c.Rollouts == 0 {
				continue
			}
			alts = append(alts, alt{V: c.Value, E: c.DiffErr, N: c.Rollouts, R: c.Round, L: c.LogP, Farmer: review.PutsFarmer(c.Moves), Played: i == t.PlayedAt})
		}
		g.Points = append(g.Points, point{
			Turn: t.Number, Mover: t.Seat, Win: t.Played.Win, Value: t.Played.Value,
			Scores: at[t.Number].Scores, Left: leftAfter[t.Number], Tiles: tilesAfter[t.Number],
			PlayedFarmer: strings.Contains(t.PlayedText, "+F:"), BestFarmer: strings.Contains(t.BestText, "+F:"),
			Checkpoint:   checkpoint[t.Number],
			Alternatives: t.Alternatives, Rank: t.PlayedRank, BestIsPlayed: !t.BestDiffers(), GivenAway: t.Best.Value - t.Played.Value,
			Listed: listed, After: after, Above: above, Inversions: inversions,
			Alts: alts,
		})
	}
	return g, nil
}

// rankCheck reads the alternatives t lists (its Top, by value) after the
// move played, when it is among them: how many, how many have a value
// above the move played's, and how many by more than twice their
// standard error. Ranked by value, none should be above.
func rankCheck(t *review.GameTurn) (listed bool, after, above, inversions int) {
	at := -1
	for i, text := range t.TopText {
		if t.PlayedAt >= 0 && text == t.PlayedText {
			at = i
			break
		}
	}
	if at < 0 {
		return false, 0, 0, 0
	}
	for _, r := range t.Top[at+1:] {
		after++
		d := r.Value - t.Played.Value
		if d > 0 {
			above++
		}
		if d > 2*r.StdErr {
			inversions++
		}
	}
	return true, after, above, inversions
}

// position is what the chance model reads of a point.
func position(g game, p point) review.Position {
	m := p.Value
	if p.Mover != 0 {
		m = -m
	}
	return review.Position{
		Share: p.Win[0], Margin: m, ScoreDiff: float64(p.Scores[0] - p.Scores[1]), FirstMoved: p.Mover == 0,
		Left: p.Left, Total: p.Left + p.Tiles,
	}
}

func fold(key string, folds int) int {
	h := fnv.New32a()
	io.WriteString(h, key)
	return int(h.Sum32() % uint32(folds))
}

// fitChance fits the chance model on every point of games.
func fitChance(games []game) []float64 {
	var xs [][]float64
	var ys []float64
	for _, g := range games {
		for _, p := range g.Points {
			xs = append(xs, review.ChanceFeatures(position(g, p)))
			ys = append(ys, g.Won)
		}
	}
	return review.FitLogistic(xs, ys, ridge)
}

// ridge keeps the fits stable on a small corpus.
const ridge = 1.0

// scored is a checkpoint of a game with the predictions of the first
// player's chance.
type scored struct {
	won                  float64
	rollouts, calibrated float64 // the rollouts' share, the chance model fitted out of fold
	shipped              float64 // the chance model with the weights the review ships
	logistic             float64 // on the score difference, fitted out of fold
	rise, riseCal        float64 // the mover's own-move rise; NaN without the turn before
	riseShipped          float64
}

func report(w io.Writer, games []game, folds, rollouts int, priorOf func(key string) (c, farmer float64)) {
	byCheckpoint := make([][]scored, 8)
	for f := range folds {
		var train []game
		for _, g := range games {
			if fold(g.Key, folds) != f {
				train = append(train, g)
			}
		}
		model := fitChance(train)
		diffModels := make([][]float64, 8)
		for c := 1; c <= 7; c++ {
			var xs [][]float64
			var ys []float64
			for _, g := range train {
				for _, p := range g.Points {
					if p.Checkpoint == c {
						xs = append(xs, []float64{1, float64(p.Scores[0]-p.Scores[1]) / 10})
						ys = append(ys, g.Won)
					}
				}
			}
			diffModels[c] = review.FitLogistic(xs, ys, 0)
		}
		for _, g := range games {
			if fold(g.Key, folds) != f {
				continue
			}
			for i, p := range g.Points {
				if p.Checkpoint == 0 || diffModels[p.Checkpoint] == nil {
					continue
				}
				cal := func(p point) float64 { return review.Logistic(dot(model, review.ChanceFeatures(position(g, p)))) }
				s := scored{
					won: g.Won, rollouts: p.Win[0], calibrated: cal(p), shipped: review.ShippedChance(position(g, p)),
					logistic: review.Logistic(dot(diffModels[p.Checkpoint], []float64{1, float64(p.Scores[0]-p.Scores[1]) / 10})),
					rise:     math.NaN(), riseCal: math.NaN(), riseShipped: math.NaN(),
				}
				if i > 0 && g.Points[i-1].Turn == p.Turn-1 {
					q := g.Points[i-1]
					sign := 1.0
					if p.Mover != 0 {
						sign = -1
					}
					s.rise = sign * (p.Win[0] - q.Win[0])
					s.riseCal = sign * (cal(p) - cal(q))
					s.riseShipped = sign * (s.shipped - review.ShippedChance(position(g, q)))
				}
				byCheckpoint[p.Checkpoint] = append(byCheckpoint[p.Checkpoint], s)
			}
		}
	}
	fmt.Fprintf(w, "%d finished two-player games, %d rollouts a turn; every fit evaluated out of %d folds; Brier scores of the first player's chance\n\n", len(games), rollouts, folds)
	fmt.Fprintln(w, "| checkpoint | games | before: rollouts' share | after: calibrated chance | shipped weights | coin flip | score-difference logistic |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|")
	var all []scored
	for c := 1; c <= 7; c++ {
		ss := byCheckpoint[c]
		all = append(all, ss...)
		fmt.Fprintf(w, "| %d/8 (turn %d of 71) | %d | %.3f | %.3f | %.3f | 0.250 | %.3f |\n", c, 9*c, len(ss),
			brier(ss, func(s scored) float64 { return s.rollouts }),
			brier(ss, func(s scored) float64 { return s.calibrated }),
			brier(ss, func(s scored) float64 { return s.shipped }),
			brier(ss, func(s scored) float64 { return s.logistic }))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Reliability (all checkpoints): predicted chance of the first player, in tenths, against the share won")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| predicted | before, rollouts' share: n, mean, won | after, calibrated: n, mean, won |")
	fmt.Fprintln(w, "|---|---|---|")
	tables := [][]review.Bin{}
	for _, pick := range []func(scored) float64{
		func(s scored) float64 { return s.rollouts },
		func(s scored) float64 { return s.calibrated },
	} {
		p, y := pairs(all, pick)
		tables = append(tables, review.Reliability(p, y))
	}
	for k := range 10 {
		fmt.Fprintf(w, "| %.1f–%.1f |", float64(k)/10, float64(k+1)/10)
		for _, t := range tables {
			b := t[k]
			if b.N == 0 {
				fmt.Fprint(w, " 0 |")
				continue
			}
			fmt.Fprintf(w, " %d, %.2f, %.2f |", b.N, b.Predicted, b.Observed)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "Mean own-move rise of the mover's chance, percentage points: before %.1f, after %.1f, shipped weights %.1f\n",
		100*mean(all, func(s scored) float64 { return s.rise }),
		100*mean(all, func(s scored) float64 { return s.riseCal }),
		100*mean(all, func(s scored) float64 { return s.riseShipped }))
	played, best, n := 0, 0, 0
	for _, g := range games {
		for _, p := range g.Points {
			n++
			if p.PlayedFarmer {
				played++
			}
			if p.BestFarmer {
				best++
			}
		}
	}
	fmt.Fprintf(w, "Farmers: %.1f%% of the best moves, %.1f%% of the moves played (%d reviewed turns): %.2f times as frequent\n",
		100*float64(best)/float64(max(n, 1)), 100*float64(played)/float64(max(n, 1)), n, float64(best)/float64(max(played, 1)))
	advice(w, games, priorOf)
}

// advice prints how often the review's advice agrees with the moves
// played, over the reviewed turns with a choice; priorOf gives the prior
// a game was reviewed with, for the share of turns whose highest score
// of the last round is the move played's (before a best move within
// review.TieWithin of the move played's value is counted as the move
// played).
func advice(w io.Writer, games []game, priorOf func(key string) (c, farmer float64)) {
	var n, first, verdict, within, top3, scored int
	for _, g := range games {
		c, farmer := priorOf(g.Key)
		for _, p := range g.Points {
			if p.Alternatives < 2 || p.Rank == 0 {
				continue
			}
			n++
			if p.Rank == 1 {
				first++
			}
			if p.BestIsPlayed {
				verdict++
			}
			if p.GivenAway <= 0.5 {
				within++
			}
			if p.Rank <= 3 {
				top3++
			}
			if topScore(p, c, farmer) {
				scored++
			}
		}
	}
	pct := func(k int) string {
		lo, hi := review.Wilson(float64(k), n)
		return fmt.Sprintf("%.1f%% (%.1f–%.1f)", 100*float64(k)/float64(max(n, 1)), 100*lo, 100*hi)
	}
	fmt.Fprintf(w, "Advice over %d reviewed turns with a choice (95%% intervals):\n", n)
	fmt.Fprintf(w, "  the review's best move is the move played (its verdict \"=\"): %s\n", pct(verdict))
	fmt.Fprintf(w, "  the move played has the highest score of the last round (before the tie within 0.5): %s\n", pct(scored))
	fmt.Fprintf(w, "  the move played has the highest value of all (rank 1): %s\n", pct(first))
	fmt.Fprintf(w, "  the move played within 0.5 points of the best: %s\n", pct(within))
	fmt.Fprintf(w, "  the move played ranks in the top 3 by value: %s\n", pct(top3))
	honestRanks(w, games)
}

// honestRanks prints the honest rank's check over the games reviewed
// with it (game.Top): no alternative listed after the move played should
// have a value above its own by more than twice its standard error.
func honestRanks(w io.Writer, games []game) {
	var checked, turns, listed, after, above, inversions int
	tops := map[int]bool{}
	for _, g := range games {
		if g.Top == 0 {
			continue
		}
		checked++
		tops[g.Top] = true
		for _, p := range g.Points {
			turns++
			if p.Listed {
				listed++
			}
			after += p.After
			above += p.Above
			inversions += p.Inversions
		}
	}
	if checked == 0 {
		fmt.Fprintln(w, "Honest ranks: no game reviewed with the check (reviewed before it was added)")
		return
	}
	var ns []string
	for n := range tops {
		ns = append(ns, fmt.Sprint(n))
	}
	slices.Sort(ns)
	fmt.Fprintf(w, "Honest ranks (%d games, --top %s): the move played listed on %d of %d reviewed turns, %d alternatives listed after it; "+
		"%d with a value above its own, %d above by more than twice their standard error\n",
		checked, strings.Join(ns, ", "), listed, turns, after, above, inversions)
}

// policyKey names the rollout policy of o and its prior in the cache:
// "learned 0.5 4", "quick prior 1 out of fold".
func policyKey(o review.Options, outOfFold bool) string {
	p := o.Policy
	if p == review.PolicyDefault {
		p = review.DefaultPolicy
	}
	key := "quick"
	if p != review.PolicyQuick {
		b := o.Breadth
		if b == 0 {
			b = review.DefaultBreadth
		}
		key = fmt.Sprintf("%s %g %d", p, o.Temperature, b)
	}
	prior, farmer := o.Prior, o.Farmer
	if prior == 0 {
		prior, farmer = review.DefaultPrior, review.DefaultFarmer
	}
	if prior > 0 {
		key += fmt.Sprintf(" prior %g farmer %g", prior, farmer)
		if outOfFold {
			key += " out of fold"
		}
	}
	return key
}

// priorGrid are the prior's weights -select tries, in points per unit of
// log-probability.
var priorGrid = []float64{0, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 6}

// chooseFarmer returns the alternative of p the review would call best
// with the prior's weight c and the farmer's points, from the values and
// log-probabilities in the cache: the highest value + c · log p (+ farmer
// for a farmer), or the move played when its value is within
// review.TieWithin of that one's. It returns -1 when p has no
// alternatives or no move played among them.
func chooseFarmer(p point, c, farmer float64) int {
	score := func(a alt) float64 {
		s := a.V + c*a.L
		if a.Farmer {
			s += farmer
		}
		return s
	}
	best, played := -1, -1
	for i, a := range p.Alts {
		if a.Played {
			played = i
		}
		if best < 0 || score(a) > score(p.Alts[best]) {
			best = i
		}
	}
	if played < 0 {
		return -1
	}
	if p.Alts[best].V-p.Alts[played].V <= review.TieWithin {
		return played
	}
	return best
}

// choiceFeatures are what fitChoice models the players' choice of an
// alternative by: its value in tens of points and the move model's
// log-probability of it, and with farmers, whether it puts a farmer.
func choiceFeatures(a alt, p point, farmers bool) []float64 {
	x := []float64{a.V / 10, a.L}
	if farmers {
		f := 0.0
		if a.Farmer {
			f = 1
		}
		x = append(x, f)
	}
	return x
}

// fitChoice fits the players' choice among the alternatives of the
// turns of games as a conditional logit on choiceFeatures, by maximum
// likelihood (Newton's method): the ratio of a feature's weight to the
// value's is what the players trade a point of the rollouts' value for.
func fitChoice(games []game, farmers bool) []float64 {
	k := 2
	if farmers {
		k = 3
	}
	b := make([]float64, k)
	for range 50 {
		g := make([]float64, k)
		h := make([][]float64, k)
		for i := range h {
			h[i] = make([]float64, k)
			h[i][i] = 1e-6
		}
		for _, gm := range games {
			for _, p := range gm.Points {
				played := -1
				for i, a := range p.Alts {
					if a.Played {
						played = i
					}
				}
				if played < 0 || len(p.Alts) < 2 {
					continue
				}
				xs := make([][]float64, len(p.Alts))
				ps := make([]float64, len(p.Alts))
				top := math.Inf(-1)
				for i, a := range p.Alts {
					xs[i] = choiceFeatures(a, p, farmers)
					ps[i] = dot(b, xs[i])
					top = max(top, ps[i])
				}
				sum := 0.0
				for i := range ps {
					ps[i] = math.Exp(ps[i] - top)
					sum += ps[i]
				}
				m := make([]float64, k)
				for i, x := range xs {
					ps[i] /= sum
					for a := range k {
						m[a] += ps[i] * x[a]
					}
				}
				for a := range k {
					g[a] += xs[played][a] - m[a]
				}
				for i, x := range xs {
					for a := range k {
						for c := range k {
							h[a][c] += ps[i] * (x[a] - m[a]) * (x[c] - m[c])
						}
					}
				}
			}
		}
		step := review.Solve(h, g)
		size := 0.0
		for a := range k {
			b[a] += step[a]
			size += math.Abs(step[a])
		}
		if size < 1e-9 {
			break
		}
	}
	return b
}

// topScore reports whether the move played of p has the highest score of
// the alternatives in the last round of successive halving, with the
// prior's weight c and the farmer's points.
func topScore(p point, c, farmer float64) bool {
	last := 0
	for _, a := range p.Alts {
		last = max(last, a.R)
	}
	best, played := -1, -1
	score := func(a alt) float64 {
		s := a.V + c*a.L
		if a.Farmer {
			s += farmer
		}
		return s
	}
	for i, a := range p.Alts {
		if a.Played {
			played = i
		}
		if a.R == last && (best < 0 || score(a) > score(p.Alts[best])) {
			best = i
		}
	}
	return played >= 0 && played == best
}

// adviceTally is how often a rule's best move is the move played, and the
// farmers among its best moves and the moves played, over turns with a
// choice.
type adviceTally struct{ n, agree, farmBest, farmPlayed int }

func (t *adviceTally) add(u adviceTally) {
	t.n, t.agree, t.farmBest, t.farmPlayed = t.n+u.n, t.agree+u.agree, t.farmBest+u.farmBest, t.farmPlayed+u.farmPlayed
}

func (t adviceTally) String() string {
	lo, hi := review.Wilson(float64(t.agree), t.n)
	n := float64(max(t.n, 1))
	return fmt.Sprintf("best move = move played %.1f%% (%.1f–%.1f), farmers %.1f%% / %.1f%% (%.2f×)",
		100*float64(t.agree)/n, 100*lo, 100*hi, 100*float64(t.farmBest)/n, 100*float64(t.farmPlayed)/n, float64(t.farmBest)/float64(max(t.farmPlayed, 1)))
}

// countAdvice tallies the turns of games chosen again with the prior's
// weight c and the farmer's points.
func countAdvice(games []game, c, farmer float64) adviceTally {
	var t adviceTally
	for _, g := range games {
		for _, p := range g.Points {
			if p.Alternatives < 2 {
				continue
			}
			k := chooseFarmer(p, c, farmer)
			if k < 0 {
				continue
			}
			t.n++
			if p.Alts[k].Played {
				t.agree++
			}
			if p.Alts[k].Farmer {
				t.farmBest++
			}
			if p.PlayedFarmer {
				t.farmPlayed++
			}
		}
	}
	return t
}

// selectPrior prints the advice the cache's turns give when their best
// move is chosen again by value + c · log p for each c of priorGrid (in
// sample), then the players' choice fitted on every turn, and the advice
// of the prior's weight and the farmer's points taken from the players'
// choice fitted on the other folds, fold by fold (out of fold): without
// and with the farmer.
func selectPrior(w io.Writer, games []game, folds int) {
	fmt.Fprintln(w, "\nThe best move chosen again from the cache by value + c · log p (in sample, every turn with a choice):")
	fmt.Fprintln(w)
	for _, c := range priorGrid {
		fmt.Fprintf(w, "  c %g: %s\n", c, countAdvice(games, c, 0))
	}
	b := fitChoice(games, false)
	fmt.Fprintf(w, "\nThe players' choice fitted on every turn, P ∝ exp(a · value/10 + b · log p): a %.3f, b %.3f, c = 10b/a = %.2f\n", b[0], b[1], 10*b[1]/b[0])
	b = fitChoice(games, true)
	fmt.Fprintf(w, "with farmers, P ∝ exp(a · value/10 + b · log p + d · farmer): a %.3f, b %.3f, d %.3f; in points: c %.2f, farmer %.2f\n",
		b[0], b[1], b[2], 10*b[1]/b[0], 10*b[2]/b[0])
	for _, farmers := range []bool{false, true} {
		fmt.Fprintf(w, "\nOut of fold, c (and with farmers the farmer's points) of the players' choice fitted on the other folds, farmers %v:\n", farmers)
		var all adviceTally
		for f := range folds {
			var train, test []game
			for _, g := range games {
				if fold(g.Key, folds) != f {
					train = append(train, g)
				} else {
					test = append(test, g)
				}
			}
			b := fitChoice(train, farmers)
			c, farmer := 10*b[1]/b[0], 0.0
			if farmers {
				farmer = 10 * b[2] / b[0]
			}
			t := countAdvice(test, c, farmer)
			fmt.Fprintf(w, "  fold %d: c %.2f, farmer %.2f: %s\n", f+1, c, farmer, t)
			all.add(t)
		}
		fmt.Fprintf(w, "  in all: %s\n", all)
	}
}

func pairs(ss []scored, pick func(scored) float64) (p, y []float64) {
	for _, s := range ss {
		p = append(p, pick(s))
		y = append(y, s.won)
	}
	return p, y
}

func brier(ss []scored, pick func(scored) float64) float64 {
	return review.Brier(pairs(ss, pick))
}

func mean(ss []scored, pick func(scored) float64) float64 {
	s, n := 0.0, 0
	for _, x := range ss {
		if v := pick(x); !math.IsNaN(v) {
			s += v
			n++
		}
	}
	return s / float64(max(n, 1))
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}
