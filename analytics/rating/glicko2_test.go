package rating

import (
	"math"
	"testing"
)

// TestGlickmanExample is the worked example of Glickman's "Example of the
// Glicko-2 system" (2013): a player rated 1500 (RD 200, volatility 0.06)
// beats one rated 1400 (RD 30) and loses to players rated 1550 (RD 100)
// and 1700 (RD 300), with tau 0.5. The paper gives the results on its
// inner scale to four places, mu' = -0.2069 and phi' = 0.8722, and the
// volatility as 0.05999; its 1464.06 and 151.52 are those rounded values
// converted (173.7178 · -0.2069 + 1500 = 1464.06).
func TestGlickmanExample(t *testing.T) {
	p := Rating{R: 1500, RD: 200, Volatility: 0.06}
	got := p.Update([]Result{
		{Opponent: Rating{R: 1400, RD: 30}, Score: 1},
		{Opponent: Rating{R: 1550, RD: 100}, Score: 0},
		{Opponent: Rating{R: 1700, RD: 300}, Score: 0},
	})
	mu, phi := (got.R-1500)/Scale, got.RD/Scale
	if math.Abs(mu+0.2069) > 0.00005 || math.Abs(phi-0.8722) > 0.00005 || math.Abs(got.Volatility-0.05999) > 0.00001 {
		t.Errorf("got mu' %.5f phi' %.5f volatility %.6f, want -0.2069, 0.8722, 0.05999", mu, phi, got.Volatility)
	}
	if math.Abs(got.R-1464.06) > 0.01 || math.Abs(got.RD-151.52) > 0.01 {
		t.Errorf("got rating %.2f RD %.2f, want 1464.06 and 151.52", got.R, got.RD)
	}
}

// TestIdle checks step 6 for a player who does not play: the deviation
// grows to sqrt(phi² + sigma²) a period, the rating stays. With RD 200 and
// volatility 0.06: phi = 200/173.7178 = 1.151287, and after 3 periods
// sqrt(1.151287² + 3·0.06²) = 1.155968, RD 200.813.
// TestDeviationCapped checks that a deviation never grows past a new
// player's 350: RD 200 with volatility 0.06 grows by 108.6 in RD² a
// period (0.06² × 173.7178²), so 350 is passed after (350² - 200²) /
// 108.6 = 759.6 periods.
func TestDeviationCapped(t *testing.T) {
	r := Rating{R: 1600, RD: 200, Volatility: 0.06}
	if got := r.Idle(759).RD; got >= 350 || got < 349.5 {
		t.Errorf("Idle(759).RD = %v, want just under 350", got)
	}
	for _, n := range []int{760, 100000} {
		if got := r.Idle(n).RD; got != 350 {
			t.Errorf("Idle(%d).RD = %v, want 350", n, got)
		}
	}
	// A player at 350 who plays: the deviation falls from 350, not from
	// sqrt(350² + σ²).
	beaten := Rating{R: 1500, RD: 350, Volatility: 0.06}.Update([]Result{{Opponent: New(), Score: 1}})
	want := Rating{R: 1500, RD: 350, Volatility: 0.06}
	phi := 350 / Scale
	gJ := g(phi)
	e := 0.5
	v := 1 / (gJ * gJ * e * (1 - e))
	sigma := volatility(phi, 0.06, v, v*gJ*0.5)
	phiNew := 1 / math.Sqrt(1/(phi*phi)+1/v)
	want.RD, want.R, want.Volatility = Scale*phiNew, 1500+Scale*phiNew*phiNew*gJ*0.5, sigma
	if math.Abs(beaten.RD-want.RD) > 1e-9 || math.Abs(beaten.R-want.R) > 1e-9 {
		t.Errorf("a win at RD 350: %+v, want %+v", beaten, want)
	}
}

