package replay

import (
	"fmt"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
)

// WriteOptions says what Write puts into a record besides the moves.
type WriteOptions struct {
	// Tags are extra tags (Event, Site, Date, Source, ...).
	Tags map[string]string
	// Scores declares every player's score after each turn.
	Scores bool
}

// Write turns a game played move by move into a CGN record: the Players,
// Rules, Bag, Start and Result tags and one turn per line. It replays the
// moves on a new game to know the drawn tiles and turn boundaries, so an
// illegal move is an error. Ransoms are written first on their turn's line,
// as CGN does.
func Write(players []Player, setup engine.Setup, moves []engine.Move, o WriteOptions) (*record.Game, error) {
	eg, err := engine.NewGame(setup)
	if err != nil {
		return nil, err
	}
	rg := &record.Game{}
	for k, v := range o.Tags {
		rg.SetTag(k, v)
	}
	rps := make([]record.Player, len(players))
	for i, p := range players {
		rps[i] = record.Player{Name: p.Name, Colour: p.Colour}
	}
	rg.SetTag("Players", record.FormatPlayers(rps))
	rg.SetTag("Rules", setup.Rules.String())
	if setup.Bag != nil {
		rg.SetTag("Bag", bagTag(setup))
	}
	if setup.StartTile != nil && (*setup.StartTile != engine.StartTile || setup.StartRot != engine.R0) {
		rg.SetTag("Start", fmt.Sprintf("%s@0,0r%d", setup.StartTile.String(), setup.StartRot.Degrees()))
	}
	var t *record.Turn
	for i, m := range moves {
		if t == nil {
			t = &record.Turn{Number: eg.Turn(), Numbered: true, Player: record.Name{Text: players[eg.Player()].Name}}
		}
		mover := eg.Player()
		if err := eg.Apply(m); err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
		writeMove(t, eg, players, mover, m)
		if m.Kind == engine.MoveEndTurn {
			if o.Scores {
				t.Score = &record.Score{Points: eg.Scores()}
			}
			rg.Turns = append(rg.Turns, t)
			t = nil
		}
	}
	if t != nil {
		return nil, fmt.Errorf("the moves end inside turn %d", t.Number)
	}
	if eg.Over() {
		rg.SetTag("Result", scoreList(eg.Scores()))
	} else {
		rg.SetTag("Result", "*")
	}
	return rg, nil
}

// WriteTurn plays the moves of one turn on g, from its first move to its
// EndTurn, and returns the turn as Write writes it (without a declared
// score), numbered as g numbers it. g is left after the turn; an illegal
// move is an error and leaves g inside the turn.
func WriteTurn(g *engine.Game, players []Player, moves []engine.Move) (*record.Turn, error) {
	t := &record.Turn{Number: g.Turn(), Numbered: true, Player: record.Name{Text: players[g.Player()].Name}}
	for i, m := range moves {
		mover := g.Player()
		if err := g.Apply(m); err != nil {
			return nil, fmt.Errorf("move %d of turn %d: %w", i+1, t.Number, err)
		}
		writeMove(t, g, players, mover, m)
		if m.Kind == engine.MoveEndTurn {
			return t, nil
		}
	}
	return nil, fmt.Errorf("the moves end inside turn %d", t.Number)
}

// writeMove adds move m, just played on eg by seat mover, to turn t.
func writeMove(t *record.Turn, eg *engine.Game, players []Player, mover int, m engine.Move) {
	switch m.Kind {
	case engine.MoveRansom:
		r := &record.Ransom{Holder: record.Name{Text: players[m.Payee].Name}, Phantom: m.Figure == engine.FigurePhantom}
		if m.Owner != mover {
			r.Owner = record.Name{Text: players[m.Owner].Name}
		}
		t.Ransoms = append(t.Ransoms, r)
	case engine.MoveDiscard:
		t.Discards = append(t.Discards, &record.Discard{Tile: eg.Drawn().String()})
	case engine.MovePlace:
		t.Placement = &record.Placement{Tile: eg.Drawn().String(), X: m.Pos.X, Y: m.Pos.Y, Rotation: record.Rotation(m.Rot.Degrees())}
	case engine.MoveFollower:
		addAction(t, &record.Follower{Spot: RecordSpot(m.Spot), Phantom: m.Figure == engine.FigurePhantom})
	case engine.MoveFloor:
		t.Action = &record.TowerFloor{X: m.Pos.X, Y: m.Pos.Y}
	case engine.MoveCapture:
		if f, ok := t.Action.(*record.TowerFloor); ok {
			f.Capture = &record.Capture{X: m.Pos.X, Y: m.Pos.Y, Spot: RecordSpot(m.Spot), Phantom: m.Figure == engine.FigurePhantom}
			if m.Back != engine.ChoiceNone {
				f.Capture.Exchange = &record.Exchange{Phantom: m.Back == engine.ChoicePhantom}
			}
		}
	case engine.MoveTowerFollower:
		addAction(t, &record.TowerFollower{X: m.Pos.X, Y: m.Pos.Y, Phantom: m.Figure == engine.FigurePhantom})
	}
}

// addAction writes a figure's placement as the turn's action, or as its
// second figure when the turn has an action already. (A phantom placed
// after passing the first step is written as the action: replayed so, it
// leaves the game as it was.)
func addAction(t *record.Turn, a record.Action) {
	if t.Action == nil {
		t.Action = a
	} else {
		t.Second = a
	}
}

func bagTag(s engine.Setup) string {
	if s.Ordered {
		out := "order"
		for _, t := range s.Bag {
			out += " " + t.String()
		}
		return out
	}
	var counts [engine.NumTileTypes]int
	for _, t := range s.Bag {
		counts[t]++
	}
	out := "subset"
	for id, c := range counts {
		if c > 0 {
			out += fmt.Sprintf(" %s:%d", engine.TileID(id), c)
		}
	}
	return out
}

// RecordSpot converts an engine spot to the notation's.
func RecordSpot(s engine.Spot) record.Spot {
	k := recordKinds[s.Kind]
	rs := record.Spot{Kind: k, Edges: record.EdgeSet(s.Edges), Halves: record.HalfSet(s.Halves)}
	if k == record.Field && s.Halves == 0 {
		rs.Inner = true
	}
	return rs
}

// DefaultColours are the colours of the seats, as JCloisterZone orders them.
var DefaultColours = []string{"red", "blue", "green", "yellow", "black", "gray"}
