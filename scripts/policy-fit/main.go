// Command policy-fit fits the learned rollout policy (engine.StyleLearned)
// on real games: at every turn of every finished two-player game of a
// corpus whose tile was placed, the moves the policy chooses from
// (engine.Game.PolicyMoves: each placement of the tile drawn with each
// follower on it or none) and the one the player chose. The model is a
// conditional logit, P(move) ∝ exp(w · x), fitted by maximum likelihood
// (Newton's method, a small ridge). It prints the held-out mean
// log-likelihood per decision and the top-1 accuracy (the share of
// decisions whose most likely move is the move played, ties shared),
// out of -folds folds split by a hash of each game's file and index as
// scripts/review-calibration splits them, then the weights fitted on
// every game; -o writes them as engine/policy_weights.go holds them, and
// -fold-weights those fitted without each fold (for review-calibration's
// prior out of fold).
//
//	go run ./scripts/policy-fit -o engine/policy_weights.go dev.cgn
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"hash/fnv"
	"io"
	"math"
	"os"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// decision is a turn's choice: its distinct moves' features, how many
// moves share each, and which the player chose.
type decision struct {
	x      [][]float64
	count  []float64
	chosen int
	fold   int
}

func main() {
	out := flag.String("o", "", "write the weights fitted on every game as Go to this file")
	folds := flag.Int("folds", 5, "parts the games are split into for the held-out measures")
	ridge := flag.Float64("ridge", 1, "ridge penalty on the weights")
	foldOut := flag.String("fold-weights", "", "write the weights fitted without each fold as a JSON array to this file (for review-calibration -prior-weights)")
	flag.Parse()
	ds, skipped, err := collect(flag.Args(), *folds)
	if err != nil {
		fmt.Fprintln(os.Stderr, "policy-fit:", err)
		os.Exit(2)
	}
	moves := 0
	for _, d := range ds {
		for _, c := range d.count {
			moves += int(c)
		}
	}
	fmt.Printf("%d decisions (%.1f moves each on average), %d turns skipped (the move played not among the policy's)\n\n", len(ds), float64(moves)/float64(len(ds)), skipped)
	fmt.Println("| fold | decisions | held-out log-likelihood per decision | uniform | top-1 |")
	fmt.Println("|---|---:|---:|---:|---:|")
	var ll, uni, top, n float64
	var foldWeights [][]float64
	for f := range *folds {
		var train, test []decision
		for _, d := range ds {
			if d.fold == f {
				test = append(test, d)
			} else {
				train = append(train, d)
			}
		}
		w := fit(train, *ridge)
		foldWeights = append(foldWeights, w)
		l, u, t := measure(test, w)
		fmt.Printf("| %d | %d | %.3f | %.3f | %.1f%% |\n", f+1, len(test), l/float64(len(test)), u/float64(len(test)), 100*t/float64(len(test)))
		ll, uni, top, n = ll+l, uni+u, top+t, n+float64(len(test))
	}
	fmt.Printf("| all | %d | %.3f | %.3f | %.1f%% |\n\n", int(n), ll/n, uni/n, 100*top/n)
	w := fit(ds, *ridge)
	src := weightsSource(w)
	fmt.Print(src)
	if *out != "" {
		if err := os.WriteFile(*out, []byte(src), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "policy-fit:", err)
			os.Exit(2)
		}
	}
	if *foldOut != "" {
		b, err := json.Marshal(foldWeights)
		if err == nil {
			err = os.WriteFile(*foldOut, append(b, '\n'), 0o644)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "policy-fit:", err)
			os.Exit(2)
		}
	}
}

