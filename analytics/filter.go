package analytics

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"golang.org/x/text/unicode/norm"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/replay"
)

// Filter selects games: the games of the archive report, of the player
// statistics and standings, and of towerlog select. The zero Filter
// selects every game. The same Filter selects stored games (in SQL, see
// Where) and replayed games read from files (Match), with the same
// meaning; every condition set must hold.
type Filter struct {
	// Players: games in which every one of these names took part.
	Players []string
	// Seat, with exactly one of Players: the seat that player had,
	// counting from 1 (the first player of the Players tag); 0 is any.
	Seat int
	// Event, Site and Round: games whose tag of that name is this value.
	Event, Site, Round string
	// Since and Until: games played on or after, and on or before, this
	// date: YYYY-MM-DD (or YYYY.MM.DD, YYYY-MM, YYYY; Until "2025" is the
	// end of 2025). A game without a known date has none of them.
	Since, Until string
	// Rules: games played with every one of these words of the Rules tag
	// ("tower", "guard-capture=no", "range=diagonal"); a rule's default
	// value ("reopen=yes") selects the games that keep it.
	Rules []string
	// Result: "finished" (a Result tag with scores), "unfinished" (or
	// "*"), "shared" (first place shared), or the Result tag's value as
	// written ("57-43").
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

// FilterError is a Filter that cannot be used: a bad date, a seat without
// its player.
type FilterError struct {
	Flag string // the flag of the command line it comes from: "since"
	Msg  string
}

func (e *FilterError) Error() string { return "--" + e.Flag + " " + e.Msg }

// Check reports whether the filter can be used.
func (f Filter) Check() error {
	if _, _, err := f.dates(); err != nil {
		return err
	}
	if f.Seat < 0 || (f.Seat > 0 && len(f.Players) != 1) {
		return &FilterError{"seat", strconv.Itoa(f.Seat) + ": give a seat from 1 with exactly one --player"}
	}
	switch strings.ToLower(f.Result) {
	case "", "finished", "unfinished", "*", "shared":
	default:
		if !resultValue(f.Result) {
			return &FilterError{"result", fmt.Sprintf("%q: give finished, unfinished, shared or scores as the Result tag writes them (57-43)", f.Result)}
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

// dates turns Since and Until into the stored date form.
func (f Filter) dates() (since, until string, err error) {
	if since, err = filterDate("since", f.Since, false); err != nil {
		return "", "", err
	}
	if until, err = filterDate("until", f.Until, true); err != nil {
		return "", "", err
	}
	return since, until, nil
}

// filterDate reads a date given as YYYY-MM-DD, YYYY-MM or YYYY; end
// makes a partial date its last day (as text: 2025-02-31 stands for the
// end of February, which the stored dates compare right with).
func filterDate(flag, s string, end bool) (string, error) {
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
	return "", &FilterError{flag, fmt.Sprintf("%q: want a date as YYYY-MM-DD", s)}
}

// IsZero reports whether the filter selects every game.
func (f Filter) IsZero() bool { return f.describeParts() == nil }

// describeParts says what the filter keeps, one phrase per condition.
func (f Filter) describeParts() []string {
	var parts []string
	add := func(cond bool, format string, args ...any) {
		if cond {
			parts = append(parts, fmt.Sprintf(format, args...))
		}
	}
	for _, p := range f.Players {
		add(true, "games of %s", p)
	}
	add(f.Seat > 0, "in seat %d", f.Seat)
	add(f.Event != "", "event %s", f.Event)
	add(f.Site != "", "site %s", f.Site)
	add(f.Round != "", "round %s", f.Round)
	add(f.Since != "", "since %s", f.Since)
	add(f.Until != "", "until %s", f.Until)
	add(len(f.Rules) > 0, "rules %s", strings.Join(f.Rules, " "))
	add(f.Result != "", "result %s", f.Result)
	add(f.Winner != "", "won by %s", f.Winner)
	add(f.Seats.Set, "%s players", f.Seats)
	add(f.Turns.Set, "%s turns", f.Turns)
	add(f.Captures.Set, "%s captures", f.Captures)
	add(f.Ransoms.Set, "%s ransoms", f.Ransoms)
	add(f.Tower.Set, "highest tower %s", f.Tower)
	switch {
	case f.Captor != "" && f.Victim != "":
		add(true, "%s capturing a follower of %s", f.Captor, f.Victim)
	case f.Captor != "":
		add(true, "%s capturing", f.Captor)
	case f.Victim != "":
		add(true, "%s captured", f.Victim)
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
	since, until, _ := f.dates()
	var q query
	for _, p := range f.Players {
		if f.Seat > 0 {
			q.cond("EXISTS (SELECT 1 FROM players p WHERE p.game = g.gid AND p.name = ? AND p.seat = ?)", nfc(p), f.Seat-1)
		} else {
			q.cond("EXISTS (SELECT 1 FROM players p WHERE p.game = g.gid AND p.name = ?)", nfc(p))
		}
	}
	for _, t := range []struct{ col, v string }{{"event", f.Event}, {"site", f.Site}, {"round", f.Round}} {
		if t.v != "" {
			q.cond("g."+t.col+" = ?", t.v)
		}
	}
	if since != "" {
		q.cond("g.date >= ?", since)
	}
	if until != "" {
		q.cond("g.date <= ?", until)
	}
	for _, w := range f.Rules {
		word, key := ruleWord(w)
		if key != "" {
			q.cond("instr(' ' || g.rules, ?) = 0", " "+key+"=")
		} else {
			q.cond("instr(' ' || g.rules || ' ', ?) > 0", " "+word+" ")
		}
	}
	switch strings.ToLower(f.Result) {
	case "":
	case "finished":
		q.cond("g.result IS NOT NULL AND g.result <> '*'")
	case "unfinished", "*":
		q.cond("g.result = '*'")
	case "shared":
		q.cond("g.winner IS NULL")
	default:
		q.cond("g.result = ?", f.Result)
	}
	if f.Winner != "" {
		q.cond("g.winner = ?", nfc(f.Winner))
	}
	f.Seats.sql(&q, "g.seats")
	f.Turns.sql(&q, "g.turns")
	f.Captures.sql(&q, "(SELECT count(*) FROM captures c WHERE c.game = g.gid)")
	f.Ransoms.sql(&q, "(SELECT count(*) FROM ransoms r WHERE r.game = g.gid)")
	f.Tower.sql(&q, "(SELECT coalesce(max(t.height), 0) FROM tower_growth t WHERE t.game = g.gid)")
	if f.Captor != "" || f.Victim != "" {
		c := "EXISTS (SELECT 1 FROM capture_log c WHERE c.game = g.gid"
		var args []any
		if f.Captor != "" {
			c += " AND c.captor = ?"
			args = append(args, nfc(f.Captor))
		}
		if f.Victim != "" {
			c += " AND c.victim = ?"
			args = append(args, nfc(f.Victim))
		}
		if f.Captor == "" || f.Victim == "" {
			c += " AND NOT c.own"
		}
		q.cond(c+")", args...)
	}
	if len(q.conds) == 0 {
		return "1", nil, nil
	}
	return strings.Join(q.conds, " AND "), q.args, nil
}

// ruleWord reads a word of a rules filter: in lower case, and when it
// gives a rule its default value, which the canonical Rules tag leaves
// unwritten, the rule's key.
func ruleWord(w string) (word, defaultKey string) {
	word = strings.ToLower(w)
	key, value, ok := strings.Cut(word, "=")
	if !ok {
		return word, ""
	}
	for _, rw := range engine.RuleWords() {
		k, values, _ := strings.Cut(rw, "=")
		def, _, _ := strings.Cut(values, "|")
		if k == key && def == value {
			return word, key
		}
	}
	return word, ""
}

// nfc puts a name in normal form C, as names are stored.
func nfc(s string) string { return norm.NFC.String(s) }

// Match reports whether a replayed game is one the filter selects; an
// invalid game never is. It means exactly what the filter means on the
// database.
func (f Filter) Match(g *replay.Game) bool {
	if !g.Valid() || g.Record == nil || g.State == nil {
		return false
	}
	since, until, err := f.dates()
	if err != nil {
		return false
	}
	names := make([]string, len(g.Players))
	for i, p := range g.Players {
		names[i] = nfc(p.Name)
	}
	for _, p := range f.Players {
		seat := indexOf(names, nfc(p))
		if seat < 0 || (f.Seat > 0 && !hasAt(names, nfc(p), f.Seat-1)) {
			return false
		}
	}
	rg := g.Record
	for _, t := range []struct{ tag, v string }{{"Event", f.Event}, {"Site", f.Site}, {"Round", f.Round}} {
		if v, ok := rg.Tag(t.tag); t.v != "" && (!ok || v != t.v) {
			return false
		}
	}
	date := ""
	if d := isoDate(rg); d != nil {
		date = *d
	}
	if (since != "" && (date == "" || date < since)) || (until != "" && (date == "" || date > until)) {
		return false
	}
	rules := " " + g.Rules.String() + " "
	for _, w := range f.Rules {
		word, key := ruleWord(w)
		if key != "" && strings.Contains(rules, " "+key+"=") || key == "" && !strings.Contains(rules, " "+word+" ") {
			return false
		}
	}
	winner := soleWinner(g.State.Scores())
	if !f.matchResult(rg.Tag("Result")) || !f.matchResultShared(winner) {
		return false
	}
	if f.Winner != "" && (winner < 0 || names[winner] != nfc(f.Winner)) {
		return false
	}
	if !f.Seats.Holds(len(g.Players)) || !f.Turns.Holds(len(g.Turns)) {
		return false
	}
	return f.matchEvents(g, names)
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

func (f Filter) matchResult(result string, ok bool) bool {
	switch strings.ToLower(f.Result) {
	case "", "shared":
		return true
	case "finished":
		return ok && result != "*"
	case "unfinished", "*":
		return ok && result == "*"
	}
	return ok && result == f.Result
}

func (f Filter) matchResultShared(winner int) bool {
	return strings.ToLower(f.Result) != "shared" || winner < 0
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

// matchEvents checks the conditions on what happened in the game.
func (f Filter) matchEvents(g *replay.Game, names []string) bool {
	if !f.Captures.Set && !f.Ransoms.Set && !f.Tower.Set && f.Captor == "" && f.Victim == "" {
		return true
	}
	events := g.Events()
	captures, ransoms, tower, captured := 0, 0, 0, false
	for _, t := range g.Turns {
		for _, e := range events[t.EventsFrom:t.EventsTo] {
			switch e.Kind {
			case engine.EventCapture:
				captures++
				captured = captured || f.matchCapture(names[e.Player], names[e.Other], e.Player == e.Other)
			case engine.EventRansom:
				ransoms++
			case engine.EventFloor:
				tower = max(tower, min(e.Height, 255))
			}
		}
	}
	if (f.Captor != "" || f.Victim != "") && !captured {
		return false
	}
	return f.Captures.Holds(captures) && f.Ransoms.Holds(ransoms) && f.Tower.Holds(tower)
}

func (f Filter) matchCapture(captor, victim string, own bool) bool {
	if f.Captor != "" && captor != nfc(f.Captor) || f.Victim != "" && victim != nfc(f.Victim) {
		return false
	}
	return !own || (f.Captor != "" && f.Victim != "")
}
