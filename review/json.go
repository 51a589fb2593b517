package review

import "math"

// TurnJSON is a reviewed turn as towerlog review --json writes it, one
// object a line. Values are final margins in points from the mover's side,
// rounded to a tenth; chances and win shares are rounded to a thousandth,
// drops of the chance of winning (in percentage points) and accuracies
// to a tenth.
type TurnJSON struct {
	Turn         int        `json:"turn"`
	Player       string     `json:"player"`
	Alternatives int        `json:"alternatives"`
	Played       MoveJSON   `json:"played"`
	Best         MoveJSON   `json:"best"`
	GivenAway    *float64   `json:"given_away"` // null unless clear (Clear)
	GivenAwayErr float64    `json:"given_away_se"`
	Grade        string     `json:"grade"`
	Drop         float64    `json:"drop"` // of the mover's chance, percentage points
	Accuracy     float64    `json:"accuracy"`
	Glyph        string     `json:"glyph"`
	Exact        bool       `json:"exact"`
	Tied         int        `json:"tied"`
	PlayedRank   int        `json:"played_rank"`       // by value; 0: the move played is none of the alternatives
	RankRange    [2]int     `json:"played_rank_range"` // within twice the errors: [low, high], equal when certain
	Top          []MoveJSON `json:"top"`
	WhyPlayed    []string   `json:"why_played"`
	WhyBest      []string   `json:"why_best"`
	Chance       []WinJSON  `json:"chance"` // after the move played, in seat order
	Win          []WinJSON  `json:"win"`    // the rollouts' shares, in seat order
}

// MoveJSON is one move of a turn's review: its CGN, the same in words
// (Words), its value and the value's standard error, and the rollouts
// behind them.
type MoveJSON struct {
	Move     string  `json:"move"`
	Words    string  `json:"words"`
	Value    float64 `json:"value"`
	StdErr   float64 `json:"se"`
	Rollouts int     `json:"rollouts"`
}

// WinJSON is a player's chance of winning, or share of the rollouts won.
type WinJSON struct {
	Player string  `json:"player"`
	P      float64 `json:"p"`
}

// AccuracyJSON is the line that follows the turns in towerlog review
// --json: each player's accuracy (GameAccuracy), null for a player
// without a reviewed turn.
type AccuracyJSON struct {
	Accuracy []PlayerAccuracyJSON `json:"accuracy"`
}

// PlayerAccuracyJSON is a player's accuracy in percent.
type PlayerAccuracyJSON struct {
	Player   string   `json:"player"`
	Accuracy *float64 `json:"accuracy"`
}

// JSON returns the turn's JSON form; players names the seats.
func (t *GameTurn) JSON(players []string) TurnJSON {
	j := TurnJSON{
		Turn: t.Number, Player: t.Player, Alternatives: t.Alternatives,
		Played:       moveJSON(t.PlayedText, t.PlayedWords, t.Played),
		Best:         moveJSON(t.BestText, t.BestWords, t.Best),
		GivenAwayErr: round1(t.GivenAwayErr),
		Grade:        t.Grade.String(),
		Drop:         round1(t.Drop),
		Accuracy:     round1(MoveAccuracy(t.Drop)),
		Glyph:        t.Glyph().String(),
		Exact:        t.Exact, Tied: t.Tied, PlayedRank: t.PlayedRank, RankRange: [2]int{t.RankLow, t.RankHigh},
		WhyPlayed: nonNil(t.PlayedWhy), WhyBest: nonNil(t.BestWhy),
	}
	if t.Clear() {
		v := round1(t.GivenAway)
		j.GivenAway = &v
	}
	for i, r := range t.Top {
		j.Top = append(j.Top, moveJSON(t.TopText[i], t.TopWords[i], r.Eval))
	}
	for p, w := range t.Chance {
		j.Chance = append(j.Chance, WinJSON{players[p], roundTo(w, 1000)})
	}
	for p, w := range t.Played.Win {
		j.Win = append(j.Win, WinJSON{players[p], roundTo(w, 1000)})
	}
	return j
}

// AccuracyLine returns the accuracies of GameAccuracy in JSON form.
func AccuracyLine(turns []GameTurn, players []string) AccuracyJSON {
	var j AccuracyJSON
	for p, a := range GameAccuracy(turns, len(players)) {
		pa := PlayerAccuracyJSON{Player: players[p]}
		if !math.IsNaN(a) {
			v := round1(a)
			pa.Accuracy = &v
		}
		j.Accuracy = append(j.Accuracy, pa)
	}
	return j
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func moveJSON(text, words string, e Eval) MoveJSON {
	return MoveJSON{Move: text, Words: words, Value: round1(e.Value), StdErr: round1(e.StdErr), Rollouts: e.Rollouts}
}

func roundTo(v, unit float64) float64 {
	return float64(int64(v*unit+0.5)) / unit
}
