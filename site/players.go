package site

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/rating"
	"github.com/towerlog/towerlog/internal/english"
	"github.com/towerlog/towerlog/internal/show"
)

// players writes a page per player: the store reads every player's games
// in one ordered pass and adds them up (analytics.Snapshot.EachPlayer);
// the pages lay out what it gives.
func (w *writer) players() error {
	stats, err := w.sn.PlayerStatistics(w.ctx)
	if err != nil {
		return err
	}
	ratings := map[string]rating.Player{}
	for _, p := range w.ladder.Players() {
		ratings[p.Name] = p
	}
	byName := make(map[string]*analytics.PlayerStats, len(stats))
	w.nPlayers = len(stats)
	luck := false // a game of the site is analysed: every player's page has a section of luck
	for i, s := range stats {
		byName[s.Name] = &stats[i]
		luck = luck || s.LuckGames > 0
		if _, ok := ratings[s.Name]; !ok {
			w.unrated = append(w.unrated, s.Name)
		}
	}
	var games *pager // the list of the player being read
	return w.sn.EachPlayer(w.ctx, func(g *analytics.Game, me analytics.GamePlayer) error {
		if games == nil {
			games = &pager{w: w, base: strings.TrimSuffix(playerFile(me.Name), ".html"), title: me.Name,
				head: []string{"Game", "Event", "Round", "Players", "Place", "Score", "Result"}}
		}
		return games.add(playerGameRow(g, me))
	}, func(sum *analytics.PlayerSummary) error {
		list, err := games.sections("Games", "Every game of the player, in the order stored.")
		games = nil
		if err != nil {
			return err
		}
		ps := byName[sum.Name]
		if ps == nil {
			return fmt.Errorf("player %q has games but no figures", sum.Name)
		}
		r, rated := ratings[sum.Name]
		p := w.playerPage(ps, sum, r, rated, luck)
		p.Sections = append(p.Sections, list...)
		return w.render(playerFile(sum.Name), p)
	})
}

// playerGameRow is a game's row in the list of a player's games.
func playerGameRow(g *analytics.Game, me analytics.GamePlayer) []cell {
	place := "unfinished"
	if g.Finished {
		place = english.Ordinal(me.Rank)
	}
	ev := cell{}
	if g.Event != "" {
		ev = cell{Text: g.Event, Href: eventFile(g.Event)}
	}
	return []cell{gameCell(g), ev, text(g.Round), playersCell(g), text(place), text(strconv.Itoa(me.Score)), text(resultText(g))}
}

// playerPage lays out a player's page but the list of games: the facts,
// the rating's history, places, the record against each opponent, points
// by feature, the review's figures, luck's (when luck, some game of the
// site is analysed), and The Tower's and the Phantom's.
func (w *writer) playerPage(ps *analytics.PlayerStats, sum *analytics.PlayerSummary, r rating.Player, rated, luck bool) page {
	p := page{Title: ps.Name, Facts: playerFacts(ps, r, rated)}
	if rated {
		p.Sections = append(p.Sections, section{ID: "rating", Title: "Rating over time",
			Note:  fmt.Sprintf("The Glicko-2 rating after each date and round the player played (the latest %d); the band is twice the deviation either side. See docs/site.md.", rating.HistoryLimit),
			Chart: &chart{ID: "rating-history", Height: 320, Options: historyChart(sum.History)}})
	}
	p.Sections = append(p.Sections, placesSection(sum.Places), againstSection(sum.Against))
	if rs, ok := reviewSection(w.reviews[ps.Name]); ok {
		p.Sections = append(p.Sections, rs)
	}
	if luck {
		p.Sections = append(p.Sections, luckSection(ps))
	}
	p.Sections = append(p.Sections, featuresSection(ps))
	if ts, ok := towerSection(ps); ok {
		p.Sections = append(p.Sections, ts)
	}
	if ph := ps.Phantom; ph != nil {
		p.Sections = append(p.Sections, phantomSection(ph))
	}
	return p
}

func playerFacts(ps *analytics.PlayerStats, r rating.Player, rated bool) []fact {
	var facts []fact
	if rated {
		facts = append(facts, fact{Label: "Rating", Text: fmt.Sprintf("%s ± %.0f", show.Rating(r.Rating), 2*r.RD)})
	}
	avgMargin := ""
	if ps.Games > 0 {
		avgMargin = fmt.Sprintf("%+.1f", float64(ps.Margin)/float64(ps.Games))
	}
	return append(facts, fact{Label: "Finished games", Text: strconv.Itoa(ps.Games)}, fact{Label: "Wins", Text: strconv.Itoa(ps.Wins)},
		fact{Label: "Win rate", Text: fmt.Sprintf("%.0f%%", 100*ps.WinRate)}, fact{Label: "Average score", Text: fmt.Sprintf("%.1f", ps.AverageScore)},
		fact{Label: "Average margin", Text: avgMargin}, fact{Label: "Unfinished games", Text: strconv.Itoa(ps.Unfinished)})
}

func placesSection(places []analytics.PlaceCount) section {
	t := &table{Head: []string{"Place", "Games"}}
	for _, pc := range places {
		t.Rows = append(t.Rows, []cell{text(english.Ordinal(pc.Place)), text(strconv.Itoa(pc.Games))})
	}
	return section{ID: "places", Title: "Places", Table: t, Note: "How often the player finished in each place (a shared place counts for each)."}
}

