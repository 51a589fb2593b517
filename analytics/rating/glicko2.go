package rating

import "math"

// The constants of Glicko-2 (Glickman, "Example of the Glicko-2 system",
// 2013, steps 1 to 8).
const (
	// Scale converts a rating or deviation to Glicko-2's inner scale:
	// mu = (r - Initial) / Scale, phi = RD / Scale.
	Scale = 173.7178
	// Initial, InitialRD and InitialVolatility are a new player's.
	Initial           = 1500.0
	InitialRD         = 350.0
	InitialVolatility = 0.06
	// Tau constrains the change of volatility over time; Glickman
	// suggests 0.3 to 1.2.
	Tau = 0.5
	// epsilon is the convergence tolerance of the volatility's iteration.
	epsilon = 0.000001
	// maxIterations bounds that iteration, which converges in a few
	// dozen steps; a result past the bound keeps the last estimate.
	maxIterations = 200
)

// Rating is a player's Glicko-2 rating on the familiar scale: R the
// rating, RD its deviation (the uncertainty: about 95% of the time the
// player's strength is within R ± 2 RD), Volatility how erratic the
// player's results are.
type Rating struct {
	R          float64 `json:"rating"`
	RD         float64 `json:"deviation"`
	Volatility float64 `json:"volatility"`
}

// New is the rating of a player who has played no rated game.
func New() Rating { return Rating{R: Initial, RD: InitialRD, Volatility: InitialVolatility} }

// Result is one outcome of a rating period against an opponent rated
// Opponent (before the period): Score 1 for a win, 0.5 for a draw, 0 for
// a loss.
type Result struct {
	Opponent Rating
	Score    float64
}

// Idle returns the rating after periods rating periods without a game:
// the deviation grows, as in step 6 of the algorithm, and nothing else
// changes.
func (r Rating) Idle(periods int) Rating {
	if periods <= 0 {
		return r
	}
	phi := r.RD / Scale
	r.RD = Scale * grown(phi*phi+float64(periods)*r.Volatility*r.Volatility)
	return r
}

// grown is the deviation before a period (step 6), phi* = sqrt(phi² +
// sigma²) for each period, from phi² plus the periods' sigma²: at most a
// new player's. Glicko caps it so (RD ≤ 350): an archive counts a period
// for every round of every event, and a member who sat out a hundred
// thousand of them would otherwise come back with a deviation of
// thousands, and a rating that a single game moves by thousands.
func grown(phi2 float64) float64 {
	return min(math.Sqrt(phi2), InitialRD/Scale)
}

// Update returns the rating after a rating period with the given
// results, all against the opponents' ratings before the period (steps 2
// to 8). Without results it is Idle(1).
func (r Rating) Update(results []Result) Rating {
	if len(results) == 0 {
		return r.Idle(1)
	}
	mu := (r.R - Initial) / Scale
	phi := r.RD / Scale
	var vInv, sum float64
	for _, o := range results {
		muJ := (o.Opponent.R - Initial) / Scale
		gJ := g(o.Opponent.RD / Scale)
		e := 1 / (1 + math.Exp(-gJ*(mu-muJ)))
		vInv += gJ * gJ * e * (1 - e)
		sum += gJ * (o.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	sigma := volatility(phi, r.Volatility, v, delta)
	phiStar := grown(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	return Rating{R: Initial + Scale*muNew, RD: Scale * phiNew, Volatility: sigma}
}

func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

// volatility is step 5: the new volatility, by the Illinois algorithm.
func volatility(phi, sigma, v, delta float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-d)/(2*d*d) - (x-a)/(Tau*Tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*Tau) < 0 && k < maxIterations {
			k++
		}
		B = a - k*Tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > epsilon && i < maxIterations; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}
