package filter

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/towerlog/towerlog/engine"
)

// FieldKind is the kind of value a filter field holds.
type FieldKind int

const (
	TextField  FieldKind = iota // a string; "" sets nothing
	TextsField                  // a list of strings, given one at a time
	IntField                    // an int; 0 sets nothing
	RangeField                  // a Range; the zero Range sets nothing
	// WordsField is a list of strings, given one at a time, each of
	// words separated by spaces; the words are the field's values.
	WordsField
)

// A Field is one condition of a Filter: its name, the kind and place
// of its value, what it keeps in words, and how it reads a stored game
// (SQL over the games table g) and a replayed one (Go). Fields lists
// them: the command line's flags, Check, Describe, Where, Match and the
// hints of a filter that selects nothing are all derived from that list,
// so a new filter is one entry there.
type Field struct {
	Name string    // the field's name, which is its flag's: "since"
	Kind FieldKind // what Value points to
	Help string    // what the field keeps, in one line
	// Value returns where the field's value is held in f: a *string, a
	// *[]string (TextsField, WordsField), an *int or a *Range, as Kind
	// says.
	Value func(f *Filter) any

	names *nameSet // what the field's values name, nil for no names
	// phrase says what the field keeps in Describe: a format of its
	// value's text (once per value of a TextsField, once for all the
	// words of a WordsField); describe replaces it when the field's words
	// depend on other fields.
	phrase   string
	describe func(f Filter) []string
	check    func(f Filter) error // nil when every value can be used
	// sql adds the field's conditions on the games table g to q, and
	// match reports whether a replayed game meets them; both are called
	// only when the field is set and the filter passed Check. Either may
	// be nil when another field's condition covers this one's.
	sql   func(f Filter, q *query)
	match func(f Filter, g *gameView) bool
}

