package analytics

import (
	"context"
	"database/sql"
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
	// keyOrder is set by EventSummary when the games in the order of
	// their keys come round by round, as when each round is stored after
	// the one before: EachRoundGames reads them in that order, unsorted.
	keyOrder bool
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
	GID   int64  `json:"gid"`
	ID    string `json:"-"`     // the game's id, for a link to its page
	Place int    `json:"place"` // 1 for the winner(s), 0 for an unfinished game
	Score int    `json:"score"`
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

// EventStandings returns the standings of the stored games f selects;
// f.Event is required. When f selects nothing, the error is a
// *filter.NoGamesError.
func (s *Store) EventStandings(ctx context.Context, f filter.Filter) (*Standings, error) {
	if f.Event == "" {
		return nil, &filter.Error{Field: "event", Msg: "is needed: standings are those of one event"}
	}
	var games []*Game
	// The standings need the players and their scores, not the records.
	_, err := s.SelectGames(ctx, f, false, func(g *Game) error {
		games = append(games, g)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return standingsOf(games), nil
}

// roundCollation is the SQL collation that orders Round tags as
// roundCompare does, so that the database sorts games by round.
const roundCollation = "towerlog_round"

// EventSummary returns the standings of the stored games f selects
// without the players' games round by round (every Standing.Rounds is
// nil; EachRoundGames gives them): the rounds, and the players ranked,
// with their records and their records against each other. f.Event is
// required; when f selects nothing, the error is a *filter.NoGamesError.
// It reads one game at a time: its memory grows with the players (their
// crosstable) and the rounds, not with the games.
func (s *Store) EventSummary(ctx context.Context, f filter.Filter) (*Standings, error) {
	if f.Event == "" {
		return nil, &filter.Error{Field: "event", Msg: "is needed: standings are those of one event"}
	}
	if _, err := s.CountGames(ctx, f); err != nil {
		return nil, err
	}
	where, args, err := f.Where()
	if err != nil {
		return nil, err
	}
	return eventSummary(ctx, s.db, where, args)
}

// eventSummary is EventSummary of the games where selects (a condition
// on games g, with its args), read with q.
func eventSummary(ctx context.Context, q queryer, where string, args []any) (*Standings, error) {
	st := &Standings{}
	err := eachRow(ctx, q, `SELECT DISTINCT coalesce(g.round, '') FROM games g WHERE `+where+`
		ORDER BY 1 COLLATE `+roundCollation, args, func(rows *sql.Rows) error {
		var r string
		err := rows.Scan(&r)
		st.Rounds = append(st.Rounds, r)
		return err
	})
	if err != nil {
		return nil, err
	}
	roundIdx := make(map[string]int, len(st.Rounds))
	for i, r := range st.Rounds {
		roundIdx[r] = i
	}
	st.keyOrder = true
	last := 0
	byName := map[string]*Standing{}
	met := map[meeting]*HeadToHead{}
	var game int64
	var finished bool
	var seats []GamePlayer
	flush := func() {
		scores := make([]int, len(seats))
		for i, p := range seats {
			scores[i] = p.Score
		}
		for i, p := range seats {
			if byName[p.Name] == nil {
				byName[p.Name] = &Standing{Name: p.Name}
			}
			if !finished {
				continue
			}
			byName[p.Name].Add(scores, i)
			for j, o := range seats {
				if j != i {
					headToHead(met, p, o)
				}
			}
		}
		seats = seats[:0]
	}
	// A join rather than "p.game IN (SELECT ...)": the driver's SQLite
	// holds such a list of every game selected in memory.
	err = eachRow(ctx, q, `SELECT g.gid, coalesce(g.round, ''), g.finished, p.name, p.score, p.rank
		FROM games g JOIN players p ON p.game = g.gid WHERE `+where+` ORDER BY g.gid, p.seat`, args, func(rows *sql.Rows) error {
		var g int64
		var round string
		var fin bool
		var p GamePlayer
		if err := rows.Scan(&g, &round, &fin, &p.Name, &p.Score, &p.Rank); err != nil {
			return err
		}
		if g != game {
			flush()
			game = g
			r := roundIdx[round]
			st.keyOrder = st.keyOrder && r >= last
			last = r
		}
		finished = fin
		seats = append(seats, p)
		return nil
	})
	if err != nil {
		return nil, err
	}
	flush()
	rankStandings(st, byName, met)
	return st, nil
}

// EachRoundGames calls emit with the games of the player named name
// among the stored games f selects, round by round in the order of
// st.Rounds (st from EventSummary with the same f): once for each round
// the player played, with the round's index in st.Rounds and the
// player's games of it in the order of their keys. It holds one round's
// games at a time; the database sorts them, unless they come round by
// round in the order of their keys already.
func (s *Store) EachRoundGames(ctx context.Context, f filter.Filter, st *Standings, name string,
	emit func(round int, games []RoundGame) error) error {
	where, args, err := f.Where()
	if err != nil {
		return err
	}
	return eachRoundGames(ctx, s.db, where, args, st, name, emit)
}

// eachRoundGames is EachRoundGames of the games where selects (a
// condition on games g, with its args), read with q.
func eachRoundGames(ctx context.Context, q queryer, where string, args []any, st *Standings, name string,
	emit func(round int, games []RoundGame) error) error {
	return playersRoundGames(ctx, q, "("+where+") AND p.name = ?", append(append([]any(nil), args...), name), st,
		func(_ string, round int, games []RoundGame) error { return emit(round, games) })
}

// playersRoundGames calls emit with the games of each player of the
// games where selects (a condition on games g and their players p, with
// its args), a player at a time and, for each, round by round in the
// order of st.Rounds, as EachRoundGames does for one player.
func playersRoundGames(ctx context.Context, q queryer, where string, args []any, st *Standings,
	emit func(player string, round int, games []RoundGame) error) error {
	order := "p.name, 2 COLLATE " + roundCollation + ", g.gid"
	if st.keyOrder {
		order = "p.name, g.gid"
	}
	player, r := "", -1
	var games []RoundGame
	flush := func() error {
		if len(games) == 0 {
			return nil
		}
		err := emit(player, r, games)
		games = games[:0]
		return err
	}
	err := eachRow(ctx, q, `SELECT p.name, coalesce(g.round, ''), g.gid, g.id, g.finished, p.score, p.rank,
			coalesce(p.score - (SELECT max(o.score) FROM players o WHERE o.game = p.game AND o.seat <> p.seat), 0)
		FROM games g JOIN players p ON p.game = g.gid
		WHERE `+where+` ORDER BY `+order, args, func(rows *sql.Rows) error {
		var name, round string
		var finished bool
		var g RoundGame
		if err := rows.Scan(&name, &round, &g.GID, &g.ID, &finished, &g.Score, &g.Place, &g.Margin); err != nil {
			return err
		}
		if name != player {
			if err := flush(); err != nil {
				return err
			}
			player, r = name, -1
		}
		if r < 0 || st.Rounds[r] != round {
			if err := flush(); err != nil {
				return err
			}
			for r++; r < len(st.Rounds) && st.Rounds[r] != round; r++ {
			}
			if r == len(st.Rounds) {
				return fmt.Errorf("standings: round %q of game %d is not one of the event's rounds", round, g.GID)
			}
		}
		if !finished {
			g.Place, g.Margin = 0, 0
		}
		games = append(games, g)
		return nil
	})
	if err != nil {
		return err
	}
	return flush()
}

// EachPlayerRounds calls cell, for each player of st in order, with the
// player's games of every round of st.Rounds in order (none for a round
// the player sat out), between a call of start and one of end: the
// standings of the stored games f selects (st from EventSummary with the
// same f), a player at a time, the database giving the games one round
// at a time (EachRoundGames). The games cell receives are valid until
// it returns.
func (s *Store) EachPlayerRounds(ctx context.Context, f filter.Filter, st *Standings,
	start func(p *Standing) error, cell func(round int, games []RoundGame) error, end func(p *Standing) error) error {
	for i := range st.Players {
		p := &st.Players[i]
		if err := start(p); err != nil {
			return err
		}
		next := 0
		err := s.EachRoundGames(ctx, f, st, p.Name, func(round int, games []RoundGame) error {
			for ; next < round; next++ {
				if err := cell(next, nil); err != nil {
					return err
				}
			}
			next = round + 1
			return cell(round, games)
		})
		for ; err == nil && next < len(st.Rounds); next++ {
			err = cell(next, nil)
		}
		if err == nil {
			err = end(p)
		}
		if err != nil {
			return err
		}
	}
	return nil
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
	sort.Slice(st.Rounds, func(i, j int) bool { return roundCompare(st.Rounds[i], st.Rounds[j]) < 0 })
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
				s.Rounds[r] = append(s.Rounds[r], RoundGame{GID: g.GID, ID: g.ID, Score: p.Score})
				continue
			}
			before := s.Margin
			s.Add(scores, i)
			s.Rounds[r] = append(s.Rounds[r], RoundGame{GID: g.GID, ID: g.ID, Place: p.Rank, Score: p.Score, Margin: s.Margin - before})
			for j, o := range g.Players {
				if j != i {
					headToHead(met, p, o)
				}
			}
		}
	}
	rankStandings(st, byName, met)
	return st
}

