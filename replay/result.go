package replay

import "github.com/towerlog/towerlog/record"

// ResultEdit is the edit (record.FormatStream, record.CheckFormat) that
// gives game n (from 0) of file the engine's result in its Result tag,
// when the tag is "*" or missing and the engine plays the game to its
// end: towerlog fmt --result. Any other game is left as it is.
func ResultEdit(file string) record.Edit {
	return func(n int, g *record.Game) *record.Game {
		if tag, ok := g.Tag("Result"); ok && tag != "*" {
			return g
		}
		if rg := Replay(file, n+1, g, Options{Lenient: true}); rg.Finished() {
			g.SetTag("Result", rg.Result().String())
		}
		return g
	}
}
