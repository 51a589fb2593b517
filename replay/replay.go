package replay

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
)

// Options tunes a replay.
type Options struct {
	// Lenient turns missing or unverifiable annotations (a missing Result
	// tag) into warnings. Illegal moves are always errors.
	Lenient bool
	// Stop is where the replay stops; the zero Stop plays every turn.
	Stop Stop
	// SyntaxOnly checks the notation only: games are parsed, not replayed.
	SyntaxOnly bool
	// AfterTurn, when not nil, is called after each turn replayed, with
	// the turn and the engine's state after it, which is valid during the
	// call only: a page that shows every turn's board reads it there
	// instead of replaying the game again for each turn.
	AfterTurn func(t *Turn, state *engine.Game)
}

// Stop is where a replay stops: the zero Stop plays every turn,
// StopAfter(n) stops after turn n.
type Stop struct {
	after int // the turns to play, plus one; 0 plays them all
}

// StopAfter stops a replay after turn n: the state is the one after turn
// n, and StopAfter(0) gives the position before the first turn. A
// negative n counts as 0.
func StopAfter(n int) Stop { return Stop{after: max(n, 0) + 1} }

// reached reports whether a replay that has played turns turns stops.
func (s Stop) reached(turns int) bool { return s.after > 0 && turns >= s.after-1 }

// Player is a seat of a game.
type Player struct {
	Name   string `json:"name"`
	Colour string `json:"colour"`
}

// ActionKind is what a turn did after placing its tile.
type ActionKind uint8

// Actions.
const (
	ActionNone          ActionKind = iota // nothing
	ActionFollower                        // a follower on the new tile
	ActionFloor                           // a tower floor (maybe with a capture)
	ActionTowerFollower                   // a follower onto a tower
)

var actionNames = [...]string{"none", "follower", "floor", "tower-follower"}

func (a ActionKind) String() string { return actionNames[a] }

// Turn is one replayed turn.
type Turn struct {
	Number   int
	Seat     int
	Discards []engine.TileID
	Placed   bool // false when every drawn tile was discarded
	Tile     engine.TileID
	Pos      engine.Pos
	Rot      engine.Rotation
	Action   ActionKind
	Spot     engine.Spot // ActionFollower: where on the new tile
	Target   engine.Pos  // ActionFloor, ActionTowerFollower: the tower
	Phantom  bool        // ActionFollower, ActionTowerFollower: the figure is the phantom
	Captured bool        // ActionFloor: a follower was captured
	// Second is the turn's second figure, the phantom (rules with the
	// Phantom): ActionFollower on SecondSpot of the new tile, or
	// ActionTowerFollower onto the tower at SecondTarget; ActionNone.
	Second       ActionKind
	SecondSpot   engine.Spot
	SecondTarget engine.Pos
	Ransom       bool  // the player paid a ransom this turn
	Scores       []int // every player's score after the turn
	// EventsFrom and EventsTo delimit the turn's events in Game.Events.
	EventsFrom, EventsTo int
}

// Game is a replayed game: its record, what was set up from the tags, the
// turns replayed, the resulting state and the diagnostics.
type Game struct {
	File    string
	Index   int // 1-based position in its file
	Record  *record.Game
	Players []Player
	Rules   engine.Rules
	Setup   engine.Setup
	Turns   []Turn
	// State is the game after the last turn replayed; nil when the record
	// could not even be set up.
	State       *engine.Game
	Diagnostics []Diagnostic
}

// Valid reports whether the game has no error.
func (g *Game) Valid() bool {
	for i := range g.Diagnostics {
		if g.Diagnostics[i].Severity == Error {
			return false
		}
	}
	return true
}

// Finished reports whether the engine played the game to its end and
// scored it: every tile of the bag played, final scoring done. Whatever
// the Result tag says, only a finished game has a winner and places.
func (g *Game) Finished() bool { return g.State != nil && g.State.Over() }

// Result is the engine's result of the game: its final scores as a
// Result tag writes them ("96-70") when it is finished, "*" when not.
func (g *Game) Result() *record.Result {
	if !g.Finished() {
		return &record.Result{}
	}
	return &record.Result{Scores: g.State.Scores()}
}

// Events returns the engine's events of the replayed turns.
func (g *Game) Events() []engine.Event {
	if g.State == nil {
		return nil
	}
	return g.State.Events()
}

