package jcz

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// MaxSaveBytes is the largest save ImportFile reads, which it must hold
// whole: a JCloisterZone save of a whole game is some hundred KiB.
const MaxSaveBytes = 16 << 20

// ImportFile reads the JCloisterZone save at path and imports it (see
// Import). An error reading the file is returned as it is; a file larger
// than MaxSaveBytes is a *record.TooLargeError, read no further.
func ImportFile(path string) (*record.Game, []Warning, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	data, err := record.ReadAll(f, path, "save", MaxSaveBytes)
	if err != nil {
		return nil, nil, err
	}
	return Import(data, path)
}

// Import turns the JCloisterZone save data (named file in messages) into a
// CGN record: Players, Rules, Bag (for a prepared draw order that ends the
// game), Start (when not the rulebook's), Edition and Gardens (for sets of
// a later printing), Event (the game's name), Date (its creation), the
// turns with declared scores after each, clocks, and the Result; then the
// tags an export kept in gameAnnotations.cgnTags (Site, Round, ..., and
// those whose text the save's fields do not hold), so that the import of
// an export has the record's tags. The moves are replayed through the
// engine on the way, so the record is a legal game.
//
// A save that cannot be imported gives an *Error whose Kind says why: not
// a save (Unreadable), a game towerlog does not play (Unsupported), or a
// move the rules refuse or a save that contradicts itself (Invalid). With
// an Invalid move, the record of the turns completed before it is returned
// too (nil when there is none), unfinished.
//
// A draw order (gameAnnotations.drawOrder) gives the tiles drawn first;
// tiles that fit nowhere are discarded on the way, as JCloisterZone does
// without logging them. The game ends with final scoring after the order's
// last tile when it ends with "#END", after endTurn turns, or when the box
// is empty; otherwise the tiles drawn after the order are those that
// PLACE_TILE names. A save that stops inside a turn (moves after the last
// COMMIT) gives the turns before, unfinished, and a Warning.
//
// Clocks (milliseconds since the start) become clock annotations of the
// item the move made: PLACE_TILE of the placement, DEPLOY_MEEPLE and
// PLACE_TOKEN of the action, DEPLOY_MEEPLE of the second figure (the
// phantom), CAPTURE_FOLLOWER of the capture, EXCHANGE_FOLLOWER of the
// exchange choice, PAY_RANSOM of the ransom, COMMIT of the declared score;
// a PASS makes no item and its clock is dropped. Without a draw order the
// save does not say which tiles were discarded (JCZ derives them from its
// random seed), so the record has none.
//
// With the Phantom (setup element "phantom"), the phantom's step follows
// the action, as in JCloisterZone: a DEPLOY_MEEPLE of "<seat>.phantom.1"
// there is the turn's second figure. A capture whose exchange of prisoners
// lets the captor choose between its follower and its phantom waits for
// the EXCHANGE_FOLLOWER that names the one coming back. A game with only
// phantoms (no small-follower element) is Unsupported.
func Import(data []byte, file string) (*record.Game, []Warning, error) {
	var sv save
	if err := decode(data, &sv, file); err != nil {
		return nil, nil, err
	}
	im := &importer{file: file, data: data, sv: &sv}
	rg, err := im.run()
	var se *setupError
	switch {
	case errors.As(err, &se):
		return nil, nil, &Error{Place: im.place(se.where, -1), Kind: se.kind, Msg: se.msg}
	case err != nil:
		var e *Error
		if errors.As(err, &e) && e.Kind == Invalid && e.Move >= 0 {
			rg, _ = im.write()
			return rg, im.warnings, err
		}
		return nil, nil, err
	}
	return rg, im.warnings, nil
}

// decode reads the JSON of a save; a syntax error gets its line and column.
func decode(data []byte, sv *save, file string) *Error {
	err := json.Unmarshal(data, sv)
	if err == nil {
		return nil
	}
	e := &Error{Place: Place{File: file, Move: -1}, Kind: Unreadable}
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		e.Pos, e.Msg = posAt(data, file, syn.Offset-1), "malformed JSON: "+syn.Error()
	case errors.As(err, &typ):
		e.Pos = posAt(data, file, typ.Offset-1)
		e.Msg = fmt.Sprintf("malformed save: %s holds a JSON %s, not a %s", typ.Field, typ.Value, typ.Type)
	default:
		e.Msg = "malformed JSON: " + err.Error()
	}
	return e
}

