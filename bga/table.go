package bga

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"golang.org/x/text/unicode/norm"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// table is a base game as BGA played it, read from a log or a link, before
// the engine has replayed it.
type table struct {
	file    string
	where   string // the game's line in a list of links; "" for a whole file
	players []replay.Player
	turns   []play
	// trailing are tiles discarded after the last placement.
	trailing []drawn
	tags     map[string]string
	// scores declares the scores after every turn: BGA's, checked, of a
	// log (a link has none).
	scores bool
	// final are BGA's final scores by seat (nil when the input has none),
	// from finalWhere.
	final      []int
	finalWhere string
	// notes are what the reading changed in what it read (a byte
	// replaced, a clock left out), each a warning naming its place.
	notes []Warning
}

// play is one placement with the discards before it.
type play struct {
	where               string  // the packet or characters of the placement
	discards            []drawn // tiles drawn and discarded before it
	typ, x, y, ori, pos int
	posWhere            string // where the follower is, when elsewhere
	seat                int    // who placed it; -1 when the input does not say (a link)
	clock               time.Duration
	hasClock            bool
	points              []points // BGA's scores during the turn (logs)
}

// drawn is a discarded tile.
type drawn struct {
	typ   int
	where string
	seat  int // -1 when the input does not say
}

// points is one winPoints of a log.
type points struct {
	seat, points, score int
	where               string
}

// baseRules are the rules of every BGA game: the base game, with
// towerlog's defaults (farmers score 3 a completed city).
var baseRules = engine.Rules{BaseOnly: true}

// record replays the table on the engine and writes it as CGN, with the
// scores after every turn (of a log) and the engine's Result. A move the engine
// refuses, or a score of BGA's that differs from the engine's, is an
// *Error of Kind Invalid; a game that stops before its end gives a
// Warning, and is written unfinished.
func (t *table) record() (*record.Game, []Warning, error) {
	warnings := append(t.notes, t.unnamedColours()...)
	if err := t.checkPlayers(); err != nil {
		return nil, nil, err
	}
	names := make([]string, len(t.players))
	for i, p := range t.players {
		names[i] = p.Name
	}
	setup := engine.Setup{Players: len(t.players), Rules: baseRules, Names: names}
	eg, err := engine.NewGame(setup)
	if err != nil {
		return nil, nil, &Error{Place: Place{File: t.file}, Kind: Unsupported, Msg: err.Error()}
	}
	r := &replayer{t: t, eg: eg, names: names}
	for i := range t.turns {
		if err := r.turn(&t.turns[i]); err != nil {
			return nil, nil, err
		}
	}
	if len(t.trailing) > 0 {
		if err := r.discardsOnly(); err != nil {
			return nil, nil, err
		}
	}
	switch {
	case eg.Over():
		if err := r.checkFinal(); err != nil {
			return nil, nil, err
		}
	default:
		warnings = append(warnings, Warning{Place: Place{File: t.file, Where: t.where},
			Msg: fmt.Sprintf("the game stops after turn %d with %s left: imported unfinished", len(r.turns), tilesLeft(eg.TilesLeft()))})
	}
	rg, err := replay.Write(t.players, setup, r.moves, replay.WriteOptions{Tags: t.tags, Scores: t.scores})
	if err != nil {
		return nil, nil, &Error{Place: Place{File: t.file}, Kind: Invalid, Msg: fmt.Sprintf("the game does not replay as CGN: %v", err)}
	}
	for i, rt := range rg.Turns {
		if i < len(r.turns) && r.turns[i].hasClock && rt.Placement != nil {
			rt.Placement.Notes = &record.Notes{Clock: &record.Clock{Elapsed: r.turns[i].clock}}
		}
	}
	return rg, warnings, nil
}

// unnamedColours leaves out the colours of a log that CGN has no name
// for (BGA's colour in hex, "#982fff"), with a warning each.
func (t *table) unnamedColours() []Warning {
	var ws []Warning
	for i := range t.players {
		p := &t.players[i]
		if strings.HasPrefix(p.Colour, "#") {
			ws = append(ws, Warning{Place: Place{File: t.file, Where: t.where},
				Msg: fmt.Sprintf("%s's colour %s has no name in CGN: left out", p.Name, p.Colour), repair: true})
			p.Colour = ""
		}
	}
	return ws
}

// checkPlayers refuses, as invalid, players that a Players tag cannot
// hold: a name that is empty or has spaces around it, a name or a colour
// given twice, a colour CGN does not know (replay.Colours).
func (t *table) checkPlayers() error {
	for i, p := range t.players {
		msg := ""
		switch {
		case p.Name == "" || strings.TrimSpace(p.Name) != p.Name:
			msg = fmt.Sprintf("player %d's name %q is empty or has spaces around it", i+1, p.Name)
		case p.Colour != "" && !slices.Contains(replay.Colours, strings.ToLower(p.Colour)):
			msg = fmt.Sprintf("unknown colour %q for %s: the colours are %s", p.Colour, p.Name, strings.Join(replay.Colours, ", "))
		}
		for _, q := range t.players[:i] {
			switch {
			case norm.NFC.String(q.Name) == norm.NFC.String(p.Name):
				msg = fmt.Sprintf("player %q is named twice", p.Name)
			case p.Colour != "" && strings.EqualFold(q.Colour, p.Colour):
				msg = fmt.Sprintf("%s and %s both play %s", q.Name, p.Name, strings.ToLower(p.Colour))
			}
		}
		if msg != "" {
			return &Error{Place: Place{File: t.file, Where: t.where}, Kind: Invalid, Msg: msg}
		}
	}
	return nil
}

func tilesLeft(n int) string {
	if n == 1 {
		return "1 tile"
	}
	return fmt.Sprintf("%d tiles", n)
}