func TestIdle(t *testing.T) {
	got := Rating{R: 1600, RD: 200, Volatility: 0.06}.Idle(3)
	if got.R != 1600 || math.Abs(got.RD-200.81) > 0.01 || got.Volatility != 0.06 {
		t.Errorf("Idle(3) = %+v, want rating 1600, RD 200.81, volatility 0.06", got)
	}
	if got := (Rating{R: 1600, RD: 200, Volatility: 0.06}).Update(nil); math.Abs(got.RD-Rating{R: 1600, RD: 200, Volatility: 0.06}.Idle(1).RD) > 1e-12 {
		t.Errorf("Update(nil) = %+v, want Idle(1)", got)
	}
}

// TestLadderPairwise checks that a game of three is, for each player, a
// result against each other at the table, rated against the ratings
// before the period: Anna first, Bruno and Chloé level second.
func TestLadderPairwise(t *testing.T) {
	l := NewLadder()
	l.Add(Game{Date: "2025-01-01", Round: "1", Seats: []Seat{{"Bruno", 2}, {"Anna", 1}, {"Chloé", 2}}})
	n := New()
	want := map[string]Rating{
		"Anna":  n.Update([]Result{{n, 1}, {n, 1}}),
		"Bruno": n.Update([]Result{{n, 0}, {n, 0.5}}),
		"Chloé": n.Update([]Result{{n, 0}, {n, 0.5}}),
	}
	got := l.Players()
	if len(got) != 3 || got[0].Name != "Anna" || got[0].Rank != 1 || got[1].Rank != 2 || got[2].Rank != 2 {
		t.Fatalf("players %+v, want Anna first, Bruno and Chloé level", got)
	}
	for _, p := range got {
		if p.Rating != want[p.Name] || p.Games != 1 {
			t.Errorf("%s: %+v after 1 game, want %+v", p.Name, p.Rating, want[p.Name])
		}
	}
	// A second period where only Anna and Bruno play: Chloé's deviation
	// grows by a period, Bruno's result counts against Anna's new rating.
	l.Add(Game{Date: "2025-01-08", Round: "1", Seats: []Seat{{"Anna", 2}, {"Bruno", 1}}})
	a, b := want["Anna"], want["Bruno"]
	wantA, wantB := a.Update([]Result{{b, 0}}), b.Update([]Result{{a, 1}})
	for _, p := range l.Players() {
		w := map[string]Rating{"Anna": wantA, "Bruno": wantB, "Chloé": want["Chloé"].Idle(1)}[p.Name]
		if p.Rating != w {
			t.Errorf("%s: %+v after 2 periods, want %+v", p.Name, p.Rating, w)
		}
	}
	if h := l.History("Chloé"); len(h) != 1 || h[0].Period != 1 || h[0].Date != "2025-01-01" {
		t.Errorf("Chloé's history %+v, want one point of period 1", h)
	}
	if l.Periods() != 2 {
		t.Errorf("%d periods, want 2", l.Periods())
	}
}

// TestLadderPeriodOrder checks that the games of one period count in any
// order: the ratings are equal to the last bit.
func TestLadderPeriodOrder(t *testing.T) {
	games := []Game{
		{"2025-02-01", "3", []Seat{{"Anna", 1}, {"Bruno", 2}, {"Chloé", 3}}},
		{"2025-02-01", "3", []Seat{{"Dmitri", 1}, {"Emeka", 1}}},
		{"2025-02-01", "3", []Seat{{"Chloé", 1}, {"Anna", 2}}},
		{"2025-02-01", "3", []Seat{{"Bruno", 1}, {"Dmitri", 2}, {"Anna", 2}, {"Emeka", 4}}},
	}
	forward, backward := NewLadder(), NewLadder()
	for i := range games {
		forward.Add(games[i])
		backward.Add(games[len(games)-1-i])
	}
	f, b := forward.Players(), backward.Players()
	for i := range f {
		if f[i] != b[i] {
			t.Errorf("line %d: %+v one way, %+v the other", i+1, f[i], b[i])
		}
	}
}
