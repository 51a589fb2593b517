package review

import (
	"fmt"
	"slices"

	"github.com/towerlog/towerlog/engine"
)

// Why says what moves, played from before, do that the engine can tell:
// the farmer they put down and the completed cities of its field, the
// fields they join and who leads them then (fieldReasons), the features
// they complete and for whom (a completed feature returns its
// followers), the followers they capture, the prisoner they buy back,
// the tower they raise. players names the seats. A move that does none
// of these has no line.
func Why(before *engine.Game, moves []engine.Move, players []string) ([]string, error) {
	g := before.Clone()
	from := len(g.Events())
	mover := before.Player()
	var joins []engine.FieldJoin
	var at engine.Pos
	farmer := engine.Spot{}
	for _, m := range moves {
		if m.Kind == engine.MovePlace {
			joins, at = g.JoinedFields(g.Drawn(), m.Rot, m.Pos), m.Pos
		}
		if err := g.Apply(m); err != nil {
			return nil, err
		}
		if m.Kind == engine.MoveFollower && m.Spot.Kind == engine.FeatureField && m.Figure == engine.FigureFollower {
			farmer = m.Spot
		}
	}
	out := fieldReasons(g, joins, at, farmer, mover, players)
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
	var seats []int
	for p := range players {
		if e.Scored(p) {
			seats = append(seats, p)
		}
	}
	return names(seats, players)
}

// fieldReasons says what a placement did to the fields, g being the game
// after the turn's moves, joins the fields the tile placed at at made
// (engine.JoinedFields, before the placement) and farmer the spot of the
// farmer the mover put on it (Kind none if none). For each field made:
//   - a farmer put on it claims it: "claims a field of 4 completed cities
//     with a farmer";
//   - a field joined from two or more, some with farmers, is said from
//     the mover's side: the mover now scores a field they did not, or
//     alone one they shared ("takes the lead in Bob's field", "ties Bob's
//     field"), or no longer scores their own ("gives Bob the lead in
//     Anna's field"); otherwise whose fields it joins ("joins Bob's field to Cleo's", "joins two of Bob's
//     fields", "joins a field to Bob's").
//
// The completed cities are those of the field after the turn.
func fieldReasons(g *engine.Game, joins []engine.FieldJoin, at engine.Pos, farmer engine.Spot, mover int, players []string) []string {
	var out []string
	for _, j := range joins {
		after, ok := g.FieldAt(at, j.Spots[0])
		if !ok {
			continue
		}
		of := citiesOf(after.Cities)
		if farmer.Kind == engine.FeatureField && slices.Contains(j.Spots, farmer) {
			out = append(out, "claims a field"+of+" with a farmer")
			continue
		}
		if len(j.Fields) < 2 {
			continue
		}
		if line := joinLine(j.Fields, after, mover, players); line != "" {
			out = append(out, line)
		}
	}
	return out
}

// joinLine says what joining the fields before into the field after does,
// from the mover's side (fieldReasons); "" when none of them had a farmer.
func joinLine(before []engine.FieldInfo, after engine.FieldInfo, mover int, players []string) string {
	of := citiesOf(after.Cities)
	now := after.Leaders()
	leads := slices.Contains(now, mover)
	var farmed [][]int // the leaders of each field with farmers
	for _, f := range before {
		if l := f.Leaders(); l != nil {
			farmed = append(farmed, l)
		}
	}
	if farmed == nil {
		return ""
	}
	for _, l := range farmed {
		// The mover scores a field they did not, or alone one they shared.
		if leads && (!slices.Contains(l, mover) || len(l) > 1 && len(now) == 1) {
			if len(now) == 1 {
				return "takes the lead in " + whose(l, players) + " field" + of
			}
			return "ties " + whose(l, players) + " field" + of
		}
	}
	for _, l := range farmed {
		if slices.Contains(l, mover) && !leads {
			return "gives " + names(now, players) + " the lead in " + whose(l, players) + " field" + of
		}
	}
	first := farmed[0]
	for _, l := range farmed[1:] {
		if !slices.Equal(l, first) {
			return "joins " + whose(first, players) + " field to " + whose(l, players)
		}
	}
	switch empty := len(before) - len(farmed); {
	case empty == 0:
		return "joins " + number(len(farmed)) + " of " + whose(first, players) + " fields"
	case len(farmed) == 1 && empty == 1:
		return "joins a field to " + whose(first, players)
	case len(farmed) == 1:
		return "joins " + number(empty) + " fields to " + whose(first, players)
	default:
		return "joins " + number(len(before)) + " fields, " + number(len(farmed)) + " of them " + whose(first, players)
	}
}

// citiesOf says a field's completed cities: " of 4 completed cities", ""
// for none.
func citiesOf(n int) string {
	switch n {
	case 0:
		return ""
	case 1:
		return " of 1 completed city"
	}
	return fmt.Sprintf(" of %d completed cities", n)
}

// names names seats: "Anna", "Anna and Bob", "Anna, Bob and Cleo".
func names(seats []int, players []string) string {
	s := ""
	for i, p := range seats {
		switch {
		case i == 0:
		case i == len(seats)-1:
			s += " and "
		default:
			s += ", "
		}
		s += players[p]
	}
	return s
}

// whose is the possessive of names: "Bob's", "Anna and Bob's".
func whose(seats []int, players []string) string { return names(seats, players) + "'s" }

// number spells a small count in words.
func number(n int) string {
	if n >= 0 && n < len(numbers) {
		return numbers[n]
	}
	return fmt.Sprint(n)
}

var numbers = [...]string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight"}