// replayer plays a table's turns on the engine, move by move.
type replayer struct {
	t     *table
	eg    *engine.Game
	names []string
	moves []engine.Move
	turns []*play
}

// place is where the move at where, by the player to move, is.
func (r *replayer) place(where string) Place {
	return Place{File: r.t.file, Where: where, Turn: r.eg.Turn(), Player: r.names[r.eg.Player()]}
}

// apply plays m; an illegal move is an *Error at where.
func (r *replayer) apply(m engine.Move, where string) error {
	p := r.place(where)
	if err := r.eg.Apply(m); err != nil {
		var ie *engine.IllegalMoveError
		if errors.As(err, &ie) {
			return &Error{Place: p, Kind: Invalid, Rule: ie.Violation.String(), Msg: ie.Reason}
		}
		return &Error{Place: p, Kind: Invalid, Msg: err.Error()}
	}
	r.moves = append(r.moves, m)
	return nil
}

// mover checks that seat (-1: unknown) is the player to move.
func (r *replayer) mover(seat int, where string) error {
	if seat >= 0 && seat != r.eg.Player() && !r.eg.Over() {
		return &Error{Place: r.place(where), Kind: Invalid, Msg: fmt.Sprintf("%s plays, but it is %s's turn", r.names[seat], r.names[r.eg.Player()])}
	}
	return nil
}

func (r *replayer) discard(d drawn) error {
	if err := r.mover(d.seat, d.where); err != nil {
		return err
	}
	if err := r.apply(engine.Move{Kind: engine.MoveDraw, Tile: types[d.typ].tile}, d.where); err != nil {
		return err
	}
	return r.apply(engine.Move{Kind: engine.MoveDiscard}, d.where)
}

// turn plays one placement with its discards and follower, and checks
// BGA's scores of the turn against the engine's.
func (r *replayer) turn(p *play) error {
	for _, d := range p.discards {
		if err := r.discard(d); err != nil {
			return err
		}
	}
	if err := r.mover(p.seat, p.where); err != nil {
		return err
	}
	before := r.eg.Scores()
	tile, rot := placement(p.typ, p.ori)
	if err := r.apply(engine.Move{Kind: engine.MoveDraw, Tile: tile}, p.where); err != nil {
		return err
	}
	if err := r.apply(engine.Move{Kind: engine.MovePlace, Pos: engine.Pos{X: p.x, Y: p.y}, Rot: rot}, p.where); err != nil {
		return err
	}
	if err := r.follower(p, tile); err != nil {
		return err
	}
	turn, player := r.eg.Turn(), r.names[r.eg.Player()]
	if err := r.apply(engine.Move{Kind: engine.MoveEndTurn}, p.where); err != nil {
		return err
	}
	r.turns = append(r.turns, p)
	return r.checkPoints(p, before, turn, player)
}

func (r *replayer) follower(p *play, tile engine.TileID) error {
	if p.pos == 0 {
		return r.apply(engine.Move{Kind: engine.MovePass}, p.where)
	}
	where := p.where
	if p.posWhere != "" {
		where = p.posWhere
	}
	s, ok := spotOf(p.typ, p.ori, p.pos)
	if !ok {
		return &Error{Place: r.place(where), Kind: Invalid, Rule: engine.ViolationFollower.String(),
			Msg: fmt.Sprintf("tile %s (BGA type %d) has no feature %d", tile, p.typ, p.pos)}
	}
	return r.apply(engine.Move{Kind: engine.MoveFollower, Spot: s}, where)
}

// discardsOnly plays the discards after the last placement: the game ends
// with them, or they open a turn the input does not finish, which is an
// error.
func (r *replayer) discardsOnly() error {
	for _, d := range r.t.trailing {
		if err := r.discard(d); err != nil {
			return err
		}
	}
	last := r.t.trailing[len(r.t.trailing)-1].where
	if r.eg.Phase() != engine.PhaseEnd {
		return &Error{Place: r.place(last), Kind: Invalid, Msg: "the game stops after a discard, inside a turn"}
	}
	return r.apply(engine.Move{Kind: engine.MoveEndTurn}, last)
}

// checkPoints compares BGA's scores of a turn with the engine's: each
// player's points in the turn and the running score of the last winPoints.
func (r *replayer) checkPoints(p *play, before []int, turn int, player string) error {
	if len(p.points) == 0 {
		return nil
	}
	after := r.eg.Scores()
	sum := make([]int, len(after))
	last := make([]*points, len(after))
	for i := range p.points {
		w := &p.points[i]
		sum[w.seat] += w.points
		last[w.seat] = w
	}
	for seat, w := range last {
		if w == nil {
			continue
		}
		got := after[seat] - before[seat]
		if sum[seat] != got || w.score != after[seat] {
			return &Error{Place: Place{File: r.t.file, Where: w.where, Turn: turn, Player: player}, Kind: Invalid,
				Msg: fmt.Sprintf("BGA gives %s %d points (score %d), towerlog %d (score %d)", r.names[seat], sum[seat], w.score, got, after[seat])}
		}
	}
	return nil
}

// checkFinal compares BGA's final scores with the engine's.
func (r *replayer) checkFinal() error {
	if len(r.t.final) != len(r.names) {
		return nil // BGA's result names other players: the moves were checked
	}
	for seat, s := range r.eg.Scores() {
		if r.t.final[seat] != s {
			return &Error{Place: Place{File: r.t.file, Where: r.t.finalWhere}, Kind: Invalid,
				Msg: fmt.Sprintf("BGA's final score of %s is %d, towerlog's %d", r.names[seat], r.t.final[seat], s)}
		}
	}
	return nil
}
