// Command luck-variance measures what luck analysis is for: how much
// noise taking the draw out of results removes. It plays seeded
// two-player base games and measures each one's luck (package luck),
// then prints
//
//   - over games between equal players (-style on both seats): the
//     variance of the first seat's final margin and of its luck-adjusted
//     margin, and their ratio (luck analysis is worth it when the ratio
//     is well under 1); with -style luck, whose seats play the best plays
//     the luck itself finds, also the variance of what the adjustment
//     leaves over each third of the game (the evaluator's inconsistency
//     from one turn to the next);
//   - over games of the review's style against the greedy one (-mixed N
//     games, the seats swapped every other game): the review-style seat's
//     win rate, raw and luck-adjusted (a win when the adjusted margin is
//     positive, half a win at zero), each with its standard error.
//
// Each game is played from seed S+i and measured with -rollouts and the
// same seed, the rollouts played by -policy (the review's, learned, by
// default): the output is the same at any -j.
//
// The ratio of the variances comes with its 95% bootstrap interval over
// the games. Interrupted (Ctrl-C), the command prints the figures of the
// games measured so far.
//
// -corpus FILE measures instead the first -games finished two-player
// games of a file of real games (any format towerlog reads), from its
// -from-th game on: the share of the games
// won by the luckier player, the correlation of the luck difference with
// the margin, and the variance of the first seat's margin and adjusted
// margin.
//
// The luck-adjusted margins are those towerlog luck gives, with luck
// calibrated on real games (luck.DefaultScale()). -turns FILE also writes
// each measured turn's luck, the evaluator's (uncalibrated), as JSON
// lines (turnWriter; the file must not exist). -fit FILE fits the
// calibration on such a file of real games and prints it, with the
// variance ratios it gives out of fold; -check FILE adds the ratios it
// gives on another run's turns (an equal-player run's).
//
//	go run ./scripts/luck-variance -games 200 -mixed 200 -rollouts 2000
//	go run ./scripts/luck-variance -corpus dev.cgn -games 20 -rollouts 2000
//	go run ./scripts/luck-variance -corpus dev.cgn -from 31 -games 30
//	go run ./scripts/luck-variance -corpus dev.cgn -games 99 -turns real.jsonl
//	go run ./scripts/luck-variance -fit real.jsonl -check equal.jsonl
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/signal"
	"slices"
	"syscall"
	"time"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/format"
	"github.com/towerlog/towerlog/generate"
	"github.com/towerlog/towerlog/luck"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
	"github.com/towerlog/towerlog/review"
)

func main() {
	games := flag.Int("games", 200, "games between equal players")
	mixed := flag.Int("mixed", 0, "games of the review style against the greedy one")
	style := flag.String("style", "greedy", "the style of both seats of the equal games (an engine style; review; or luck: each turn the best play the luck finds)")
	rollouts := flag.Int("rollouts", luck.DefaultRollouts, "rollouts per turn of the luck")
	seed := flag.Uint64("seed", 1, "the first game's seed")
	jobs := flag.Int("j", 0, "rollouts played at once (0: one per core)")
	corpus := flag.String("corpus", "", "measure the first -games games of this file of real games instead")
	from := flag.Int("from", 1, "with -corpus, the index in the file of the first game to measure")
	playRollouts := flag.Int("play-rollouts", review.PlayRollouts, "rollouts a turn of a seat of -style review")
	policyName := flag.String("policy", review.DefaultPolicy.String(), "rollout policy of the luck: quick or learned")
	temperature := flag.Float64("temperature", 0, "the learned rollout policy's temperature (0: the review's)")
	breadth := flag.Int("breadth", 0, "placements the learned rollout policy weighs a turn (0: the review's)")
	prior := flag.Float64("prior", 0, "weight of the review's prior in the search for each draw's best play (0: the review's; negative: none)")
	fitPath := flag.String("fit", "", "fit the calibration of luck on the turns of real games a -corpus run wrote with -turns, and print it")
	checkPath := flag.String("check", "", "with -fit, also print the variance ratios its calibrations give on these turns (an equal-player run's)")
	turnsPath := flag.String("turns", "", "also write each measured turn's luck to this file as JSON lines, and each game's margin")
	flag.Parse()
	if *fitPath != "" {
		if err := fit(*fitPath, *checkPath); err != nil {
			fmt.Fprintln(os.Stderr, "luck-variance:", err)
			os.Exit(1)
		}
		return
	}
	policy, ok := review.ParsePolicy(*policyName)
	if !ok {
		fmt.Fprintf(os.Stderr, "luck-variance: -policy %q: quick or learned\n", *policyName)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	o := luck.Options{Rollouts: *rollouts, Seed: *seed, Workers: *jobs, Policy: policy, Temperature: *temperature, Breadth: *breadth, Prior: *prior}
	var tw *turnWriter
	if *turnsPath != "" {
		f, err := os.OpenFile(*turnsPath, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			fmt.Fprintln(os.Stderr, "luck-variance:", err)
			os.Exit(2)
		}
		defer f.Close()
		tw = &turnWriter{enc: json.NewEncoder(f)}
	}
	job := func() error { return run(ctx, *games, *mixed, *style, *playRollouts, o, tw) }
	if *corpus != "" {
		job = func() error { return measureCorpus(ctx, *corpus, *from, *games, o, tw) }
	}
	err := job()
	if err == nil {
		err = tw.err
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "luck-variance:", err)
		os.Exit(1)
	}
}

