package jcz

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"time"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// ImportFile reads the JCloisterZone save at path and returns its game as
// a CGN record. Errors other than reading the file are *Error.
func ImportFile(path string) (*record.Game, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Import(data, path)
}

// Import turns the JCloisterZone save data (named file in messages) into a
// CGN record: Players, Rules, Bag (for a prepared draw order), Start (when
// not the rulebook's), Event (the game's name), Date (its creation), the
// turns with declared scores after each, clocks, and the Result. The moves
// are replayed through the engine on the way, so the record is a legal
// game. Anything towerlog cannot represent is refused with an *Error.
//
// Clocks (milliseconds since the start) become clock annotations of the
// item the move made: PLACE_TILE of the placement, DEPLOY_MEEPLE and
// PLACE_TOKEN of the action, CAPTURE_FOLLOWER of the capture, PAY_RANSOM of
// the ransom, COMMIT of the declared score; a PASS makes no item and its
// clock is dropped. Without a drawOrder the save does not say which tiles
// were discarded (JCZ derives them from its random seed), so the record
// has none and the box is the full one.
func Import(data []byte, file string) (*record.Game, error) {
	var sv save
	if err := decode(data, &sv); err != nil {
		return nil, &Error{File: file, Where: err.where, Move: -1, Msg: err.msg}
	}
	im := &importer{file: file, sv: &sv}
	rg, err := im.run()
	if err != nil {
		var se *setupError
		if errors.As(err, &se) {
			return nil, &Error{File: file, Where: se.where, Move: -1, Msg: se.msg}
		}
		return nil, err
	}
	return rg, nil
}

// decode reads the JSON of a save; a syntax error gets its line and column.
func decode(data []byte, sv *save) *setupError {
	err := json.Unmarshal(data, sv)
	if err == nil {
		return nil
	}
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		line, col := lineCol(data, syn.Offset)
		return &setupError{fmt.Sprintf("%d:%d", line, col), "malformed JSON: " + syn.Error()}
	case errors.As(err, &typ):
		line, col := lineCol(data, typ.Offset)
		return &setupError{fmt.Sprintf("%d:%d", line, col), fmt.Sprintf("malformed save: %s holds a JSON %s, not a %s", typ.Field, typ.Value, typ.Type)}
	}
	return &setupError{"", "malformed JSON: " + err.Error()}
}

func lineCol(data []byte, offset int64) (line, col int) {
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	before := data[:offset]
	line = bytes.Count(before, []byte("\n")) + 1
	col = int(offset) - (bytes.LastIndexByte(before, '\n') + 1)
	return line, max(col, 1)
}

// turnClocks are the clocks of the items of one turn, -1 when absent.
type turnClocks struct{ ransom, place, action, capture, commit int64 }

var noClocks = turnClocks{-1, -1, -1, -1, -1}

type importer struct {
	file    string
	sv      *save
	players []replay.Player
	setup   engine.Setup
	order   []engine.TileID // the prepared draw order, nil without one
	drawn   int             // tiles of order drawn so far
	g       *engine.Game    // the moves in the save's order
	check   *engine.Game    // the moves in CGN order (ransoms first)
	moves   []engine.Move   // every finished turn, in CGN order
	turn    []engine.Move   // the current turn, ransoms left out
	ransoms []engine.Move   // the current turn's ransom
	start   int             // index of the current turn's first move
	placed  engine.Pos
	mp      meeples
	clocks  []turnClocks
	cur     turnClocks
	idx     int
	mv      *move
}

func (im *importer) failf(format string, args ...any) error {
	e := &Error{File: im.file, Move: -1, Msg: fmt.Sprintf(format, args...)}
	if im.mv != nil {
		e.Move = im.idx
		e.Where = fmt.Sprintf("replay[%d] %s", im.idx, im.mv.Type)
	}
	return e
}

func (im *importer) run() (*record.Game, error) {
	if err := checkVersion(im.sv.AppVersion); err != nil {
		return nil, setupErr("appVersion", "%v", err)
	}
	if err := im.readSetup(); err != nil {
		return nil, err
	}
	g, err := engine.NewGame(im.setup)
	if err != nil {
		return nil, setupErr("gameAnnotations.drawOrder", "%v", err)
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
		im.idx, im.mv = im.start, &im.sv.Replay[im.start]
		return nil, im.failf("the save ends inside a turn: the moves from here on have no COMMIT")
	}
	if err := im.finishBag(); err != nil {
		return nil, err
	}
	return im.write()
}