// Replay sets a game up from its record's tags and plays its main line
// through the engine, stopping at the first illegal move. rg is a record
// the parser read without error.
func Replay(file string, index int, rg *record.Game, opts Options) *Game {
	return replayIn(nil, file, index, rg, nil, nil, opts)
}

// ReplayParsed is Replay for a record as the parser gave it, with its
// error: nil, or the syntax errors of the game (a record.ErrorList or a
// *record.SyntaxError), which become the Game's diagnostics. A game with
// syntax errors is not replayed.
func ReplayParsed(file string, index int, rg *record.Game, syntax error, opts Options) *Game {
	return replayIn(nil, file, index, rg, syntax, nil, opts)
}

// ReplayLoaded is Replay for a game a Loader read from another program's
// file, with the diagnostics the loader found: rg (nil when the file held
// no game towerlog can play) is replayed as usual, and found comes after
// the replay's own diagnostics.
func ReplayLoaded(file string, index int, rg *record.Game, found Diagnostics, opts Options) *Game {
	return replayIn(nil, file, index, rg, nil, found, opts)
}

// memory is what a replay allocates, kept to replay later games in: a
// Game replayed in it is valid until the next replay in it.
type memory struct {
	parser *record.Parser // for RunSummaries: parses the game replayed here
	// What the last game set up from its Players and Rules tags, when
	// they were valid.
	seatsTag, rulesTag string
	seated, ruled      bool
	rulesGiven         bool
	seats              []Player
	rules              engine.Rules
	game               Game
	engine             engine.Game
	turns              []Turn
	scores             []int
	players            []Player
	names              []string
	bag                []engine.TileID
}

// replayIn replays rg, in the memory of m when m is not nil: a game with
// syntax errors only reports them, and the diagnostics a loader found
// come after the replay's own.
func replayIn(m *memory, file string, index int, rg *record.Game, syntax error, found Diagnostics, opts Options) *Game {
	r := &replayer{mem: m, opts: opts}
	if m != nil {
		m.game = Game{File: file, Index: index, Record: rg, Players: m.players[:0], Turns: m.turns[:0]}
		r.g = &m.game
	} else {
		r.g = &Game{File: file, Index: index, Record: rg}
	}
	if syntax != nil {
		r.syntax(syntax)
		return r.g
	}
	if found != nil {
		defer r.keep(found)
	}
	if rg == nil {
		return r.g
	}
	r.checkDate()
	if opts.SyntaxOnly || !r.setup() {
		return r.g
	}
	r.play()
	return r.g
}

// keep adds the diagnostics a loader found to the game's.
func (r *replayer) keep(ds Diagnostics) {
	for _, d := range ds {
		d.Game = r.g.Index
		r.g.Diagnostics = append(r.g.Diagnostics, d)
	}
}

type replayer struct {
	mem    *memory // nil: allocate afresh
	g      *Game
	opts   Options
	eg     *engine.Game
	turn   *record.Turn              // the turn being replayed
	said   [engine.MaxPlayers]string // the spelling of each seat's name in its last turn
	scores []int                     // backing store of every Turn.Scores
}

func (r *replayer) report(code string, sev Severity, pos record.Position, format string, args ...any) {
	d := Diagnostic{Code: code, Severity: sev, Pos: pos, Game: r.g.Index, Message: fmt.Sprintf(format, args...)}
	if r.turn != nil {
		d.Turn = r.turn.Number
		d.Player = r.turn.Player.Text
	}
	r.g.Diagnostics = append(r.g.Diagnostics, d)
}

func (r *replayer) fail(code string, pos record.Position, format string, args ...any) {
	r.report(code, Error, pos, format, args...)
}

func (r *replayer) syntax(err error) {
	ds := SyntaxDiagnostics(err)
	if ds == nil {
		r.fail(CodeSyntax, r.g.Record.Pos, "%v", err)
		return
	}
	for i := range ds {
		ds[i].Game = r.g.Index
	}
	r.g.Diagnostics = append(r.g.Diagnostics, ds...)
}

// SyntaxDiagnostics turns the syntax errors of a record (a
// record.ErrorList or a *record.SyntaxError) into diagnostics with their
// positions, turns, players and source lines; it returns nil for any
// other error. Their Game is 0: the caller knows which game it parsed.
func SyntaxDiagnostics(err error) []Diagnostic {
	var list record.ErrorList
	var se *record.SyntaxError
	switch {
	case errors.As(err, &list):
	case errors.As(err, &se):
		list = record.ErrorList{se}
	default:
		return nil
	}
	ds := make([]Diagnostic, len(list))
	for i, e := range list {
		ds[i] = syntaxDiagnostic(CodeSyntax, e)
	}
	return ds
}