// turnWriter writes the turns of the games measured (-turns), for the
// fit of the calibration (-fit) and checks made outside: one line per
// measured turn (the game's index in the run, or in the file with
// -corpus; the turn's number, the mover's seat, the evaluator's luck in
// points and in percentage points of chance, uncalibrated; the share of
// the game's tiles left before the draw, the tile types the bag held,
// whether the values were exact, and each tile type's copies and luck),
// then one with the first seat's final margin.
type turnWriter struct {
	enc *json.Encoder
	err error
}

type turnLine struct {
	Game   int      `json:"game"`
	Turn   int      `json:"turn,omitempty"`
	Seat   int      `json:"seat"`
	Luck   float64  `json:"luck"`                  // the evaluator's, uncalibrated (luck.TurnLuck.Raw)
	Chance *float64 `json:"luck_chance,omitempty"` // the same, in chance
	Left   float64  `json:"left,omitempty"`        // the share of the game's tiles left before the draw
	Kinds  int      `json:"tiles,omitempty"`
	Exact  bool     `json:"exact,omitempty"`
	// Bag is, per tile type the bag held, its copies and the luck its
	// draw would have had (the evaluator's, in points): for fits of
	// calibrations that depend on the draw, whose mean over the bag
	// must stay zero.
	Bag    [][2]float64 `json:"bag,omitempty"`
	Margin *int         `json:"margin,omitempty"`
}

func (tw *turnWriter) write(game int, res *luck.Result) {
	if tw == nil || tw.err != nil {
		return
	}
	for _, t := range res.Turns {
		l := turnLine{Game: game, Turn: t.Number, Seat: t.Seat, Luck: t.Raw, Kinds: t.Kinds, Left: float64(t.Left) / float64(t.Total), Exact: t.Exact}
		if !math.IsNaN(t.RawChance) {
			l.Chance = &t.RawChance
		}
		mean := t.Drawn.Value - t.Raw
		for _, d := range t.Draws {
			l.Bag = append(l.Bag, [2]float64{float64(d.Count), d.Value - mean})
		}
		if tw.err = tw.enc.Encode(l); tw.err != nil {
			return
		}
	}
	tw.err = tw.enc.Encode(turnLine{Game: game, Margin: &res.Players[0].Margin})
}

