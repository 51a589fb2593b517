package site

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/rating"
	"github.com/towerlog/towerlog/internal/show"
)

// latestGames is how many games the index lists, the latest first.
const latestGames = 50

// gameCell links a game by its date, or its key when it has none.
func gameCell(g *analytics.Game) cell {
	label := g.Date
	if label == "" {
		label = "game " + strconv.FormatInt(g.GID, 10)
	}
	return cell{Text: label, Href: gameFile(g.ID)}
}

// resultText writes a game's final scores, or "unfinished".
func resultText(g *analytics.Game) string {
	if !g.Finished {
		return "unfinished"
	}
	var parts []string
	for _, p := range g.Players {
		parts = append(parts, fmt.Sprintf("%s %d", p.Name, p.Score))
	}
	return strings.Join(parts, ", ")
}

// playerLinks links each player named.
func playerLinks(names []string) []cell {
	var out []cell
	for _, n := range names {
		out = append(out, cell{Text: n, Href: playerFile(n)})
	}
	return out
}

// playersCell links each of a game's players.
func playersCell(g *analytics.Game) cell {
	c := cell{}
	for _, p := range g.Players {
		c.Links = append(c.Links, cell{Text: p.Name, Href: playerFile(p.Name)})
	}
	return c
}

// events writes a page per event.
func (w *writer) events() error {
	var err error
	if w.eventList, err = w.sn.Events(w.ctx); err != nil {
		return err
	}
	w.winners = map[string][]string{}
	for _, e := range w.eventList {
		if err := w.event(e); err != nil {
			return err
		}
	}
	return nil
}