// turnClocks are the clocks of the items of one turn, -1 when absent.
type turnClocks struct{ ransom, place, action, capture, exchange, second, commit int64 }

var noClocks = turnClocks{-1, -1, -1, -1, -1, -1, -1}

type importer struct {
	file     string
	data     []byte
	sv       *save
	players  []replay.Player
	setup    engine.Setup
	ed       edition
	order    []jczTile    // the prepared draw order without "#END"; nil without one
	ends     bool         // the order ends the game ("#END")
	drawn    int          // tiles of order drawn so far
	seq      []jczTile    // every tile drawn so far, discards included
	done     int          // len(seq) when the last turn was committed
	g        *engine.Game // the moves in the save's order
	check    *engine.Game // the moves in CGN order (ransoms first)
	moves    []engine.Move
	turn     []engine.Move // the current turn, ransoms left out
	ransoms  []engine.Move // the current turn's ransom
	start    int           // index of the current turn's first move
	pending  *capture      // a capture waiting for EXCHANGE_FOLLOWER
	placed   engine.Pos
	mp       meeples
	clocks   []turnClocks // one per committed turn
	cur      turnClocks
	idx      int
	mv       *move
	warnings []Warning
}

// place is where in the save the part named where is; move is the index
// of a move, or -1.
func (im *importer) place(where string, move int) Place {
	return Place{File: im.file, Where: where, Move: move, Pos: locate(im.data, im.file, where)}
}

// moveError is an error about the current move.
func (im *importer) moveError(kind Kind, rule, msg string) error {
	e := &Error{Place: im.place("", -1), Kind: kind, Rule: rule, Msg: msg}
	if im.mv != nil {
		e.Place = im.place(fmt.Sprintf("replay[%d] %s", im.idx, im.mv.Type), im.idx)
		e.Turn, e.Player = im.g.Turn(), im.players[im.g.Player()].Name
	}
	return e
}

// failf is an Invalid save: a move that contradicts the save or itself.
func (im *importer) failf(format string, args ...any) error {
	return im.moveError(Invalid, "", fmt.Sprintf(format, args...))
}

// fail is an error about the current move: Unsupported when err says so,
// else Invalid.
func (im *importer) fail(err error) error {
	if errors.As(err, new(unsupportedError)) {
		return im.moveError(Unsupported, "", err.Error())
	}
	return im.moveError(Invalid, "", err.Error())
}

// unsupportedf is a move of a game towerlog does not play.
func (im *importer) unsupportedf(format string, args ...any) error {
	return im.moveError(Unsupported, "", fmt.Sprintf(format, args...))
}

func (im *importer) run() (*record.Game, error) {
	if err := checkVersion(im.sv.AppVersion); err != nil {
		return nil, err
	}
	if err := im.readSetup(); err != nil {
		return nil, err
	}
	g, err := engine.NewGame(im.setup)
	if err != nil {
		return nil, badSetup("gameAnnotations.drawOrder", "%v", err)
	}
	im.g, im.check = g, g.Clone()
	im.cur = noClocks
	for i := range im.sv.Replay {
		im.idx, im.mv = i, &im.sv.Replay[i]
		if err := im.step(); err != nil {
			return nil, err
		}
	}
	im.mv = nil
	if len(im.turn)+len(im.ransoms) > 0 {
		im.warnPartial(len(im.sv.Replay) - im.start)
	} else if err := im.finishBag(); err != nil {
		return nil, err
	}
	return im.write()
}

// warnPartial warns that the last n moves, after the last COMMIT, are
// left out.
func (im *importer) warnPartial(n int) {
	first := &im.sv.Replay[im.start]
	w := Warning{Place: im.place(fmt.Sprintf("replay[%d] %s", im.start, first.Type), im.start)}
	w.Turn, w.Player = im.g.Turn(), im.players[im.g.Player()].Name
	moves := "the last move, after the last COMMIT, is"
	if n > 1 {
		moves = fmt.Sprintf("the last %d moves (replay[%d] to replay[%d]), after the last COMMIT, are", n, im.start, im.start+n-1)
	}
	w.Msg = "the save stops inside a turn: " + moves + " left out; the game is unfinished"
	im.warnings = append(im.warnings, w)
}