func run(ctx context.Context, games, mixed int, style string, playRollouts int, o luck.Options, tw *turnWriter) error {
	s, ok := generate.ParseStyle(style)
	if !ok && style != "review" && style != "luck" {
		return fmt.Errorf("no style %q", style)
	}
	t0 := time.Now()
	var raw, adj []float64
	var phases [][3]float64 // by game, the adjusted margin's change over each third of the game (-style luck)
	for i := range games {
		seed := o.Seed + uint64(i)
		var rg *record.Game
		var res *luck.Result
		var err error
		switch style {
		case "luck":
			var lg *luckGame
			if lg, err = playLuck(ctx, seed, o); err == nil {
				res = lg.res
				phases = append(phases, lg.changes)
			}
		case "review":
			rg, err = playReview(ctx, seed, []review.Seat{{Review: true, Rollouts: playRollouts}, {Review: true, Rollouts: playRollouts}}, o.Workers)
		default:
			rg, err = generate.Game(engine.NewGenerator(), engine.GenOptions{Players: 2, Rules: engine.Rules{BaseOnly: true}, Seed: seed, Style: s}, nil)
		}
		if err == nil && res == nil {
			res, err = measure(ctx, rg, seed, o)
		}
		if stopped(ctx, err) {
			fmt.Printf("stopped after %d of %d games between equal players\n", i, games)
			break
		}
		if err != nil {
			return err
		}
		raw = append(raw, float64(res.Players[0].Margin))
		adj = append(adj, res.Players[0].Adjusted)
		tw.write(i+1, res)
		fmt.Fprintf(os.Stderr, "equal %d/%d: margin %+d, adjusted %+.1f (%s)\n", i+1, games, res.Players[0].Margin, res.Players[0].Adjusted, time.Since(t0).Round(time.Second))
		if len(phases) == len(raw) {
			ph := phases[len(phases)-1]
			fmt.Fprintf(os.Stderr, "  change not due to the draw by thirds: %+.1f %+.1f %+.1f\n", ph[0], ph[1], ph[2])
		}
	}
	if len(raw) > 1 {
		vr, va := variance(raw), variance(adj)
		diff := make([]float64, len(raw))
		for i := range raw {
			diff[i] = raw[i] - adj[i] // the first seat's luck less the second's
		}
		lo, hi := ratioInterval(raw, adj)
		fmt.Printf("equal players (%s, %d games): variance of the margin %.1f, of the luck-adjusted margin %.1f, ratio %.2f (95%% bootstrap interval %.2f–%.2f); luck difference: variance %.1f, correlation with the margin %.2f\n",
			style, len(raw), vr, va, va/vr, lo, hi, variance(diff), correlation(raw, diff))
	}
	if len(phases) > 1 {
		var thirds [3][]float64
		for _, ph := range phases {
			for k := range thirds {
				thirds[k] = append(thirds[k], ph[k])
			}
		}
		fmt.Printf("variance of the luck-adjusted margin's change over the game's first, second and last third: %.1f, %.1f, %.1f\n",
			variance(thirds[0]), variance(thirds[1]), variance(thirds[2]))
	}
	if ctx.Err() != nil {
		return nil
	}
	var wins, adjWins, margins, adjMargins []float64
	for i := range mixed {
		seed := o.Seed + uint64(games+i)
		first := i%2 == 0 // the review style plays first
		seats := []review.Seat{{Review: true}, {Style: engine.StyleGreedy}}
		if !first {
			seats[0], seats[1] = seats[1], seats[0]
		}
		rg, err := playReview(ctx, seed, seats, o.Workers)
		var res *luck.Result
		if err == nil {
			res, err = measure(ctx, rg, seed, o)
		}
		if stopped(ctx, err) {
			fmt.Printf("stopped after %d of %d games against the greedy style\n", i, mixed)
			break
		}
		if err != nil {
			return err
		}
		p := res.Players[0]
		if !first {
			p = res.Players[1]
		}
		margins, adjMargins = append(margins, float64(p.Margin)), append(adjMargins, p.Adjusted)
		wins = append(wins, win(float64(p.Margin)))
		adjWins = append(adjWins, win(p.Adjusted))
		fmt.Fprintf(os.Stderr, "mixed %d/%d: review-style margin %+d, adjusted %+.1f (%s)\n", i+1, mixed, p.Margin, p.Adjusted, time.Since(t0).Round(time.Second))
	}
	if len(wins) > 1 {
		fmt.Printf("review style against greedy (%d games): win rate %.3f ± %.3f, luck-adjusted %.3f ± %.3f (standard errors)\n",
			len(wins), mean(wins), stdErr(wins), mean(adjWins), stdErr(adjWins))
		fmt.Printf("review style against greedy: mean margin %.1f ± %.1f, luck-adjusted %.1f ± %.1f (standard errors)\n",
			mean(margins), stdErr(margins), mean(adjMargins), stdErr(adjMargins))
	}
	return nil
}