// Fields are the fields of a Filter, in the order the command line
// lists them and Describe says them.
var Fields = []Field{
	{Name: "player", Kind: TextsField, Value: func(f *Filter) any { return &f.Players }, names: playerNames,
		Help: "only games this player took part in (repeat it: games of all of them)", phrase: "games of %s",
		// The player's condition holds Seat's too: the seat is that of
		// the one player given. It is a list of keys, which SQLite
		// reads from the index of players' names and then looks each
		// game up by key, in order: a correlated EXISTS looked up the
		// player in every stored game.
		sql: func(f Filter, q *query) {
			for _, p := range f.Players {
				if f.Seat > 0 {
					q.cond("g.gid IN (SELECT p.game FROM players p WHERE p.name = ? AND p.seat = ?)", nfc(p), f.Seat-1)
				} else {
					q.cond("g.gid IN (SELECT p.game FROM players p WHERE p.name = ?)", nfc(p))
				}
			}
		},
		match: func(f Filter, g *gameView) bool {
			for _, p := range f.Players {
				seat := indexOf(g.names, nfc(p))
				if seat < 0 || (f.Seat > 0 && !hasAt(g.names, nfc(p), f.Seat-1)) {
					return false
				}
			}
			return true
		}},
	{Name: "seat", Kind: IntField, Value: func(f *Filter) any { return &f.Seat },
		Help: "with one --player: only games where that player had this seat (1 plays first)", phrase: "in seat %s",
		check: func(f Filter) error {
			if f.Seat < 0 || len(f.Players) != 1 {
				return &Error{Field: "seat", Msg: strconv.Itoa(f.Seat) + ": give a seat from 1", Needs: "player"}
			}
			return nil
		}},
	{Name: "event", Kind: TextField, Help: `only games of this event (the Event tag; "` + NoEvent + `": the games without one)`,
		names: eventNames, phrase: "event %s",
		Value: func(f *Filter) any { return &f.Event },
		sql: func(f Filter, q *query) {
			if f.Event == NoEvent {
				q.cond("(g.event IS NULL OR g.event = '')")
				return
			}
			q.cond("g.event = ?", f.Event)
		},
		match: func(f Filter, g *gameView) bool {
			v, ok := g.Record.Tag("Event")
			if f.Event == NoEvent {
				return !ok || v == ""
			}
			return ok && v == f.Event
		}},
	tagField("site", "Site", "only games played at this site (the Site tag)", siteNames, func(f *Filter) *string { return &f.Site }),
	tagField("round", "Round", "only games of this round (the Round tag)", roundNames, func(f *Filter) *string { return &f.Round }),
	dateField("since", "only games played on or after this date (YYYY-MM-DD, YYYY-MM or YYYY)", false,
		func(f *Filter) *string { return &f.Since }),
	dateField("until", "only games played on or before this date (YYYY-MM-DD, YYYY-MM or YYYY)", true,
		func(f *Filter) *string { return &f.Until }),
	{Name: "rules", Kind: WordsField, Value: func(f *Filter) any { return &f.Rules },
		Help:   `only games played with these rules words ("guard-capture=no range=diagonal")`,
		phrase: "rules %s",
		sql: func(f Filter, q *query) {
			for _, w := range words(f.Rules) {
				word, key := ruleWord(w)
				if key != "" {
					q.cond("instr(' ' || g.rules, ?) = 0", " "+key+"=")
				} else {
					q.cond("instr(' ' || g.rules || ' ', ?) > 0", " "+word+" ")
				}
			}
		},
		match: func(f Filter, g *gameView) bool {
			rules := " " + g.Rules.String() + " "
			for _, w := range words(f.Rules) {
				word, key := ruleWord(w)
				if key != "" && strings.Contains(rules, " "+key+"=") || key == "" && !strings.Contains(rules, " "+word+" ") {
					return false
				}
			}
			return true
		}},
	resultField,
	{Name: "winner", Kind: TextField, Value: func(f *Filter) any { return &f.Winner }, names: playerNames,
		Help: "only games this player won alone", phrase: "won by %s",
		sql: func(f Filter, q *query) { q.cond("g.winner = ?", nfc(f.Winner)) },
		match: func(f Filter, g *gameView) bool {
			return g.Finished() && g.winner >= 0 && g.names[g.winner] == nfc(f.Winner)
		}},
	countField("players", "only games of so many players", "%s players", func(f *Filter) *Range { return &f.Seats },
		"g.seats", func(g *gameView) int { return len(g.Players) }),
	countField("turns", "only games of so many turns", "%s turns", func(f *Filter) *Range { return &f.Turns },
		"g.turns", func(g *gameView) int { return len(g.Turns) }),
	countField("captures", "only games with so many followers captured by towers", "%s captures", func(f *Filter) *Range { return &f.Captures },
		"(SELECT count(*) FROM captures c WHERE c.game = g.gid)", func(g *gameView) int { return g.counts().captures }),
	countField("ransoms", "only games with so many ransoms paid", "%s ransoms", func(f *Filter) *Range { return &f.Ransoms },
		"(SELECT count(*) FROM ransoms r WHERE r.game = g.gid)", func(g *gameView) int { return g.counts().ransoms }),
	countField("tower", "only games whose highest tower ended so high", "highest tower %s", func(f *Filter) *Range { return &f.Tower },
		"(SELECT coalesce(max(t.height), 0) FROM tower_growth t WHERE t.game = g.gid)", func(g *gameView) int { return g.counts().tower }),
	// Captor and Victim select one capture together: the captor's
	// condition holds both when both are given.
	{Name: "captor", Kind: TextField, Value: func(f *Filter) any { return &f.Captor }, names: playerNames,
		Help: "only games in which this player's tower captured an opponent's follower (of --victim if given)",
		describe: func(f Filter) []string {
			if f.Victim != "" {
				return []string{fmt.Sprintf("%s capturing a follower of %s", f.Captor, f.Victim)}
			}
			return []string{f.Captor + " capturing"}
		},
		sql: captureSQL, match: captureMatch},
	{Name: "victim", Kind: TextField, Value: func(f *Filter) any { return &f.Victim }, names: playerNames,
		Help: "only games in which an opponent's tower captured this player's follower (--captor's if given)",
		describe: func(f Filter) []string {
			if f.Captor != "" {
				return nil
			}
			return []string{f.Victim + " captured"}
		},
		sql: func(f Filter, q *query) {
			if f.Captor == "" {
				captureSQL(f, q)
			}
		},
		match: func(f Filter, g *gameView) bool { return f.Captor != "" || captureMatch(f, g) }},
}

// resultField is the Result filter: the one place that says what a result
// means, on the database and on a replayed game.
var resultField = Field{Name: "result", Kind: TextField, Value: func(f *Filter) any { return &f.Result },
	Help:   "only games with this result, as the engine decides it: finished, unfinished, shared (first place) or final scores (57-43)",
	phrase: "result %s",
	check: func(f Filter) error {
		switch strings.ToLower(f.Result) {
		case "finished", "unfinished", "*", "shared":
			return nil
		}
		if !resultValue(f.Result) {
			return &Error{Field: "result", Msg: fmt.Sprintf("%q: give finished, unfinished, shared or scores as the Result tag writes them (57-43)", f.Result)}
		}
		return nil
	},
	sql: func(f Filter, q *query) {
		switch strings.ToLower(f.Result) {
		case "finished":
			q.cond("g.finished")
		case "unfinished", "*":
			q.cond("NOT g.finished")
		case "shared":
			q.cond("g.finished AND g.winner IS NULL")
		default:
			q.cond("g.result = ?", f.Result)
		}
	},
	match: func(f Filter, g *gameView) bool {
		finished := g.Finished()
		switch strings.ToLower(f.Result) {
		case "finished":
			return finished
		case "unfinished", "*":
			return !finished
		case "shared":
			return finished && g.winner < 0
		}
		return g.Result().String() == f.Result
	}}

