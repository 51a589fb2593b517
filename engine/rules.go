package engine

import (
	"fmt"
	"strings"
)

// RangeShape is the shape of a tower's capture range.
type RangeShape uint8

// Range shapes.
const (
	// RangeOrthogonal: the tower's tile plus, in each of the four orthogonal
	// directions, as many tiles as the tower is high (the rulebook).
	RangeOrthogonal RangeShape = iota
	// RangeShort: as orthogonal but height−1 tiles each way (the "no
	// surprises" house rule: a one-floor tower reaches only its own tile).
	RangeShort
	// RangeDiagonal: every tile within Manhattan distance height (house rule).
	RangeDiagonal
)

var rangeNames = [...]string{"orthogonal", "short", "diagonal"}

func (r RangeShape) String() string {
	if int(r) < len(rangeNames) {
		return rangeNames[r]
	}
	return fmt.Sprintf("RangeShape(%d)", uint8(r))
}

// Rules holds the expansions in play and every disputed rule of the rules
// contract as a flag. The zero value is the contract's default: base game
// plus The Tower with the rulebook's rules.
type Rules struct {
	// BaseOnly plays the base game alone: no Tower tiles, no tower actions.
	BaseOnly bool
	// GuardsSafe: a follower standing on a tower cannot be captured (some
	// English editions). Default: guards can be captured.
	GuardsSafe bool
	// NoOwnCapture: a tower may only capture opponents' followers (older
	// rules). Default: one's own follower may be taken back.
	NoOwnCapture bool
	// NoReopen: a tower whose guard was captured stays closed. Default: it
	// reopens (official clarification 11/2013).
	NoReopen bool
	// NoRansom: prisoners cannot be bought back ("eye for an eye").
	// Default: a ransom of RansomPrice points.
	NoRansom bool
	// TowerTileActions: the three tower actions are allowed only on a turn
	// whose tile carries a foundation (a misprinted rulebook).
	TowerTileActions bool
	// Range is the shape of the capture range.
	Range RangeShape
	// GapsBlock: a tower cannot capture over empty squares (house rule).
	GapsBlock bool
	// NoFarmers: fields are not scored and followers cannot be put on them.
	NoFarmers bool
	// TinyCity2: a completed city of two tiles scores 2 instead of 4.
	TinyCity2 bool
	// Phantom plays with the mini-expansion the Phantom: each player has a
	// phantom, placed as the turn's first figure or as a second figure
	// after the first action (the rules contract's §6).
	Phantom bool
}

// RansomPrice is what buying back a prisoner costs, whatever the figure.
const RansomPrice = 3

// Tower reports whether The Tower is in play.
func (r Rules) Tower() bool { return !r.BaseOnly }

// ruleFlag describes one notation word of the Rules tag.
type ruleFlag struct {
	key, def, alt string
	get           func(*Rules) bool
	set           func(*Rules, bool)
}

var ruleFlags = []ruleFlag{
	{"guard-capture", "yes", "no", func(r *Rules) bool { return r.GuardsSafe }, func(r *Rules, v bool) { r.GuardsSafe = v }},
	{"own-capture", "yes", "no", func(r *Rules) bool { return r.NoOwnCapture }, func(r *Rules, v bool) { r.NoOwnCapture = v }},
	{"reopen", "yes", "no", func(r *Rules) bool { return r.NoReopen }, func(r *Rules, v bool) { r.NoReopen = v }},
	{"ransom", "3", "off", func(r *Rules) bool { return r.NoRansom }, func(r *Rules, v bool) { r.NoRansom = v }},
	{"tower-tile-actions", "no", "yes", func(r *Rules) bool { return r.TowerTileActions }, func(r *Rules, v bool) { r.TowerTileActions = v }},
	{"gaps", "open", "block", func(r *Rules) bool { return r.GapsBlock }, func(r *Rules, v bool) { r.GapsBlock = v }},
	{"farmers", "on", "off", func(r *Rules) bool { return r.NoFarmers }, func(r *Rules, v bool) { r.NoFarmers = v }},
	{"tiny-city", "4", "2", func(r *Rules) bool { return r.TinyCity2 }, func(r *Rules, v bool) { r.TinyCity2 = v }},
}