func (im *importer) readSetup() error {
	s := &im.sv.Setup
	rules, ed, err := readRules(s)
	if err != nil {
		return err
	}
	im.ed = ed
	im.players, err = readPlayers(im.sv.Players)
	if err != nil {
		return err
	}
	tile, rot, err := readStart(s.Start, rules, ed)
	if err != nil {
		return err
	}
	im.setup = engine.Setup{Players: len(im.players), Rules: rules, StartTile: &tile, StartRot: rot}
	for _, p := range im.players {
		im.setup.Names = append(im.setup.Names, p.Name)
	}
	a := im.sv.Annotations
	if a == nil {
		return nil
	}
	if a.EndTurn < 0 {
		return badSetup("gameAnnotations.endTurn", "%d is negative", a.EndTurn)
	}
	if a.DrawOrder == nil {
		return nil
	}
	im.order = []jczTile{}
	for i, name := range a.DrawOrder {
		where := fmt.Sprintf("gameAnnotations.drawOrder[%d]", i)
		if name == drawEnd {
			if i != len(a.DrawOrder)-1 {
				return badSetup(where, "%s ends the draw order, but tiles follow it", drawEnd)
			}
			im.ends = true
			break
		}
		t, kind, err := tileOf(name, rules, ed)
		if err != nil {
			return &setupError{where, kind, err.Error()}
		}
		im.order = append(im.order, t)
		if err := im.checkCopies(im.order); err != nil {
			return badSetup(where, "%v", err)
		}
	}
	if im.ends {
		im.setup.Bag, im.setup.Ordered = ids(im.order), true
	}
	return nil
}

func ids(ts []jczTile) []engine.TileID {
	out := make([]engine.TileID, len(ts))
	for i, t := range ts {
		out[i] = t.id
	}
	return out
}

// checkCopies checks that the last tile of list is in the box: basic:2
// holds one copy with a garden of each of its garden tiles, and the
// others without.
func (im *importer) checkCopies(list []jczTile) error {
	last := list[len(list)-1]
	if im.ed.basic != 2 || gardenOf(last.id) == "" {
		return nil
	}
	n := 0
	for _, t := range list {
		if t == last {
			n++
		}
	}
	if last.garden && n > 1 {
		return fmt.Errorf("a second %s: basic:2 holds one", last.name())
	}
	if plain := engine.BoxCount(last.id, im.setup.Rules) - 1; !last.garden && n > plain {
		return fmt.Errorf("%s %d times: basic:2 holds %d of it besides %s", last.name(), n, plain, gardenOf(last.id))
	}
	return nil
}

func (im *importer) endTurn() int {
	if im.sv.Annotations == nil {
		return 0
	}
	return im.sv.Annotations.EndTurn
}

// apply plays m on the game in the save's order and keeps it for the
// record. A move the engine refuses is an illegal move of the save.
func (im *importer) apply(m engine.Move) error {
	if err := im.g.Apply(m); err != nil {
		var ime *engine.IllegalMoveError
		if errors.As(err, &ime) {
			return im.moveError(Invalid, ime.Violation.String(), ime.Reason)
		}
		return im.failf("%v", err)
	}
	if m.Kind == engine.MoveRansom {
		im.ransoms = append(im.ransoms, m)
	} else {
		im.turn = append(im.turn, m)
	}
	return nil
}