func againstSection(against []analytics.Opponent) section {
	t := &table{Head: []string{"Opponent", "Games", "Ahead", "Behind", "Level"}}
	for _, o := range against {
		t.Rows = append(t.Rows, []cell{{Text: o.Name, Href: playerFile(o.Name)}, text(strconv.Itoa(o.Games())), text(strconv.Itoa(o.Ahead)),
			text(strconv.Itoa(o.Behind)), text(strconv.Itoa(o.Level))})
	}
	return section{ID: "head-to-head", Title: "Against each opponent", Table: t,
		Note: "Finished games at the same table: how often the player finished ahead of the opponent, behind, or level."}
}

// reviewSection is the review's figures of a player, none without a
// reviewed turn.
func reviewSection(r *reviewTally) (section, bool) {
	if r == nil || r.turns == 0 {
		return section{}, false
	}
	acc := "-"
	if r.graded > 0 {
		acc = fmt.Sprintf("%.1f%%", r.accuracy/float64(r.graded))
	}
	t := &table{Key: -1, Head: []string{"Reviewed games", "Reviewed turns", "Best move played", "Points given away per turn", "Mistakes (?!, ?, ??)", "Accuracy"}}
	t.Rows = append(t.Rows, []cell{text(strconv.Itoa(r.games)), text(strconv.Itoa(r.turns)),
		text(fmt.Sprintf("%.0f%%", 100*float64(r.best)/float64(r.turns))), text(fmt.Sprintf("%.2f", r.givenAway/float64(r.turns))),
		text(strconv.Itoa(r.mistakes)), text(acc)})
	return section{ID: "review", Title: "Review", Table: t,
		Note: "Over the player's turns in games whose records carry a review (towerlog review -o): how often the move played was the best the review found, the points given away on average (where the review found them clearly), the turns it marked as mistakes, and the accuracy: the mean of the accuracies of the player's graded moves, each from the chance of winning the move lost, by lichess's formula, as lichess's insights average them (docs/site.md)."}, true
}

// luckSection is the player's luck over their analysed games: "-" for a
// player without one.
func luckSection(ps *analytics.PlayerStats) section {
	mean, adjusted := "-", "-"
	if ps.MeanLuck != nil && ps.MeanAdjustedMargin != nil {
		mean, adjusted = fmt.Sprintf("%+.1f", *ps.MeanLuck), fmt.Sprintf("%+.1f", *ps.MeanAdjustedMargin)
	}
	t := &table{Key: -1, Head: []string{"Analysed games", "Mean luck", "Mean luck-adjusted margin"}}
	t.Rows = append(t.Rows, []cell{text(strconv.Itoa(ps.LuckGames)), text(mean), text(adjusted)})
	return section{ID: "luck", Title: "Luck", Table: t,
		Note: "Over the player's finished games whose records carry the luck of their draws (towerlog luck -o): the mean luck per game, in points of final margin (the value of the best play with each tile drawn less the mean over the tiles the bag held, summed over the player's turns), and the mean luck-adjusted margin, the margin less the player's own luck plus the others' (docs/luck.md). A player whose luck-adjusted margin stays ahead wins on skill, not on the draw."}
}

func featuresSection(ps *analytics.PlayerStats) section {
	t := &table{Head: []string{"Feature", "Points"}}
	for _, k := range analytics.Features {
		t.Rows = append(t.Rows, []cell{text(k), text(strconv.Itoa(ps.Points[k]))})
	}
	return section{ID: "features", Title: "Points by feature", Table: t,
		Note: "Points scored from each kind of feature over all the player's games, during play and at the end; ransoms are not included."}
}

// countRow is a line of a table of counts.
type countRow struct {
	k string
	v int
}

func countTable(head string, rows []countRow) *table {
	t := &table{Head: []string{head, "Count"}}
	for _, row := range rows {
		t.Rows = append(t.Rows, []cell{text(row.k), text(strconv.Itoa(row.v))})
	}
	return t
}

// towerSection is a player's captures, ransoms and floors, none when
// all are zero.
func towerSection(ps *analytics.PlayerStats) (section, bool) {
	if ps.CapturesMade+ps.CapturesSuffered+ps.OwnTakenBack+ps.RansomsPaid+ps.RansomsReceived+ps.FloorsBuilt == 0 {
		return section{}, false
	}
	return section{ID: "tower", Title: "Captures, ransoms and floors", Table: countTable("The Tower", []countRow{
		{"Opponents' followers captured", ps.CapturesMade}, {"Followers lost to opponents' towers", ps.CapturesSuffered},
		{"Own followers taken back", ps.OwnTakenBack}, {"Ransom points paid", ps.RansomsPaid},
		{"Ransom points received", ps.RansomsReceived}, {"Tower floors built", ps.FloorsBuilt}})}, true
}

func phantomSection(ph *analytics.PhantomUse) section {
	return section{ID: "phantom", Title: "The Phantom", Table: countTable("The Phantom", []countRow{
		{"Games with the Phantom", ph.Games}, {"Phantoms placed", ph.Placed}, {"Of them as the turn's second figure", ph.Second},
		{"Of them on towers", ph.OnTowers}, {"Points scored where the phantom stood", ph.Points},
		{"Captured by others", ph.CapturedByOthers}, {"Others' phantoms captured", ph.CapturedOfOthers},
		{"Ransoms paid to free it", ph.Ransomed}, {"Exchanged", ph.Exchanged}})}
}
