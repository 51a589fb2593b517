package engine

import "fmt"

// The Phantom (rules with Phantom): each player's phantom is figure
// phantomSlot of Game.fol, a follower in every respect but placement. It
// may be the figure of the turn's first action (deploy and guard pass it
// here), or the second figure, in PhasePhantom, after the first action
// and its capture.

// PhantomPlace says where a player's phantom is.
type PhantomPlace uint8

// Places of a phantom.
const (
	PhantomAbsent   PhantomPlace = iota // the game is played without the Phantom
	PhantomInSupply                     // in its owner's supply
	PhantomOnBoard                      // on a feature or on top of a tower
	PhantomInPrison                     // held captive by another player
)

var phantomPlaceNames = [...]string{"absent", "supply", "board", "prison"}

func (p PhantomPlace) String() string {
	if int(p) < len(phantomPlaceNames) {
		return phantomPlaceNames[p]
	}
	return "place?"
}

// PhantomInfo says where a player's phantom is.
type PhantomInfo struct {
	Where  PhantomPlace
	Pos    Pos  // PhantomOnBoard: the tile it stands on
	Spot   Spot // PhantomOnBoard: its spot; Kind FeatureTower on top of a tower
	Holder int  // PhantomInPrison: the seat of the player holding it; -1 otherwise
}

// Phantom returns where player p's phantom is.
func (g *Game) Phantom(p int) PhantomInfo {
	f := &g.fol[p][phantomSlot]
	info := PhantomInfo{Holder: -1}
	if !g.rules.Phantom {
		return info
	}
	switch f.where {
	case inSupply:
		info.Where = PhantomInSupply
	case inPrison:
		info.Where, info.Holder = PhantomInPrison, int(f.holder)
	case onTower:
		info.Where, info.Pos, info.Spot = PhantomOnBoard, g.tiles[f.tile].pos, Spot{Kind: FeatureTower}
	case onFeature:
		t := &g.tiles[f.tile]
		info.Where, info.Pos, info.Spot = PhantomOnBoard, t.pos, t.orient().spot(int(g.nodes[f.node].seg))
	}
	return info
}

// figures returns player p's figures: its followers, then its phantom in
// a game with the Phantom.
func (g *Game) figures(p int) []follower {
	if g.rules.Phantom {
		return g.fol[p][:]
	}
	return g.fol[p][:FollowersPerPlayer]
}

// figureAt returns the kind of the figure in slot i of a player's figures.
func figureAt(i int) Figure {
	if i == phantomSlot {
		return FigurePhantom
	}
	return FigureFollower
}

// phantomBit returns the bit of player p when fig is a phantom, else 0.
func phantomBit(p int, fig Figure) uint8 {
	if fig == FigurePhantom {
		return 1 << p
	}
	return 0
}

// held returns how many figures of kind fig of owner holder keeps captive.
func (g *Game) held(holder, owner int, fig Figure) int {
	n := 0
	if ph := &g.fol[owner][phantomSlot]; ph.where == inPrison && int(ph.holder) == holder {
		n = 1
	}
	if fig == FigurePhantom {
		return n
	}
	return int(g.prisoners[holder][owner]) - n
}

// phantomFree reports whether player p's phantom is in supply.
func (g *Game) phantomFree(p int) bool { return g.fol[p][phantomSlot].where == inSupply }

// deployFigure plays a MoveFollower other than a follower of the first
// step: the phantom, as the first or the second figure, or a figure that
// comes at the wrong moment.
func (g *Game) deployFigure(m *Move) error {
	if err := g.phantomStep(m); err != nil {
		return err
	}
	t := &g.tiles[g.newTile]
	seg := t.orient().find(m.Spot)
	if seg < 0 {
		return g.noSpot(m, t)
	}
	if m.Spot.Kind == FeatureField && g.rules.NoFarmers {
		return g.illegal(ViolationFarmers, m, "a phantom cannot be put on a field: farmers are off")
	}
	nd := t.node + int32(seg)
	if root := g.find(nd); g.nodes[root].occupied > 0 {
		return g.illegal(ViolationFollower, m, "the %s at %s %s is already occupied%s", m.Spot.Kind, t.pos, m.Spot, g.occupants(root))
	}
	g.setOn(g.player, phantomSlot, nd)
	g.phase = PhaseEnd
	return nil
}

// guardFigure plays a MoveTowerFollower other than a follower of the first
// step, as deployFigure does.
func (g *Game) guardFigure(m *Move) error {
	if err := g.phantomStep(m); err != nil {
		return err
	}
	tw, err := g.openTower(m)
	if err != nil {
		return err
	}
	g.setOnTower(g.player, phantomSlot, tw)
	g.phase = PhaseEnd
	return nil
}

// phantomStep checks that m, placing a figure, places the phantom where
// a phantom may be placed now: as the first figure or in PhasePhantom, with
// the phantom in supply.
func (g *Game) phantomStep(m *Move) error {
	switch {
	case m.Figure > FigurePhantom:
		return g.illegal(ViolationMove, m, "unknown figure %d", m.Figure)
	case m.Figure != FigurePhantom || g.phase != PhaseAction && g.phase != PhasePhantom:
		return g.notNow(m)
	case !g.rules.Phantom:
		return g.noPhantom(m)
	case !g.phantomFree(g.player):
		return g.phantomAway(m)
	}
	return nil
}