// measureCorpus measures the first n finished two-player games of the file at
// path from its from-th game on.
func measureCorpus(ctx context.Context, path string, from, n int, o luck.Options, tw *turnWriter) error {
	var raw, adj, diff []float64
	luckier := 0.0
	for k := from; len(raw) < n; k++ {
		g, err := format.LoadGame(path, k, replay.Options{Lenient: true})
		if err != nil {
			return err
		}
		if !g.Valid() || !g.Finished() || len(g.Players) != 2 {
			continue
		}
		res, err := luck.Game(ctx, g, o, nil)
		if stopped(ctx, err) {
			fmt.Printf("stopped after %d of %d games\n", len(raw), n)
			break
		}
		if err != nil {
			return err
		}
		tw.write(k, res)
		p := res.Players
		raw, adj, diff = append(raw, float64(p[0].Margin)), append(adj, p[0].Adjusted), append(diff, p[0].Luck-p[1].Luck)
		switch d := diff[len(diff)-1]; {
		case d == 0 || p[0].Margin == 0:
			luckier += 0.5
		case (d > 0) == (p[0].Margin > 0):
			luckier++
		}
		fmt.Fprintf(os.Stderr, "game %d: margin %+d, adjusted %+.1f\n", k, p[0].Margin, p[0].Adjusted)
	}
	if len(raw) < 2 {
		return nil
	}
	lo, hi := ratioInterval(raw, adj)
	fmt.Printf("real games (%s, %d): won by the luckier player %.0f%%; correlation of the luck difference with the margin %.2f; variance of the margin %.1f, of the adjusted margin %.1f, ratio %.2f (95%% bootstrap interval %.2f–%.2f)\n",
		path, len(raw), 100*luckier/float64(len(raw)), correlation(raw, diff), variance(raw), variance(adj), variance(adj)/variance(raw), lo, hi)
	return nil
}

// playReview plays a seeded two-player base game whose seats play as
// seats say (review.Play) and writes it as a record.
func playReview(ctx context.Context, seed uint64, seats []review.Seat, workers int) (*record.Game, error) {
	_, moves, err := review.Play(ctx, review.PlayOptions{Rules: engine.Rules{BaseOnly: true}, Seed: seed, Seats: seats,
		Review: review.Options{Rollouts: review.PlayRollouts, Workers: workers}})
	if err != nil {
		return nil, err
	}
	players := []replay.Player{{Name: "Anna", Colour: replay.DefaultColours[0]}, {Name: "Bruno", Colour: replay.DefaultColours[1]}}
	return replay.Write(players, engine.Setup{Players: 2, Rules: engine.Rules{BaseOnly: true}}, moves, replay.WriteOptions{})
}

// luckGame is a game between seats that play the luck's own best plays
// (playLuck), measured.
type luckGame struct {
	res *luck.Result
	// start is the first seat's expected margin before the first draw
	// (the mean, over the bag, of the value of each tile's best play),
	// and changes, over each third of the measured turns, the change of
	// its expected margin not due to the draw: from the value after a
	// turn's play to the next turn's expected margin (or the final
	// margin). The luck-adjusted margin with the evaluator's own luck
	// (the final margin less the first seat's Raw luck plus the
	// second's) is start plus the changes: they are what luck
	// adjustment leaves, the evaluator's inconsistency from one turn to
	// the next and its noise.
	start   float64
	changes [3]float64
}

