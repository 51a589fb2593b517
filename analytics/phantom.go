package analytics

import (
	"database/sql"
	"strconv"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/replay"
)

// phantomWhere lists where a phantom can be placed, in the charts' order:
// the feature kinds of a tile, then the top of a tower.
var phantomWhere = append(append([]string(nil), featureOrder...), "tower")

// phantomStats is one player's use of the phantom over the games with the
// Phantom.
type phantomStats struct {
	games    int            // games with the Phantom
	placed   map[string]int // phantoms placed, by phantomWhere
	second   int            // of them, as a turn's second figure
	points   int            // points of the scorings the phantom took part in
	lost     int            // the player's phantom captured by another player's tower
	taken    int            // other players' phantoms captured by the player's towers
	ransomed int            // the player bought back their phantom
	swapped  int            // the player's phantom came back in an exchange of prisoners
}

// total is the number of phantoms placed.
func (p *phantomStats) total() int {
	n := 0
	for _, v := range p.placed {
		n += v
	}
	return n
}

// phantomSection is the report's part about the phantom: who placed it
// where, what it scored and what became of it. players are the rows, in
// order.
type phantomSection struct {
	players []string
	stats   map[string]*phantomStats
}

func newPhantomSection() *phantomSection {
	return &phantomSection{stats: map[string]*phantomStats{}}
}

func (s *phantomSection) player(name string) *phantomStats {
	p := s.stats[name]
	if p == nil {
		p = &phantomStats{placed: map[string]int{}}
		s.stats[name] = p
	}
	return p
}

// add puts the section's table and charts on the page: games says
// whether the table counts each player's games, playersNote what the
// charts leave out.
func (s *phantomSection) add(p *page, games bool, playersNote string) {
	head := []string{"Player"}
	if games {
		head = append(head, "Games with the Phantom")
	}
	head = append(head, "Phantom placed", "As second figure", "On a tower", "Points it scored",
		"Captured by others", "Others' captured", "Bought back", "Back by exchange")
	t := table{ID: "phantom", Title: "The Phantom", Key: 0, Head: head,
		Note: "With the Phantom each player has one phantom, a follower in every respect but how it is placed: as the turn's figure, or after it as a second figure on the new tile or on top of a tower. " +
			"Points it scored are those of every feature a player scored while their phantom stood on it, whoever else stood there. Captured by others counts the player's phantom taken by other players' towers; others' captured, the phantoms the player's towers took from other players; bought back, the ransoms paid to free it; back by exchange, the times it came home in an exchange of prisoners."}
	for _, name := range s.players[:min(len(s.players), leaderboardRows)] {
		st := s.stats[name]
		row := []string{name}
		if games {
			row = append(row, strconv.Itoa(st.games))
		}
		row = append(row, strconv.Itoa(st.total()), strconv.Itoa(st.second), strconv.Itoa(st.placed["tower"]), strconv.Itoa(st.points),
			strconv.Itoa(st.lost), strconv.Itoa(st.taken), strconv.Itoa(st.ransomed), strconv.Itoa(st.swapped))
		t.Rows = append(t.Rows, row)
	}
	if len(s.players) > leaderboardRows {
		t.Note += " The " + strconv.Itoa(leaderboardRows) + " players with the most games are shown."
	}
	p.Tables = append(p.Tables, t)

	top := s.players[:min(len(s.players), chartPlayers)]
	where := seriesOf(phantomWhere, top, func(name, w string) int { return s.stats[name].placed[w] })
	p.Charts = append(p.Charts, chart{ID: "phantom-placements", Title: "Where the phantom goes",
		Note: "How often each player placed their phantom on each kind of feature of the new tile, and on top of a tower." + playersNote,
	}.playerBars(bars{rowName: "Player", valueName: "Phantoms placed", players: top, series: where, stacked: true}))

	points := namedInts{name: "Points it scored"}
	for _, name := range top {
		points.values = append(points.values, s.stats[name].points)
	}
	p.Charts = append(p.Charts, chart{ID: "phantom-points", Title: "Points the phantom scored",
		Note: "The points of every feature each player scored while their phantom stood on it, during play and at the end." + playersNote,
	}.playerBars(bars{rowName: "Player", valueName: "Points", players: top, series: []namedInts{points}}))

	lost, ransomed, swapped := namedInts{name: "Captured by others"}, namedInts{name: "Bought back"}, namedInts{name: "Back by exchange"}
	for _, name := range top {
		st := s.stats[name]
		lost.values = append(lost.values, st.lost)
		ransomed.values = append(ransomed.values, st.ransomed)
		swapped.values = append(swapped.values, st.swapped)
	}
	p.Charts = append(p.Charts, chart{ID: "phantom-prisoners", Title: "Phantoms captured and freed",
		Note: "How often each player's phantom was captured by another player's tower, bought back with a ransom of " + strconv.Itoa(engine.RansomPrice) + " points, and came back in an exchange of prisoners." + playersNote,
	}.playerBars(bars{rowName: "Player", valueName: "Times", players: top, series: []namedInts{lost, ransomed, swapped}}))
}

