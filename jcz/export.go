package jcz

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// AppVersion is the JCloisterZone version Export writes into a save: the
// first whose format it follows.
const AppVersion = "5.7.0"

// Export writes the main line of rg as a JCloisterZone save (indented JSON
// ending with a line end) that JCZ 5.7 and later replays, message by
// message, to the same position and scores. file names the game in
// messages. The game must be valid, and its rules expressible in JCZ: the
// base game alone or with The Tower, with the Phantom or without, farmers
// on or off, tiny cities scoring 2 or 4; every other rule flag has no JCZ
// setting and is refused,
// as is a ransom in a turn that places no tile (JCZ ends the game before
// such a turn). Errors are *Error.
//
// The save holds only messages JCZ accepts where they stand: a PASS only
// where the engine lists another choice for the step (JCZ skips a step
// without one) and none for the phantom's step after a PASS of the action
// or when the phantom's only spots are towers (JCZ's releases skip it
// then), an EXCHANGE_FOLLOWER after a capture whose
// exchange chooses between a follower and the phantom, the enclosed field
// of T07 as Field "I", and the sets and
// tile ids of the game's Edition and Gardens tags. gameAnnotations.cgnTags
// keeps the tags that the save's fields do not give back (see keptTags).
// Its draw order lists
// every tile drawn, discards included; the rest of a Bag tag's tiles
// follow while the game is unfinished, and "#END" ends the order when it
// is shorter than the box, so that JCZ ends the game where the record
// does. An unfinished game played from the whole box has only the tiles
// drawn: JCZ goes on drawing at random, as the record leaves open.
//
// The one move it writes that JCZ's releases (5.x) refuse is a phantom
// put onto a tower when a tower was its only spot (the rules allow it;
// those releases skip that phantom's step): each gives a Warning naming
// the turn, the player and the message.
func Export(rg *record.Game, file string) ([]byte, []Warning, error) {
	rep := replay.Replay(file, 1, rg, replay.Options{Lenient: true})
	for _, d := range rep.Diagnostics {
		if d.Severity == replay.Error {
			return nil, nil, &Error{Place: Place{File: file, Where: where(d), Move: -1}, Kind: Invalid, Msg: "the game is not valid: " + d.Message}
		}
	}
	if err := expressible(rep.Rules); err != nil {
		return nil, nil, &Error{Place: Place{File: file, Where: "Rules tag", Move: -1}, Kind: Unsupported, Msg: err.Error()}
	}
	ed, gardens, err := readEdition(rg, rep.Rules)
	if err != nil {
		return nil, nil, &Error{Place: Place{File: file, Move: -1}, Kind: Invalid, Msg: err.Error()}
	}
	ex := &exporter{file: file, rep: rep, last: -1, ed: ed, names: namer{ed: ed, rules: rep.Rules, gardens: gardens}}
	if err := ex.run(); err != nil {
		return nil, nil, err
	}
	sv := ex.save(rg)
	if sv.Annotations.CGNTags, err = keptTags(rg, sv, file); err != nil {
		return nil, nil, err
	}
	data, err := json.MarshalIndent(sv, "", "  ")
	if err != nil {
		return nil, nil, err
	}
	return append(data, '\n'), ex.warnings, nil
}

// keptTags returns the tags of rg that the save sv does not give back
// through JCZ's own fields (name, created, players, setup, drawOrder): it
// imports sv and compares. They are those JCZ has no field for (Site,
// Round, Termination, Source, Annotator, a Result the game's end would not
// give, any other tag), and those whose text its fields cannot hold (a
// Date with unknown parts, Players without colours, a default Start
// restated, a Bag "subset").
func keptTags(rg *record.Game, sv *save, file string) (map[string]string, error) {
	data, err := json.Marshal(sv)
	if err != nil {
		return nil, err
	}
	back, _, err := Import(data, file)
	if err != nil {
		return nil, &Error{Place: Place{File: file, Move: -1}, Kind: Invalid, Msg: "the save does not import back: " + err.Error()}
	}
	var kept map[string]string
	for _, t := range rg.Tags {
		if v, ok := back.Tag(t.Name); ok && v == t.Value {
			continue
		}
		if kept == nil {
			kept = map[string]string{}
		}
		kept[t.Name] = t.Value
	}
	return kept, nil
}

func where(d replay.Diagnostic) string {
	if d.Pos.Line > 0 {
		return fmt.Sprintf("%d:%d", d.Pos.Line, d.Pos.Column)
	}
	if d.Turn > 0 {
		return fmt.Sprintf("turn %d", d.Turn)
	}
	return ""
}

