package engine

import "fmt"

// MoveKind is the kind of a Move.
type MoveKind uint8

// Move kinds.
const (
	MoveRansom        MoveKind = iota // buy back one's own follower from Payee
	MoveDraw                          // draw Tile from the bag
	MoveDiscard                       // discard the drawn tile: it fits nowhere
	MovePlace                         // place the drawn tile at Pos turned by Rot
	MoveFollower                      // a follower onto Spot of the tile just placed
	MoveFloor                         // a tower floor onto the foundation or open tower at Pos
	MoveCapture                       // capture the follower at Spot of the tile at Pos
	MoveTowerFollower                 // a follower onto the open tower at Pos
	MovePass                          // no action, or no capture after a floor
	MoveEndTurn                       // end the turn: completed features score
)

var moveNames = [...]string{"ransom", "draw", "discard", "place", "follower", "floor", "capture", "tower-follower", "pass", "end-turn"}

func (k MoveKind) String() string {
	if int(k) < len(moveNames) {
		return moveNames[k]
	}
	return "move?"
}

// Figure is a kind of figure a player puts on the board.
type Figure uint8

// Figures.
const (
	FigureFollower Figure = iota // a follower
	FigurePhantom                // the player's phantom (rules with Phantom)
)

var figureNames = [...]string{"follower", "phantom"}

func (f Figure) String() string {
	if int(f) < len(figureNames) {
		return figureNames[f]
	}
	return "figure?"
}

// Choice is what a capture chooses for the exchange of prisoners that
// follows it, when the victim holds figures of the capturer of both kinds
// (followers and the phantom): which one comes back to the capturer.
type Choice uint8

// Choices.
const (
	ChoiceNone     Choice = iota // nothing to choose: no exchange, or one kind of figure
	ChoiceFollower               // one of the capturer's followers comes back
	ChoicePhantom                // the capturer's phantom comes back
)

var choiceNames = [...]string{"none", "follower", "phantom"}

// String names the figure that comes back: "follower", "phantom" ("none"
// for ChoiceNone).
func (c Choice) String() string {
	if int(c) < len(choiceNames) {
		return choiceNames[c]
	}
	return "choice?"
}

// Move is one step of a turn. The acting player is always the player whose
// turn it is. Only the fields of its Kind are read.
type Move struct {
	Kind MoveKind
	Tile TileID   // MoveDraw
	Pos  Pos      // MovePlace, MoveFloor, MoveCapture (the target's tile), MoveTowerFollower
	Rot  Rotation // MovePlace
	Spot Spot     // MoveFollower, MoveCapture (FeatureTower: the guard of the tower at Pos)
	// Figure is the figure placed (MoveFollower, MoveTowerFollower), captured
	// (MoveCapture) or bought back (MoveRansom).
	Figure Figure
	Back   Choice // MoveCapture: the exchange's choice, if it has one
	Payee  int    // MoveRansom: the player holding the prisoner
	Owner  int    // MoveRansom: whose follower is bought back (must be the mover)
}

func (m Move) String() string {
	fig := m.Figure.String()
	switch m.Kind {
	case MoveRansom:
		return fmt.Sprintf("ransom of player %d's %s from player %d", m.Owner+1, fig, m.Payee+1)
	case MoveDraw:
		return "draw " + m.Tile.String()
	case MovePlace:
		return fmt.Sprintf("place at %s %s", m.Pos, m.Rot)
	case MoveFollower:
		return fig + " on " + m.Spot.String()
	case MoveFloor:
		return fmt.Sprintf("floor at %s", m.Pos)
	case MoveCapture:
		s := fmt.Sprintf("capture at %s %s", m.Pos, m.Spot)
		if m.Figure != FigureFollower {
			s += " (" + fig + ")"
		}
		if m.Back != ChoiceNone {
			s += ", its " + m.Back.String() + " back"
		}
		return s
	case MoveTowerFollower:
		return fmt.Sprintf("%s onto the tower at %s", fig, m.Pos)
	}
	return m.Kind.String()
}

