package report

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strconv"

	"golang.org/x/sync/errgroup"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/filter"
	"github.com/towerlog/towerlog/analytics/rating"
	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/internal/show"
)

// Limits that keep a report's size independent of the archive's.
const (
	leaderboardRows = 100 // players in the leaderboard
	chartPlayers    = 20  // players in the bar charts
	matrixPlayers   = 15  // players in the captor × victim matrix
	flowPlayers     = 12  // players in the ransom flows: one colour each (palette)
)

// pickerGames is the number of games offered one at a time, the latest
// first. A variable so that tests can fill the picker with few games.
var pickerGames = 2000

// report gathers an archive report from a selection of the store.
type report struct {
	ctx  context.Context
	s    *analytics.Store
	sel  *analytics.Selection
	f    filter.Filter
	sum  analytics.Summary
	page page
	// top are the players with the most games, most first.
	top   []string
	stats map[string]*analytics.PlayerFigures
	// Counts of captures by [height, distance] and of towers by final height.
	captureCells map[[2]int]int
	towerHeights map[int]int
	// colours gives every player one colour in all the charts, in the
	// order of top.
	colours colours
}

// WriteArchive writes the HTML report of the games of s that f selects.
// Every figure is computed by the store, so the page's size depends on
// the number of players shown (bounded) and not on the number of games.
func WriteArchive(ctx context.Context, w io.Writer, s *analytics.Store, f filter.Filter) error {
	if err := f.Check(); err != nil {
		return err
	}
	sel, err := s.Select(ctx, f)
	if err != nil {
		return err
	}
	defer sel.Close()
	sum, err := sel.Summary(ctx)
	if err != nil {
		return err
	}
	if sum.Games == 0 && !f.IsZero() {
		return s.NoGames(ctx, f)
	}
	r := &report{ctx: ctx, s: s, sel: sel, f: f, sum: sum}
	if sum.Games == 0 {
		r.summary()
		if err := r.failedTable(); err != nil {
			return err
		}
		return render(w, r.page)
	}
	// The figures come first: they count the players the summary names.
	if err := r.figures(); err != nil {
		return err
	}
	r.summary()
	for _, step := range []func() error{r.leaderboard, r.standingsTables, r.towerStep(r.captureCharts), r.towerStep(r.ransomChart),
		r.featureChart, r.towerStep(r.towerCharts), r.phantomSection, r.gamePicker, r.failedTable} {
		if err := step(); err != nil {
			return err
		}
	}
	return render(w, r.page)
}

// figures reads the figures of every player, the captures by reach and
// the towers' heights from the selection at the same time: it runs them
// on its connections as they come free, and each fills fields of its
// own.
func (r *report) figures() error {
	var players []analytics.PlayerFigures
	g, ctx := errgroup.WithContext(r.ctx)
	g.Go(func() (err error) { players, err = r.sel.PlayerFigures(ctx); return err })
	g.Go(func() (err error) { r.captureCells, err = r.sel.CaptureReach(ctx); return err })
	g.Go(func() (err error) { r.towerHeights, err = r.sel.TowerHeights(ctx); return err })
	if err := g.Wait(); err != nil {
		return err
	}
	r.stats = make(map[string]*analytics.PlayerFigures, len(players))
	for i := range players {
		r.top = append(r.top, players[i].Name)
		r.stats[players[i].Name] = &players[i]
	}
	r.colours = paletteColours(r.top)
	return nil
}

func (r *report) summary() {
	sum := r.sum
	r.page.Title = playedTitle(sum.Tower, sum.Phantom) + ": archive report"
	r.page.Subtitle = r.f.Describe()
	r.page.Facts = []fact{
		{"Games", strconv.Itoa(sum.Games)},
		{"Players", strconv.Itoa(len(r.top))},
	}
	if sum.First != "" {
		r.page.Facts = append(r.page.Facts, fact{"First game", sum.First}, fact{"Latest game", sum.Last})
	}
	r.page.Facts = append(r.page.Facts, fact{"Records that failed validation (left out)", strconv.Itoa(sum.Invalid)})
	if sum.Games == 0 {
		r.page.Empty = "No games match: ingest some records with towerlog ingest, or loosen the filters."
	}
}