// expressible refuses rule flags that JCZ has no setting for.
func expressible(r engine.Rules) error {
	rest := r
	rest.BaseOnly, rest.NoFarmers, rest.TinyCity2, rest.Phantom = false, false, false, false
	if rest == (engine.Rules{}) {
		return nil
	}
	words := strings.Fields(rest.String())[1:]
	return fmt.Errorf("rules %q: JCloisterZone cannot express %s (its Tower rules are the defaults)", r.String(), strings.Join(words, " "))
}

type exporter struct {
	file  string
	rep   *replay.Game
	ed    edition
	names namer
	g     *engine.Game
	mp    meeples
	out   []move
	drawn []string // the JCZ ids of the tiles drawn
	seat  int
	last  int64 // the last clock written, -1 for none
	t     *record.Turn
	// warnings are the messages written that JCloisterZone's releases
	// refuse (see towersOnly).
	warnings []Warning
}

func (ex *exporter) failf(format string, args ...any) *Error {
	return &Error{Place: Place{File: ex.file, Where: fmt.Sprintf("turn %d", ex.t.Number), Move: -1}, Kind: Invalid, Msg: fmt.Sprintf(format, args...)}
}

func (ex *exporter) run() error {
	g, err := engine.NewGame(ex.rep.Setup)
	if err != nil {
		return &Error{Place: Place{File: ex.file, Move: -1}, Kind: Invalid, Msg: err.Error()}
	}
	ex.g = g
	for _, t := range ex.rep.Record.Turns {
		ex.t, ex.seat = t, g.Player()
		if err := ex.turn(); err != nil {
			return err
		}
	}
	return nil
}

func (ex *exporter) apply(m engine.Move) error {
	if err := ex.g.Apply(m); err != nil {
		return ex.failf("%v", err)
	}
	return nil
}

// emit adds a move of the current player; clock < 0 writes none.
func (ex *exporter) emit(typ string, payload any, clock int64) {
	raw, err := json.Marshal(payload)
	if err != nil {
		panic(err) // unreachable: payloads are plain structs
	}
	seat := ex.seat
	m := move{Type: typ, Payload: raw, Player: &seat}
	if clock >= 0 {
		m.Clock = &clock
		ex.last = clock
	}
	ex.out = append(ex.out, m)
}

func clockOf(n *record.Notes) int64 {
	if n == nil || n.Clock == nil {
		return -1
	}
	return n.Clock.Elapsed.Milliseconds()
}

func (ex *exporter) turn() error {
	t := ex.t
	if len(t.Ransoms) > 0 && t.Placement == nil {
		e := ex.failf("a ransom in a turn that places no tile: JCloisterZone ends the game before such a turn")
		e.Kind = Unsupported
		return e
	}
	for _, r := range t.Ransoms {
		if err := ex.ransom(r); err != nil {
			return err
		}
	}
	for _, d := range t.Discards {
		if err := ex.draw(d.Tile); err != nil {
			return err
		}
		if err := ex.apply(engine.Move{Kind: engine.MoveDiscard}); err != nil {
			return err
		}
	}
	if t.Placement != nil {
		if err := ex.place(t.Placement); err != nil {
			return err
		}
		if err := ex.action(t.Action); err != nil {
			return err
		}
		if err := ex.second(t.Second); err != nil {
			return err
		}
	}
	if err := ex.apply(engine.Move{Kind: engine.MoveEndTurn}); err != nil {
		return err
	}
	ex.mp.sync(ex.g.Followers())
	if t.Placement != nil {
		ex.emit(typeCommit, commit{}, clockOf(scoreNotes(t)))
	}
	return nil
}

func scoreNotes(t *record.Turn) *record.Notes {
	if t.Score == nil {
		return nil
	}
	return t.Score.Notes
}

func (ex *exporter) seatOf(name string) int {
	for i, p := range ex.rep.Players {
		if p.Name == name {
			return i
		}
	}
	return -1
}

func (ex *exporter) ransom(r *record.Ransom) error {
	holder, owner := ex.seatOf(r.Holder.Text), ex.seat
	if r.Owner.Text != "" {
		owner = ex.seatOf(r.Owner.Text)
	}
	fig := figureOf(r.Phantom)
	if err := ex.apply(engine.Move{Kind: engine.MoveRansom, Payee: holder, Owner: owner, Figure: fig}); err != nil {
		return err
	}
	id, ok := ex.mp.prisoner(holder, owner, fig)
	if !ok {
		return ex.failf("no %s of %s held by %s to buy back", fig, ex.rep.Players[owner].Name, r.Holder.Text)
	}
	ex.mp.ransom(id)
	ex.emit(typeRansom, meepleOnly{MeepleID: id.String()}, clockOf(r.Notes))
	return nil
}