func (im *importer) step() error {
	m := im.mv
	if im.g.Over() {
		return im.moveError(Invalid, engine.ViolationGameOver.String(), "the game is already over")
	}
	if n := im.endTurn(); n > 0 && im.g.Turn() > n {
		return im.moveError(Invalid, engine.ViolationGameOver.String(), fmt.Sprintf("the game ended after endTurn = %d turns", n))
	}
	if m.Player != nil && *m.Player != im.g.Player() {
		who := fmt.Sprintf("seat %d", *m.Player)
		if *m.Player >= 0 && *m.Player < len(im.players) {
			who = fmt.Sprintf("%s (seat %d)", im.players[*m.Player].Name, *m.Player)
		}
		return im.moveError(Invalid, replay.CodeTurnOrder, fmt.Sprintf("%s acts, but it is %s's turn", who, im.players[im.g.Player()].Name))
	}
	if m.Clock != nil && *m.Clock < 0 {
		return im.failf("negative clock %d", *m.Clock)
	}
	if len(im.turn)+len(im.ransoms) == 0 && im.pending == nil {
		im.start = im.idx
	}
	if im.pending != nil && m.Type != typeExchange {
		return im.moveError(Invalid, engine.ViolationExchange.String(), fmt.Sprintf("the capture of meeple %s at replay[%d] leads to an exchange in which %s chooses which figure comes back: EXCHANGE_FOLLOWER must follow it", im.pending.id, im.pending.idx, im.players[im.g.Player()].Name))
	}
	switch m.Type {
	case typePlaceTile:
		return im.placeTile()
	case typeDeploy:
		return im.deploy()
	case typePlaceToken:
		return im.floor()
	case typeCapture:
		return im.capture()
	case typeRansom:
		return im.ransom()
	case typePass:
		return im.apply(engine.Move{Kind: engine.MovePass})
	case typeCommit:
		return im.commit()
	case typeExchange:
		return im.exchange()
	}
	return im.unsupportedf("move type %q is not supported", m.Type)
}

func (im *importer) payload(v any) error {
	if err := json.Unmarshal(im.mv.Payload, v); err != nil {
		return im.failf("malformed payload: %v", err)
	}
	return nil
}

func (im *importer) clock(dst *int64) {
	if im.mv.Clock != nil {
		*dst = *im.mv.Clock
	}
}

func (im *importer) placeTile() error {
	var p placeTile
	if err := im.payload(&p); err != nil {
		return err
	}
	tile, kind, err := tileOf(p.TileID, im.setup.Rules, im.ed)
	if err != nil {
		return im.moveError(kind, "", err.Error())
	}
	rot, ok := parseRotation(p.Rotation)
	if !ok {
		return im.failf("rotation %q is not R0, R90, R180 or R270", p.Rotation)
	}
	pos, err := posOf(p.Position)
	if err != nil {
		return im.failf("%v", err)
	}
	if err := im.draw(tile); err != nil {
		return err
	}
	im.clock(&im.cur.place)
	im.placed = pos
	return im.apply(engine.Move{Kind: engine.MovePlace, Pos: pos, Rot: rot})
}

// draw draws the tile placed next. While the prepared order lasts, its
// tiles that fit nowhere are discarded on the way, as JCZ does without
// logging them; after it, the tile placed is the tile drawn.
func (im *importer) draw(tile jczTile) error {
	for im.drawn < len(im.order) {
		t := im.order[im.drawn]
		if err := im.apply(engine.Move{Kind: engine.MoveDraw, Tile: t.id}); err != nil {
			return err
		}
		im.drawn++
		im.seq = append(im.seq, t)
		if im.g.CanPlace(t.id) {
			if t != tile {
				return im.moveError(Invalid, engine.ViolationBag.String(), fmt.Sprintf("places %s (%s), but the draw order gives %s (%s) next", tile.name(), tile.id, t.name(), t.id))
			}
			return nil
		}
		if err := im.apply(engine.Move{Kind: engine.MoveDiscard}); err != nil {
			return err
		}
	}
	im.seq = append(im.seq, tile)
	if err := im.checkCopies(im.seq); err != nil {
		return im.moveError(Invalid, engine.ViolationBag.String(), err.Error())
	}
	return im.apply(engine.Move{Kind: engine.MoveDraw, Tile: tile.id})
}

// meepleOnly reads the meeple id of a payload that holds only one.
func (im *importer) meepleOnly() (meepleID, error) {
	var p meepleOnly
	if err := im.payload(&p); err != nil {
		return meepleID{}, err
	}
	return im.meeple(p.MeepleID)
}

func (im *importer) meeple(s string) (meepleID, error) {
	id, err := parseMeeple(s, len(im.players), im.setup.Rules.Phantom)
	if err != nil {
		return id, im.fail(err)
	}
	return id, nil
}

