package filter

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"golang.org/x/text/unicode/norm"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// Filter selects games: the games of the archive report, of the player
// statistics and standings, and of towerlog select. The zero Filter
// selects every game. The same Filter selects stored games (in SQL, see
// Where) and replayed games read from files (Match), with the same
// meaning; every condition set must hold. Each field is described once,
// in Fields, from which Check, Describe, Where and Match are
// derived.
type Filter struct {
	// Players: games in which every one of these names took part.
	Players []string
	// Seat, with exactly one of Players: the seat that player had,
	// counting from 1 (the first player of the Players tag); 0 is any.
	Seat int
	// Event, Site and Round: games whose tag of that name is this value;
	// Event NoEvent: the games without an Event tag.
	Event, Site, Round string
	// Since and Until: games played on or after, and on or before, this
	// date: YYYY-MM-DD (or YYYY.MM.DD, YYYY-MM, YYYY; Until "2025" is the
	// end of 2025). A game without a known date has none of them.
	Since, Until string
	// Rules: games played with every one of these words of the Rules tag
	// ("tower", "guard-capture=no", "range=diagonal"; a value may hold
	// several, separated by spaces); a rule's default value
	// ("reopen=yes") selects the games that keep it.
	Rules []string
	// Result: "finished" (the engine played the game to its end and
	// scored it, whatever the Result tag says), "unfinished" (or
	// "*"), "shared" (a finished game's first place shared), or the
	// engine's final scores as a Result tag writes them ("57-43").
	Result string
	// Winner: games this player won alone.
	Winner string
	// Seats: games of so many players; Turns: of so many turns.
	Seats, Turns Range
	// Captures: games with so many followers captured by towers (a
	// player's own included); Ransoms: with so many ransoms paid;
	// Tower: whose highest tower ended so high.
	Captures, Ransoms, Tower Range
	// Captor and Victim: games in which Captor's tower captured a
	// follower of Victim. With only one of them, an opponent's follower
	// (Captor) or a follower by an opponent (Victim); with both the same,
	// the player took back their own follower.
	Captor, Victim string
}

// Range is a closed range of counts: N, N-M, N- (at least N) or -M (at
// most M). The zero Range holds every count.
type Range struct {
	Min, Max int // Max < 0: no upper bound
	Set      bool
}

// ParseRange reads a Range: "3", "2-4", "10-" or "-5".
func ParseRange(s string) (Range, error) {
	bad := fmt.Errorf("%q is no range: give N, N-M, N- (at least N) or -M (at most M)", s)
	lo, hi, dash := strings.Cut(strings.TrimSpace(s), "-")
	r := Range{Max: -1, Set: true}
	var err error
	if lo != "" {
		if r.Min, err = strconv.Atoi(lo); err != nil || r.Min < 0 {
			return Range{}, bad
		}
	}
	switch {
	case !dash:
		if lo == "" {
			return Range{}, bad
		}
		r.Max = r.Min
	case hi != "":
		if r.Max, err = strconv.Atoi(hi); err != nil || r.Max < r.Min {
			return Range{}, bad
		}
	case lo == "":
		return Range{}, bad
	}
	return r, nil
}

// String writes the range as ParseRange reads it ("" for the zero Range).
func (r Range) String() string {
	switch {
	case !r.Set:
		return ""
	case r.Max == r.Min:
		return strconv.Itoa(r.Min)
	case r.Max < 0:
		return strconv.Itoa(r.Min) + "-"
	case r.Min == 0:
		return "-" + strconv.Itoa(r.Max)
	}
	return strconv.Itoa(r.Min) + "-" + strconv.Itoa(r.Max)
}

// Holds reports whether n is in the range.
func (r Range) Holds(n int) bool {
	return !r.Set || (n >= r.Min && (r.Max < 0 || n <= r.Max))
}

// sql appends the condition that expr is in the range.
func (r Range) sql(q *query, expr string) {
	if !r.Set {
		return
	}
	q.cond(expr+" >= ?", r.Min)
	if r.Max >= 0 {
		q.cond(expr+" <= ?", r.Max)
	}
}

// Error is a Filter that cannot be used: a bad date, a seat without
// its player. It names the fields as Fields does; Text names them as its
// caller does (the command line by their flags).
type Error struct {
	Field string // the field: "since"
	Msg   string // what is wrong with its value
	// Needs is a field that must have exactly one value for this one to
	// be used ("player"), "" for none.
	Needs string
}

// Error writes the error, each field named by its name: since "2025-13":
// want a date as YYYY-MM-DD.
func (e *Error) Error() string { return e.Text(fieldName) }

// Text writes the error, each field named by name(field).
func (e *Error) Text(name func(field string) string) string {
	s := name(e.Field) + " " + e.Msg
	if e.Needs != "" {
		s += " with exactly one " + name(e.Needs)
	}
	return s
}

// fieldName names a field as the library's messages do: by its name.
func fieldName(field string) string { return field }

// Check reports whether the filter can be used: the first *Error of
// its fields, in the order of Fields.
func (f Filter) Check() error {
	for i := range Fields {
		fld := &Fields[i]
		if fld.check != nil && fld.set(&f) {
			if err := fld.check(f); err != nil {
				return err
			}
		}
	}
	return nil
}

// resultValue reports whether s is written as a Result tag's scores.
func resultValue(s string) bool {
	for _, p := range strings.Split(s, "-") {
		if _, err := strconv.Atoi(p); err != nil {
			return false
		}
	}
	return true
}