// gamePhantoms counts the phantom's use in one game, from its turns and
// events.
func gamePhantoms(g *replay.Game, names []string) *phantomSection {
	s := newPhantomSection()
	s.players = names
	for _, name := range names {
		s.player(name).games = 1
	}
	for i := range g.Turns {
		t := &g.Turns[i]
		st := s.player(names[t.Seat])
		if t.Phantom {
			st.placed[placedOn(t.Action, t.Spot)]++
		}
		if t.Second != replay.ActionNone {
			st.placed[placedOn(t.Second, t.SecondSpot)]++
			st.second++
		}
	}
	for _, e := range g.Events() {
		switch e.Kind {
		case engine.EventScore:
			for seat, name := range names {
				if e.Scored(seat) && e.Phantom(seat) {
					s.player(name).points += e.Points
				}
			}
		case engine.EventCapture:
			if e.Phantom(e.Other) && e.Player != e.Other {
				s.player(names[e.Other]).lost++
				s.player(names[e.Player]).taken++
			}
		case engine.EventRansom:
			if e.Phantom(e.Player) {
				s.player(names[e.Player]).ransomed++
			}
		case engine.EventExchange:
			for _, seat := range []int{e.Player, e.Other} {
				if e.Phantom(seat) {
					s.player(names[seat]).swapped++
				}
			}
		}
	}
	return s
}

// placedOn says where a figure placed by a follower or tower-follower
// action went: the feature's kind, or "tower".
func placedOn(a replay.ActionKind, spot engine.Spot) string {
	if a == replay.ActionTowerFollower {
		return "tower"
	}
	return spot.Kind.String()
}

// phantomGames is true when the report's selection holds a game with the
// Phantom. The rules are stored as the Rules tag writes them, where the
// word phantom follows the expansion.
func (r *report) phantomGames() (bool, error) {
	var n int
	err := r.conn.QueryRowContext(r.ctx, `SELECT EXISTS (SELECT 1 FROM games g JOIN sel ON sel.gid = g.gid
		WHERE ' ' || g.rules || ' ' LIKE '% phantom %')`).Scan(&n)
	return n == 1, err
}

// phantomSection adds the Phantom's table and charts when the selected
// games include games with the Phantom.
func (r *report) phantomSection() error {
	ok, err := r.phantomGames()
	if err != nil || !ok {
		return err
	}
	s := newPhantomSection()
	for _, q := range s.queries() {
		if err := r.each(q.sql, nil, q.scan); err != nil {
			return err
		}
	}
	// The players of games with the Phantom, in the order of the other
	// charts (most games first).
	for _, name := range r.top {
		if st := s.stats[name]; st != nil && st.games > 0 {
			s.players = append(s.players, name)
		}
	}
	note := ""
	if len(s.players) > chartPlayers {
		note = " Only the " + strconv.Itoa(chartPlayers) + " players with the most games are shown."
	}
	s.add(&r.page, true, note)
	return nil
}

// A countQuery reads figures of the selected games, whose keys are the rows of
// a table sel, and scan adds a row of them to the statistics.
type countQuery struct {
	sql  string
	scan func(*sql.Rows) error
}

// queries are the queries that count the phantom's figures into s.
func (s *phantomSection) queries() []countQuery {
	// into scans a row of a name and a number into a field of the
	// player's statistics.
	into := func(field func(*phantomStats) *int) func(*sql.Rows) error {
		return func(rows *sql.Rows) error {
			var name string
			var n int
			if err := rows.Scan(&name, &n); err != nil {
				return err
			}
			*field(s.player(name)) += n
			return nil
		}
	}
	return []countQuery{
		{`SELECT p.name, count(*) FROM players p JOIN sel ON sel.gid = p.game JOIN games g ON g.gid = p.game
			WHERE ' ' || g.rules || ' ' LIKE '% phantom %' GROUP BY 1`,
			into(func(p *phantomStats) *int { return &p.games })},
		{`SELECT p.name, pl.feature, count(*), sum(pl.nth = 2) FROM placements pl JOIN sel ON sel.gid = pl.game
			JOIN players p ON p.game = pl.game AND p.seat = pl.seat
			WHERE pl.figure = 'phantom' GROUP BY 1, 2`,
			func(rows *sql.Rows) error {
				var name, where string
				var n, second int
				if err := rows.Scan(&name, &where, &n, &second); err != nil {
					return err
				}
				p := s.player(name)
				p.placed[where] += n
				p.second += second
				return nil
			}},
		{`SELECT p.name, sum(s.points) FROM scores s JOIN sel ON sel.gid = s.game
			JOIN players p ON p.game = s.game AND p.seat = s.seat WHERE s.phantom = 1 GROUP BY 1`,
			into(func(p *phantomStats) *int { return &p.points })},
		{`SELECT p.name, count(*) FROM captures c JOIN sel ON sel.gid = c.game
			JOIN players p ON p.game = c.game AND p.seat = c.victim
			WHERE c.figure = 'phantom' AND c.captor <> c.victim GROUP BY 1`,
			into(func(p *phantomStats) *int { return &p.lost })},
		{`SELECT p.name, count(*) FROM captures c JOIN sel ON sel.gid = c.game
			JOIN players p ON p.game = c.game AND p.seat = c.captor
			WHERE c.figure = 'phantom' AND c.captor <> c.victim GROUP BY 1`,
			into(func(p *phantomStats) *int { return &p.taken })},
		{`SELECT p.name, count(*) FROM ransoms r JOIN sel ON sel.gid = r.game
			JOIN players p ON p.game = r.game AND p.seat = r.payer WHERE r.figure = 'phantom' GROUP BY 1`,
			into(func(p *phantomStats) *int { return &p.ransomed })},
		{`SELECT p.name, count(*) FROM (
				SELECT game, a AS seat FROM exchanges WHERE a_figure = 'phantom'
				UNION ALL SELECT game, b FROM exchanges WHERE b_figure = 'phantom') x
			JOIN sel ON sel.gid = x.game JOIN players p ON p.game = x.game AND p.seat = x.seat GROUP BY 1`,
			into(func(p *phantomStats) *int { return &p.swapped })},
	}
}
