package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/towerlog/towerlog/luck"
	"github.com/towerlog/towerlog/review"
)

// gameLuck is a game of a -turns file, summed for the fit of the
// calibration: the first seat's final margin, and the luck difference
// (the first seat's less the second's) of its turns whose values were
// exact (not calibrated), and of the others, as they are and times the
// share of the tiles left.
type gameLuck struct {
	margin, exact, raw, rawLeft float64
}

// readTurns reads a file that -turns wrote, game by game.
func readTurns(r io.Reader) ([]gameLuck, error) {
	var out []gameLuck
	cur := map[int]*gameLuck{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		var l turnLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		g := cur[l.Game]
		if g == nil {
			g = &gameLuck{}
			cur[l.Game] = g
		}
		if l.Margin != nil {
			g.margin = float64(*l.Margin)
			out = append(out, *g)
			delete(cur, l.Game)
			continue
		}
		x := l.Luck
		if l.Seat == 1 {
			x = -x
		}
		if l.Exact {
			g.exact += x
		} else {
			g.raw += x
			g.rawLeft += x * l.Left
		}
	}
	return out, sc.Err()
}

// adjusted is the game's luck-adjusted margin with s.
func (g gameLuck) adjusted(s luck.Scale) float64 {
	return g.margin - g.exact - s.Base*g.raw - s.Left*g.rawLeft
}

// fitScale fits the calibration on games by least squares: the final
// margin less the exact turns' luck difference against an intercept (the
// first seat's edge) and the luck differences; with linear, also against
// the luck difference times the share left (Scale.Left).
func fitScale(games []gameLuck, linear bool) (luck.Scale, error) {
	k := 2
	if linear {
		k = 3
	}
	a, b := make([][]float64, k), make([]float64, k)
	for i := range a {
		a[i] = make([]float64, k)
	}
	for _, g := range games {
		x := [3]float64{1, g.raw, g.rawLeft}
		y := g.margin - g.exact
		for i := range k {
			for j := range k {
				a[i][j] += x[i] * x[j]
			}
			b[i] += x[i] * y
		}
	}
	w := review.Solve(a, b)
	if w == nil {
		return luck.Scale{}, fmt.Errorf("the luck of %d games does not determine a calibration", len(games))
	}
	s := luck.Scale{Base: w[1]}
	if linear {
		s.Left = w[2]
	}
	return s, nil
}

// outOfFold is the ratio of the variance of the luck-adjusted margins to
// that of the margins when each fifth of the games is adjusted with the
// calibration fitted on the other four.
func outOfFold(games []gameLuck, linear bool) (float64, error) {
	const folds = 5
	var raw, adj []float64
	for f := range folds {
		var train []gameLuck
		for i, g := range games {
			if i%folds != f {
				train = append(train, g)
			}
		}
		s, err := fitScale(train, linear)
		if err != nil {
			return 0, err
		}
		for i, g := range games {
			if i%folds == f {
				raw, adj = append(raw, g.margin), append(adj, g.adjusted(s))
			}
		}
	}
	return variance(adj) / variance(raw), nil
}

func ratio(games []gameLuck, s luck.Scale) (r, lo, hi float64) {
	raw, adj := make([]float64, len(games)), make([]float64, len(games))
	for i, g := range games {
		raw[i], adj[i] = g.margin, g.adjusted(s)
	}
	lo, hi = ratioInterval(raw, adj)
	return variance(adj) / variance(raw), lo, hi
}

// fit fits the calibration on the turns of real games at path and prints
// it, with the variance ratio it gives out of fold; with check, also the
// ratio on the turns there (the equal players'), adjusted with it.
func fit(path, check string) error {
	games, err := readFile(path)
	if err != nil {
		return err
	}
	if len(games) < 10 {
		return fmt.Errorf("%s: %d games; a fit needs at least 10", path, len(games))
	}
	var fits [2]luck.Scale
	var oof [2]float64
	for i, linear := range []bool{false, true} {
		if fits[i], err = fitScale(games, linear); err == nil {
			oof[i], err = outOfFold(games, linear)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	single, linear := fits[0], fits[1]
	r, lo, hi := ratio(games, luck.Uncalibrated())
	fmt.Printf("%d games of %s: ratio %.2f uncalibrated (95%% bootstrap interval %.2f–%.2f)\n", len(games), path, r, lo, hi)
	fmt.Printf("one factor: Base %.3f, out-of-fold ratio %.2f\n", single.Base, oof[0])
	fmt.Printf("with the share left: Base %.3f, Left %.3f, out-of-fold ratio %.2f\n", linear.Base, linear.Left, oof[1])
	if check == "" {
		return nil
	}
	eq, err := readFile(check)
	if err != nil {
		return err
	}
	if len(eq) < 2 {
		return fmt.Errorf("%s: %d games; a variance needs at least 2", check, len(eq))
	}
	for _, c := range []struct {
		name string
		s    luck.Scale
	}{{"uncalibrated", luck.Uncalibrated()}, {"one factor", single}, {"with the share left", linear}, {"shipped", luck.DefaultScale()}} {
		r, lo, hi := ratio(eq, c.s)
		fmt.Printf("%s, %d games: %s: ratio %.2f (95%% bootstrap interval %.2f–%.2f)\n", check, len(eq), c.name, r, lo, hi)
	}
	return nil
}

func readFile(path string) ([]gameLuck, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	games, err := readTurns(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return games, nil
}
