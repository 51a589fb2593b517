package replay

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/internal/textboard"
	"github.com/towerlog/towerlog/record"
)

// play replays the main line, then checks the Result tag.
func (r *replayer) play() {
	n := len(r.g.Record.Turns)
	if m := r.mem; m != nil {
		r.g.Turns = reserve(m.turns, n)
		r.scores = reserve(m.scores, n*len(r.g.Players))
		defer func() { m.turns, m.scores, m.players = r.g.Turns, r.scores, r.g.Players }()
	} else {
		r.g.Turns = make([]Turn, 0, n)
		r.scores = make([]int, 0, n*len(r.g.Players))
	}
	for i, t := range r.g.Record.Turns {
		if r.opts.Stop.reached(i) {
			return
		}
		r.turn = t
		if !r.playTurn(i+1, t) {
			return
		}
	}
	r.turn = nil
	r.checkResult()
}

func (r *replayer) seatOf(n record.Name) (int, bool) {
	for i, p := range r.g.Players { // names as written, first: the usual case, and quicker
		if p.Name == n.Text {
			return i, true
		}
	}
	for i, p := range r.g.Players {
		if sameName(p.Name, n.Text) {
			return i, true
		}
	}
	r.fail(CodeUnknownPlayer, n.Pos, "%q is not a player of this game (Players: %s)", n.Text, r.playerList())
	return 0, false
}

func (r *replayer) playerList() string {
	names := make([]string, len(r.g.Players))
	for i, p := range r.g.Players {
		names[i] = p.Name
	}
	return strings.Join(names, ", ")
}

// apply plays m, turning an illegal move into a diagnostic at pos. The
// moves every turn makes (draw, place, follower, end) call the engine's
// methods for them instead, which saves a call and the dispatch on the
// kind of move.
func (r *replayer) apply(m engine.Move, pos *record.Position) bool {
	if err := r.eg.Apply(m); err != nil {
		return r.refused(err, m, pos)
	}
	return true
}

// refused reports the engine's refusal of move m at pos; it returns false.
func (r *replayer) refused(err error, m engine.Move, at *record.Position) bool {
	pos := *at
	var ie *engine.IllegalMoveError
	if !errors.As(err, &ie) {
		r.fail("engine", pos, "%v", err)
		return false
	}
	r.fail(ie.Violation.String(), pos, "%s", ie.Reason)
	// Show the board around a move that has a position; a follower's is
	// the tile just placed. Draws and ransoms have none.
	d := &r.g.Diagnostics[len(r.g.Diagnostics)-1]
	switch m.Kind {
	case engine.MovePlace, engine.MoveFloor, engine.MoveCapture, engine.MoveTowerFollower:
		d.Board = textboard.Around(r.eg, m.Pos, 2, ie.Related...)
	case engine.MoveFollower:
		if pl := r.turn.Placement; pl != nil {
			d.Board = textboard.Around(r.eg, engine.Pos{X: pl.X, Y: pl.Y}, 2, ie.Related...)
		}
	}
	return false
}

func (r *replayer) tile(id string, pos *record.Position) (engine.TileID, bool) {
	t, ok := engine.LookupTile(id)
	if !ok {
		r.fail(CodeUnknownTile, *pos, "unknown tile %q: tile ids are A to X and T01 to T17", id)
	}
	return t, ok
}

func (r *replayer) playTurn(n int, t *record.Turn) bool {
	eg := r.eg
	if eg.Over() {
		r.fail(engine.ViolationGameOver.String(), t.Pos, "the game is over: every tile has been played, yet turn %d follows", n)
		return false
	}
	if t.Number != n {
		r.fail(CodeTurnNumber, t.Pos, "turn numbered %d, expected %d", t.Number, n)
		return false
	}
	seat := eg.Player()
	// The spelling accepted for a seat comes back turn after turn, as the
	// same string when the parser shares it (then comparing it is quick).
	if said := t.Player.Text; said != r.said[seat] {
		if name := r.g.Players[seat].Name; said != name && !sameName(said, name) {
			if _, ok := r.seatOf(t.Player); !ok {
				return false
			}
			r.fail(CodeTurnOrder, t.Player.Pos, "turn %d belongs to %s (seat %d), not to %s", n, r.g.Players[seat].Name, seat+1, said)
			return false
		}
		r.said[seat] = said
	}
	// The turn is built in place; a turn that fails is dropped.
	// (Appended zero and filled in place: appending a Turn value built on
	// the stack would copy it with wide loads of the narrow stores that
	// just built it, which stalls the processor.)
	r.g.Turns = append(r.g.Turns, Turn{})
	rt := &r.g.Turns[len(r.g.Turns)-1]
	rt.Number, rt.Seat, rt.EventsFrom = n, seat, len(eg.Events())
	if !r.moves(t, rt) {
		r.g.Turns = r.g.Turns[:len(r.g.Turns)-1]
		return false
	}
	from := len(r.scores)
	r.scores = eg.AppendScores(r.scores)
	rt.Scores = r.scores[from:len(r.scores):len(r.scores)]
	rt.EventsTo = len(eg.Events())
	if t.Score != nil && !equalInts(t.Score.Points, rt.Scores) {
		r.fail(CodeScore, t.Score.Pos, "declared scores %s after turn %d, but they are %s%s", scoreList(t.Score.Points), n, scoreList(rt.Scores), r.finalNote(rt))
	}
	if r.opts.AfterTurn != nil {
		r.opts.AfterTurn(rt, eg)
	}
	return true
}