// filterDate reads a date given as YYYY-MM-DD, YYYY-MM or YYYY; end
// makes a partial date its last day (as text: 2025-02-31 stands for the
// end of February, which the stored dates compare right with).
func filterDate(field, s string, end bool) (string, error) {
	if s == "" {
		return "", nil
	}
	v := strings.ReplaceAll(s, ".", "-")
	for _, l := range []struct{ layout, start, end string }{
		{"2006-01-02", "", ""},
		{"2006-01", "-01", "-31"},
		{"2006", "-01-01", "-12-31"},
	} {
		if t, err := time.Parse(l.layout, v); err == nil {
			if end {
				return t.Format(l.layout) + l.end, nil
			}
			return t.Format(l.layout) + l.start, nil
		}
	}
	return "", &Error{Field: field, Msg: fmt.Sprintf("%q: give a date as YYYY-MM-DD, YYYY-MM or YYYY (2025-03-08, 2025-03 or 2025)", s)}
}

// IsZero reports whether the filter selects every game.
func (f Filter) IsZero() bool { return f.describeParts() == nil }

// describeParts says what the filter keeps, one phrase per condition.
func (f Filter) describeParts() []string {
	var parts []string
	for i := range Fields {
		fld := &Fields[i]
		switch values := fld.texts(&f); {
		case len(values) == 0:
		case fld.describe != nil:
			parts = append(parts, fld.describe(f)...)
		case fld.Kind == WordsField:
			parts = append(parts, fmt.Sprintf(fld.phrase, strings.Join(values, " ")))
		default:
			for _, v := range values {
				parts = append(parts, fmt.Sprintf(fld.phrase, v))
			}
		}
	}
	return parts
}

// Describe says in words which games the filter selects.
func (f Filter) Describe() string {
	parts := f.describeParts()
	if len(parts) == 0 {
		return "All games of the archive"
	}
	return "Only " + strings.Join(parts, ", ")
}

// query gathers the conditions of a WHERE clause and their arguments.
// Values always go in as arguments, never into the text.
type query struct {
	conds []string
	args  []any
}

func (q *query) cond(c string, args ...any) {
	q.conds = append(q.conds, c)
	q.args = append(q.args, args...)
}

// Where returns the condition on the games table, aliased g, that the
// filter sets, and its arguments; "1" when it sets none. Values go in as
// arguments, never into the text.
func (f Filter) Where() (string, []any, error) {
	if err := f.Check(); err != nil {
		return "", nil, err
	}
	var q query
	for i := range Fields {
		if fld := &Fields[i]; fld.sql != nil && fld.set(&f) {
			fld.sql(f, &q)
		}
	}
	if len(q.conds) == 0 {
		return "1", nil, nil
	}
	return strings.Join(q.conds, " AND "), q.args, nil
}

// nfc puts a name in normal form C, as names are stored.
func nfc(s string) string { return norm.NFC.String(s) }

// Match reports whether a replayed game is one the filter selects; an
// invalid game never is, nor any game when the filter fails Check. It
// means exactly what the filter means on the database.
func (f Filter) Match(g *replay.Game) bool {
	if !g.Valid() || g.Record == nil || g.State == nil || f.Check() != nil {
		return false
	}
	v := newGameView(g)
	for i := range Fields {
		if fld := &Fields[i]; fld.match != nil && fld.set(&f) && !fld.match(f, v) {
			return false
		}
	}
	return true
}

// gameView is a replayed game as the filters read it: its players' names
// in normal form C by seat, its sole winner, and the counts of what
// happened in it, made when first asked for.
type gameView struct {
	*replay.Game
	names  []string
	winner int // the seat of the one player with the best score, -1 when first place is shared
	events *eventCounts
}

// eventCounts are the counts of what happened in a game.
type eventCounts struct {
	captures, ransoms, tower int
	captured                 []capture
}

// capture is a follower captured by a tower.
type capture struct {
	captor, victim string
	own            bool // the captor took back their own follower
}

func newGameView(g *replay.Game) *gameView {
	names := make([]string, len(g.Players))
	for i, p := range g.Players {
		names[i] = nfc(p.Name)
	}
	return &gameView{Game: g, names: names, winner: soleWinner(g.State.Scores())}
}

// date is the game's date as the store writes it, "" when unknown.
func (g *gameView) date() string {
	if d := ISODate(g.Record); d != nil {
		return *d
	}
	return ""
}

// counts counts the captures, ransoms and the highest tower of the game.
func (g *gameView) counts() *eventCounts {
	if g.events != nil {
		return g.events
	}
	c := &eventCounts{}
	events := g.Events()
	for _, t := range g.Turns {
		for _, e := range events[t.EventsFrom:t.EventsTo] {
			switch e.Kind {
			case engine.EventCapture:
				c.captures++
				c.captured = append(c.captured, capture{g.names[e.Player], g.names[e.Other], e.Player == e.Other})
			case engine.EventRansom:
				c.ransoms++
			case engine.EventFloor:
				c.tower = max(c.tower, min(e.Height, 255))
			}
		}
	}
	g.events = c
	return c
}

func indexOf(s []string, v string) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}

// hasAt reports whether names has name at seat (a name may sit twice).
func hasAt(names []string, name string, seat int) bool {
	return seat < len(names) && names[seat] == name
}

// soleWinner returns the seat of the one player with the best score, or
// -1 when first place is shared.
func soleWinner(scores []int) int {
	best, seat := 0, -1
	for i, s := range scores {
		switch {
		case i == 0 || s > best:
			best, seat = s, i
		case s == best:
			seat = -1
		}
	}
	return seat
}

// ISODate turns the Date tag of a record into YYYY-MM-DD (00 for an
// unknown month or day), or nil when the tag is absent, malformed or has
// no year. It is the date the store keeps and Since and Until compare.
func ISODate(rg *record.Game) *string {
	d, err := rg.Date()
	if err != nil || d.Year == 0 {
		return nil
	}
	s := fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day)
	return &s
}