func (ex *exporter) draw(tile string) error {
	id, ok := engine.LookupTile(tile)
	if !ok {
		return ex.failf("unknown tile %q", tile)
	}
	ex.drawn = append(ex.drawn, ex.names.name(id))
	return ex.apply(engine.Move{Kind: engine.MoveDraw, Tile: id})
}

func (ex *exporter) place(p *record.Placement) error {
	if err := ex.draw(p.Tile); err != nil {
		return err
	}
	rot, _ := engine.RotationFromDegrees(int(p.Rotation))
	if err := ex.apply(engine.Move{Kind: engine.MovePlace, Pos: engine.Pos{X: p.X, Y: p.Y}, Rot: rot}); err != nil {
		return err
	}
	ex.emit(typePlaceTile, placeTile{
		TileID:   ex.drawn[len(ex.drawn)-1],
		Rotation: rotationNames[rot],
		Position: []int{p.X, p.Y},
	}, clockOf(p.Notes))
	return nil
}

func (ex *exporter) action(a record.Action) error {
	if f, ok := a.(*record.TowerFloor); ok {
		return ex.floor(f)
	}
	if a != nil {
		return ex.figure(a)
	}
	written, err := ex.pass()
	if err != nil || !written || ex.g.Phase() != engine.PhasePhantom {
		return err
	}
	// JCZ offers no phantom after a PASS of the action: the engine's
	// phantom step passes unwritten.
	return ex.apply(engine.Move{Kind: engine.MovePass})
}

// second writes the turn's second figure, the phantom, or declines the
// phantom's step when the engine offers it. JCloisterZone's releases skip
// that step when the phantom's only spots are towers: no PASS then, and a
// phantom put onto a tower is written with a Warning (they refuse it).
func (ex *exporter) second(a record.Action) error {
	skipped := ex.g.Phase() == engine.PhasePhantom && towersOnly(ex.g)
	if a != nil {
		if tf, ok := a.(*record.TowerFollower); ok && skipped {
			ex.warnTowerOnly(tf)
		}
		return ex.figure(a)
	}
	switch {
	case ex.g.Phase() != engine.PhasePhantom:
		return nil
	case skipped:
		return ex.apply(engine.Move{Kind: engine.MovePass})
	}
	_, err := ex.pass()
	return err
}

// towersOnly reports whether the phantom's step offers the phantom towers
// and no spot on the tile just placed. JCloisterZone's releases (5.x, its
// engine up to 2023-03) skip the step then: their PhantomPhase tests the
// spots on the tile before it adds the towers.
func towersOnly(g *engine.Game) bool {
	towers := false
	for _, m := range g.LegalMoves(nil) {
		switch m.Kind {
		case engine.MoveFollower:
			return false
		case engine.MoveTowerFollower:
			towers = true
		}
	}
	return towers
}

// warnTowerOnly warns that the phantom onto a tower, its only spot, is a
// message JCloisterZone's releases refuse.
func (ex *exporter) warnTowerOnly(tf *record.TowerFollower) {
	pos := tf.Pos
	if pos.IsValid() && pos.Filename == "" {
		pos.Filename = ex.file
	}
	w := Warning{Place: Place{File: ex.file, Move: len(ex.out), Pos: pos, Turn: ex.t.Number, Player: ex.rep.Players[ex.seat].Name}}
	w.Msg = fmt.Sprintf("the phantom onto the tower at (%d,%d) is written as replay[%d] %s, which JCloisterZone releases (5.x) refuse: "+
		"the tower is the phantom's only spot, and they skip the phantom's step when it has no spot on the tile just placed "+
		"(their PhantomPhase tests those before adding the towers); the rules allow the move", tf.X, tf.Y, len(ex.out), typeDeploy)
	ex.warnings = append(ex.warnings, w)
}

// figure writes a figure put on the new tile or onto a tower.
func (ex *exporter) figure(a record.Action) error {
	switch a := a.(type) {
	case *record.Follower:
		spot, fig := engineSpot(a.Spot), figureOf(a.Phantom)
		if err := ex.apply(engine.Move{Kind: engine.MoveFollower, Spot: spot, Figure: fig}); err != nil {
			return err
		}
		pl := ex.t.Placement
		return ex.deploy(engine.Pos{X: pl.X, Y: pl.Y}, spot, fig, clockOf(a.Notes))
	case *record.TowerFollower:
		pos, fig := engine.Pos{X: a.X, Y: a.Y}, figureOf(a.Phantom)
		if err := ex.apply(engine.Move{Kind: engine.MoveTowerFollower, Pos: pos, Figure: fig}); err != nil {
			return err
		}
		return ex.deploy(pos, engine.Spot{Kind: engine.FeatureTower}, fig, clockOf(a.Notes))
	}
	return ex.failf("a %T is not a figure", a)
}