// Violation names the rule an illegal move breaks.
type Violation uint8

// Rules a move can break.
const (
	ViolationGameOver       Violation = iota // the game is over
	ViolationPhase                           // the move does not belong in this phase of the turn
	ViolationBag                             // the tile is not in the bag, or not next in a prepared order
	ViolationDiscard                         // a discarded tile had a legal placement
	ViolationPlacement                       // the square is taken, not adjacent, or an edge does not match
	ViolationFollower                        // no such feature on the tile, or it is occupied, or no follower left
	ViolationFarmers                         // followers on fields are off
	ViolationTower                           // a tower action where the rules do not allow it
	ViolationFloors                          // no tower floor left
	ViolationBareFoundation                  // a follower cannot go on a bare foundation
	ViolationTowerClosed                     // the tower is closed by a follower
	ViolationCapture                         // no follower at the target
	ViolationRange                           // the target is out of the tower's range
	ViolationGuardCapture                    // followers on towers cannot be captured (flag)
	ViolationOwnCapture                      // one's own followers cannot be captured (flag)
	ViolationRansom                          // ransom refused: off, twice in a turn, not one's own, nothing to buy back
	ViolationRansomPoints                    // ransom refused: fewer points than the price
	ViolationMove                            // a malformed move
	ViolationPhantom                         // the phantom is not in play or not in supply, or a second figure is not the phantom
	ViolationExchange                        // an exchange's choice is missing, or given where there is none
)

var ruleNames = [...]string{
	"game-over", "phase", "bag", "discard", "placement", "follower", "farmers", "tower",
	"floors", "bare-foundation", "tower-closed", "capture", "range", "guard-capture",
	"own-capture", "ransom", "ransom-points", "move", "phantom", "exchange",
}

// String gives a stable name for the rule, usable as an error code.
func (r Violation) String() string {
	if int(r) < len(ruleNames) {
		return ruleNames[r]
	}
	return "rule?"
}

// IllegalMoveError reports a move that breaks a rule. The game is unchanged.
type IllegalMoveError struct {
	Violation Violation
	Move      Move
	Turn      int
	Player    int // 0-based seat of the acting player
	Reason    string
	// Related are other squares the reason names: where the follower
	// already on a feature stands.
	Related []Pos
}

func (e *IllegalMoveError) Error() string {
	return fmt.Sprintf("turn %d, player %d: %s", e.Turn, e.Player+1, e.Reason)
}

// who names player p in messages: the name given in Setup.Names, or
// "player N" (counting from 1). A seat outside the game is "player N" too.
func (g *Game) who(p int) string {
	if p >= 0 && p < len(g.names) && g.names[p] != "" {
		return g.names[p]
	}
	return "player " + itoa(p+1)
}

func (g *Game) illegal(r Violation, m *Move, format string, args ...any) error {
	return &IllegalMoveError{Violation: r, Move: *m, Turn: g.turn, Player: g.player, Reason: fmt.Sprintf(format, args...)}
}

// Apply plays one move for the player whose turn it is.
func (g *Game) Apply(m Move) error {
	// Inlined at the call, so that the move is passed by address rather
	// than copied: see apply.
	return g.apply(&m)
}

// Draw, Place, Deploy and EndTurn play the moves every turn makes, as
// Apply would, without its dispatch on the kind of move: a replayer knows
// which move it plays.

// Draw plays Move{Kind: MoveDraw, Tile: t}.
func (g *Game) Draw(t TileID) error {
	m := Move{Kind: MoveDraw, Tile: t}
	if g.phase == PhaseOver {
		return g.over(&m)
	}
	return g.draw(&m)
}

// Place plays Move{Kind: MovePlace, Pos: p, Rot: r}.
func (g *Game) Place(p Pos, r Rotation) error {
	m := Move{Kind: MovePlace, Pos: p, Rot: r}
	if g.phase == PhaseOver {
		return g.over(&m)
	}
	return g.place(&m)
}

