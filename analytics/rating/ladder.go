package rating

import (
	"math"
	"sort"

	"github.com/towerlog/towerlog/internal/collation"
)

// HistoryLimit is the most points of a player's rating history a Ladder
// keeps: the latest ones. It bounds the memory of a long career.
const HistoryLimit = 500

// Seat is a player of a finished game, by name, with their place (1 for
// the winner or winners).
type Seat struct {
	Name  string
	Place int
}

// Game is a finished game as ratings see it. Games of the same Date and
// Round are one rating period.
type Game struct {
	Date, Round string
	Seats       []Seat
}

// Point is a player's rating after a rating period they played in.
type Point struct {
	Period int    `json:"period"` // from 1, in the order of the periods
	Date   string `json:"date,omitempty"`
	Round  string `json:"round,omitempty"`
	Rating
}

// ProvisionalRD is the deviation above which a rating is provisional: too
// uncertain to rank its player among the others. lichess shows a rating
// with "?" while its deviation is above the same 110 and leaves
// provisional players out of its rankings. A new player (350) is
// provisional for their first games, and a player who sits out long
// enough becomes provisional again (see docs/site.md).
const ProvisionalRD = 110

// Provisional reports whether the rating r is provisional: its deviation
// is above ProvisionalRD.
func (r Rating) Provisional() bool { return r.RD > ProvisionalRD }

// Player is a player's line of the rating list.
type Player struct {
	Rank  int    `json:"rank"` // players of the same rounded rating share a rank
	Name  string `json:"name"`
	Games int    `json:"games"` // finished games rated
	// Rating is as of the last period of the ladder: a player who sat
	// periods out has a wider deviation.
	Rating
	// Provisional is Rating.Provisional(): the list ranks such players
	// after the others, and shows their rating with a "?".
	Provisional bool `json:"provisional"`
}

// Ladder rates players by Glicko-2 from finished games given in order,
// period by period: the games of one date and round are one rating
// period, in which every player's results count against the ratings
// everyone had before it. Each game gives each player a result against
// every other player at the table: a win against those placed behind, a
// draw against those level, a loss against those ahead. Its memory grows
// with the players and the pairs of players of one period, not with the
// games.
type Ladder struct {
	players map[string]*entry
	periods int // periods rated
	// The period being gathered: its key and each player's results,
	// summed by opponent.
	open        bool
	date, round string
	pending     map[string]map[string]*tally
	history     bool // whether each player's history is kept
	// emit, when not nil, is given each player's points as they are
	// made, instead of the history keeping them (NewLadderEmitting).
	emit func(name string, p Point)
}

type entry struct {
	rating  Rating
	last    int // the last period the player played in
	games   int
	history []Point
}

// tally is a player's results against one opponent in a period.
type tally struct{ n, score float64 }

// NewLadder returns a ladder with no player, which keeps each player's
// history (see History).
func NewLadder() *Ladder {
	l := Restore(State{})
	l.history = true
	return l
}

// NewLadderEmitting returns a ladder with no player that keeps no
// history but gives each player's point to emit as each period closes:
// its memory grows with the players alone, and the caller keeps the
// histories where it likes (a table), every point of them, not only the
// latest HistoryLimit. The points of the last period are emitted once the
// ladder is asked for anything (Players, State, Periods, History).
func NewLadderEmitting(emit func(name string, p Point)) *Ladder {
	l := Restore(State{})
	l.emit = emit
	return l
}

// State is what a ladder has to keep to take more games: the periods
// rated, the date and round of the last one, and each player's entry.
type State struct {
	Periods     int
	Date, Round string // of the last period
	Players     []Entry
}

// Entry is a player's state: the rating after the last period they
// played in (Last, from 1), and the finished games rated.
type Entry struct {
	Name  string
	Last  int
	Games int
	Rating
}

// State returns the ladder's state, its players by name. It closes the
// period gathered: the games added after it are of later periods.
func (l *Ladder) State() State {
	l.closePeriod()
	st := State{Periods: l.periods, Date: l.date, Round: l.round, Players: make([]Entry, 0, len(l.players))}
	for name, e := range l.players {
		st.Players = append(st.Players, Entry{Name: name, Last: e.last, Games: e.games, Rating: e.rating})
	}
	sort.Slice(st.Players, func(i, j int) bool { return st.Players[i].Name < st.Players[j].Name })
	return st
}