// notNow explains why m, an action, is not allowed now. After the turn's
// action only the phantom may be placed.
func (g *Game) notNow(m *Move) error {
	if m.Figure == FigurePhantom && !g.rules.Phantom {
		return g.noPhantom(m)
	}
	if g.newTile < 0 || g.phase != PhasePhantom && g.phase != PhaseEnd {
		return g.wrongPhase(m)
	}
	const done = "the turn's action is done: only the phantom may follow it"
	switch {
	case !g.rules.Phantom:
		return g.illegal(ViolationPhantom, m, "%s, and this game is played without the Phantom", done)
	case m.Kind == MoveFloor:
		return g.illegal(ViolationPhantom, m, "%s, not a tower floor", done)
	case m.Figure != FigurePhantom:
		return g.illegal(ViolationPhantom, m, "%s, not a follower", done)
	case !g.phantomFree(g.player):
		return g.phantomAway(m)
	}
	return g.wrongPhase(m) // the player passed the phantom's step
}

func (g *Game) noPhantom(m *Move) error {
	return g.illegal(ViolationPhantom, m, "there is no phantom in this game (rules %q)", g.rules.String())
}

// phantomAway reports that the mover's phantom is not in supply.
func (g *Game) phantomAway(m *Move) error {
	return g.illegal(ViolationPhantom, m, "%s's phantom is not in supply: %s", g.who(g.player), g.phantomWhere(g.player))
}

// phantomWhere says where player p's phantom is, for messages.
func (g *Game) phantomWhere(p int) string {
	info := g.Phantom(p)
	switch info.Where {
	case PhantomOnBoard:
		if info.Spot.Kind == FeatureTower {
			return "it stands on the tower at " + info.Pos.String()
		}
		return fmt.Sprintf("it stands on the %s at %s %s", info.Spot.Kind, info.Pos, info.Spot)
	case PhantomInPrison:
		return "it is held by " + g.who(info.Holder)
	}
	return "it is in supply"
}

// occupants names the figures on the feature with root r, for messages:
// " by a follower of Anna", " by Bob's phantom", " by 3 figures".
func (g *Game) occupants(r int32) string {
	if n := g.nodes[r].occupied; n > 1 {
		return " by " + itoa(int(n)) + " figures"
	}
	for x := r; ; {
		if p, i := g.figureOn(x); i >= 0 {
			if i == phantomSlot {
				return " by " + g.who(p) + "'s phantom"
			}
			return " by a follower of " + g.who(p)
		}
		if x = g.nodes[x].next; x == r {
			return ""
		}
	}
}

// checkCaptured checks what a capture says about the figure it takes
// (slot i of owner's) and about the exchange that may follow.
func (g *Game) checkCaptured(m *Move, owner, i int) error {
	fig := figureAt(i)
	switch {
	case m.Figure > FigurePhantom:
		return g.illegal(ViolationMove, m, "unknown figure %d", m.Figure)
	case m.Back > ChoicePhantom:
		return g.illegal(ViolationMove, m, "unknown exchange choice %d", m.Back)
	case m.Figure == FigurePhantom && !g.rules.Phantom:
		return g.noPhantom(m)
	case m.Figure != fig:
		where := fmt.Sprintf("the %s at %s %s", m.Spot.Kind, m.Pos, m.Spot)
		if m.Spot.Kind == FeatureTower {
			where = "the tower at " + m.Pos.String()
		}
		return g.illegal(ViolationCapture, m, "the figure on %s is %s's %s, not a %s", where, g.who(owner), fig, m.Figure)
	}
	choice := g.exchangeChoice(owner)
	switch {
	case choice && m.Back == ChoiceNone:
		return g.illegal(ViolationExchange, m, "%s holds a follower and the phantom of %s: the capture must say which of them comes back in the exchange", g.who(owner), g.who(g.player))
	case !choice && m.Back != ChoiceNone:
		return g.illegal(ViolationExchange, m, "the capture chooses the %s for the exchange, but there is no choice: %s", m.Back, g.noChoice(owner))
	}
	return nil
}

// exchangeChoice reports whether capturing a figure of owner leads to an
// exchange in which the mover chooses which of its figures comes back:
// owner holds a follower and the phantom of the mover.
func (g *Game) exchangeChoice(owner int) bool {
	p := g.player
	return owner != p && g.held(owner, p, FigurePhantom) > 0 && g.held(owner, p, FigureFollower) > 0
}

// noChoice says why capturing a figure of owner leaves nothing to choose.
func (g *Game) noChoice(owner int) string {
	p := g.player
	switch {
	case owner == p:
		return "one's own figure goes back to supply"
	case g.prisoners[owner][p] == 0:
		return g.who(owner) + " holds no figure of " + g.who(p) + ", so no exchange follows"
	case g.held(owner, p, FigurePhantom) == 0:
		return g.who(owner) + " holds only followers of " + g.who(p)
	}
	return g.who(owner) + " holds only the phantom of " + g.who(p)
}

// notHeld reports a ransom for a kind of figure the payee does not hold.
func (g *Game) notHeld(m *Move, holder, owner int) error {
	if m.Figure == FigurePhantom {
		return g.illegal(ViolationRansom, m, "%s does not hold %s's phantom: %s", g.who(holder), g.who(owner), g.phantomWhere(owner))
	}
	return g.illegal(ViolationRansom, m, "%s holds only the phantom of %s, no follower", g.who(holder), g.who(owner))
}