// figureOf is the engine's figure for the notation's phantom sign.
func figureOf(phantom bool) engine.Figure {
	if phantom {
		return engine.FigurePhantom
	}
	return engine.FigureFollower
}

// pass declines the step (an action, a capture, the phantom's step) and
// writes a PASS only where JCZ offers the step: where the engine lists a
// choice besides passing. Ransoms do not count: JCZ offers them apart from
// the steps. It reports whether it wrote the PASS.
func (ex *exporter) pass() (bool, error) {
	offered := choices(ex.g) > 1
	if err := ex.apply(engine.Move{Kind: engine.MovePass}); err != nil {
		return false, err
	}
	if offered {
		ex.emit(typePass, struct{}{}, ex.last)
	}
	return offered, nil
}

// choices counts the moves the engine lists for the step, ransoms aside.
func choices(g *engine.Game) int {
	n := 0
	for _, m := range g.LegalMoves(nil) {
		if m.Kind != engine.MoveRansom {
			n++
		}
	}
	return n
}

func (ex *exporter) deploy(pos engine.Pos, spot engine.Spot, fig engine.Figure, clock int64) error {
	id, ok := ex.mp.free(ex.seat, fig)
	if !ok {
		return ex.failf("no %s of %s in supply to deploy", fig, ex.rep.Players[ex.seat].Name)
	}
	if err := ex.mp.deploy(id, pos, spot); err != nil {
		return ex.failf("%v", err)
	}
	ex.emit(typeDeploy, deployMeeple{Pointer: pointerOf(pos, spot), MeepleID: id.String()}, clock)
	return nil
}

func (ex *exporter) floor(f *record.TowerFloor) error {
	pos := engine.Pos{X: f.X, Y: f.Y}
	if err := ex.apply(engine.Move{Kind: engine.MoveFloor, Pos: pos}); err != nil {
		return err
	}
	ex.emit(typePlaceToken, placeToken{Token: tokenTowerPiece, Pointer: pointerOf(pos, engine.Spot{Kind: engine.FeatureTower})}, clockOf(f.Notes))
	if f.Capture == nil {
		_, err := ex.pass()
		return err
	}
	c := f.Capture
	m := engine.Move{Kind: engine.MoveCapture, Pos: engine.Pos{X: c.X, Y: c.Y}, Spot: engineSpot(c.Spot), Figure: figureOf(c.Phantom)}
	if e := c.Exchange; e != nil {
		m.Back = engine.ChoiceFollower
		if e.Phantom {
			m.Back = engine.ChoicePhantom
		}
	}
	id, ok := ex.mp.at(m.Pos, m.Spot)
	if err := ex.apply(m); err != nil {
		return err
	}
	if !ok {
		return ex.failf("no meeple is known at %v %v", m.Pos, m.Spot)
	}
	back, exchanged := ex.mp.capture(id, ex.seat, m.Back)
	ex.emit(typeCapture, captureFollower{Pointer: &meeplePointer{
		FeaturePointer: ptr(pointerOf(m.Pos, m.Spot)),
		MeepleID:       id.String(),
	}}, clockOf(c.Notes))
	if m.Back == engine.ChoiceNone {
		return nil
	}
	if !exchanged {
		return ex.failf("the capture chooses the %s for an exchange, but no figure of %s comes back", m.Back, ex.rep.Players[ex.seat].Name)
	}
	// JCZ asks which figure comes back when they differ in kind.
	ex.emit(typeExchange, meepleOnly{MeepleID: back.String()}, clockOf(c.Exchange.Notes))
	return nil
}

func ptr[T any](v T) *T { return &v }

// engineSpot converts a CGN spot to the engine's.
func engineSpot(s record.Spot) engine.Spot {
	switch s.Kind {
	case record.City:
		return engine.Spot{Kind: engine.FeatureCity, Edges: engine.EdgeSet(s.Edges)}
	case record.Road:
		return engine.Spot{Kind: engine.FeatureRoad, Edges: engine.EdgeSet(s.Edges)}
	case record.Field:
		return engine.Spot{Kind: engine.FeatureField, Halves: engine.HalfSet(s.Halves)}
	case record.Cloister:
		return engine.Spot{Kind: engine.FeatureCloister}
	case record.Tower:
		return engine.Spot{Kind: engine.FeatureTower}
	}
	return engine.Spot{}
}