// tagField is the filter of the games whose tag has the value given.
func tagField(name, tag, help string, names *nameSet, value func(*Filter) *string) Field {
	return Field{Name: name, Kind: TextField, Help: help, names: names, phrase: name + " %s",
		Value: func(f *Filter) any { return value(f) },
		sql:   func(f Filter, q *query) { q.cond("g."+name+" = ?", *value(&f)) },
		match: func(f Filter, g *gameView) bool {
			v, ok := g.Record.Tag(tag)
			return ok && v == *value(&f)
		}}
}

// dateField is the filter of the games played on or after (end false) or
// on or before (end true) a date; a game without a known date has none.
func dateField(name, help string, end bool, value func(*Filter) *string) Field {
	op := map[bool]string{false: " >= ", true: " <= "}[end]
	return Field{Name: name, Kind: TextField, Help: help, phrase: name + " %s",
		Value: func(f *Filter) any { return value(f) },
		check: func(f Filter) error {
			_, err := filterDate(name, *value(&f), end)
			return err
		},
		sql: func(f Filter, q *query) {
			d, _ := filterDate(name, *value(&f), end)
			q.cond("g.date"+op+"?", d)
		},
		match: func(f Filter, g *gameView) bool {
			d, _ := filterDate(name, *value(&f), end)
			date := g.date()
			return date != "" && (end && date <= d || !end && date >= d)
		}}
}

// countField is the filter of the games whose count, read from the row by
// expr and from the game by count, is in a Range.
func countField(name, help, phrase string, value func(*Filter) *Range, expr string, count func(*gameView) int) Field {
	return Field{Name: name, Kind: RangeField, Help: help + ": N, N-M, N- or -M", phrase: phrase,
		Value: func(f *Filter) any { return value(f) },
		sql:   func(f Filter, q *query) { value(&f).sql(q, expr) },
		match: func(f Filter, g *gameView) bool { return value(&f).Holds(count(g)) }}
}

// captureSQL is the condition of Captor and Victim: a capture by Captor's
// tower of Victim's follower, of an opponent's when only one is given.
func captureSQL(f Filter, q *query) {
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

// captureMatch is captureSQL on a replayed game.
func captureMatch(f Filter, g *gameView) bool {
	for _, c := range g.counts().captured {
		if f.Captor != "" && c.captor != nfc(f.Captor) || f.Victim != "" && c.victim != nfc(f.Victim) {
			continue
		}
		if !c.own || (f.Captor != "" && f.Victim != "") {
			return true
		}
	}
	return false
}

// A nameSet is what the values of a field name: players, events, sites or
// rounds, which a database or the games read know (Known).
type nameSet struct {
	noun  string                       // "player"
	known func(*Known) map[string]bool // the names known
	norm  func(string) string          // how the names are compared
}

var (
	playerNames = &nameSet{"player", func(k *Known) map[string]bool { return k.Players }, nfc}
	eventNames  = &nameSet{"event", func(k *Known) map[string]bool { return k.Events }, same}
	siteNames   = &nameSet{"site", func(k *Known) map[string]bool { return k.Sites }, same}
	roundNames  = &nameSet{"round", func(k *Known) map[string]bool { return k.Rounds }, same}
	// nameSets orders the hints: those about players first.
	nameSets = []*nameSet{playerNames, eventNames, siteNames, roundNames}
)

func same(s string) string { return s }

// TakesNames reports whether the field's values name players, events,
// sites or rounds, which Names gives.
func (fld *Field) TakesNames() bool { return fld.names != nil }

// Names returns the names of k the field's values can take; nil when it
// takes none.
func (fld *Field) Names(k *Known) map[string]bool {
	if fld.names == nil {
		return nil
	}
	return fld.names.known(k)
}

// texts returns the field's values as text: none when it is not set.
func (fld *Field) texts(f *Filter) []string {
	switch v := fld.Value(f).(type) {
	case *string:
		if *v != "" {
			return []string{*v}
		}
	case *[]string:
		if fld.Kind == WordsField {
			return words(*v)
		}
		return *v
	case *int:
		if *v != 0 {
			return []string{strconv.Itoa(*v)}
		}
	case *Range:
		if v.Set {
			return []string{v.String()}
		}
	}
	return nil
}

// set reports whether the field sets a condition in f.
func (fld *Field) set(f *Filter) bool { return len(fld.texts(f)) > 0 }

// words are the words of values, each split at spaces.
func words(values []string) []string {
	var out []string
	for _, v := range values {
		out = append(out, strings.Fields(v)...)
	}
	return out
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