// Deploy plays Move{Kind: MoveFollower, Spot: s}.
func (g *Game) Deploy(s Spot) error {
	m := Move{Kind: MoveFollower, Spot: s}
	if g.phase == PhaseOver {
		return g.over(&m)
	}
	return g.deploy(&m)
}

// EndTurn plays Move{Kind: MoveEndTurn}.
func (g *Game) EndTurn() error {
	m := Move{Kind: MoveEndTurn}
	if g.phase == PhaseOver {
		return g.over(&m)
	}
	return g.endTurn(&m)
}

func (g *Game) over(m *Move) error { return g.illegal(ViolationGameOver, m, "the game is over") }

// apply plays *m. The moves are passed by address down to the rule that
// checks them: a Move is too large for registers, and copying one that was
// just built stalls the processor (wide loads of narrow stores).
func (g *Game) apply(m *Move) error {
	if g.phase == PhaseOver {
		return g.over(m)
	}
	switch m.Kind {
	case MoveDraw:
		return g.draw(m)
	case MovePlace:
		return g.place(m)
	case MoveEndTurn:
		return g.endTurn(m)
	case MoveFollower:
		return g.deploy(m)
	case MoveFloor:
		return g.floor(m)
	case MoveCapture:
		return g.capture(m)
	case MoveTowerFollower:
		return g.guard(m)
	case MovePass:
		return g.pass(m)
	case MoveDiscard:
		return g.discard(m)
	case MoveRansom:
		return g.ransom(m)
	}
	return g.illegal(ViolationMove, m, "unknown move kind %d", m.Kind)
}

func (g *Game) wrongPhase(m *Move) error {
	return g.illegal(ViolationPhase, m, "%s is not allowed now: the turn is in its %s phase", m.Kind, g.phase)
}

func (g *Game) draw(m *Move) error {
	if g.phase != PhaseDraw {
		return g.wrongPhase(m)
	}
	if int(m.Tile) >= NumTileTypes {
		return g.illegal(ViolationMove, m, "unknown tile %d", m.Tile)
	}
	if g.order != nil {
		if g.orderPos >= len(g.order) || g.order[g.orderPos] != m.Tile {
			next := "nothing"
			if g.orderPos < len(g.order) {
				next = g.order[g.orderPos].String()
			}
			return g.illegal(ViolationBag, m, "drew %s but the prepared draw order has %s next", m.Tile, next)
		}
		g.orderPos++
	} else if g.bagCount[m.Tile] == 0 {
		return g.illegal(ViolationBag, m, "drew %s but none is left in the bag", m.Tile)
	}
	g.bagCount[m.Tile]--
	g.bagLeft--
	g.drawn = m.Tile
	g.phase = PhasePlace
	return nil
}

func (g *Game) discard(m *Move) error {
	if g.phase != PhasePlace {
		return g.wrongPhase(m)
	}
	if p, ok := g.anyPlacement(g.drawn); ok {
		return g.illegal(ViolationDiscard, m, "discarded %s, but it fits at %s %s", g.drawn, p.Pos, p.Rot)
	}
	g.events = append(g.events, Event{Kind: EventDiscard, Turn: g.turn, Player: g.player, Tile: g.drawn})
	if g.bagLeft == 0 {
		g.phase = PhaseEnd
	} else {
		g.phase = PhaseDraw
	}
	return nil
}

func (g *Game) place(m *Move) error {
	if g.phase != PhasePlace {
		return g.wrongPhase(m)
	}
	if err := g.checkPlacement(g.drawn, m); err != nil {
		return err
	}
	g.newTile = g.put(g.drawn, m.Rot&3, m.Pos)
	g.phase = PhaseAction
	return nil
}