func (im *importer) readSetup() error {
	s := &im.sv.Setup
	rules, err := readRules(s)
	if err != nil {
		return err
	}
	im.players, err = readPlayers(im.sv.Players)
	if err != nil {
		return err
	}
	tile, rot, err := readStart(s.Start, rules)
	if err != nil {
		return err
	}
	im.setup = engine.Setup{Players: len(im.players), Rules: rules, StartTile: &tile, StartRot: rot}
	if a := im.sv.Annotations; a != nil && a.DrawOrder != nil {
		im.order = make([]engine.TileID, len(a.DrawOrder))
		for i, t := range a.DrawOrder {
			if im.order[i], err = tileOf(t, rules); err != nil {
				return setupErr(fmt.Sprintf("gameAnnotations.drawOrder[%d]", i), "%v", err)
			}
		}
		im.setup.Bag, im.setup.Ordered = im.order, true
	}
	if a := im.sv.Annotations; a != nil && a.EndTurn < 0 {
		return setupErr("gameAnnotations.endTurn", "%d is negative", a.EndTurn)
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
// record.
func (im *importer) apply(m engine.Move) error {
	if err := im.g.Apply(m); err != nil {
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
		return im.failf("the game is already over")
	}
	if n := im.endTurn(); n > 0 && im.g.Turn() > n {
		return im.failf("the game ended after endTurn = %d turns", n)
	}
	if m.Player != nil && *m.Player != im.g.Player() {
		return im.failf("player %d acts, but it is player %d's turn", *m.Player, im.g.Player())
	}
	if m.Clock != nil && *m.Clock < 0 {
		return im.failf("negative clock %d", *m.Clock)
	}
	if len(im.turn)+len(im.ransoms) == 0 {
		im.start = im.idx
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
		return im.failf("a choice of prisoner to exchange is made only between different kinds of followers; towerlog knows only normal followers")
	}
	return im.failf("move type %q is not supported", m.Type)
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
	tile, err := tileOf(p.TileID, im.setup.Rules)
	if err != nil {
		return im.failf("%v", err)
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

// draw draws the tile placed next. With a prepared order, tiles that fit
// nowhere are discarded on the way, as JCZ does without logging them.
func (im *importer) draw(tile engine.TileID) error {
	if im.order == nil {
		return im.apply(engine.Move{Kind: engine.MoveDraw, Tile: tile})
	}
	for {
		if im.drawn >= len(im.order) {
			return im.failf("places %s, but the draw order has no tile left", tile.Type().JCZ)
		}
		t := im.order[im.drawn]
		if err := im.apply(engine.Move{Kind: engine.MoveDraw, Tile: t}); err != nil {
			return err
		}
		im.drawn++
		if im.g.CanPlace(t) {
			if t != tile {
				return im.failf("places %s (%s), but the draw order gives %s (%s) next", tile.Type().JCZ, tile, t.Type().JCZ, t)
			}
			return nil
		}
		if err := im.apply(engine.Move{Kind: engine.MoveDiscard}); err != nil {
			return err
		}
	}
}

func (im *importer) meeple(s string) (meepleID, error) {
	id, err := parseMeeple(s, len(im.players))
	if err != nil {
		return id, im.failf("%v", err)
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
		return im.failf("player %d deploys meeple %s of player %d", im.g.Player(), id, id.seat)
	}
	spot, err := spotOf(p.Pointer)
	if err != nil {
		return im.failf("%v", err)
	}
	pos, err := posOf(p.Pointer.Position)
	if err != nil {
		return im.failf("%v", err)
	}
	m := engine.Move{Kind: engine.MoveFollower, Spot: spot}
	if spot.Kind == engine.FeatureTower {
		m = engine.Move{Kind: engine.MoveTowerFollower, Pos: pos}
	} else if pos != im.placed {
		return im.failf("a follower on the tile at %v, but the tile just placed is at %v", pos, im.placed)
	}
	if err := im.apply(m); err != nil {
		return err
	}
	im.clock(&im.cur.action)
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
		return im.failf("token %q is not supported (towerlog knows %s)", p.Token, tokenTowerPiece)
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
		return im.failf("%v", err)
	}
	pos, err := posOf(fp.Position)
	if err != nil {
		return im.failf("%v", err)
	}
	id, err := im.meeple(idText)
	if err != nil {
		return err
	}
	captor, before := im.g.Player(), len(im.g.Events())
	if err := im.apply(engine.Move{Kind: engine.MoveCapture, Pos: pos, Spot: spot}); err != nil {
		return err
	}
	if at, ok := im.mp.at(pos, spot); !ok || at != id {
		return im.failf("captures meeple %s, but %s stands at %v %v", id, at, pos, spot)
	}
	exchanged := im.mp.capture(id, captor)
	if exchanged != hasEvent(im.g.Events()[before:], engine.EventExchange) {
		return im.failf("the prisoners of meeple %s's capture are out of step with the engine", id)
	}
	im.clock(&im.cur.capture)
	return nil
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
	var p meepleOnly
	if err := im.payload(&p); err != nil {
		return err
	}
	id, err := im.meeple(p.MeepleID)
	if err != nil {
		return err
	}
	mover := im.g.Player()
	if id.seat != mover {
		return im.failf("player %d pays for meeple %s of player %d: a ransom buys back one's own follower", mover, id, id.seat)
	}
	holder, ok := im.mp.ransom(id)
	if !ok {
		return im.failf("meeple %s is not a prisoner", id)
	}
	im.clock(&im.cur.ransom)
	return im.apply(engine.Move{Kind: engine.MoveRansom, Payee: holder, Owner: mover})
}

func (im *importer) commit() error {
	if ph := im.g.Phase(); ph == engine.PhaseAction || ph == engine.PhaseCapture {
		// A tower floor with nothing in range has no PASS in JCZ.
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
	return nil
}

// finishBag plays a last turn of discards when every tile left in the
// draw order fits nowhere: JCZ discards them and ends the game.
func (im *importer) finishBag() error {
	if im.order == nil || im.g.Over() || im.drawn == len(im.order) {
		return nil
	}
	if n := im.endTurn(); n > 0 && im.g.Turn() > n {
		return nil
	}
	c := im.g.Clone()
	var ms []engine.Move
	for _, t := range im.order[im.drawn:] {
		if err := c.Apply(engine.Move{Kind: engine.MoveDraw, Tile: t}); err != nil || c.CanPlace(t) {
			return nil
		}
		ms = append(ms, engine.Move{Kind: engine.MoveDraw, Tile: t}, engine.Move{Kind: engine.MoveDiscard})
		if err := c.Apply(ms[len(ms)-1]); err != nil {
			return nil
		}
	}
	ms = append(ms, engine.Move{Kind: engine.MoveEndTurn})
	for _, m := range ms {
		if err := im.apply(m); err != nil {
			return err
		}
	}
	im.drawn = len(im.order)
	return im.endTurnCGN()
}

// bag decides the Bag tag: the draw order (cut where endTurn ends the
// game), or none when the order was the whole box and all of it was drawn
// (the record then names every tile anyway).
func (im *importer) bag() {
	if im.order == nil {
		return
	}
	if n := im.endTurn(); n > 0 && im.g.Turn() > n {
		im.order = im.order[:im.drawn]
	}
	im.setup.Bag = im.order
	if im.drawn == len(im.order) && im.wholeBox() {
		im.setup.Bag, im.setup.Ordered = nil, false
	}
}

func (im *importer) wholeBox() bool {
	var counts [engine.NumTileTypes]int
	for _, t := range im.order {
		counts[t]++
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

func (im *importer) write() (*record.Game, error) {
	im.bag()
	if *im.setup.StartTile == engine.StartTile && im.setup.StartRot == engine.R0 {
		im.setup.StartTile = nil
	}
	tags := map[string]string{}
	if im.sv.Name != "" {
		tags["Event"] = im.sv.Name
	}
	if im.sv.Created != "" {
		t, err := time.Parse(time.RFC3339, im.sv.Created)
		if err != nil {
			return nil, setupErr("created", "%q is not an ISO 8601 time", im.sv.Created)
		}
		tags["Date"] = t.UTC().Format("2006.01.02")
	}
	rg, err := replay.Write(im.players, im.setup, im.moves, replay.WriteOptions{Tags: tags, Scores: true})
	if err != nil {
		return nil, &Error{File: im.file, Move: -1, Msg: fmt.Sprintf("the game does not replay as CGN: %v", err)}
	}
	for i, t := range rg.Turns {
		setClocks(t, im.clocks[i])
	}
	return rg, nil
}

func setClocks(t *record.Turn, c turnClocks) {
	if len(t.Ransoms) > 0 {
		t.Ransoms[0].Notes = withClock(t.Ransoms[0].Notes, c.ransom)
	}
	if t.Placement != nil {
		t.Placement.Notes = withClock(t.Placement.Notes, c.place)
	}
	switch a := t.Action.(type) {
	case *record.Follower:
		a.Notes = withClock(a.Notes, c.action)
	case *record.TowerFollower:
		a.Notes = withClock(a.Notes, c.action)
	case *record.TowerFloor:
		a.Notes = withClock(a.Notes, c.action)
		if a.Capture != nil {
			a.Capture.Notes = withClock(a.Capture.Notes, c.capture)
		}
	}
	if t.Score != nil {
		t.Score.Notes = withClock(t.Score.Notes, c.commit)
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