// collect reads the decisions of the finished two-player games of paths.
func collect(paths []string, folds int) ([]decision, int, error) {
	files, err := replay.ExpandPaths(paths)
	if err != nil {
		return nil, 0, err
	}
	var ds []decision
	skipped := 0
	for _, file := range files {
		k := 0
		err := replay.LoadCGN(file, func(rg *record.Game, syntax error) error {
			k++
			if syntax != nil {
				return nil
			}
			rp := replay.Replay(file, k, rg, replay.Options{Lenient: true})
			if !rp.Valid() || len(rp.Players) != 2 || !rp.State.Over() {
				return nil
			}
			f := fold(fmt.Sprintf("%s#%d", file, k), folds)
			for i, t := range rp.Turns {
				if !t.Placed {
					continue
				}
				d, ok, err := turnDecision(rp, i, t)
				if err != nil {
					return fmt.Errorf("%s: turn %d: %w", rp, t.Number, err)
				}
				if !ok {
					skipped++
					continue
				}
				d.fold = f
				ds = append(ds, d)
			}
			return nil
		})
		if err != nil {
			return nil, 0, err
		}
	}
	if len(ds) == 0 {
		return nil, 0, errors.New("no decision: give CGN files of finished two-player games")
	}
	return ds, skipped, nil
}

// turnDecision returns the decision of turn i of rp: the game before it,
// its discards drawn and discarded and its tile drawn.
func turnDecision(rp *replay.Game, i int, t replay.Turn) (decision, bool, error) {
	g := replay.Replay(rp.File, rp.Index, rp.Record, replay.Options{Stop: replay.StopAfter(i), Lenient: true}).State
	for _, d := range t.Discards {
		if err := g.Apply(engine.Move{Kind: engine.MoveDraw, Tile: d}); err != nil {
			return decision{}, false, err
		}
		if err := g.Apply(engine.Move{Kind: engine.MoveDiscard}); err != nil {
			return decision{}, false, err
		}
	}
	if err := g.Apply(engine.Move{Kind: engine.MoveDraw, Tile: t.Tile}); err != nil {
		return decision{}, false, err
	}
	var spot engine.Spot
	if t.Action == replay.ActionFollower && !t.Phantom {
		spot = t.Spot
	}
	d := decision{chosen: -1}
	seen := map[string]int{}
	for _, m := range g.PolicyMoves(nil) {
		key := fmt.Sprint(m.Features)
		j, ok := seen[key]
		if !ok {
			j = len(d.x)
			seen[key] = j
			d.x = append(d.x, append([]float64(nil), m.Features[:]...))
			d.count = append(d.count, 0)
		}
		d.count[j]++
		if m.Pos == t.Pos && m.Rot == t.Rot && m.Spot == spot {
			d.chosen = j
		}
	}
	return d, d.chosen >= 0 && len(d.x) > 1, nil
}

func fold(key string, folds int) int {
	h := fnv.New32a()
	io.WriteString(h, key)
	return int(h.Sum32() % uint32(folds))
}

// probs returns the model's probability of each distinct move of d (a
// move standing for count[j] equal ones has count[j] times one's).
func probs(d decision, w []float64, p []float64) []float64 {
	p = p[:0]
	top := math.Inf(-1)
	for _, x := range d.x {
		v := dot(w, x)
		p = append(p, v)
		top = max(top, v)
	}
	sum := 0.0
	for j := range p {
		p[j] = d.count[j] * math.Exp(p[j]-top)
		sum += p[j]
	}
	for j := range p {
		p[j] /= sum
	}
	return p
}