// checkPlacement explains why tile t cannot go where m says, or returns nil.
func (g *Game) checkPlacement(t TileID, m *Move) error {
	if m.Rot > R270 {
		return g.illegal(ViolationMove, m, "rotation %d is not a quarter turn", m.Rot)
	}
	p := m.Pos
	if !onBoard(p) {
		return g.illegal(ViolationPlacement, m, "tile %s at %s is not next to any tile", t, p)
	}
	o := &orients[t][m.Rot]
	c := g.grid.index(p)
	if c >= 0 && g.grid.at(c) == gridEmpty && g.grid.fits(c, o.sig) {
		return nil // the usual case, in one lookup
	}
	if v := g.grid.get(p); v >= 0 {
		other := &g.tiles[v]
		return g.illegal(ViolationPlacement, m, "tile %s at %s: the square is taken by %s", t, p, other.tile)
	}
	next := false
	for e := North; e <= West; e++ {
		w := g.grid.get(p.Step(e))
		if w < 0 {
			continue
		}
		next = true
		nb := &g.tiles[w]
		if mine, theirs := o.terrain(e), nb.orient().terrain(e.Opposite()); mine != theirs {
			return g.illegal(ViolationPlacement, m, "tile %s at %s %s: its %s edge (%s) meets the %s of %s at %s",
				t, p, m.Rot, edgeWords[e], mine, theirs, nb.tile, nb.pos)
		}
	}
	if !next {
		return g.illegal(ViolationPlacement, m, "tile %s at %s is not next to any tile", t, p)
	}
	return nil
}

var edgeWords = [4]string{"north", "east", "south", "west"}

func (g *Game) pass(m *Move) error {
	switch g.phase {
	case PhaseAction, PhaseCapture:
		g.acted()
	case PhasePhantom:
		g.phase = PhaseEnd
	default:
		return g.wrongPhase(m)
	}
	return nil
}

// acted ends the first step of the turn's action: the Phantom's step
// follows when the player's phantom is in supply.
func (g *Game) acted() {
	g.phase = PhaseEnd
	if g.rules.Phantom && g.fol[g.player][phantomSlot].where == inSupply {
		g.phase = PhasePhantom
	}
}

func (g *Game) deploy(m *Move) error {
	if g.phase != PhaseAction || m.Figure != FigureFollower {
		return g.deployFigure(m)
	}
	t := &g.tiles[g.newTile]
	o := t.orient()
	seg := o.find(m.Spot)
	if seg < 0 {
		return g.noSpot(m, t)
	}
	if m.Spot.Kind == FeatureField && g.rules.NoFarmers {
		return g.illegal(ViolationFarmers, m, "followers cannot be put on fields: farmers are off")
	}
	if g.supply[g.player] == 0 {
		return g.illegal(ViolationFollower, m, "%s has no follower left in supply", g.who(g.player))
	}
	nd := t.node + int32(seg)
	if root := g.find(nd); g.nodes[root].occupied > 0 {
		p, at := g.occupant(root)
		err := g.illegal(ViolationFollower, m, "the %s at %s %s is already occupied by %s's follower at %s %s", m.Spot.Kind, t.pos, m.Spot, g.who(p), at.Pos, at.Spot)
		err.(*IllegalMoveError).Related = []Pos{at.Pos}
		return err
	}
	g.standOn(g.player, nd)
	g.acted()
	return nil
}

// noSpot reports a move naming a spot that tile t does not have.
func (g *Game) noSpot(m *Move, t *placed) error {
	o := t.orient()
	return g.illegal(ViolationFollower, m, "tile %s at %s %s has no %s; its spots are %s", t.tile, t.pos, t.rot, describeSpot(m.Spot), o.spotList())
}

func describeSpot(s Spot) string {
	switch s.Kind {
	case FeatureCloister:
		return "cloister"
	case FeatureTower:
		return "tower"
	case FeatureField:
		return "field " + s.Halves.String()
	}
	return s.Kind.String() + " " + s.Edges.String()
}

// takeFromSupply returns the index of a follower of p in supply, counted
// out of supply.
func (g *Game) takeFromSupply(p int) int {
	for i := range g.fol[p][:FollowersPerPlayer] {
		if g.fol[p][i].where == inSupply {
			g.supply[p]--
			return i
		}
	}
	panic("engine: supply count out of step") // unreachable: callers check supply
}