// finalNote explains the scores after the last turn of a game: they
// include the final scoring, which a player who declares the scores of
// the turn alone forgets.
func (r *replayer) finalNote(rt *Turn) string {
	if !r.eg.Over() {
		return ""
	}
	before := append([]int(nil), rt.Scores...)
	for _, ev := range r.eg.Events()[rt.EventsFrom:rt.EventsTo] {
		if ev.Kind != engine.EventScore || !ev.Final {
			continue
		}
		for p := range before {
			if ev.Scored(p) {
				before[p] -= ev.Points
			}
		}
	}
	return fmt.Sprintf(": the last turn's scores include the final scoring (%s before it)", scoreList(before))
}

// moves plays the moves of turn t: ransoms, discards, the placement, the
// action and the end of the turn.
func (r *replayer) moves(t *record.Turn, rt *Turn) bool {
	for _, rn := range t.Ransoms {
		payee, ok := r.seatOf(rn.Holder)
		if !ok {
			return false
		}
		owner := rt.Seat
		if rn.Owner.Text != "" {
			if owner, ok = r.seatOf(rn.Owner); !ok {
				return false
			}
		}
		if !r.apply(engine.Move{Kind: engine.MoveRansom, Payee: payee, Owner: owner, Figure: figure(rn.Phantom)}, &rn.Pos) {
			return false
		}
		rt.Ransom = true
	}
	for _, d := range t.Discards {
		id, ok := r.tile(d.Tile, &d.Pos)
		if !ok || !r.apply(engine.Move{Kind: engine.MoveDraw, Tile: id}, &d.Pos) || !r.apply(engine.Move{Kind: engine.MoveDiscard}, &d.Pos) {
			return false
		}
		rt.Discards = append(rt.Discards, id)
	}
	if !r.place(t, rt) || !r.action(t, rt) {
		return false
	}
	if err := r.eg.EndTurn(); err != nil {
		return r.refused(err, engine.Move{Kind: engine.MoveEndTurn}, &t.Pos)
	}
	return true
}

func (r *replayer) place(t *record.Turn, rt *Turn) bool {
	pl := t.Placement
	if pl == nil {
		if r.eg.Phase() == engine.PhaseDraw {
			r.fail(CodeNoPlacement, t.Pos, "turn %d places no tile, but the bag still holds %s", t.Number, plural(r.eg.TilesLeft(), "tile"))
			return false
		}
		return true
	}
	id, ok := r.tile(pl.Tile, &pl.Pos)
	if !ok {
		return false
	}
	rot, ok := engine.RotationFromDegrees(int(pl.Rotation))
	if !ok {
		r.fail(engine.ViolationMove.String(), pl.Pos, "rotation %d is not 0, 90, 180 or 270", pl.Rotation)
		return false
	}
	if err := r.eg.Draw(id); err != nil {
		return r.refused(err, engine.Move{Kind: engine.MoveDraw, Tile: id}, &pl.Pos)
	}
	p := engine.Pos{X: pl.X, Y: pl.Y}
	if err := r.eg.Place(p, rot); err != nil {
		return r.refused(err, engine.Move{Kind: engine.MovePlace, Pos: p, Rot: rot}, &pl.Pos)
	}
	rt.Placed, rt.Tile, rt.Pos, rt.Rot = true, id, p, rot
	return true
}

// action plays the turn's action and its second figure.
func (r *replayer) action(t *record.Turn, rt *Turn) bool {
	if !r.step(t, t.Action, rt) {
		return false
	}
	if t.Second == nil {
		return true
	}
	if r.eg.Phase() == engine.PhaseCapture { // a floor that captured nothing
		if err := r.eg.Apply(engine.Move{Kind: engine.MovePass}); err != nil {
			return r.refused(err, engine.Move{Kind: engine.MovePass}, &t.Pos)
		}
	}
	return r.step(t, t.Second, rt)
}