// fit maximises the log-likelihood of ds less ridge/2 · |w|² by Newton's
// method.
func fit(ds []decision, ridge float64) []float64 {
	k := int(engine.NumPolicyFeatures)
	w := make([]float64, k)
	var p []float64
	for iter := 0; iter < 30; iter++ {
		grad := make([]float64, k)
		hess := make([][]float64, k)
		for a := range hess {
			hess[a] = make([]float64, k)
			hess[a][a] = ridge
			grad[a] = -ridge * w[a]
		}
		mean := make([]float64, k)
		for _, d := range ds {
			p = probs(d, w, p)
			clear(mean)
			for j, x := range d.x {
				for a := range k {
					mean[a] += p[j] * x[a]
				}
			}
			for a := range k {
				grad[a] += d.x[d.chosen][a] - mean[a]
			}
			for j, x := range d.x {
				if p[j] < 1e-12 {
					continue
				}
				for a := range k {
					da := x[a] - mean[a]
					if da == 0 {
						continue
					}
					for b := a; b < k; b++ {
						hess[a][b] += p[j] * da * (x[b] - mean[b])
					}
				}
			}
		}
		for a := range k {
			for b := 0; b < a; b++ {
				hess[a][b] = hess[b][a]
			}
		}
		step := solve(hess, grad)
		// Backtrack until the objective rises: a full Newton step from
		// far away can overshoot.
		before := objective(ds, w, ridge)
		next := make([]float64, k)
		size := 0.0
		for t := 1.0; t > 1e-4; t /= 2 {
			size = 0
			for a := range k {
				next[a] = w[a] + t*step[a]
				size = max(size, math.Abs(t*step[a]))
			}
			if objective(ds, next, ridge) >= before {
				break
			}
		}
		copy(w, next)
		if size < 1e-6 {
			break
		}
	}
	return w
}

// objective is the log-likelihood of ds under w less ridge/2 · |w|².
func objective(ds []decision, w []float64, ridge float64) float64 {
	ll, _, _ := measure(ds, w)
	for _, v := range w {
		ll -= ridge / 2 * v * v
	}
	return ll
}

// solve solves a · x = b for a symmetric positive definite a (Cholesky).
func solve(a [][]float64, b []float64) []float64 {
	n := len(b)
	l := make([][]float64, n)
	for i := range l {
		l[i] = make([]float64, n)
		for j := 0; j <= i; j++ {
			s := a[i][j]
			for k := range j {
				s -= l[i][k] * l[j][k]
			}
			if i == j {
				l[i][i] = math.Sqrt(max(s, 1e-12))
			} else {
				l[i][j] = s / l[j][j]
			}
		}
	}
	y := make([]float64, n)
	for i := range n {
		s := b[i]
		for k := range i {
			s -= l[i][k] * y[k]
		}
		y[i] = s / l[i][i]
	}
	x := make([]float64, n)
	for i := n - 1; i >= 0; i-- {
		s := y[i]
		for k := i + 1; k < n; k++ {
			s -= l[k][i] * x[k]
		}
		x[i] = s / l[i][i]
	}
	return x
}

// measure returns the log-likelihood of ds under w, that of a uniform
// choice, and the decisions whose most likely move was chosen (shared
// among equals).
func measure(ds []decision, w []float64) (ll, uniform, top float64) {
	var p []float64
	for _, d := range ds {
		p = probs(d, w, p)
		total := 0.0
		for _, c := range d.count {
			total += c
		}
		ll += math.Log(max(p[d.chosen], 1e-300) / d.count[d.chosen])
		uniform -= math.Log(total)
		best, ties := math.Inf(-1), 0.0
		for j := range p {
			v := p[j] / d.count[j]
			switch {
			case v > best*(1+1e-9):
				best, ties = v, d.count[j]
			case math.Abs(v-best) <= 1e-9*best:
				ties += d.count[j]
			}
		}
		if math.Abs(p[d.chosen]/d.count[d.chosen]-best) <= 1e-9*best {
			top += 1 / ties
		}
	}
	return ll, uniform, top
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// weightsSource returns engine/policy_weights.go holding w.
func weightsSource(w []float64) string {
	var b bytes.Buffer
	b.WriteString("// Code generated by scripts/policy-fit; DO NOT EDIT.\n\npackage engine\n\n")
	b.WriteString("// policyWeights are PolicyWeights as scripts/policy-fit fitted them on\n// the development corpus.\nvar policyWeights = [NumPolicyFeatures]float64{\n")
	for i, v := range w {
		fmt.Fprintf(&b, "%s: %.4g,\n", engine.PolicyFeature(i), v)
	}
	b.WriteString("}\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		panic(err) // unreachable: the source above is Go
	}
	return string(src)
}