// playedTitle names what the games played: "Carcassonne", "Carcassonne
// with The Tower", "... and the Phantom".
func playedTitle(tower, phantom bool) string {
	switch {
	case tower && phantom:
		return "Carcassonne with The Tower and the Phantom"
	case tower:
		return "Carcassonne with The Tower"
	case phantom:
		return "Carcassonne with the Phantom"
	}
	return "Carcassonne"
}

// towerStep runs step only when a tower of the selected games got a
// floor: without one there is no capture and no ransom either, and a
// report of base games, or of Tower games without a floor, has no empty
// tower, capture or ransom chart.
func (r *report) towerStep(step func() error) func() error {
	return func() error {
		if !r.floorsBuilt() {
			return nil
		}
		return step()
	}
}

func (r *report) leaderboard() error {
	record := func(name string) analytics.Record { return r.stats[name].Record }
	ladder, err := r.s.Ladder(r.ctx, r.f)
	if err != nil {
		return err
	}
	ratings := map[string]string{}
	for _, p := range ladder.Players() {
		ratings[p.Name] = show.Rating(p.Rating)
	}
	ranked := append([]string(nil), r.top...)
	sort.Slice(ranked, func(i, j int) bool {
		return analytics.RanksBefore(record(ranked[i]), ranked[i], record(ranked[j]), ranked[j])
	})
	t := table{ID: "leaderboard", Title: "Leaderboard",
		Note: "Players ranked by " + analytics.RankingRule + ". A player's margin is the sum, over their games, of their score minus the best score of the others at the table. Unfinished games give no win, place or score.",
		Head: []string{"#", "Player", "Games", "Wins", "Win rate", "Margin", "Average score", "Unfinished"}, Key: 1}
	if r.sum.Tower { // a base-game report has no Tower columns
		t.Note += " Captures count opponents' followers taken by a player's towers; ransom balance is the points received for prisoners minus the points paid to free one's own."
		t.Head = append(t.Head, "Captures made", "Captures suffered", "Ransom balance")
	}
	luck := false // a column of luck when a selected game is analysed
	for _, name := range ranked {
		luck = luck || r.stats[name].Luck.Games > 0
	}
	if luck {
		t.Note += " Luck counts the finished games whose records carry the luck of their draws (towerlog luck -o, docs/luck.md); over them, the player's mean luck per game in points of final margin, and their mean luck-adjusted margin: the margin less their own luck plus the others', which tells who wins on skill (- for a player without one)."
		t.Head = append(t.Head, "Analysed games", "Mean luck", "Luck-adjusted margin")
	}
	t.Note += " The rating is the player's Glicko-2 rating from the finished games, " + analytics.RatingOrder + " (towerlog stats --rating); a player with no finished game has none. A rating marked ? is provisional: its deviation is above " + strconv.Itoa(rating.ProvisionalRD) + ", too uncertain to compare its player with the others."
	t.Head = append(t.Head, "Rating")
	for i, name := range ranked[:min(len(ranked), leaderboardRows)] {
		p, rec := r.stats[name], record(name)
		rate, avg := "", ""
		if rec.Games > 0 {
			rate = fmt.Sprintf("%.0f%%", 100*float64(rec.Wins)/float64(rec.Games))
			avg = fmt.Sprintf("%.1f", float64(rec.Points)/float64(rec.Games))
		}
		row := []string{strconv.Itoa(i + 1), name, strconv.Itoa(rec.Games), strconv.Itoa(rec.Wins),
			rate, show.Signed(rec.Margin), avg, strconv.Itoa(p.Games - rec.Games)}
		if r.sum.Tower {
			row = append(row, strconv.Itoa(p.CapturesMade), strconv.Itoa(p.CapturesSuffered), show.Signed(p.RansomsReceived-p.RansomsPaid))
		}
		if luck {
			mean, adjusted := "-", "-"
			if l, a, ok := p.Luck.Mean(); ok {
				mean, adjusted = fmt.Sprintf("%+.1f", l), fmt.Sprintf("%+.1f", a)
			}
			row = append(row, strconv.Itoa(p.Luck.Games), mean, adjusted)
		}
		row = append(row, ratings[name])
		t.Rows = append(t.Rows, row)
	}
	if len(ranked) > leaderboardRows {
		t.Note += fmt.Sprintf(" The %d best of %d players are shown.", leaderboardRows, len(ranked))
	}
	r.page.Tables = append(r.page.Tables, t)
	return nil
}