// save assembles the file.
func (ex *exporter) save(rg *record.Game) *save {
	var text strings.Builder
	_ = record.Format(&text, rg)
	sum := sha256.Sum256([]byte(text.String()))
	sv := &save{
		AppVersion: AppVersion,
		GameID:     hex.EncodeToString(sum[:16]),
		Clock:      max(ex.last, 0),
		Setup:      exportSetup(ex.rep.Setup, ex.ed),
		Players:    exportPlayers(ex.rep.Players),
		Replay:     ex.out,
	}
	if sv.Replay == nil {
		sv.Replay = []move{}
	}
	if v, ok := rg.Tag("Event"); ok {
		sv.Name = v
	}
	if d, err := rg.Date(); err == nil && d.Year > 0 && d.Month > 0 && d.Day > 0 {
		sv.Created = fmt.Sprintf("%04d-%02d-%02dT00:00:00.000Z", d.Year, d.Month, d.Day)
	}
	sv.Annotations = &annotations{DrawOrder: ex.drawOrder()}
	return sv
}

// drawOrder is the tiles drawn; while the game is unfinished, the rest of
// a Bag tag's tiles (in its order, or the catalog's for a subset); and
// "#END" when that is shorter than the box and the game's own bag, not
// the box, ends it.
func (ex *exporter) drawOrder() []string {
	order := append([]string{}, ex.drawn...)
	s := ex.rep.Setup
	if s.Bag == nil && !ex.g.Over() {
		return order
	}
	if !ex.g.Over() {
		for _, t := range ex.rest() {
			order = append(order, ex.names.name(t))
		}
	}
	if len(order) < boxSize(s.Rules) {
		order = append(order, drawEnd)
	}
	return order
}

// rest lists the tiles still in the bag of an unfinished game: the
// prepared order's rest, or the bag's rest in catalog order.
func (ex *exporter) rest() []engine.TileID {
	if s := ex.rep.Setup; s.Ordered {
		return s.Bag[len(ex.drawn):]
	}
	var out []engine.TileID
	for id := range engine.Catalog {
		for range ex.g.BagCount(engine.TileID(id)) {
			out = append(out, engine.TileID(id))
		}
	}
	return out
}

// boxSize is the number of tiles in the box besides the start tile.
func boxSize(r engine.Rules) int {
	n := -1
	for id := range engine.Catalog {
		n += engine.BoxCount(engine.TileID(id), r)
	}
	return n
}

func exportSetup(s engine.Setup, ed edition) setup {
	r := s.Rules
	out := setup{
		Sets:     map[string]int{fmt.Sprintf("basic:%d", ed.basic): 1},
		Elements: map[string]json.RawMessage{"small-follower": json.RawMessage(fmt.Sprint(engine.FollowersPerPlayer))},
		Rules:    map[string]json.RawMessage{},
		Timer:    json.RawMessage("null"),
	}
	if r.Tower() {
		out.Sets[fmt.Sprintf("tower:%d", ed.tower)] = 1
		out.Elements["tower"] = json.RawMessage("1")
	}
	if !r.NoFarmers {
		out.Elements["farmers"] = json.RawMessage("true")
	}
	if r.Phantom {
		out.Elements["phantom"] = json.RawMessage("1")
	}
	if r.TinyCity2 {
		out.Rules["tiny-city-scoring"] = json.RawMessage(`"2"`)
	}
	tile, rot := engine.StartTile, engine.R0
	if s.StartTile != nil {
		tile, rot = *s.StartTile, s.StartRot
	}
	out.Start = []start{{Tile: tile.Type().JCZ, Rotation: rot.Degrees()}}
	return out
}

// exportPlayers gives each seat the slot of its colour, or the first slot
// left when the colour is not one of JCZ's or is taken.
func exportPlayers(ps []replay.Player) []player {
	out := make([]player, len(ps))
	used := make([]bool, len(replay.DefaultColours))
	for i, p := range ps {
		out[i].Name = p.Name
		if s := indexOf(replay.DefaultColours, p.Colour); s >= 0 && !used[s] {
			used[s] = true
			out[i].Slot = ptr(s)
		}
	}
	for i := range out {
		if out[i].Slot == nil {
			s := indexOf(used, false)
			used[s] = true
			out[i].Slot = ptr(s)
		}
	}
	return out
}
