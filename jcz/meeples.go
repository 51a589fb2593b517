package jcz

import (
	"fmt"

	"github.com/towerlog/towerlog/engine"
)

// Where a figure is.
const (
	inSupply = iota
	onBoard
	inPrison
)

type meepleState struct {
	where  int
	pos    engine.Pos
	spot   engine.Spot
	holder int
}

// figures is the number of figures a player has: the followers, then the
// phantom (used only in games with the Phantom).
const figures = engine.FollowersPerPlayer + 1

// meeples follows every figure by its JCZ id, as JCloisterZone does: which
// stand where, which are imprisoned by whom and in what order. Prisoner
// exchanges follow JCZ: the figure just captured goes back to its owner,
// and the captor gets back the first of its figures that the victim holds
// of the kind chosen (the only kind held, when there is no choice).
type meeples struct {
	state   [engine.MaxPlayers][figures]meepleState
	prisons [engine.MaxPlayers][]meepleID // by holder, in capture order
}

func (m *meeples) get(id meepleID) *meepleState { return &m.state[id.seat][id.slot()] }

// free returns the lowest-numbered follower of seat in supply, the one
// JCZ's client deploys, or its phantom when fig says so and it is in
// supply.
func (m *meeples) free(seat int, fig engine.Figure) (meepleID, bool) {
	if fig == engine.FigurePhantom {
		id := meepleID{seat, engine.FigurePhantom, 1}
		return id, m.get(id).where == inSupply
	}
	for i, s := range m.state[seat][:engine.FollowersPerPlayer] {
		if s.where == inSupply {
			return meepleID{seat, engine.FigureFollower, i + 1}, true
		}
	}
	return meepleID{}, false
}

func (m *meeples) deploy(id meepleID, pos engine.Pos, spot engine.Spot) error {
	s := m.get(id)
	switch s.where {
	case onBoard:
		return fmt.Errorf("meeple %s already stands at %v", id, s.pos)
	case inPrison:
		return fmt.Errorf("meeple %s is a prisoner of player %d", id, s.holder)
	}
	*s = meepleState{where: onBoard, pos: pos, spot: spot}
	return nil
}

// at returns the figure standing on spot of the tile at pos.
func (m *meeples) at(pos engine.Pos, spot engine.Spot) (meepleID, bool) {
	for seat := range m.state {
		for i, s := range m.state[seat] {
			if s.where == onBoard && s.pos == pos && s.spot == spot {
				return idOfSlot(seat, i), true
			}
		}
	}
	return meepleID{}, false
}

func idOfSlot(seat, i int) meepleID {
	if i == engine.FollowersPerPlayer {
		return meepleID{seat, engine.FigurePhantom, 1}
	}
	return meepleID{seat, engine.FigureFollower, i + 1}
}

// exchangeable returns the first figure of captor of each kind that victim
// holds, in the order of their capture: the figures a capture of one of
// victim's by captor may bring back.
func (m *meeples) exchangeable(victim, captor int) []meepleID {
	var out []meepleID
	for _, p := range m.prisons[victim] {
		if p.seat == captor && !hasFigure(out, p.fig) {
			out = append(out, p)
		}
	}
	return out
}

func hasFigure(ids []meepleID, fig engine.Figure) bool {
	for _, id := range ids {
		if id.fig == fig {
			return true
		}
	}
	return false
}

// capture takes figure id off the board for captor. When the victim holds
// figures of captor, the one of kind back comes back in exchange, or the
// first one when back is ChoiceNone. It returns the figure that came back
// to captor, if any.
func (m *meeples) capture(id meepleID, captor int, back engine.Choice) (meepleID, bool) {
	victim := id.seat
	s := m.get(id)
	if victim == captor {
		*s = meepleState{}
		return meepleID{}, false
	}
	for i, p := range m.prisons[victim] {
		if p.seat != captor || back == engine.ChoiceFollower && p.fig != engine.FigureFollower || back == engine.ChoicePhantom && p.fig != engine.FigurePhantom {
			continue
		}
		m.prisons[victim] = append(m.prisons[victim][:i:i], m.prisons[victim][i+1:]...)
		*m.get(p) = meepleState{}
		*s = meepleState{}
		return p, true
	}
	*s = meepleState{where: inPrison, holder: captor}
	m.prisons[captor] = append(m.prisons[captor], id)
	return meepleID{}, false
}

// ransom frees prisoner id and returns who held it.
func (m *meeples) ransom(id meepleID) (holder int, ok bool) {
	s := m.get(id)
	if s.where != inPrison {
		return 0, false
	}
	holder = s.holder
	for i, p := range m.prisons[holder] {
		if p == id {
			m.prisons[holder] = append(m.prisons[holder][:i:i], m.prisons[holder][i+1:]...)
			break
		}
	}
	*s = meepleState{}
	return holder, true
}

// prisoner returns the first figure of kind fig of owner that holder keeps.
func (m *meeples) prisoner(holder, owner int, fig engine.Figure) (meepleID, bool) {
	for _, p := range m.prisons[holder] {
		if p.seat == owner && p.fig == fig {
			return p, true
		}
	}
	return meepleID{}, false
}

// sync sends back to supply every figure the engine no longer has on the
// board (scored features return their figures).
func (m *meeples) sync(board []engine.FollowerInfo) {
	for seat := range m.state {
		for i := range m.state[seat] {
			s := &m.state[seat][i]
			if s.where == onBoard && !standing(board, seat, i == engine.FollowersPerPlayer, s) {
				*s = meepleState{}
			}
		}
	}
}

func standing(board []engine.FollowerInfo, seat int, phantom bool, s *meepleState) bool {
	for _, f := range board {
		if f.Player == seat && f.Phantom == phantom && f.Pos == s.pos && f.Spot == s.spot {
			return true
		}
	}
	return false
}