// standOn stands a follower of p from supply on segment node nd.
func (g *Game) standOn(p int, nd int32) {
	g.setOn(p, g.takeFromSupply(p), nd)
}

// setOn stands figure i of p on segment node nd.
func (g *Game) setOn(p, i int, nd int32) {
	g.fol[p][i] = follower{where: onFeature, tile: g.nodes[nd].tile, node: nd}
	g.nodes[nd].holder = int8(p*figuresPerPlayer + i + 1)
	g.nodes[g.find(nd)].occupied++
}

// leaveFeature takes follower f off the segment it stands on; the
// feature's count of followers is the caller's to update.
func (g *Game) leaveFeature(f *follower) {
	if f.where == onFeature {
		g.nodes[f.node].holder = 0
	}
}

// toSupply returns figure i of p to supply.
func (g *Game) toSupply(p, i int) {
	f := &g.fol[p][i]
	g.leaveFeature(f)
	*f = follower{}
	if i != phantomSlot {
		g.supply[p]++
	}
}

// towerAt returns the tower on the tile at p, or an error for move m.
func (g *Game) towerAt(m *Move) (*tower, int, error) {
	if g.rules.BaseOnly {
		return nil, -1, g.illegal(ViolationTower, m, "there are no towers in a base game")
	}
	if g.rules.TowerTileActions && !g.tiles[g.newTile].o.foundation {
		return nil, -1, g.illegal(ViolationTower, m, "tower actions need a tile with a tower foundation this turn (rule tower-tile-actions), and %s has none", g.tiles[g.newTile].tile)
	}
	v := g.grid.get(m.Pos)
	if v < 0 {
		return nil, -1, g.illegal(ViolationTower, m, "there is no tile at %s", m.Pos)
	}
	t := &g.tiles[v]
	if t.tower < 0 {
		return nil, -1, g.illegal(ViolationTower, m, "tile %s at %s has no tower foundation", t.tile, m.Pos)
	}
	return &g.towers[t.tower], int(t.tower), nil
}

func (g *Game) floor(m *Move) error {
	if g.phase != PhaseAction {
		return g.notNow(m)
	}
	tw, ti, err := g.towerAt(m)
	if err != nil {
		return err
	}
	if tw.closed {
		return g.illegal(ViolationTowerClosed, m, "the tower at %s is closed%s", m.Pos, g.closedBy(tw))
	}
	if g.floors[g.player] == 0 {
		return g.illegal(ViolationFloors, m, "%s has no tower floor left", g.who(g.player))
	}
	g.floors[g.player]--
	tw.height++
	g.grown = ti
	ev := push(&g.events)
	ev.Kind, ev.Turn, ev.Player, ev.Pos, ev.Height = EventFloor, g.turn, g.player, m.Pos, int(tw.height)
	g.phase = PhaseCapture
	return nil
}

func (g *Game) closedBy(tw *tower) string {
	if p := int(tw.guard); p >= 0 && g.figureOnTower(p, tw.tile) == phantomSlot {
		return " by " + g.who(p) + "'s phantom"
	} else if p >= 0 {
		return " by a follower of " + g.who(p)
	}
	return " (its guard was captured and towers do not reopen: rule reopen=no)"
}

func (g *Game) guard(m *Move) error {
	if g.phase != PhaseAction || m.Figure != FigureFollower {
		return g.guardFigure(m)
	}
	tw, err := g.openTower(m)
	if err != nil {
		return err
	}
	if g.supply[g.player] == 0 {
		return g.illegal(ViolationFollower, m, "%s has no follower left in supply", g.who(g.player))
	}
	g.setOnTower(g.player, g.takeFromSupply(g.player), tw)
	g.acted()
	return nil
}

