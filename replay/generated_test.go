package replay

import (
	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
)

// generated plays a seeded game with gen and writes it as a record with
// declared scores, as the generate package does (which imports this one,
// so its tests cannot).
func generated(gen *engine.Generator, o engine.GenOptions, tags map[string]string) (*record.Game, error) {
	_, moves, err := gen.Generate(o)
	if err != nil {
		return nil, err
	}
	names := []string{"Anna", "Bruno", "Chloé", "Dmitri", "Emeka", "Fatima"}
	players := make([]Player, o.Players)
	for i := range players {
		players[i] = Player{Name: names[i], Colour: DefaultColours[i]}
	}
	return Write(players, engine.Setup{Players: o.Players, Rules: o.Rules}, moves, WriteOptions{Tags: tags, Scores: true})
}