// topNote says which players a chart shows when not all fit.
func (r *report) topNote(n int) string {
	if len(r.top) <= n {
		return ""
	}
	return fmt.Sprintf(" Only the %d players with the most games are shown.", n)
}

func (r *report) captureCharts() error {
	top := r.top[:min(len(r.top), chartPlayers)]
	made := namedInts{name: "Captures made"}
	suffered := namedInts{name: "Captures suffered"}
	for _, name := range top {
		p := r.stats[name]
		made.values = append(made.values, p.CapturesMade)
		suffered.values = append(suffered.values, p.CapturesSuffered)
	}
	r.page.Charts = append(r.page.Charts, chart{ID: "captures-per-player", Title: "Captures per player",
		Note: "How many opponents' followers each player captured with a tower, and how many of their own followers were captured by others. Players taking back their own followers are counted on the diagonal of the next chart." + r.topNote(chartPlayers),
	}.playerBars(bars{rowName: "Player", valueName: "Captures", players: top, series: []namedInts{made, suffered}, rowColours: r.colours.of(top)}))

	mtop := r.top[:min(len(r.top), matrixPlayers)]
	pairs, err := r.sel.CaptorVictim(r.ctx, mtop)
	if err != nil {
		return err
	}
	counts := make([][]int, len(mtop))
	for y, victim := range mtop {
		counts[y] = make([]int, len(mtop))
		for x, captor := range mtop {
			counts[y][x] = pairs[[2]string{captor, victim}]
		}
	}
	r.page.Charts = append(r.page.Charts, chart{ID: "capture-matrix", Title: "Who captures whom",
		Note: "Each square counts the followers of the player on the left captured by the player below; the darker, the more. The diagonal is players taking back their own followers." + r.topNote(matrixPlayers),
	}.heatmap(cells{xName: "Captor (whose tower captured)", yName: "Victim (whose follower was captured)",
		xs: mtop, ys: mtop, counts: counts, topDown: true}))

	var heights, distances []int
	for k := range r.captureCells {
		heights, distances = appendMissing(heights, k[0]), appendMissing(distances, k[1])
	}
	// A tower captures when a floor is built, so it is at least one floor
	// high: the heights start at 1, the distances at 0 (its own tile).
	hs, ds := fillRange(1, heights), fillRange(0, distances)
	grid := make([][]int, len(ds))
	for y, d := range ds {
		grid[y] = make([]int, len(hs))
		for x, h := range hs {
			grid[y][x] = r.captureCells[[2]int{h, d}]
		}
	}
	c := chart{ID: "captures-height-distance", Title: "Captures by tower height and distance",
		Note: "A tower captures a follower as far away as it is high. Each square counts captures made by a tower of the height below (after the floor that captured) at the distance on the left, in tiles; distance 0 is the tower's own tile. Empty squares counted none."}
	if len(r.captureCells) == 0 {
		c.Note = "No follower was captured in these games."
	}
	r.page.Charts = append(r.page.Charts, c.heatmap(cells{xName: "Tower height (floors)", yName: "Distance (tiles)",
		xs: itoas(hs), ys: itoas(ds), counts: grid, blankZeros: true}))
	return nil
}