func (im *importer) deploy() error {
	var p deployMeeple
	if err := im.payload(&p); err != nil {
		return err
	}
	id, err := im.meeple(p.MeepleID)
	if err != nil {
		return err
	}
	if id.seat != im.g.Player() {
		return im.failf("%s deploys meeple %s of %s", im.players[im.g.Player()].Name, id, im.players[id.seat].Name)
	}
	spot, err := spotOf(p.Pointer)
	if err != nil {
		return im.fail(err)
	}
	pos, err := posOf(p.Pointer.Position)
	if err != nil {
		return im.failf("%v", err)
	}
	m := engine.Move{Kind: engine.MoveFollower, Spot: spot, Figure: id.fig}
	if spot.Kind == engine.FeatureTower {
		m = engine.Move{Kind: engine.MoveTowerFollower, Pos: pos, Figure: id.fig}
	} else if pos != im.placed {
		return im.failf("a follower on the tile at %v, but the tile just placed is at %v", pos, im.placed)
	}
	if err := im.skipCapture(); err != nil {
		return err
	}
	second := im.g.Phase() == engine.PhasePhantom
	if err := im.apply(m); err != nil {
		return err
	}
	if second {
		im.clock(&im.cur.second)
	} else {
		im.clock(&im.cur.action)
	}
	if err := im.mp.deploy(id, pos, spot); err != nil {
		return im.failf("%v", err)
	}
	return nil
}

func (im *importer) floor() error {
	var p placeToken
	if err := im.payload(&p); err != nil {
		return err
	}
	if p.Token != tokenTowerPiece {
		return im.unsupportedf("token %q is not supported (towerlog knows %s)", p.Token, tokenTowerPiece)
	}
	if p.Pointer.Feature != "Tower" || p.Pointer.Location != locationInner {
		return im.failf("a tower piece on %s %q: expected feature Tower, location %q", p.Pointer.Feature, p.Pointer.Location, locationInner)
	}
	pos, err := posOf(p.Pointer.Position)
	if err != nil {
		return im.failf("%v", err)
	}
	im.clock(&im.cur.action)
	return im.apply(engine.Move{Kind: engine.MoveFloor, Pos: pos})
}

func (im *importer) capture() error {
	var p captureFollower
	if err := im.payload(&p); err != nil {
		return err
	}
	fp, idText := pointer{Position: p.Position, Feature: p.Feature, Location: p.Location}, p.MeepleID
	if p.Pointer != nil {
		if p.Pointer.FeaturePointer == nil {
			return im.failf("the pointer has no featurePointer")
		}
		fp, idText = *p.Pointer.FeaturePointer, p.Pointer.MeepleID
	}
	spot, err := spotOf(fp)
	if err != nil {
		return im.fail(err)
	}
	pos, err := posOf(fp.Position)
	if err != nil {
		return im.failf("%v", err)
	}
	id, err := im.meeple(idText)
	if err != nil {
		return err
	}
	im.clock(&im.cur.capture)
	c := &capture{m: engine.Move{Kind: engine.MoveCapture, Pos: pos, Spot: spot, Figure: id.fig}, id: id, idx: im.idx}
	if !im.exchangeChoice(c.m) {
		return im.captured(c)
	}
	// JCZ asks which figure comes back: EXCHANGE_FOLLOWER follows.
	if err := im.standsAt(c); err != nil {
		return err
	}
	im.pending = c
	return nil
}

// standsAt checks that the meeple capture c names stands where it points.
func (im *importer) standsAt(c *capture) error {
	if at, ok := im.mp.at(c.m.Pos, c.m.Spot); !ok || at != c.id {
		return im.failf("captures meeple %s, but %s stands at %v %v", c.id, at, c.m.Pos, c.m.Spot)
	}
	return nil
}

// capture is a CAPTURE_FOLLOWER: the engine's move, the meeple taken and
// the index of the message.
type capture struct {
	m   engine.Move
	id  meepleID
	idx int
}

// exchangeChoice reports whether the engine asks the capture m to say
// which figure comes back in the exchange that follows it.
func (im *importer) exchangeChoice(m engine.Move) bool {
	if im.g.Phase() != engine.PhaseCapture {
		return false
	}
	for _, l := range im.g.LegalMoves(nil) {
		if l.Kind == engine.MoveCapture && l.Pos == m.Pos && l.Spot == m.Spot && l.Back != engine.ChoiceNone {
			return true
		}
	}
	return false
}

