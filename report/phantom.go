package report

import (
	"strconv"

	"github.com/towerlog/towerlog/analytics"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/replay"
)

// phantomSection is the report's part about the phantom: who placed it
// where, what it scored and what became of it. players are the rows, in
// order.
type phantomSection struct {
	players []string
	stats   analytics.PhantomTally
}

func newPhantomSection() *phantomSection {
	return &phantomSection{stats: analytics.PhantomTally{}}
}

// add puts the section's table and charts on the page: games says
// whether the table counts each player's games, playersNote what the
// charts leave out, colour the players' colours.
func (s *phantomSection) add(p *page, games bool, playersNote string, colour colours) {
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
			row = append(row, strconv.Itoa(st.Games))
		}
		row = append(row, strconv.Itoa(st.Total()), strconv.Itoa(st.Second), strconv.Itoa(st.Placed["tower"]), strconv.Itoa(st.Points),
			strconv.Itoa(st.Lost), strconv.Itoa(st.Taken), strconv.Itoa(st.Ransomed), strconv.Itoa(st.Swapped))
		t.Rows = append(t.Rows, row)
	}
	if len(s.players) > leaderboardRows {
		t.Note += " The " + strconv.Itoa(leaderboardRows) + " players with the most games are shown."
	}
	p.Tables = append(p.Tables, t)

	top := s.players[:min(len(s.players), chartPlayers)]
	where := seriesOf(analytics.PhantomWhere, top, func(name, w string) int { return s.stats[name].Placed[w] })
	p.Charts = append(p.Charts, chart{ID: "phantom-placements", Title: "Where the phantom goes",
		Note: "How often each player placed their phantom on each kind of feature of the new tile, and on top of a tower." + playersNote,
	}.playerBars(bars{rowName: "Player", valueName: "Phantoms placed", players: top, series: where, stacked: true, rowColours: colour.of(top)}))

	points := namedInts{name: "Points it scored"}
	for _, name := range top {
		points.values = append(points.values, s.stats[name].Points)
	}
	p.Charts = append(p.Charts, chart{ID: "phantom-points", Title: "Points the phantom scored",
		Note: "The points of every feature each player scored while their phantom stood on it, during play and at the end." + playersNote,
	}.playerBars(bars{rowName: "Player", valueName: "Points", players: top, series: []namedInts{points}, rowColours: colour.of(top)}))

	lost, ransomed, swapped := namedInts{name: "Captured by others"}, namedInts{name: "Bought back"}, namedInts{name: "Back by exchange"}
	for _, name := range top {
		st := s.stats[name]
		lost.values = append(lost.values, st.Lost)
		ransomed.values = append(ransomed.values, st.Ransomed)
		swapped.values = append(swapped.values, st.Swapped)
	}
	p.Charts = append(p.Charts, chart{ID: "phantom-prisoners", Title: "Phantoms captured and freed",
		Note: "How often each player's phantom was captured by another player's tower, bought back with a ransom of " + strconv.Itoa(engine.RansomPrice) + " points, and came back in an exchange of prisoners." + playersNote,
	}.playerBars(bars{rowName: "Player", valueName: "Times", players: top, series: []namedInts{lost, ransomed, swapped}, rowColours: colour.of(top)}))
}

// gamePhantoms counts the phantom's use in one game, from its turns and
// events.
func gamePhantoms(g *replay.Game, names []string) *phantomSection {
	s := newPhantomSection()
	s.players = names
	for _, name := range names {
		s.stats.Player(name).Games = 1
	}
	for i := range g.Turns {
		t := &g.Turns[i]
		st := s.stats.Player(names[t.Seat])
		if t.Phantom {
			st.Placed[placedOn(t.Action, t.Spot)]++
		}
		if t.Second != replay.ActionNone {
			st.Placed[placedOn(t.Second, t.SecondSpot)]++
			st.Second++
		}
	}
	for _, e := range g.Events() {
		switch e.Kind {
		case engine.EventScore:
			for seat, name := range names {
				if e.Scored(seat) && e.Phantom(seat) {
					s.stats.Player(name).Points += e.Points
				}
			}
		case engine.EventCapture:
			if e.Phantom(e.Other) && e.Player != e.Other {
				s.stats.Player(names[e.Other]).Lost++
				s.stats.Player(names[e.Player]).Taken++
			}
		case engine.EventRansom:
			if e.Phantom(e.Player) {
				s.stats.Player(names[e.Player]).Ransomed++
			}
		case engine.EventExchange:
			for _, seat := range []int{e.Player, e.Other} {
				if e.Phantom(seat) {
					s.stats.Player(names[seat]).Swapped++
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

// phantomSection adds the Phantom's table and charts when the selected
// games include games with the Phantom.
func (r *report) phantomSection() error {
	tally, err := r.sel.PhantomTally(r.ctx)
	if err != nil {
		return err
	}
	s := &phantomSection{stats: tally}
	// The players of games with the Phantom, in the order of the other
	// charts (most games first).
	for _, name := range r.top {
		if st := s.stats[name]; st != nil && st.Games > 0 {
			s.players = append(s.players, name)
		}
	}
	if len(s.players) == 0 { // no game with the Phantom
		return nil
	}
	note := ""
	if len(s.players) > chartPlayers {
		note = " Only the " + strconv.Itoa(chartPlayers) + " players with the most games are shown."
	}
	s.add(&r.page, true, note, r.colours)
	return nil
}