func appendMissing(s []int, v int) []int {
	for _, x := range s {
		if x == v {
			return s
		}
	}
	return append(s, v)
}

// fillRange returns every integer from lo (or the least value of s, if
// lower) to the greatest of s.
func fillRange(lo int, s []int) []int {
	hi := lo
	for _, v := range s {
		lo, hi = min(lo, v), max(hi, v)
	}
	var out []int
	for v := lo; v <= hi; v++ {
		out = append(out, v)
	}
	return out
}

func itoas(s []int) []string {
	out := make([]string, len(s))
	for i, v := range s {
		out[i] = strconv.Itoa(v)
	}
	return out
}

func (r *report) ransomChart() error {
	shown := r.top[:min(len(r.top), flowPlayers)]
	paid, err := r.sel.RansomFlows(r.ctx, shown)
	if err != nil {
		return err
	}
	var flows []flow
	for _, f := range paid { // by payer then payee
		flows = append(flows, flow{f.Payer, f.Payee, f.Points})
	}
	c := chart{ID: "ransom-flows", Title: "Ransoms: who paid whom",
		Note: "A player whose follower is held prisoner may buy it back for " + strconv.Itoa(engine.RansomPrice) + " points, paid to the player holding it. Each bar is what one player paid, split by who received it; every player has one colour, the colour of the points they received." + r.topNote(flowPlayers)}
	if len(flows) == 0 {
		c.Note = "No ransom was paid in these games."
	}
	r.page.Charts = append(r.page.Charts, c.ransoms(shown, flows, r.colours))
	return nil
}

// seriesOf makes a series of each key, with the value of value(player,
// key) for each player.
func seriesOf(keys, players []string, value func(player, key string) int) []namedInts {
	var out []namedInts
	for _, k := range keys {
		s := namedInts{name: k}
		for _, p := range players {
			s.values = append(s.values, value(p, k))
		}
		out = append(out, s)
	}
	return out
}

// ransomsLeftOut says, of games with The Tower, that points by feature
// leave out ransoms; base games have none.
func ransomsLeftOut(tower bool) string {
	if tower {
		return " Ransoms are not included."
	}
	return ""
}

// featureOrder lists the feature kinds that score, in the charts' order.
var featureOrder = []string{"city", "road", "cloister", "field"}

func (r *report) featureChart() error {
	top := r.top[:min(len(r.top), chartPlayers)]
	series := seriesOf(featureOrder, top, func(name, f string) int { return r.stats[name].Points[f] })
	r.page.Charts = append(r.page.Charts, chart{ID: "points-by-feature", Title: "Where the points come from",
		Note: "Points each player scored from cities, roads, cloisters and fields over their finished games, during play and at the end." + ransomsLeftOut(r.sum.Tower) + r.topNote(chartPlayers),
	}.playerBars(bars{rowName: "Player", valueName: "Points", players: top, series: series, stacked: true, rowColours: r.colours.of(top)}))
	return nil
}

// floorsBuilt reports whether a tower of the selected games got a floor.
func (r *report) floorsBuilt() bool { return len(r.towerHeights) > 0 }

func (r *report) towerCharts() error {
	var heights []int
	counts := r.towerHeights
	for h := range counts {
		heights = append(heights, h)
	}
	hs := fillRange(1, heights) // towerStep runs this with a floor built
	n := namedInts{name: "Towers"}
	for _, h := range hs {
		n.values = append(n.values, counts[h])
	}
	c := chart{ID: "final-tower-heights", Title: "How high towers grow", Height: 350,
		Note: "The number of towers that ended the game at each height, counting every tower that got at least one floor."}
	r.page.Charts = append(r.page.Charts, c.columns("Height at the end of the game (floors)", "Towers", itoas(hs), n))
	return nil
}
