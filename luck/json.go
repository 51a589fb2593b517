package luck

import "math"

// TurnJSON is a turn's luck as towerlog luck --json writes it, one object
// a line: luck in points of the mover's final margin and, for two
// players, in percentage points of their chance of winning, rounded to a
// tenth.
type TurnJSON struct {
	Turn       int      `json:"turn"`
	Player     string   `json:"player"`
	Tile       string   `json:"tile"`                  // the tile placed
	Discarded  []string `json:"discarded,omitempty"`   // the tiles drawn before it, which fitted nowhere
	Luck       float64  `json:"luck"`                  // points of margin, calibrated
	LuckRaw    float64  `json:"luck_raw"`              // the evaluator's, before calibration
	LuckChance *float64 `json:"luck_chance,omitempty"` // percentage points; two players only
	Label      string   `json:"label"`                 // "very lucky", "lucky", "", "unlucky", "very unlucky"
	Rank       int      `json:"rank"`                  // among the tile types the bag held, 1 for the best
	Tiles      int      `json:"tiles"`                 // the tile types the bag held
	Exact      bool     `json:"exact"`
	Rollouts   int      `json:"rollouts"`
}

// JSON is the turn as TurnJSON.
func (t *GameTurn) JSON() TurnJSON {
	j := TurnJSON{Turn: t.Number, Player: t.Player, Luck: round1(t.Luck), LuckRaw: round1(t.Raw), Label: t.Label.String(),
		Rank: t.Rank, Tiles: t.Kinds, Exact: t.Exact, Rollouts: t.Rollouts}
	tiles := t.Drawn.Tiles
	j.Tile = tiles[len(tiles)-1].String()
	for _, d := range tiles[:len(tiles)-1] {
		j.Discarded = append(j.Discarded, d.String())
	}
	j.LuckChance = optional(t.Chance)
	return j
}

// PlayersJSON is the line that closes towerlog luck --json: each
// player's luck and luck-adjusted margin, in seat order.
type PlayersJSON struct {
	Players  []PlayerJSON `json:"players"`
	Prepared bool         `json:"prepared,omitempty"` // a prepared bag: no luck measured
}

// PlayerJSON is one player's luck over the game (PlayerLuck).
type PlayerJSON struct {
	Player         string   `json:"player"`
	Luck           float64  `json:"luck"`
	LuckChance     *float64 `json:"luck_chance,omitempty"`
	LuckPerTurn    float64  `json:"luck_per_turn"`
	Turns          int      `json:"turns"`
	Margin         int      `json:"margin"`
	AdjustedMargin float64  `json:"adjusted_margin"`
	Luckiest       int      `json:"luckiest_turn,omitempty"`
	Unluckiest     int      `json:"unluckiest_turn,omitempty"`
}

// JSON is the result's closing line.
func (r *Result) JSON() PlayersJSON {
	out := PlayersJSON{Players: []PlayerJSON{}, Prepared: r.Prepared}
	for i := range r.Players {
		p := &r.Players[i]
		out.Players = append(out.Players, PlayerJSON{Player: p.Player, Luck: round1(p.Luck), LuckChance: optional(p.Chance),
			LuckPerTurn: math.Round(p.PerTurn()*100) / 100, Turns: p.Turns, Margin: p.Margin,
			AdjustedMargin: round1(p.Adjusted), Luckiest: p.Luckiest, Unluckiest: p.Unluckiest})
	}
	return out
}

func optional(v float64) *float64 {
	if math.IsNaN(v) {
		return nil
	}
	r := round1(v)
	return &r
}

// AdjustedScores are the final scores of a two-player game with the
// luck taken out: each moved by half the difference between the margin
// and the adjusted margin, so that they differ by the adjusted margin
// ("result 96–70; luck-adjusted 81–85"). Nil unless two players.
func (r *Result) AdjustedScores(scores []int) []float64 {
	if len(r.Players) != 2 {
		return nil
	}
	return AdjustedScores(scores, []float64{r.Players[0].Luck, r.Players[1].Luck})
}

// AdjustedScores are two players' final scores with the luck (by seat,
// in points of margin) taken out (Result.AdjustedScores); nil unless two.
func AdjustedScores(scores []int, lucks []float64) []float64 {
	if len(scores) != 2 || len(lucks) != 2 {
		return nil
	}
	shift := (lucks[0] - lucks[1]) / 2
	return []float64{float64(scores[0]) - shift, float64(scores[1]) + shift}
}