// openTower returns the tower at m.Pos if a figure may be put on top of it.
func (g *Game) openTower(m *Move) (*tower, error) {
	tw, _, err := g.towerAt(m)
	if err != nil {
		return nil, err
	}
	if tw.height == 0 {
		return nil, g.illegal(ViolationBareFoundation, m, "a %s cannot be put on the bare foundation at %s: only a floor can", m.Figure, m.Pos)
	}
	if tw.closed {
		return nil, g.illegal(ViolationTowerClosed, m, "the tower at %s is closed%s", m.Pos, g.closedBy(tw))
	}
	return tw, nil
}

// setOnTower stands figure i of p on top of tower tw, which closes it.
func (g *Game) setOnTower(p, i int, tw *tower) {
	g.fol[p][i] = follower{where: onTower, tile: tw.tile}
	tw.guard = int8(p)
	tw.closed = true
}

// ransom buys back one of the mover's followers held by m.Payee.
func (g *Game) ransom(m *Move) error {
	p := g.player
	switch {
	case g.rules.BaseOnly:
		return g.illegal(ViolationRansom, m, "there are no prisoners in a base game")
	case g.rules.NoRansom:
		return g.illegal(ViolationRansom, m, "ransoms are off (rule ransom=off)")
	case g.ransomed:
		return g.illegal(ViolationRansom, m, "%s already paid a ransom this turn", g.who(p))
	case m.Owner != p:
		return g.illegal(ViolationRansom, m, "%s may only buy back its own follower, not %s's", g.who(p), g.who(m.Owner))
	case m.Payee < 0 || m.Payee >= g.nPlayers || m.Payee == p:
		return g.illegal(ViolationRansom, m, "%s cannot be paid a ransom", g.who(m.Payee))
	case m.Figure > FigurePhantom:
		return g.illegal(ViolationMove, m, "unknown figure %d", m.Figure)
	case m.Figure == FigurePhantom && !g.rules.Phantom:
		return g.noPhantom(m)
	case g.prisoners[m.Payee][p] == 0:
		return g.illegal(ViolationRansom, m, "%s holds no follower of %s", g.who(m.Payee), g.who(p))
	case g.rules.Phantom && g.held(m.Payee, p, m.Figure) == 0:
		return g.notHeld(m, m.Payee, p)
	case g.score[p] < RansomPrice:
		return g.illegal(ViolationRansomPoints, m, "%s has %d points, fewer than the ransom of %d", g.who(p), g.score[p], RansomPrice)
	}
	g.score[p] -= RansomPrice
	g.score[m.Payee] += RansomPrice
	g.release(p, m.Payee, m.Figure)
	g.ransomed = true
	ev := push(&g.events)
	ev.Kind, ev.Turn, ev.Player, ev.Other, ev.Points = EventRansom, g.turn, p, m.Payee, RansomPrice
	ev.Phantoms = phantomBit(p, m.Figure)
	return nil
}

// release returns one figure of kind fig of owner held by holder to owner's
// supply.
func (g *Game) release(owner, holder int, fig Figure) {
	slots := g.fol[owner][:FollowersPerPlayer]
	first := 0
	if fig == FigurePhantom {
		first = phantomSlot
		slots = g.fol[owner][phantomSlot:]
	}
	for i := range slots {
		f := &slots[i]
		if f.where == inPrison && int(f.holder) == holder {
			g.toSupply(owner, first+i)
			g.prisoners[holder][owner]--
			return
		}
	}
}

// occupant returns the seat and place of a follower on the feature whose
// root is r, which is occupied: the first by seat order.
func (g *Game) occupant(r int32) (int, FollowerInfo) {
	for p := 0; p < g.nPlayers; p++ {
		for i := range g.fol[p] {
			f := &g.fol[p][i]
			if f.where == onFeature && g.find(f.node) == r {
				t := &g.tiles[f.tile]
				return p, FollowerInfo{Player: p, Pos: t.pos, Spot: t.orient().spot(int(g.nodes[f.node].seg))}
			}
		}
	}
	panic("engine: an occupied feature without a follower") // unreachable: occupied counts the followers on it
}