// rankStandings puts the players of byName into st in the order of
// RankingRule, with their ranks and their records against each other
// (met).
func rankStandings(st *Standings, byName map[string]*Standing, met map[meeting]*HeadToHead) {
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
}

// headToHead counts a finished game of p and o in p's record against o.
func headToHead(met map[meeting]*HeadToHead, p, o GamePlayer) {
	h := met[meeting{p.Name, o.Name}]
	if h == nil {
		h = &HeadToHead{}
		met[meeting{p.Name, o.Name}] = h
	}
	h.Count(p, o)
}

// Count counts a finished game of p and o, at the same table, in p's
// record against o: ahead when p's place is better (smaller), behind
// when worse, level when they share it. Every head-to-head figure (the
// standings' crosstable, a player's record against each opponent) is
// counted by it.
func (h *HeadToHead) Count(p, o GamePlayer) {
	switch {
	case p.Rank < o.Rank:
		h.Ahead++
	case p.Rank > o.Rank:
		h.Behind++
	default:
		h.Level++
	}
}

// Games is the number of finished games the two played together.
func (h HeadToHead) Games() int { return h.Ahead + h.Behind + h.Level }

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

// roundCompare orders Round tags as roundLess does, tags it holds level
// ("01" and "1") by their text: -1, 0 or +1.
func roundCompare(a, b string) int {
	switch {
	case roundLess(a, b):
		return -1
	case roundLess(b, a):
		return 1
	}
	return strings.Compare(a, b)
}