// exchange reads EXCHANGE_FOLLOWER: the captor's figure that comes back
// in the exchange after the capture just made.
func (im *importer) exchange() error {
	c := im.pending
	if c == nil {
		return im.moveError(Invalid, engine.ViolationExchange.String(), "no capture just made asks which figure comes back in an exchange")
	}
	im.pending = nil
	id, err := im.meepleOnly()
	if err != nil {
		return err
	}
	captor := im.g.Player()
	if !slices.Contains(im.mp.exchangeable(c.id.seat, captor), id) {
		return im.moveError(Invalid, engine.ViolationExchange.String(), fmt.Sprintf("meeple %s cannot come back: the exchange gives %s back the first of its figures of each kind that %s holds", id, im.players[captor].Name, im.players[c.id.seat].Name))
	}
	c.m.Back = engine.ChoiceFollower
	if id.fig == engine.FigurePhantom {
		c.m.Back = engine.ChoicePhantom
	}
	im.clock(&im.cur.exchange)
	return im.captured(c)
}

// captured plays capture c and follows its figures.
func (im *importer) captured(c *capture) error {
	captor, before := im.g.Player(), len(im.g.Events())
	if err := im.apply(c.m); err != nil {
		return err
	}
	if err := im.standsAt(c); err != nil {
		return err
	}
	_, exchanged := im.mp.capture(c.id, captor, c.m.Back)
	if exchanged != hasEvent(im.g.Events()[before:], engine.EventExchange) {
		return im.failf("the prisoners of meeple %s's capture are out of step with the engine", c.id)
	}
	return nil
}

// skipCapture passes the capture step of a floor that JCZ skipped because
// no figure was in range, when the phantom's step follows it.
func (im *importer) skipCapture() error {
	if im.g.Phase() != engine.PhaseCapture || choices(im.g) > 1 {
		return nil
	}
	return im.apply(engine.Move{Kind: engine.MovePass})
}

func hasEvent(evs []engine.Event, k engine.EventKind) bool {
	for _, e := range evs {
		if e.Kind == k {
			return true
		}
	}
	return false
}

func (im *importer) ransom() error {
	id, err := im.meepleOnly()
	if err != nil {
		return err
	}
	mover := im.g.Player()
	if id.seat != mover {
		return im.moveError(Invalid, engine.ViolationRansom.String(), fmt.Sprintf("%s pays for meeple %s of %s: a ransom buys back one's own follower",
			im.players[mover].Name, id, im.players[id.seat].Name))
	}
	holder, ok := im.mp.ransom(id)
	if !ok {
		return im.moveError(Invalid, engine.ViolationRansom.String(), fmt.Sprintf("meeple %s is not a prisoner", id))
	}
	im.clock(&im.cur.ransom)
	return im.apply(engine.Move{Kind: engine.MoveRansom, Payee: holder, Owner: mover, Figure: id.fig})
}

func (im *importer) commit() error {
	for ph := im.g.Phase(); ph == engine.PhaseAction || ph == engine.PhaseCapture || ph == engine.PhasePhantom; ph = im.g.Phase() {
		// JCZ skips a step when it offers no choice, and the phantom's
		// after a PASS of the action: no PASS in the save.
		if err := im.apply(engine.Move{Kind: engine.MovePass}); err != nil {
			return err
		}
	}
	im.clock(&im.cur.commit)
	if err := im.apply(engine.Move{Kind: engine.MoveEndTurn}); err != nil {
		return err
	}
	im.mp.sync(im.g.Followers())
	return im.endTurnCGN()
}

// endTurnCGN plays the finished turn as CGN writes it, ransom first, and
// checks that this gives the same game as the save's order.
func (im *importer) endTurnCGN() error {
	turn := append(im.ransoms, im.turn...)
	for _, m := range turn {
		if err := im.check.Apply(m); err != nil {
			return im.failf("with the ransom paid first, as CGN writes it: %v", err)
		}
	}
	if !reflect.DeepEqual(im.g.State(), im.check.State()) {
		return im.failf("paying the ransom first in the turn, as CGN writes it, changes the game")
	}
	im.moves = append(im.moves, turn...)
	im.turn, im.ransoms = nil, nil
	im.clocks = append(im.clocks, im.cur)
	im.cur = noClocks
	im.done = len(im.seq)
	return nil
}

