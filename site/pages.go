package site

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/rating"
	"github.com/towerlog/towerlog/internal/english"
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
	if w.eventList, err = w.s.Events(w.ctx, w.f); err != nil {
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
	f := w.f
	f.Event = e.Name
	st, err := w.s.EventSummary(w.ctx, f)
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
	for _, pl := range st.Players {
		row := []cell{text(strconv.Itoa(pl.Rank)), {Text: pl.Name, Href: playerFile(pl.Name)}}
		cells := make([]cell, len(st.Rounds))
		err := w.s.EachRoundGames(w.ctx, f, st, pl.Name, func(r int, games []analytics.RoundGame) error {
			for _, g := range games {
				cells[r].Links = append(cells[r].Links, cell{Text: show.RoundCell([]analytics.RoundGame{g}), Href: gameFile(g.ID)})
			}
			return nil
		})
		if err != nil {
			return err
		}
		row = append(row, cells...)
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
	err = w.s.GamesByRound(w.ctx, f, func(g *analytics.Game) error {
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

// players writes a page per player.
func (w *writer) players() error {
	stats, err := w.s.PlayerStatistics(w.ctx, w.f)
	if err != nil {
		return err
	}
	ratings := map[string]rating.Player{}
	for _, p := range w.ladder.Players() {
		ratings[p.Name] = p
	}
	w.nPlayers = len(stats)
	for _, s := range stats {
		if _, ok := ratings[s.Name]; !ok {
			w.unrated = append(w.unrated, s.Name)
		}
	}
	for i := range stats {
		if err := w.player(&stats[i], ratings); err != nil {
			return err
		}
	}
	return nil
}

// opponent is a player's record against another.
type opponent struct {
	games, ahead, behind, level int
}

func (w *writer) player(ps *analytics.PlayerStats, ratings map[string]rating.Player) error {
	f := w.f
	f.Players = append(append([]string(nil), f.Players...), ps.Name)
	f.Seat = 0
	games := &pager{w: w, base: strings.TrimSuffix(playerFile(ps.Name), ".html"), title: ps.Name,
		head: []string{"Game", "Event", "Round", "Players", "Place", "Score", "Result"}}
	places := map[int]int{}
	against := map[string]*opponent{}
	_, err := w.s.SelectGames(w.ctx, f, false, func(g *analytics.Game) error {
		var me analytics.GamePlayer
		for _, p := range g.Players {
			if p.Name == ps.Name {
				me = p
			}
		}
		place := "unfinished"
		if g.Finished {
			place = english.Ordinal(me.Rank)
			places[me.Rank]++
		}
		ev := cell{}
		if g.Event != "" {
			ev = cell{Text: g.Event, Href: eventFile(g.Event)}
		}
		if err := games.add([]cell{gameCell(g), ev, text(g.Round), playersCell(g), text(place),
			text(strconv.Itoa(me.Score)), text(resultText(g))}); err != nil {
			return err
		}
		for _, o := range g.Players {
			if o.Name == ps.Name || !g.Finished {
				continue
			}
			a := against[o.Name]
			if a == nil {
				a = &opponent{}
				against[o.Name] = a
			}
			a.games++
			switch {
			case me.Rank < o.Rank:
				a.ahead++
			case me.Rank > o.Rank:
				a.behind++
			default:
				a.level++
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	p := page{Title: ps.Name}
	r, rated := ratings[ps.Name]
	if rated {
		p.Facts = append(p.Facts, fact{Label: "Rating", Text: fmt.Sprintf("%.0f ± %.0f", r.R, 2*r.RD)})
	}
	avgMargin := ""
	if ps.Games > 0 {
		avgMargin = fmt.Sprintf("%+.1f", float64(ps.Margin)/float64(ps.Games))
	}
	p.Facts = append(p.Facts, fact{Label: "Finished games", Text: strconv.Itoa(ps.Games)}, fact{Label: "Wins", Text: strconv.Itoa(ps.Wins)},
		fact{Label: "Win rate", Text: fmt.Sprintf("%.0f%%", 100*ps.WinRate)}, fact{Label: "Average score", Text: fmt.Sprintf("%.1f", ps.AverageScore)},
		fact{Label: "Average margin", Text: avgMargin}, fact{Label: "Unfinished games", Text: strconv.Itoa(ps.Unfinished)})
	if rated {
		p.Sections = append(p.Sections, section{ID: "rating", Title: "Rating over time",
			Note:  fmt.Sprintf("The Glicko-2 rating after each date and round the player played (the latest %d); the band is twice the deviation either side. See docs/site.md.", rating.HistoryLimit),
			Chart: &chart{ID: "rating-history", Height: 320, Options: historyChart(w.ladder.History(ps.Name))}})
	}
	// Places.
	var ranks []int
	for k := range places {
		ranks = append(ranks, k)
	}
	sort.Ints(ranks)
	pt := &table{Head: []string{"Place", "Games"}}
	for _, k := range ranks {
		pt.Rows = append(pt.Rows, []cell{text(english.Ordinal(k)), text(strconv.Itoa(places[k]))})
	}
	p.Sections = append(p.Sections, section{ID: "places", Title: "Places", Table: pt, Note: "How often the player finished in each place (a shared place counts for each)."})
	// Head to head.
	var opps []string
	for o := range against {
		opps = append(opps, o)
	}
	sort.Strings(opps)
	h2h := &table{Head: []string{"Opponent", "Games", "Ahead", "Behind", "Level"}}
	for _, o := range opps {
		a := against[o]
		h2h.Rows = append(h2h.Rows, []cell{{Text: o, Href: playerFile(o)}, text(strconv.Itoa(a.games)), text(strconv.Itoa(a.ahead)),
			text(strconv.Itoa(a.behind)), text(strconv.Itoa(a.level))})
	}
	p.Sections = append(p.Sections, section{ID: "head-to-head", Title: "Against each opponent", Table: h2h,
		Note: "Finished games at the same table: how often the player finished ahead of the opponent, behind, or level."})
	// Points by feature, and the figures of The Tower and the Phantom.
	ft := &table{Head: []string{"Feature", "Points"}}
	for _, k := range analytics.Features {
		ft.Rows = append(ft.Rows, []cell{text(k), text(strconv.Itoa(ps.Points[k]))})
	}
	if r := w.reviews[ps.Name]; r != nil && r.turns > 0 {
		acc := "-"
		if r.graded > 0 {
			acc = fmt.Sprintf("%.1f%%", r.accuracy/float64(r.graded))
		}
		rt := &table{Key: -1, Head: []string{"Reviewed games", "Reviewed turns", "Best move played", "Points given away per turn", "Mistakes (?!, ?, ??)", "Accuracy"}}
		rt.Rows = append(rt.Rows, []cell{text(strconv.Itoa(r.games)), text(strconv.Itoa(r.turns)),
			text(fmt.Sprintf("%.0f%%", 100*float64(r.best)/float64(r.turns))), text(fmt.Sprintf("%.2f", r.givenAway/float64(r.turns))),
			text(strconv.Itoa(r.mistakes)), text(acc)})
		p.Sections = append(p.Sections, section{ID: "review", Title: "Review", Table: rt,
			Note: "Over the player's turns in games whose records carry a review (towerlog review -o): how often the move played was the best the review found, the points given away on average (where the review found them clearly), the turns it marked as mistakes, and the accuracy: the mean of the accuracies of the player's graded moves, each from the chance of winning the move lost, by lichess's formula, as lichess's insights average them (docs/site.md)."})
	}
	p.Sections = append(p.Sections, section{ID: "features", Title: "Points by feature", Table: ft,
		Note: "Points scored from each kind of feature over all the player's games, during play and at the end; ransoms are not included."})
	if ps.CapturesMade+ps.CapturesSuffered+ps.OwnTakenBack+ps.RansomsPaid+ps.RansomsReceived+ps.FloorsBuilt > 0 {
		tt := &table{Head: []string{"The Tower", "Count"}}
		for _, row := range []struct {
			k string
			v int
		}{{"Opponents' followers captured", ps.CapturesMade}, {"Followers lost to opponents' towers", ps.CapturesSuffered},
			{"Own followers taken back", ps.OwnTakenBack}, {"Ransom points paid", ps.RansomsPaid},
			{"Ransom points received", ps.RansomsReceived}, {"Tower floors built", ps.FloorsBuilt}} {
			tt.Rows = append(tt.Rows, []cell{text(row.k), text(strconv.Itoa(row.v))})
		}
		p.Sections = append(p.Sections, section{ID: "tower", Title: "Captures, ransoms and floors", Table: tt})
	}
	if ph := ps.Phantom; ph != nil {
		tt := &table{Head: []string{"The Phantom", "Count"}}
		for _, row := range []struct {
			k string
			v int
		}{{"Games with the Phantom", ph.Games}, {"Phantoms placed", ph.Placed}, {"Of them as the turn's second figure", ph.Second},
			{"Of them on towers", ph.OnTowers}, {"Points scored where the phantom stood", ph.Points},
			{"Captured by others", ph.CapturedByOthers}, {"Others' phantoms captured", ph.CapturedOfOthers},
			{"Ransoms paid to free it", ph.Ransomed}, {"Exchanged", ph.Exchanged}} {
			tt.Rows = append(tt.Rows, []cell{text(row.k), text(strconv.Itoa(row.v))})
		}
		p.Sections = append(p.Sections, section{ID: "phantom", Title: "The Phantom", Table: tt})
	}
	list, err := games.sections("Games", "Every game of the player, in the order stored.")
	if err != nil {
		return err
	}
	p.Sections = append(p.Sections, list...)
	return w.render(playerFile(ps.Name), p)
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
	a, err := w.s.Figures(w.ctx, w.f)
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
	err = w.s.LatestGames(w.ctx, w.f, latestGames, func(g *analytics.Game) error {
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
			text(fmt.Sprintf("%.0f", r.R)), text(fmt.Sprintf("%.0f", r.RD)), text(strconv.Itoa(r.Games))})
	}
	p.Sections = append(p.Sections, section{ID: "ratings", Title: "Rating list", Table: rl,
		Note: "Glicko-2 ratings from the finished games, " + analytics.RatingOrder + "; the games of one date and round are one rating period. About 95% of the time a player's strength is within the rating plus or minus twice the deviation. See docs/site.md."})
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
