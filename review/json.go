package review

// TurnJSON is a reviewed turn as towerlog review --json writes it, one
// object a line. Values are final margins in points from the mover's side,
// rounded to a tenth; win shares are rounded to a thousandth.
type TurnJSON struct {
	Turn         int       `json:"turn"`
	Player       string    `json:"player"`
	Alternatives int       `json:"alternatives"`
	Played       MoveJSON  `json:"played"`
	Best         MoveJSON  `json:"best"`
	GivenAway    *float64  `json:"given_away"` // null unless clear (Clear)
	GivenAwayErr float64   `json:"given_away_se"`
	Glyph        string    `json:"glyph"`
	Win          []WinJSON `json:"win"` // after the move played, in seat order
}

// MoveJSON is one move of a turn's review: its CGN, its value and the
// value's standard error, and the rollouts behind them.
type MoveJSON struct {
	Move     string  `json:"move"`
	Value    float64 `json:"value"`
	StdErr   float64 `json:"se"`
	Rollouts int     `json:"rollouts"`
}

// WinJSON is a player's share of the rollouts won.
type WinJSON struct {
	Player string  `json:"player"`
	P      float64 `json:"p"`
}

// JSON returns the turn's JSON form; players names the seats.
func (t *GameTurn) JSON(players []string) TurnJSON {
	j := TurnJSON{
		Turn: t.Number, Player: t.Player, Alternatives: t.Alternatives,
		Played:       moveJSON(t.PlayedText, t.Played),
		Best:         moveJSON(t.BestText, t.Best),
		GivenAwayErr: round1(t.GivenAwayErr),
		Glyph:        t.Glyph().String(),
	}
	if t.Clear() {
		v := round1(t.GivenAway)
		j.GivenAway = &v
	}
	for p, w := range t.Played.Win {
		j.Win = append(j.Win, WinJSON{players[p], roundTo(w, 1000)})
	}
	return j
}

func moveJSON(text string, e Eval) MoveJSON {
	return MoveJSON{Move: text, Value: round1(e.Value), StdErr: round1(e.StdErr), Rollouts: e.Rollouts}
}

func roundTo(v, unit float64) float64 {
	return float64(int64(v*unit+0.5)) / unit
}