// finishBag plays a last turn of discards when every tile left in a draw
// order that ends the game fits nowhere: JCZ discards them and ends the
// game.
func (im *importer) finishBag() error {
	if !im.ends || im.g.Over() || im.drawn == len(im.order) || im.endReached() {
		return nil
	}
	c := im.g.Clone()
	var ms []engine.Move
	for _, t := range im.order[im.drawn:] {
		draw := engine.Move{Kind: engine.MoveDraw, Tile: t.id}
		if err := c.Apply(draw); err != nil || c.CanPlace(t.id) {
			return nil
		}
		discard := engine.Move{Kind: engine.MoveDiscard}
		if err := c.Apply(discard); err != nil {
			return nil
		}
		ms = append(ms, draw, discard)
	}
	ms = append(ms, engine.Move{Kind: engine.MoveEndTurn})
	for _, m := range ms {
		if err := im.apply(m); err != nil {
			return err
		}
	}
	im.seq = append(im.seq, im.order[im.drawn:]...)
	im.drawn = len(im.order)
	return im.endTurnCGN()
}

// endReached reports whether the committed turns reach endTurn.
func (im *importer) endReached() bool {
	n := im.endTurn()
	return n > 0 && len(im.clocks) >= n
}

// bag decides the Bag tag and returns it with the draw order the record
// knows: the tiles drawn when endTurn ended the game (the game ends
// there), the draw order when it ends the game with "#END", and otherwise
// no tag (the box), as when the whole box was drawn (the record names
// every tile then).
func (im *importer) bag() (bag []engine.TileID, known []jczTile) {
	known = im.seq[:im.done]
	switch {
	case im.endReached():
	case im.ends:
		known = im.order
	default:
		return nil, known
	}
	if len(known) == im.done && im.wholeBox(known) {
		return nil, known
	}
	return ids(known), known
}

func (im *importer) wholeBox(list []jczTile) bool {
	var counts [engine.NumTileTypes]int
	for _, t := range list {
		counts[t.id]++
	}
	for id := range counts {
		want := engine.BoxCount(engine.TileID(id), im.setup.Rules)
		if engine.TileID(id) == *im.setup.StartTile {
			want--
		}
		if counts[id] != want {
			return false
		}
	}
	return true
}

// editionTags writes the printings that are not the first (Edition) and
// which copies drawn carried a garden (Gardens, see docs/notation.md).
func (im *importer) editionTags(tags map[string]string, known []jczTile) {
	var words []string
	if im.ed.basic == 2 {
		words = append(words, "basic:2")
	}
	if im.ed.tower == 2 {
		words = append(words, "tower:2")
	}
	if len(words) > 0 {
		tags[tagEdition] = strings.Join(words, " ")
	}
	if g := formatGardens(known); g != "" {
		tags[tagGardens] = g
	}
}

func (im *importer) write() (*record.Game, error) {
	setup := im.setup
	var known []jczTile
	setup.Bag, known = im.bag()
	setup.Ordered = setup.Bag != nil
	if *setup.StartTile == engine.StartTile && setup.StartRot == engine.R0 {
		setup.StartTile = nil
	}
	tags := map[string]string{}
	if im.sv.Name != "" {
		tags["Event"] = im.sv.Name
	}
	if im.sv.Created != "" {
		t, err := time.Parse(time.RFC3339, im.sv.Created)
		if err != nil {
			return nil, badSetup("created", "%q is not an ISO 8601 time", im.sv.Created)
		}
		tags["Date"] = t.UTC().Format("2006.01.02")
	}
	im.editionTags(tags, known)
	rg, err := replay.Write(im.players, setup, im.moves, replay.WriteOptions{Tags: tags, Scores: true})
	if err != nil {
		return nil, &Error{Place: Place{File: im.file, Move: -1}, Kind: Invalid, Msg: fmt.Sprintf("the game does not replay as CGN: %v", err)}
	}
	for i, t := range rg.Turns {
		setClocks(t, im.clocks[i])
	}
	im.restoreTags(rg)
	return rg, nil
}