func syntaxDiagnostic(code string, e *record.SyntaxError) Diagnostic {
	return Diagnostic{Code: code, Severity: Error, Pos: e.Pos, Turn: e.Turn, Player: e.Player,
		Message: e.Msg, Source: e.Source, Span: e.Span}
}

// syntaxError reports a syntax error of the record or of a tag value with
// its own position and source line.
func (r *replayer) syntaxError(code string, e *record.SyntaxError) {
	d := syntaxDiagnostic(code, e)
	d.Game = r.g.Index
	r.g.Diagnostics = append(r.g.Diagnostics, d)
}

// tagError reports an error from a tag accessor; syntax errors of a tag
// value carry their own position.
func (r *replayer) tagError(code string, err error) {
	var list record.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		r.syntaxError(code, list[0])
		return
	}
	var se *record.SyntaxError
	if errors.As(err, &se) {
		r.syntaxError(code, se)
		return
	}
	r.fail(code, r.g.Record.Pos, "%v", err)
}

func (r *replayer) tagPos(name string) record.Position {
	for _, t := range r.g.Record.Tags {
		if strings.EqualFold(t.Name, name) {
			return t.Pos
		}
	}
	return r.g.Record.Pos
}

// checkDate warns about a Date tag that is no calendar date: archives
// sort and filter games by date, so a mistyped one would silently drop a
// game from a report.
func (r *replayer) checkDate() {
	if _, ok := r.g.Record.Tag("Date"); !ok {
		return
	}
	d, err := r.g.Record.Date()
	pos := r.tagPos("Date")
	switch {
	case err != nil:
		r.report(CodeDate, Warning, pos, "the Date tag is not a date such as 2026.11.20 (?? for an unknown part)")
	case d.Year > 0 && d.Year < 1000:
		r.report(CodeDate, Warning, pos, "the year %d of the Date tag has fewer than four digits", d.Year)
	case d.Year > 0 && d.Month > 0 && d.Day > 0 &&
		time.Date(d.Year, time.Month(d.Month), d.Day, 0, 0, 0, 0, time.UTC).Day() != d.Day:
		r.report(CodeDate, Warning, pos, "%s is not a day of the calendar", d)
	}
}

// Colours are the colour names a Players tag may give, in any case
// ("grey" is "gray" too).
var Colours = []string{"black", "blue", "brown", "gray", "green", "grey", "orange", "pink", "purple", "red", "white", "yellow"}

// colourList names the colours a Players tag may give.
func colourList() string { return strings.Join(Colours, ", ") }

// setup reads Players, Rules, Bag and Start and creates the engine game.
// Replaying in memory, it reuses what the previous game read from the
// same Players and Rules values (files of one club or tournament repeat
// them game after game).
func (r *replayer) setup() bool {
	rg := r.g.Record
	m := r.mem
	seatsTag, _ := rg.Tag("Players")
	if m != nil && m.seated && seatsTag == m.seatsTag {
		r.g.Players = append(r.g.Players, m.seats...)
	} else {
		if !r.seat() {
			return false
		}
		if m != nil {
			m.seatsTag, m.seats, m.seated = seatsTag, append(m.seats[:0], r.g.Players...), true
		}
	}
	var rules engine.Rules
	rulesTag, rulesGiven := rg.Tag("Rules")
	if m != nil && m.ruled && rulesTag == m.rulesTag && rulesGiven == m.rulesGiven {
		rules = m.rules
	} else {
		var ok bool
		if rules, ok = r.rules(); !ok {
			return false
		}
		if m != nil {
			m.rulesTag, m.rulesGiven, m.rules, m.ruled = rulesTag, rulesGiven, rules, true
		}
	}
	players := r.g.Players
	r.g.Rules = rules
	s := engine.Setup{Players: len(players), Rules: rules}
	if r.mem != nil {
		s.Names = r.mem.names[:0]
	}
	for _, p := range players {
		s.Names = append(s.Names, p.Name)
	}
	if !r.bag(&s) || !r.start(&s) {
		return false
	}
	var eg *engine.Game
	var err error
	if r.mem != nil {
		eg, err = &r.mem.engine, r.mem.engine.Reset(s)
		r.mem.names = s.Names
		if s.Bag != nil { // a game without a Bag tag leaves the array for the next that has one
			r.mem.bag = s.Bag
		}
	} else {
		eg, err = engine.NewGame(s)
	}
	if err != nil {
		var se *engine.SetupError
		if !errors.As(err, &se) {
			r.fail(CodeBag, r.tagPos("Bag"), "%v", err)
			return false
		}
		r.fail(CodeBag, r.tagPos("Bag"), "%s", se.Reason)
		return false
	}
	r.g.Setup, r.eg, r.g.State = s, eg, eg
	return true
}