// RuleWords lists every word ParseRules accepts, with its default value
// first after the '=': "range=orthogonal|short|diagonal".
func RuleWords() []string {
	out := []string{"base", "tower", "phantom", "range=orthogonal|short|diagonal"}
	for _, f := range ruleFlags {
		out = append(out, f.key+"="+f.def+"|"+f.alt)
	}
	return out
}

// String gives the CGN Rules tag value: the expansions, then every flag that
// differs from its default, in a fixed order, e.g. "tower range=diagonal".
func (r Rules) String() string {
	var b strings.Builder
	if r.BaseOnly {
		b.WriteString("base")
	} else {
		b.WriteString("tower")
	}
	if r.Phantom {
		b.WriteString(" phantom")
	}
	if r.Range != RangeOrthogonal {
		b.WriteString(" range=")
		b.WriteString(r.Range.String())
	}
	for _, f := range ruleFlags {
		if f.get(&r) {
			b.WriteString(" " + f.key + "=" + f.alt)
		}
	}
	return b.String()
}

// RulesError reports the word of a Rules tag that ParseRules cannot read.
type RulesError struct {
	Index  int    // the word's position among the words given, from 0
	Word   string // the word as given
	Reason string // what is wrong: `unknown flag "dragons"`
}

// Error gives "rules: " and the reason.
func (e *RulesError) Error() string { return "rules: " + e.Reason }

// ParseRules reads the words of a CGN Rules tag ("tower farmers=off"). The
// first word names the expansions ("base" or "tower"); the word "phantom"
// adds the Phantom; flags not named keep their defaults. Unknown words and
// values are errors: a *RulesError that says which word is wrong.
func ParseRules(words []string) (Rules, error) {
	var r Rules
	if len(words) == 0 {
		return r, nil
	}
	switch strings.ToLower(words[0]) {
	case "tower", "base+tower":
	case "base":
		r.BaseOnly = true
	default:
		return r, &RulesError{0, words[0], fmt.Sprintf("expected \"base\" or \"tower\" first, found %q", words[0])}
	}
	seen := map[string]bool{}
	for i, w := range words[1:] {
		if strings.EqualFold(w, "phantom") {
			if r.Phantom {
				return r, &RulesError{i + 1, w, fmt.Sprintf("%q given twice", "phantom")}
			}
			r.Phantom = true
			continue
		}
		key, val, ok := strings.Cut(strings.ToLower(w), "=")
		reason := ""
		switch {
		case !ok:
			reason = fmt.Sprintf("%q is not of the form flag=value", w)
		case seen[key]:
			reason = fmt.Sprintf("flag %q given twice", key)
		default:
			reason = r.setFlag(key, val)
		}
		if reason != "" {
			return r, &RulesError{i + 1, w, reason}
		}
		seen[key] = true
	}
	return r, nil
}

// setFlag sets flag key to val, or says why it cannot.
func (r *Rules) setFlag(key, val string) string {
	if key == "range" {
		for i, n := range rangeNames {
			if val == n {
				r.Range = RangeShape(i)
				return ""
			}
		}
		return fmt.Sprintf("range must be orthogonal, short or diagonal, found %q", val)
	}
	for _, f := range ruleFlags {
		if f.key != key {
			continue
		}
		switch {
		case val == f.def:
			f.set(r, false)
		case val == f.alt || key == "ransom" && val == "0":
			f.set(r, true)
		default:
			return fmt.Sprintf("%s must be %s or %s, found %q", key, f.def, f.alt, val)
		}
		return ""
	}
	return fmt.Sprintf("unknown flag %q", key)
}

// FloorsPerPlayer is the number of tower floors each player gets for a
// game of n players (2 → 10, 3 → 9, 4 → 7, 5 → 6, 6 → 5). A one-player
// game (puzzles, test files) gets 10.
func FloorsPerPlayer(n int) int {
	switch n {
	case 1, 2:
		return 10
	case 3:
		return 9
	case 4:
		return 7
	case 5:
		return 6
	}
	return 5
}