// playLuck plays a seeded two-player base game between two seats that
// each turn play the best play the turn's luck finds for the tiles drawn
// (luck.Turn: the evaluator's own choice, as GNU Backgammon's luck is
// measured on its own play), and measures it.
func playLuck(ctx context.Context, seed uint64, o luck.Options) (*luckGame, error) {
	g, err := engine.NewGame(engine.Setup{Players: 2, Rules: engine.Rules{BaseOnly: true}})
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, 0x1DC4))
	var turns []luck.GameTurn
	for !g.Over() {
		var left []engine.TileID
		for id := range engine.NumTileTypes {
			for range g.BagCount(engine.TileID(id)) {
				left = append(left, engine.TileID(id))
			}
		}
		rng.Shuffle(len(left), func(a, b int) { left[a], left[b] = left[b], left[a] })
		var draws []engine.TileID
		for _, t := range left {
			draws = append(draws, t)
			if g.CanPlace(t) {
				break
			}
		}
		if len(draws) == 0 {
			return nil, fmt.Errorf("seed %d, turn %d: the bag is empty and the game is not over", seed, g.Turn())
		}
		var ms []engine.Move
		if !g.CanPlace(draws[len(draws)-1]) {
			// No tile left fits: every one is discarded and the turn,
			// the game's last, ends.
			for _, t := range draws {
				ms = append(ms, engine.Move{Kind: engine.MoveDraw, Tile: t}, engine.Move{Kind: engine.MoveDiscard})
			}
			ms = append(ms, engine.Move{Kind: engine.MoveEndTurn})
		} else {
			tl, err := luck.Turn(ctx, g, draws, o)
			if err != nil {
				return nil, err
			}
			turns = append(turns, luck.GameTurn{Number: g.Turn(), TurnLuck: tl})
			ms = tl.Drawn.Best
		}
		for _, m := range ms {
			if err := g.Apply(m); err != nil {
				return nil, fmt.Errorf("seed %d, turn %d: %w", seed, g.Turn(), err)
			}
		}
	}
	// From the first seat's side: before a turn its expected margin is
	// the mean over the bag, after it the value of the best play with
	// the draw.
	side := func(tl luck.GameTurn, v float64) float64 {
		if tl.Seat == 1 {
			return -v
		}
		return v
	}
	lg := &luckGame{}
	margin := g.Score(0) - g.Score(1)
	lucks := make([]float64, 2)
	for k, tl := range turns {
		if k == 0 {
			lg.start = side(tl, tl.Drawn.Value-tl.Raw)
		}
		lucks[tl.Seat] += tl.Luck
		next := float64(margin)
		if k+1 < len(turns) {
			nt := turns[k+1]
			next = side(nt, nt.Drawn.Value-nt.Raw)
		}
		lg.changes[min(2, 3*k/len(turns))] += next - side(tl, tl.Drawn.Value)
	}
	lg.res = &luck.Result{Turns: turns, Players: []luck.PlayerLuck{{Player: "Anna", Margin: margin, Luck: lucks[0]}, {Player: "Bruno", Seat: 1, Margin: -margin, Luck: lucks[1]}}}
	for i, a := range luck.AdjustedMargins([]int{margin, -margin}, lucks) {
		lg.res.Players[i].Adjusted = a
	}
	return lg, nil
}

// measure replays a generated record and measures its luck.
func measure(ctx context.Context, rg *record.Game, seed uint64, o luck.Options) (*luck.Result, error) {
	g := replay.Replay(fmt.Sprintf("seed-%d", seed), 1, rg, replay.Options{})
	if !g.Valid() {
		return nil, fmt.Errorf("the game of seed %d is invalid: %v", seed, g.Diagnostics)
	}
	return luck.Game(ctx, g, o, nil)
}

func win(margin float64) float64 {
	switch {
	case margin > 0:
		return 1
	case margin == 0:
		return 0.5
	}
	return 0
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

func variance(xs []float64) float64 {
	m, s := mean(xs), 0.0
	for _, x := range xs {
		s += (x - m) * (x - m)
	}
	return s / float64(len(xs)-1)
}

func correlation(xs, ys []float64) float64 {
	mx, my := mean(xs), mean(ys)
	var sxy, sxx, syy float64
	for i := range xs {
		sxy += (xs[i] - mx) * (ys[i] - my)
		sxx += (xs[i] - mx) * (xs[i] - mx)
		syy += (ys[i] - my) * (ys[i] - my)
	}
	return sxy / math.Sqrt(sxx*syy)
}

func stdErr(xs []float64) float64 { return math.Sqrt(variance(xs) / float64(len(xs))) }

// stopped reports whether err ends the run because it was interrupted:
// what was measured before is still printed.
func stopped(ctx context.Context, err error) bool {
	return err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err())
}

// ratioInterval returns the 95% percentile bootstrap interval of the
// ratio of the variances of adj and raw, the games resampled together
// (a fixed seed: the same games give the same interval).
func ratioInterval(raw, adj []float64) (lo, hi float64) {
	const resamples = 2000
	r := rand.New(rand.NewPCG(1, 2))
	ratios := make([]float64, 0, resamples)
	xs, ys := make([]float64, len(raw)), make([]float64, len(raw))
	for range resamples {
		for i := range xs {
			k := r.IntN(len(raw))
			xs[i], ys[i] = raw[k], adj[k]
		}
		if v := variance(xs); v > 0 {
			ratios = append(ratios, variance(ys)/v)
		}
	}
	if len(ratios) == 0 {
		return math.NaN(), math.NaN()
	}
	slices.Sort(ratios)
	return ratios[len(ratios)*25/1000], ratios[len(ratios)*975/1000]
}
