package analytics

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/towerlog/towerlog/analytics/filter"
)

// Standings are the tournament table of a selection of games, usually
// one event's: every player's results round by round, ranked, and who
// finished ahead of whom when they met.
type Standings struct {
	Rounds  []string   `json:"rounds"` // the Round tags in order ("" for games without one)
	Players []Standing `json:"players"`
}

// Standing is one player's line of the standings.
type Standing struct {
	Rank int    `json:"rank"` // players equal in wins, margin and points share a rank
	Name string `json:"name"`
	// Rounds are the player's games of each round of Standings.Rounds
	// (none when the player sat the round out).
	Rounds [][]RoundGame `json:"round_games"`
	// Record counts the player's finished games (unfinished ones give
	// no place) and ranks the player.
	Record
	// Against is the player's record against every player of the
	// standings, in their order: finished games where both played and
	// the one finished ahead of the other, behind, or level.
	Against []HeadToHead `json:"against"`
}

// RoundGame is a player's game of one round.
type RoundGame struct {
	GID   int64 `json:"gid"`
	Place int   `json:"place"` // 1 for the winner(s), 0 for an unfinished game
	Score int   `json:"score"`
	// Margin is the player's score minus the best score of the others
	// at the table; 0 in an unfinished game or a game of one player.
	Margin int `json:"margin"`
}

// HeadToHead counts a player's games with another.
type HeadToHead struct {
	Ahead  int `json:"ahead"`
	Behind int `json:"behind"`
	Level  int `json:"level"`
}

// Met reports whether the two played together.
func (h HeadToHead) Met() bool { return h.Ahead+h.Behind+h.Level > 0 }

// String writes the count as a crosstable cell: "2-1", with the games
// level after a second dash ("2-1-1"); "" when they never met.
func (h HeadToHead) String() string {
	switch {
	case !h.Met():
		return ""
	case h.Level > 0:
		return fmt.Sprintf("%d-%d-%d", h.Ahead, h.Behind, h.Level)
	}
	return fmt.Sprintf("%d-%d", h.Ahead, h.Behind)
}

