package replay

// Verdict is what `towerlog validate --json` writes for a game, one JSON
// object a line: where the game is, whether it is legal, how far it went
// and what was found. Its field names are a contract with the scripts that
// read them.
type Verdict struct {
	File        string       `json:"file"`
	Index       int          `json:"index"`  // the game's number in its file, from 1
	Valid       bool         `json:"valid"`  // no diagnostic of severity error
	Turns       int          `json:"turns"`  // the turns replayed
	Scores      []int        `json:"scores"` // by seat, after the last turn replayed; null before setup
	Over        bool         `json:"over"`   // played to its end and scored
	Diagnostics []Diagnostic `json:"diagnostics"`
}

// Verdict returns g's verdict; Diagnostics is never nil, so that it is
// written as [] rather than null.
func (g *Game) Verdict() Verdict {
	v := Verdict{File: g.File, Index: g.Index, Valid: g.Valid(), Turns: len(g.Turns), Diagnostics: g.Diagnostics}
	if v.Diagnostics == nil {
		v.Diagnostics = []Diagnostic{}
	}
	if g.State != nil {
		v.Scores = g.State.Scores()
		v.Over = g.State.Over()
	}
	return v
}