func (w *writer) event(e analytics.EventInfo) error {
	st, err := w.sn.EventSummary(w.ctx, e.Name)
	if err != nil {
		return err
	}
	var winners []string
	for _, p := range st.Players {
		if p.Rank == 1 && p.Games > 0 {
			winners = append(winners, p.Name)
		}
	}
	w.winners[e.Name] = winners
	p := page{Title: e.Name, Subtitle: dates(e.First, e.Last), Facts: []fact{
		{Label: "Games", Text: strconv.Itoa(e.Games)}, {Label: "Players", Text: strconv.Itoa(e.Players)},
		{Label: "Rounds", Text: strconv.Itoa(e.Rounds)}}}
	if len(winners) > 0 {
		p.Facts = append(p.Facts, fact{Label: "Leader", Links: playerLinks(winners)})
	}
	// Standings, round by round.
	head := []string{"#", "Player"}
	for _, r := range st.Rounds {
		head = append(head, roundName(r))
	}
	head = append(head, "Games", "Wins", "Margin", "Points")
	standings := &table{Head: head, Key: 1}
	// Each player's cells, round by round, from one query of the
	// event's games.
	cells := make(map[string][]cell, len(st.Players))
	err = w.sn.EachPlayerRoundGames(w.ctx, e.Name, st, func(name string, r int, games []analytics.RoundGame) error {
		c := cells[name]
		if c == nil {
			c = make([]cell, len(st.Rounds))
			cells[name] = c
		}
		for _, g := range games {
			c[r].Links = append(c[r].Links, cell{Text: show.RoundCell([]analytics.RoundGame{g}), Href: gameFile(g.ID)})
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, pl := range st.Players {
		row := []cell{text(strconv.Itoa(pl.Rank)), {Text: pl.Name, Href: playerFile(pl.Name)}}
		c := cells[pl.Name]
		if c == nil {
			c = make([]cell, len(st.Rounds))
		}
		row = append(row, c...)
		row = append(row, text(strconv.Itoa(pl.Games)), text(strconv.Itoa(pl.Wins)), text(strconv.Itoa(pl.Margin)), text(strconv.Itoa(pl.Points)))
		standings.Rows = append(standings.Rows, row)
	}
	p.Sections = append(p.Sections, section{ID: "standings", Title: "Standings", Table: standings,
		Note: "Players ranked by " + analytics.RankingRule + ". Each round's cell gives the player's place and score, linked to the game; unfinished games give no place."})
	// The crosstable.
	chead, crows := show.Crosstable(st)
	cross := &table{Head: chead, Key: 1}
	for _, r := range crows {
		row := make([]cell, len(r))
		for i, c := range r {
			row[i] = text(c)
		}
		row[1].Href = playerFile(r[1])
		cross.Rows = append(cross.Rows, row)
	}
	p.Sections = append(p.Sections, section{ID: "crosstable", Title: "Crosstable", Table: cross,
		Note: "Each cell counts the games of the player on the left against the player of the column's number: finished ahead, behind, and level after a second dash."})
	// Each round's games.
	games := &pager{w: w, base: strings.TrimSuffix(eventFile(e.Name), ".html"), title: e.Name,
		head: []string{"Round", "Game", "Players", "Result"}}
	err = w.sn.GamesByRound(w.ctx, e.Name, func(g *analytics.Game) error {
		return games.add([]cell{text(roundName(g.Round)), gameCell(g), playersCell(g), text(resultText(g))})
	})
	if err != nil {
		return err
	}
	list, err := games.sections("Games by round", "Every game of the event, round by round.")
	if err != nil {
		return err
	}
	p.Sections = append(p.Sections, list...)
	return w.render(eventFile(e.Name), p)
}

func roundName(r string) string {
	if r == "" {
		return "No round"
	}
	return "Round " + r
}

func dates(first, last string) string {
	switch {
	case first == "":
		return ""
	case first == last:
		return first
	}
	return first + " to " + last
}

// historyChart is the ECharts options of a rating history: the rating
// and a band of twice the deviation either side.
func historyChart(h []rating.Point) string {
	labels := make([]string, len(h))
	r, lo, band := make([]float64, len(h)), make([]float64, len(h)), make([]float64, len(h))
	for i, p := range h {
		labels[i] = strings.TrimSpace(p.Date + " " + roundLabel(p.Round))
		r[i] = roundTenth(p.R)
		lo[i] = roundTenth(p.R - 2*p.RD)
		band[i] = roundTenth(4 * p.RD)
	}
	opts := map[string]any{
		"animation": false,
		"tooltip":   map[string]any{"trigger": "axis"},
		"grid":      map[string]any{"left": 50, "right": 20, "top": 30, "bottom": 60},
		"xAxis":     map[string]any{"type": "category", "data": labels},
		"yAxis":     map[string]any{"type": "value", "name": "Rating", "scale": true},
		"series": []map[string]any{
			{"name": "Low", "type": "line", "data": lo, "stack": "band", "lineStyle": map[string]any{"opacity": 0}, "showSymbol": false},
			{"name": "Band", "type": "line", "data": band, "stack": "band", "lineStyle": map[string]any{"opacity": 0}, "showSymbol": false,
				"areaStyle": map[string]any{"color": "#c9d9ef"}},
			{"name": "Rating", "type": "line", "data": r, "itemStyle": map[string]any{"color": "#1f5fa8"}},
		},
	}
	b, _ := json.Marshal(opts)
	return string(b)
}

func roundLabel(r string) string {
	if r == "" {
		return ""
	}
	return "round " + r
}

// index writes the home page.
func (w *writer) index() error {
	a, err := w.sn.Figures(w.ctx)
	if err != nil {
		return err
	}
	p := page{Title: "The archive", Subtitle: w.f.Describe(), Facts: []fact{
		{Label: "Games", Text: strconv.Itoa(a.Games)}, {Label: "Finished", Text: strconv.Itoa(a.Finished)},
		{Label: "Players", Text: strconv.Itoa(a.Players)}, {Label: "Events", Text: strconv.Itoa(a.Events)}}}
	if a.First != "" {
		p.Facts = append(p.Facts, fact{Label: "First game", Text: a.First}, fact{Label: "Latest game", Text: a.Last})
	}
	ev := &table{Head: []string{"Event", "Dates", "Games", "Players", "Rounds", "Leader"}, Key: 0}
	for _, e := range w.eventList {
		ev.Rows = append(ev.Rows, []cell{{Text: e.Name, Href: eventFile(e.Name)}, text(dates(e.First, e.Last)), text(strconv.Itoa(e.Games)),
			text(strconv.Itoa(e.Players)), text(strconv.Itoa(e.Rounds)), {Links: playerLinks(w.winners[e.Name])}})
	}
	p.Sections = append(p.Sections, section{ID: "events", Title: "Events", Table: ev,
		Note: "The leader is the player ranked first by " + analytics.RankingRule + "."})
	latest := &table{Head: []string{"Game", "Event", "Round", "Players", "Result"}}
	err = w.sn.LatestGames(w.ctx, latestGames, func(g *analytics.Game) error {
		e := cell{}
		if g.Event != "" {
			e = cell{Text: g.Event, Href: eventFile(g.Event)}
		}
		latest.Rows = append(latest.Rows, []cell{gameCell(g), e, text(g.Round), playersCell(g), text(resultText(g))})
		return nil
	})
	if err != nil {
		return err
	}
	p.Sections = append(p.Sections, section{ID: "latest", Title: "Latest games", Table: latest,
		Note: fmt.Sprintf("The %d latest games; every game is listed on its players' pages and its event's.", latestGames)})
	rl := &table{Head: []string{"#", "Player", "Rating", "Deviation", "Games rated"}, Key: 1}
	for _, r := range w.ladder.Players() {
		rl.Rows = append(rl.Rows, []cell{text(strconv.Itoa(r.Rank)), {Text: r.Name, Href: playerFile(r.Name)},
			text(show.Rating(r.Rating)), text(fmt.Sprintf("%.0f", r.RD)), text(strconv.Itoa(r.Games))})
	}
	p.Sections = append(p.Sections, section{ID: "ratings", Title: "Rating list", Table: rl,
		Note: "Glicko-2 ratings from the finished games, " + analytics.RatingOrder + "; the games of one date and round are one rating period. About 95% of the time a player's strength is within the rating plus or minus twice the deviation. A rating marked ? is provisional (its deviation is above " + strconv.Itoa(rating.ProvisionalRD) + "): such players are ranked after the established ones. See docs/site.md."})
	// Players with no finished game have no rating: listed apart.
	unrated := &table{Head: []string{"Player"}, Key: 0}
	for _, name := range w.unrated {
		unrated.Rows = append(unrated.Rows, []cell{{Text: name, Href: playerFile(name)}})
	}
	if len(unrated.Rows) > 0 {
		p.Sections = append(p.Sections, section{ID: "unrated", Title: "Players without a finished game", Table: unrated})
	}
	return w.render("index.html", p)
}

func roundTenth(v float64) float64 { return math.Round(v*10) / 10 }