// replayedTags are the tags the replayer reads: a kept value of one of
// them must fit the save's game.
var replayedTags = []string{"Players", "Rules", "Bag", "Start", "Result"}

// restoreTags sets on rg the tags an export kept in
// gameAnnotations.cgnTags, in the order of their names. A name that is not
// a CGN tag name is left out with a Warning. When the kept values of the
// tags the replayer reads make the record invalid (a save edited after
// the export), the values the save's fields give stand instead, with a
// Warning.
func (im *importer) restoreTags(rg *record.Game) {
	a := im.sv.Annotations
	if a == nil {
		return
	}
	var replayed []string
	for _, name := range slices.Sorted(maps.Keys(a.CGNTags)) {
		switch {
		case !isTagName(name):
			im.warnTags(fmt.Sprintf("%q is not a CGN tag name (a letter, then letters, digits or _): the tag is left out", name))
		case slices.ContainsFunc(replayedTags, func(r string) bool { return strings.EqualFold(r, name) }):
			replayed = append(replayed, name)
		default:
			rg.SetTag(name, a.CGNTags[name])
		}
	}
	if len(replayed) == 0 {
		return
	}
	own := make([]*record.Tag, len(rg.Tags))
	for i, t := range rg.Tags {
		c := *t
		own[i] = &c
	}
	for _, name := range replayed {
		rg.SetTag(name, a.CGNTags[name])
	}
	if why := misfit(im.file, rg, im.setup.Rules); why != "" {
		rg.Tags = own
		im.warnTags("the kept tags do not fit the save's game (" + why + "): the save's own players, rules, bag, start and result stand")
	}
}

// misfit replays rg and says why it is not the game of the save: its
// first error, or rules other than the save's; "" when it is.
func misfit(file string, rg *record.Game, rules engine.Rules) string {
	g := replay.Replay(file, 1, rg, replay.Options{Lenient: true})
	for _, d := range g.Diagnostics {
		if d.Severity == replay.Error {
			return d.Message
		}
	}
	if g.Rules != rules {
		return fmt.Sprintf("the rules %q, not the save's %q", g.Rules.String(), rules.String())
	}
	return ""
}

func (im *importer) warnTags(msg string) {
	im.warnings = append(im.warnings, Warning{Place: im.place("gameAnnotations.cgnTags", -1), Msg: msg})
}

// isTagName reports whether name is a tag name of CGN, as the notation's
// parser reads it.
func isTagName(name string) bool {
	games, err := record.Parse(strings.NewReader("["+name+` ""]`+"\n"), "")
	return err == nil && len(games) == 1 && len(games[0].Tags) == 1 && strings.EqualFold(games[0].Tags[0].Name, name)
}

func setClocks(t *record.Turn, c turnClocks) {
	if len(t.Ransoms) > 0 {
		t.Ransoms[0].Notes = withClock(t.Ransoms[0].Notes, c.ransom)
	}
	if t.Placement != nil {
		t.Placement.Notes = withClock(t.Placement.Notes, c.place)
	}
	setActionClock(t.Action, c.action)
	setActionClock(t.Second, c.second)
	if f, ok := t.Action.(*record.TowerFloor); ok && f.Capture != nil {
		f.Capture.Notes = withClock(f.Capture.Notes, c.capture)
		if e := f.Capture.Exchange; e != nil {
			e.Notes = withClock(e.Notes, c.exchange)
		}
	}
	if t.Score != nil {
		t.Score.Notes = withClock(t.Score.Notes, c.commit)
	}
}

func setActionClock(a record.Action, ms int64) {
	switch a := a.(type) {
	case *record.Follower:
		a.Notes = withClock(a.Notes, ms)
	case *record.TowerFollower:
		a.Notes = withClock(a.Notes, ms)
	case *record.TowerFloor:
		a.Notes = withClock(a.Notes, ms)
	}
}

func withClock(n *record.Notes, ms int64) *record.Notes {
	if ms < 0 {
		return n
	}
	if n == nil {
		n = &record.Notes{}
	}
	n.Clock = &record.Clock{Elapsed: time.Duration(ms) * time.Millisecond}
	return n
}
