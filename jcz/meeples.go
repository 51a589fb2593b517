package jcz

import (
	"fmt"

	"github.com/towerlog/towerlog/engine"
)

// Where a follower is.
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

// meeples follows every normal follower by its JCZ id, as JCloisterZone
// does: which stand where, which are imprisoned by whom and in what order.
// Prisoner exchanges follow JCZ: the follower just captured goes back to
// its owner, and the captor gets back the first of its followers that the
// victim holds.
type meeples struct {
	state   [engine.MaxPlayers][engine.FollowersPerPlayer]meepleState
	prisons [engine.MaxPlayers][]meepleID // by holder, in capture order
}

func (m *meeples) get(id meepleID) *meepleState { return &m.state[id.seat][id.n-1] }

// free returns the lowest-numbered follower of seat in supply, the one
// JCZ's client deploys.
func (m *meeples) free(seat int) (meepleID, bool) {
	for i, s := range m.state[seat] {
		if s.where == inSupply {
			return meepleID{seat, i + 1}, true
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

// at returns the follower standing on spot of the tile at pos.
func (m *meeples) at(pos engine.Pos, spot engine.Spot) (meepleID, bool) {
	for seat := range m.state {
		for i, s := range m.state[seat] {
			if s.where == onBoard && s.pos == pos && s.spot == spot {
				return meepleID{seat, i + 1}, true
			}
		}
	}
	return meepleID{}, false
}

// capture takes follower id off the board for captor and reports whether
// it led to an exchange of prisoners.
func (m *meeples) capture(id meepleID, captor int) (exchanged bool) {
	victim := id.seat
	s := m.get(id)
	if victim == captor {
		*s = meepleState{}
		return false
	}
	for i, p := range m.prisons[victim] {
		if p.seat == captor {
			m.prisons[victim] = append(m.prisons[victim][:i:i], m.prisons[victim][i+1:]...)
			*m.get(p) = meepleState{}
			*s = meepleState{}
			return true
		}
	}
	*s = meepleState{where: inPrison, holder: captor}
	m.prisons[captor] = append(m.prisons[captor], id)
	return false
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

// prisoner returns the first follower of owner that holder keeps.
func (m *meeples) prisoner(holder, owner int) (meepleID, bool) {
	for _, p := range m.prisons[holder] {
		if p.seat == owner {
			return p, true
		}
	}
	return meepleID{}, false
}

// sync sends back to supply every follower the engine no longer has on the
// board (scored features return their followers).
func (m *meeples) sync(board []engine.FollowerInfo) {
	for seat := range m.state {
		for i := range m.state[seat] {
			s := &m.state[seat][i]
			if s.where == onBoard && !standing(board, seat, s) {
				*s = meepleState{}
			}
		}
	}
}

func standing(board []engine.FollowerInfo, seat int, s *meepleState) bool {
	for _, f := range board {
		if f.Player == seat && f.Pos == s.pos && f.Spot == s.spot {
			return true
		}
	}
	return false
}