func (r *replayer) bag(s *engine.Setup) bool {
	bag, err := r.g.Record.Bag()
	if err != nil {
		r.tagError(CodeBag, err)
		return false
	}
	if bag == nil {
		return true
	}
	// Not nil, even empty: a nil Bag is the whole box.
	s.Bag = []engine.TileID{}
	if r.mem != nil && r.mem.bag != nil {
		s.Bag = r.mem.bag[:0]
	}
	s.Ordered = bag.Kind == record.BagOrder
	for _, bt := range bag.Tiles {
		id, ok := engine.LookupTile(bt.Tile)
		if !ok {
			r.fail(CodeUnknownTile, bt.Pos, "unknown tile %q in the Bag tag", bt.Tile)
			return false
		}
		for i := 0; i < bt.Count; i++ {
			s.Bag = append(s.Bag, id)
		}
	}
	return true
}

func (r *replayer) start(s *engine.Setup) bool {
	st, err := r.g.Record.Start()
	if err != nil {
		r.tagError(CodeStart, err)
		return false
	}
	if st == nil {
		return true
	}
	id, ok := engine.LookupTile(st.Tile)
	if !ok {
		r.fail(CodeUnknownTile, st.Pos, "unknown start tile %q", st.Tile)
		return false
	}
	rot, ok := engine.RotationFromDegrees(int(st.Rotation))
	if !ok || st.X != 0 || st.Y != 0 {
		r.fail(CodeStart, st.Pos, "the start tile must lie at 0,0 with a rotation of 0, 90, 180 or 270")
		return false
	}
	s.StartTile, s.StartRot = &id, rot
	return true
}

// seat reads the Players tag into r.g.Players.
func (r *replayer) seat() bool {
	rg := r.g.Record
	players, err := rg.Players()
	if err != nil {
		r.tagError(CodePlayers, err)
		return false
	}
	if len(players) == 0 {
		r.fail(CodePlayers, rg.Pos, "the game has no Players tag: it must name the players in seat order")
		return false
	}
	if len(players) > engine.MaxPlayers {
		r.fail(CodePlayers, r.tagPos("Players"), "%d players: a game has at most %d", len(players), engine.MaxPlayers)
		return false
	}
	for _, p := range players {
		for _, q := range r.g.Players {
			if sameName(q.Name, p.Name) {
				r.fail(CodePlayers, p.Pos, "player %q is named twice", p.Name)
				return false
			}
		}
		if p.Colour != "" {
			c := strings.ToLower(p.Colour)
			if !slices.Contains(Colours, c) {
				hint := ""
				if strings.ContainsAny(p.Colour, ",:") {
					hint = " (seats are separated by \";\")"
				}
				r.fail(CodePlayers, p.Pos, "unknown colour %q for %s: the colours are %s%s", p.Colour, p.Name, colourList(), hint)
				return false
			}
			for _, q := range r.g.Players {
				if strings.EqualFold(q.Colour, c) {
					r.fail(CodePlayers, p.Pos, "%s and %s both play %s", q.Name, p.Name, c)
					return false
				}
			}
		}
		r.g.Players = append(r.g.Players, Player{Name: p.Name, Colour: p.Colour})
	}
	return true
}

// rules reads the Rules tag.
func (r *replayer) rules() (engine.Rules, bool) {
	rg := r.g.Record
	words, err := rg.Rules()
	if err != nil {
		r.tagError(CodeRules, err)
		return engine.Rules{}, false
	}
	ws := make([]string, len(words))
	for i, w := range words {
		ws[i] = w.String()
	}
	rules, err := engine.ParseRules(ws)
	if err != nil {
		pos, msg := r.tagPos("Rules"), err.Error()
		var re *engine.RulesError
		if errors.As(err, &re) {
			msg = re.Reason
			if re.Index < len(words) && words[re.Index].Pos.IsValid() {
				pos = words[re.Index].Pos
			}
		}
		r.fail(CodeRules, pos, "%s", msg)
		return engine.Rules{}, false
	}
	return rules, true
}