// Restore returns the ladder whose State is st: the games it takes
// (Add) must be of periods after st's last, and its ratings are then
// those of a ladder that took every game from the start. It keeps no
// history (History gives nil): Restore(State{}) is an empty ladder whose
// memory grows with the players alone, not with their periods.
func Restore(st State) *Ladder {
	l := &Ladder{players: make(map[string]*entry, len(st.Players)), pending: map[string]map[string]*tally{},
		periods: st.Periods, date: st.Date, round: st.Round}
	for _, p := range st.Players {
		l.players[p.Name] = &entry{rating: p.Rating, last: p.Last, games: p.Games}
	}
	return l
}

// Add counts a finished game. Games must come in their periods' order
// (as analytics.RatingOrder gives them); a game of a new date or round
// closes the period before.
func (l *Ladder) Add(g Game) {
	if l.open && (g.Date != l.date || g.Round != l.round) {
		l.closePeriod()
	}
	l.open, l.date, l.round = true, g.Date, g.Round
	for _, p := range g.Seats {
		e := l.players[p.Name]
		if e == nil {
			e = &entry{rating: New()}
			l.players[p.Name] = e
		}
		e.games++
		res := l.pending[p.Name]
		if res == nil {
			res = map[string]*tally{}
			l.pending[p.Name] = res
		}
		for _, o := range g.Seats {
			if o.Name == p.Name {
				continue
			}
			t := res[o.Name]
			if t == nil {
				t = &tally{}
				res[o.Name] = t
			}
			t.n++
			switch {
			case p.Place < o.Place:
				t.score++
			case p.Place == o.Place:
				t.score += 0.5
			}
		}
	}
}

// closePeriod rates the period gathered.
func (l *Ladder) closePeriod() {
	if !l.open {
		return
	}
	l.open = false
	l.periods++
	k := l.periods
	before := func(name string) Rating {
		e := l.players[name]
		return e.rating.Idle(k - e.last - 1)
	}
	names := make([]string, 0, len(l.pending))
	for name := range l.pending {
		names = append(names, name)
	}
	// Sums in a fixed order, so that the result does not depend on the
	// order of the games within the period to the last bit.
	sort.Strings(names)
	updated := make([]Rating, len(names))
	for i, name := range names {
		opps := make([]string, 0, len(l.pending[name]))
		for o := range l.pending[name] {
			opps = append(opps, o)
		}
		sort.Strings(opps)
		var results []Result
		for _, o := range opps {
			t := l.pending[name][o]
			results = append(results, repeat(Result{Opponent: before(o), Score: t.score / t.n}, t.n)...)
		}
		updated[i] = before(name).Update(results)
	}
	for i, name := range names {
		e := l.players[name]
		e.rating, e.last = updated[i], k
		if l.emit != nil {
			l.emit(name, Point{Period: k, Date: l.date, Round: l.round, Rating: updated[i]})
		}
		if !l.history {
			continue
		}
		e.history = append(e.history, Point{Period: k, Date: l.date, Round: l.round, Rating: updated[i]})
		if len(e.history) > HistoryLimit {
			e.history = append(e.history[:0], e.history[len(e.history)-HistoryLimit:]...)
		}
	}
	clear(l.pending)
}

// repeat returns n copies of r. The results against one opponent are
// counted as that many games with the average score: Glicko-2 sums over
// the games of a period, and each term depends on the score only
// linearly.
func repeat(r Result, n float64) []Result {
	out := make([]Result, int(n))
	for i := range out {
		out[i] = r
	}
	return out
}

// Players returns the rating list: every player rated, as of the last
// period, the established ratings first, then the provisional ones, each
// highest rating first (then the name).
func (l *Ladder) Players() []Player {
	l.closePeriod()
	out := make([]Player, 0, len(l.players))
	for name, e := range l.players {
		r := e.rating.Idle(l.periods - e.last)
		out = append(out, Player{Name: name, Games: e.games, Rating: r, Provisional: r.Provisional()})
	}
	sort.Slice(out, func(i, j int) bool {
		switch {
		case out[i].Provisional != out[j].Provisional:
			return !out[i].Provisional
		case out[i].R != out[j].R:
			return out[i].R > out[j].R
		}
		return collation.Less(out[i].Name, out[j].Name)
	})
	for i := range out {
		out[i].Rank = i + 1
		if i > 0 && math.Round(out[i].R) == math.Round(out[i-1].R) && out[i].Provisional == out[i-1].Provisional {
			out[i].Rank = out[i-1].Rank
		}
	}
	return out
}

// History returns a player's rating after each period they played in,
// at most the latest HistoryLimit; nil for a player not rated, and for
// every player of a ladder that keeps no history (see Restore).
func (l *Ladder) History(name string) []Point {
	l.closePeriod()
	if e := l.players[name]; e != nil {
		return e.history
	}
	return nil
}

// Periods is the number of rating periods counted.
func (l *Ladder) Periods() int {
	l.closePeriod()
	return l.periods
}
