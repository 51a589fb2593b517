package review

import (
	"math"
)

// Checkpoints returns the turns after which a calibration measures a game
// of turns turns: k/8 of the way through it for k from 1 to 7, rounded
// (9, 18, ..., 63 for the 71 turns of a two-player base game, whose 72
// tiles make eighths of 9).
func Checkpoints(turns int) []int {
	var out []int
	for k := 1; k <= 7; k++ {
		c := int(math.Round(float64(k*(turns+1)) / 8))
		if c >= 2 && c <= turns {
			out = append(out, c)
		}
	}
	return out
}

// Brier is the mean squared difference between the predicted chances p
// and the outcomes y (1 won, 0 lost, ½ a shared win); NaN for none.
func Brier(p, y []float64) float64 {
	if len(p) == 0 {
		return math.NaN()
	}
	s := 0.0
	for i := range p {
		s += (p[i] - y[i]) * (p[i] - y[i])
	}
	return s / float64(len(p))
}

// Bin is a row of a reliability table: the predictions in [Lo, Lo+0.1),
// their number, their mean and the mean outcome.
type Bin struct {
	Lo        float64
	N         int
	Predicted float64
	Observed  float64
}

// Reliability puts the predictions p into tenths (1 into the last) and
// returns, for each tenth, how many fell in it, their mean and the mean
// of their outcomes y.
func Reliability(p, y []float64) []Bin {
	bins := make([]Bin, 10)
	for i := range bins {
		bins[i].Lo = float64(i) / 10
	}
	for i := range p {
		k := min(9, max(0, int(p[i]*10)))
		bins[k].N++
		bins[k].Predicted += p[i]
		bins[k].Observed += y[i]
	}
	for i := range bins {
		if bins[i].N > 0 {
			bins[i].Predicted /= float64(bins[i].N)
			bins[i].Observed /= float64(bins[i].N)
		}
	}
	return bins
}

// Logistic is σ(x) = 1 / (1 + e^−x).
func Logistic(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// FitLogistic fits P(y) = σ(w·x) to the rows xs and outcomes y in [0, 1]
// (a share is a fractional outcome) by maximum likelihood with a ridge
// penalty ridge·|w|² on every weight but the first (the intercept),
// by Newton's method. Every row has the same length.
func FitLogistic(xs [][]float64, y []float64, ridge float64) []float64 {
	if len(xs) == 0 {
		return nil
	}
	k := len(xs[0])
	w := make([]float64, k)
	for range 50 {
		grad := make([]float64, k)
		hess := make([][]float64, k)
		for a := range hess {
			hess[a] = make([]float64, k)
		}
		for i, x := range xs {
			p := Logistic(dot(w, x))
			for a := range k {
				grad[a] += (y[i] - p) * x[a]
				for b := range k {
					hess[a][b] += p * (1 - p) * x[a] * x[b]
				}
			}
		}
		for a := 1; a < k; a++ {
			grad[a] -= 2 * ridge * w[a]
			hess[a][a] += 2 * ridge
		}
		step := Solve(hess, grad)
		if step == nil {
			break
		}
		size := 0.0
		for a := range k {
			w[a] += step[a]
			size = max(size, math.Abs(step[a]))
		}
		if size < 1e-10 {
			break
		}
	}
	return w
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// Solve solves a·x = b by Gaussian elimination with partial pivoting;
// nil when a is singular. a and b are changed.
func Solve(a [][]float64, b []float64) []float64 {
	n := len(b)
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if math.Abs(a[p][c]) < 1e-12 {
			return nil
		}
		a[c], a[p] = a[p], a[c]
		b[c], b[p] = b[p], b[c]
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			for k := c; k < n; k++ {
				a[r][k] -= f * a[c][k]
			}
			b[r] -= f * b[c]
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := b[r]
		for k := r + 1; k < n; k++ {
			s -= a[r][k] * x[k]
		}
		x[r] = s / a[r][r]
	}
	return x
}

// Wilson returns the two-sided 95% Wilson score interval of a rate of k
// successes in n trials (a shared win counts half); 0 and 1 without
// trials.
func Wilson(k float64, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.96
	p, f := k/float64(n), float64(n)
	c := (p + z*z/(2*f)) / (1 + z*z/f)
	h := z / (1 + z*z/f) * math.Sqrt(p*(1-p)/f+z*z/(4*f*f))
	return c - h, c + h
}
