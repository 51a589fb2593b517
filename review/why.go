package review

import (
	"fmt"

	"github.com/towerlog/towerlog/engine"
)

// Why says what moves, played from before, do that the engine can tell:
// the features they complete and for whom (a completed feature returns
// its followers), the followers they capture, the prisoner they buy
// back, the farmer they put down, the tower they raise. players names
// the seats. A move that does none of these has no line.
func Why(before *engine.Game, moves []engine.Move, players []string) ([]string, error) {
	g := before.Clone()
	from := len(g.Events())
	mover := before.Player()
	var out []string
	for _, m := range moves {
		if err := g.Apply(m); err != nil {
			return nil, err
		}
		if m.Kind == engine.MoveFollower && m.Spot.Kind == engine.FeatureField && m.Figure == engine.FigureFollower {
			out = append(out, "claims a field with a farmer")
		}
	}
	for _, e := range g.Events()[from:] {
		switch e.Kind {
		case engine.EventScore:
			if e.Final {
				continue
			}
			what := fmt.Sprintf("%s of %d tiles", e.Feature, e.Size)
			if e.Feature == engine.FeatureCloister {
				what = "cloister"
			}
			switch {
			case e.Scored(mover):
				out = append(out, fmt.Sprintf("completes a %s for %d and takes back the followers on it", what, e.Points))
			default:
				out = append(out, fmt.Sprintf("completes a %s for %s (%d)", what, scorers(e, players), e.Points))
			}
		case engine.EventCapture:
			if e.Player == mover {
				out = append(out, fmt.Sprintf("captures %s's follower on a %s", players[e.Other], e.Feature))
			}
		case engine.EventRansom:
			if e.Player == mover {
				out = append(out, fmt.Sprintf("buys a follower back from %s for %d", players[e.Other], e.Points))
			}
		case engine.EventFloor:
			if e.Player == mover {
				out = append(out, fmt.Sprintf("raises a tower to %d", e.Height))
			}
		}
	}
	return out, nil
}

// scorers names the players who score event e: "Anna", "Anna and Bob".
func scorers(e engine.Event, players []string) string {
	s := ""
	for p, name := range players {
		if e.Scored(p) {
			if s != "" {
				s += " and "
			}
			s += name
		}
	}
	return s
}