// EventStandings returns the standings of the stored games f selects;
// f.Event is required. When f selects nothing, the error is a
// *filter.NoGamesError.
func (s *Store) EventStandings(ctx context.Context, f filter.Filter) (*Standings, error) {
	if f.Event == "" {
		return nil, &filter.Error{Field: "event", Msg: "is needed: standings are those of one event"}
	}
	var games []*Game
	_, err := s.SelectGames(ctx, f, func(g *Game) error {
		// The standings need the players and their scores, not the
		// record, which is most of a game's memory.
		g.Record = ""
		games = append(games, g)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return standingsOf(games), nil
}

// standingsOf works out the standings of games.
func standingsOf(games []*Game) *Standings {
	st := &Standings{}
	roundIdx := map[string]int{}
	for _, g := range games {
		if _, ok := roundIdx[g.Round]; !ok {
			roundIdx[g.Round] = 0
			st.Rounds = append(st.Rounds, g.Round)
		}
	}
	sort.Slice(st.Rounds, func(i, j int) bool { return roundLess(st.Rounds[i], st.Rounds[j]) })
	for i, r := range st.Rounds {
		roundIdx[r] = i
	}
	byName := map[string]*Standing{}
	player := func(name string) *Standing {
		p := byName[name]
		if p == nil {
			p = &Standing{Name: name, Rounds: make([][]RoundGame, len(st.Rounds))}
			byName[name] = p
		}
		return p
	}
	met := map[meeting]*HeadToHead{}
	for _, g := range games {
		scores := make([]int, len(g.Players))
		for i, p := range g.Players {
			scores[i] = p.Score
		}
		for i, p := range g.Players {
			s := player(p.Name)
			r := roundIdx[g.Round]
			if !g.Finished {
				s.Rounds[r] = append(s.Rounds[r], RoundGame{GID: g.GID, Score: p.Score})
				continue
			}
			before := s.Margin
			s.Add(scores, i)
			s.Rounds[r] = append(s.Rounds[r], RoundGame{GID: g.GID, Place: p.Rank, Score: p.Score, Margin: s.Margin - before})
			for j, o := range g.Players {
				if j != i {
					headToHead(met, p, o)
				}
			}
		}
	}
	for _, p := range byName {
		st.Players = append(st.Players, *p)
	}
	sort.Slice(st.Players, func(i, j int) bool {
		a, b := &st.Players[i], &st.Players[j]
		return RanksBefore(a.Record, a.Name, b.Record, b.Name)
	})
	for i := range st.Players {
		p := &st.Players[i]
		p.Rank = i + 1
		if i > 0 {
			q := &st.Players[i-1]
			if SharesRank(p.Record, q.Record) {
				p.Rank = q.Rank
			}
		}
		for _, o := range st.Players {
			h := HeadToHead{}
			if m := met[meeting{p.Name, o.Name}]; m != nil {
				h = *m
			}
			p.Against = append(p.Against, h)
		}
	}
	return st
}

// headToHead counts a finished game of p and o in p's record against o.
func headToHead(met map[meeting]*HeadToHead, p, o GamePlayer) {
	h := met[meeting{p.Name, o.Name}]
	if h == nil {
		h = &HeadToHead{}
		met[meeting{p.Name, o.Name}] = h
	}
	switch {
	case p.Rank < o.Rank:
		h.Ahead++
	case p.Rank > o.Rank:
		h.Behind++
	default:
		h.Level++
	}
}

// meeting is a pair of players, the first's view of their games.
type meeting struct{ a, b string }

// roundLess orders Round tags as people number rounds: "2" before
// "10", "3.1" before "3.2", words after numbers, a game without a round
// last.
func roundLess(a, b string) bool {
	if a == "" || b == "" {
		return b == "" && a != ""
	}
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(as) && i < len(bs); i++ {
		x, errX := strconv.Atoi(as[i])
		y, errY := strconv.Atoi(bs[i])
		switch {
		case errX == nil && errY == nil && x != y:
			return x < y
		case errX == nil && errY != nil:
			return true
		case errX != nil && errY == nil:
			return false
		case errX != nil && as[i] != bs[i]:
			return as[i] < bs[i]
		}
	}
	return len(as) < len(bs)
}

// RoundCell writes a player's games of a round for a table: "1st 57",
// "unfinished" for a game not played to its end, several games joined
// by ", ", "" for none.
func RoundCell(games []RoundGame) string {
	var parts []string
	for _, g := range games {
		if g.Place == 0 {
			parts = append(parts, "unfinished")
			continue
		}
		parts = append(parts, ordinal(g.Place)+" "+strconv.Itoa(g.Score))
	}
	return strings.Join(parts, ", ")
}

func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}

// Table writes the standings as a table: head and rows of text.
func (st *Standings) Table() (head []string, rows [][]string) {
	head = []string{"#", "Player"}
	for _, r := range st.Rounds {
		if r == "" {
			r = "?"
		}
		head = append(head, "Round "+r)
	}
	head = append(head, "Games", "Wins", "Margin", "Points")
	for _, p := range st.Players {
		row := []string{strconv.Itoa(p.Rank), p.Name}
		for _, r := range p.Rounds {
			row = append(row, RoundCell(r))
		}
		row = append(row, strconv.Itoa(p.Games), strconv.Itoa(p.Wins), Signed(p.Margin), strconv.Itoa(p.Points))
		rows = append(rows, row)
	}
	return head, rows
}

// Rows writes the standings as one table a program can read: a row per
// player and game of a round, in the standings' order and the rounds',
// with the columns player, round, place, points and margin (place and
// margin empty for an unfinished game).
func (st *Standings) Rows() (head []string, rows [][]string) {
	head = []string{"player", "round", "place", "points", "margin"}
	for _, p := range st.Players {
		for r, games := range p.Rounds {
			for _, g := range games {
				place, margin := "", ""
				if g.Place > 0 {
					place, margin = strconv.Itoa(g.Place), strconv.Itoa(g.Margin)
				}
				rows = append(rows, []string{p.Name, st.Rounds[r], place, strconv.Itoa(g.Score), margin})
			}
		}
	}
	return head, rows
}

// Crosstable writes the head-to-head records as a table: a row and a
// column per player, numbered in the standings' order; a cell counts the
// row player's games with the column player as ahead-behind(-level).
func (st *Standings) Crosstable() (head []string, rows [][]string) {
	head = []string{"No.", "Player"}
	for i := range st.Players {
		head = append(head, strconv.Itoa(i+1))
	}
	for i, p := range st.Players {
		row := []string{strconv.Itoa(i + 1), p.Name}
		for j, h := range p.Against {
			if i == j {
				row = append(row, "×")
				continue
			}
			row = append(row, h.String())
		}
		rows = append(rows, row)
	}
	return head, rows
}

// Signed writes n with its sign: +3, 0, -2.
func Signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}
