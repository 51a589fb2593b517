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
	"strings"
	"syscall"
	"time"

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
	flag.Parse()
	pol, ok := review.ParsePolicy(*policy)
	if !ok {
		fmt.Fprintf(os.Stderr, "review-calibration: -policy %q: quick or learned\n", *policy)
		os.Exit(2)
	}
	o := review.Options{Rollouts: *rollouts, Seed: *seed, Workers: *jobs, Policy: pol, Temperature: *temperature, Breadth: *breadth, Top: *top}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	games, err := collect(ctx, flag.Args(), *cache, o, *limit)
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
	report(os.Stdout, games, *folds, *rollouts)
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
func collect(ctx context.Context, paths []string, cache string, o review.Options, limit int) ([]game, error) {
	rollouts, seed, policy := o.Rollouts, o.Seed, policyKey(o)
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
		g.Points = append(g.Points, point{
			Turn: t.Number, Mover: t.Seat, Win: t.Played.Win, Value: t.Played.Value,
			Scores: at[t.Number].Scores, Left: leftAfter[t.Number], Tiles: tilesAfter[t.Number],
			PlayedFarmer: strings.Contains(t.PlayedText, "+F:"), BestFarmer: strings.Contains(t.BestText, "+F:"),
			Checkpoint:   checkpoint[t.Number],
			Alternatives: t.Alternatives, Rank: t.PlayedRank, BestIsPlayed: !t.BestDiffers(), GivenAway: t.Best.Value - t.Played.Value,
			Listed: listed, After: after, Above: above, Inversions: inversions,
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

func report(w io.Writer, games []game, folds, rollouts int) {
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
	advice(w, games)
}

// advice prints how often the review's advice agrees with the moves
// played, over the reviewed turns with a choice.
func advice(w io.Writer, games []game) {
	var n, first, verdict, within, top3 int
	for _, g := range games {
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
		}
	}
	pct := func(k int) string {
		lo, hi := review.Wilson(float64(k), n)
		return fmt.Sprintf("%.1f%% (%.1f–%.1f)", 100*float64(k)/float64(max(n, 1)), 100*lo, 100*hi)
	}
	fmt.Fprintf(w, "Advice over %d reviewed turns with a choice (95%% intervals):\n", n)
	fmt.Fprintf(w, "  the review's best move is the move played (its verdict \"=\"): %s\n", pct(verdict))
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

// policyKey names the rollout policy of o in the cache.
func policyKey(o review.Options) string {
	p := o.Policy
	if p == review.PolicyDefault {
		p = review.DefaultPolicy
	}
	if p == review.PolicyQuick {
		return "quick"
	}
	b := o.Breadth
	if b == 0 {
		b = review.DefaultBreadth
	}
	return fmt.Sprintf("%s %g %d", p, o.Temperature, b)
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