// step plays action a of turn t: the turn's action, or its second figure
// (which the engine accepts only as the phantom).
func (r *replayer) step(t *record.Turn, a record.Action, rt *Turn) bool {
	second := a == t.Second
	switch a := a.(type) {
	case nil:
		return true
	case *record.Follower:
		sp := spot(a.Spot)
		if second {
			rt.Second, rt.SecondSpot = ActionFollower, sp
		} else {
			rt.Action, rt.Spot, rt.Phantom = ActionFollower, sp, a.Phantom
		}
		if a.Phantom {
			return r.apply(engine.Move{Kind: engine.MoveFollower, Spot: sp, Figure: engine.FigurePhantom}, &a.Pos)
		}
		if err := r.eg.Deploy(sp); err != nil {
			return r.refused(err, engine.Move{Kind: engine.MoveFollower, Spot: sp}, &a.Pos)
		}
		return true
	case *record.TowerFollower:
		m := engine.Move{Kind: engine.MoveTowerFollower, Pos: engine.Pos{X: a.X, Y: a.Y}, Figure: figure(a.Phantom)}
		if second {
			rt.Second, rt.SecondTarget = ActionTowerFollower, m.Pos
		} else {
			rt.Action, rt.Target, rt.Phantom = ActionTowerFollower, m.Pos, a.Phantom
		}
		return r.apply(m, &a.Pos)
	case *record.TowerFloor:
		rt.Action, rt.Target = ActionFloor, engine.Pos{X: a.X, Y: a.Y}
		if !r.apply(engine.Move{Kind: engine.MoveFloor, Pos: engine.Pos{X: a.X, Y: a.Y}}, &a.Pos) {
			return false
		}
		if c := a.Capture; c != nil {
			rt.Captured = true
			m := engine.Move{Kind: engine.MoveCapture, Pos: engine.Pos{X: c.X, Y: c.Y}, Spot: spot(c.Spot), Figure: figure(c.Phantom)}
			e := c.Exchange
			if e != nil {
				m.Back = engine.ChoiceFollower
				if e.Phantom {
					m.Back = engine.ChoicePhantom
				}
			}
			if err := r.eg.Apply(m); err != nil {
				// A choice written where there is none is the choice's fault.
				var ie *engine.IllegalMoveError
				if e != nil && errors.As(err, &ie) && ie.Violation == engine.ViolationExchange {
					return r.refused(err, m, &e.Pos)
				}
				return r.refused(err, m, &c.Pos)
			}
			return true
		}
		return true
	}
	r.fail(engine.ViolationMove.String(), t.Pos, "unknown action %T", a)
	return false
}

// figure is the engine's figure for the notation's phantom sign.
func figure(phantom bool) engine.Figure {
	if phantom {
		return engine.FigurePhantom
	}
	return engine.FigureFollower
}

// engineKinds maps the notation's feature kinds to the engine's;
// recordKinds is the reverse.
var (
	engineKinds = [...]engine.FeatureKind{
		record.City: engine.FeatureCity, record.Road: engine.FeatureRoad, record.Field: engine.FeatureField,
		record.Cloister: engine.FeatureCloister, record.Tower: engine.FeatureTower,
	}
	recordKinds = func() map[engine.FeatureKind]record.Kind {
		m := map[engine.FeatureKind]record.Kind{}
		for r, e := range engineKinds {
			if e != engine.FeatureNone {
				m[e] = record.Kind(r)
			}
		}
		return m
	}()
)

// spot converts the notation's spot to the engine's: both use the same
// edge and half-edge masks.
func spot(s record.Spot) engine.Spot {
	var k engine.FeatureKind
	if int(s.Kind) < len(engineKinds) {
		k = engineKinds[s.Kind]
	}
	return engine.Spot{Kind: k, Edges: engine.EdgeSet(s.Edges), Halves: engine.HalfSet(s.Halves)}
}

// checkResult compares the Result tag with the replayed game.
func (r *replayer) checkResult() {
	res, err := r.g.Record.Result()
	if err != nil {
		r.tagError(CodeResult, err)
		return
	}
	eg := r.eg
	if res == nil {
		sev := Error
		if r.opts.Lenient {
			sev = Warning
		}
		r.report(CodeNoResult, sev, r.g.Record.Pos, "the game has no Result tag: give the final scores, or \"*\" for an unfinished game")
		return
	}
	if res.Unfinished() {
		if eg.Over() {
			r.report(CodeResult, Warning, res.Pos, "every tile has been played, yet the Result tag says unfinished (*): the final scores are %s", scoreList(eg.Scores()))
		}
		return
	}
	if !eg.Over() {
		r.fail(CodeUnfinished, res.Pos, "the Result tag gives final scores, but the record ends after turn %d with %s left in the bag",
			eg.Turn()-1, plural(eg.TilesLeft(), "tile"))
		return
	}
	if got := eg.Scores(); !equalInts(res.Scores, got) {
		r.fail(CodeResult, res.Pos, "the Result tag gives %s, but the final scores are %s", scoreList(res.Scores), scoreList(got))
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func scoreList(s []int) string {
	parts := make([]string, len(s))
	for i, v := range s {
		parts[i] = fmt.Sprint(v)
	}
	return strings.Join(parts, "-")
}

// sameName reports whether two player names are the same name: equal in
// Unicode normal form C, so that a "Chloé" typed with a combining accent
// (as some editors and file systems write it) is the "Chloé" of the
// Players tag.
func sameName(a, b string) bool {
	if a == b {
		return true
	}
	if isASCII(a) && isASCII(b) {
		return false // ASCII text is in normal form C already
	}
	return norm.NFC.String(a) == norm.NFC.String(b)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// reserve returns s, empty, with room for at least n elements.
func reserve[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, 0, n)
	}
	return s[:0]
}

// plural writes a count of things: "1 tile", "3 tiles".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
