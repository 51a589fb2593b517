package report

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/filter"
	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/replay"
)

// proofArchive is a club's archive written for TestReportFigures
// (testdata/proof/README.md says how): eleven legal games of two to four
// of six players, with captures of guards, own captures, exchanges,
// ransoms and shared first places, and one record with an illegal move.
// It is the store's test data too (TestInvalidStored).
var proofArchive = filepath.Join("..", "analytics", "testdata", "proof", "club.cgn")

// proofInvalidGame is the invalid record of the archive, as read by hand:
// its seventh game (TestInvalidStored says more).
const proofInvalidGame = 7

// clubFigures are the figures of an archive, counted from the records'
// text.
type clubFigures struct {
	games, invalid int
	dates          []string
	players        map[string]*clubPlayer
	captures       map[[2]string]int // by captor, victim (own captures too)
	byReach        map[[2]int]int    // captures by tower height, distance
	ransoms        map[[2]string]int // points by payer, payee
	towers         map[int]int       // towers by final height
	exchanges      int
	guardCaptures  int
	scoreRaces     map[string][][]int                   // by game date: scores after each turn, [turn][seat]
	towerRaces     map[string]map[string]map[string]int // by game date, tower square "x,y", turn: height after the turn
	seatNames      map[string][]string
	// phantoms are the phantom's figures of the games with the Phantom,
	// by game date and player name.
	phantoms map[string]map[string]*textPhantom
}

// textPhantom is a player's use of the phantom in one game, counted from
// the record's text (points from the engine's events: see featurePoints).
type textPhantom struct {
	games, placed, second, points int
	where                         map[string]int // road, city, field, cloister, tower
	lost, taken, ransomed, back   int            // see phantomStats
	returned                      int            // scorings during play: the phantom went home
}

// phantomTotals adds up the players' phantom figures over the games.
func (f *clubFigures) phantomTotals() map[string]*textPhantom {
	out := map[string]*textPhantom{}
	for _, game := range f.phantoms {
		for name, g := range game {
			p := out[name]
			if p == nil {
				p = &textPhantom{where: map[string]int{}}
				out[name] = p
			}
			p.games, p.placed, p.second, p.points = p.games+g.games, p.placed+g.placed, p.second+g.second, p.points+g.points
			p.lost, p.taken, p.ransomed, p.back = p.lost+g.lost, p.taken+g.taken, p.ransomed+g.ransomed, p.back+g.back
			for k, n := range g.where {
				p.where[k] += n
			}
		}
	}
	return out
}

// spotKinds are the feature kinds of the spots' first letters.
var spotKinds = map[byte]string{'C': "city", 'R': "road", 'F': "field", 'M': "cloister"}

type clubPlayer struct {
	games, wins, scoreSum int
	margin                int // the sum of score minus the best other score
	made, suffered, own   int
	paid, received        int
	byFeature             map[string]int // from the engine's events, see featurePoints
}

func (f *clubFigures) player(name string) *clubPlayer {
	p := f.players[name]
	if p == nil {
		p = &clubPlayer{byFeature: map[string]int{}}
		f.players[name] = p
	}
	return p
}

var (
	tagLine  = regexp.MustCompile(`^\[(\w+) "(.*)"\]$`)
	moveLine = regexp.MustCompile(`^(\d+)\. (\S+) (.*)$`)
	place    = regexp.MustCompile(`^[A-Z][A-Z0-9]*@(-?\d+),(-?\d+)r\d+$`)
	coords   = regexp.MustCompile(`^(-?\d+),(-?\d+)$`)
)

// textGame is one record of the archive as text.
type textGame struct {
	tags  map[string]string
	moves []string // the movetext lines
}

// readTextGames splits an archive into records at each [Event tag line.
func readTextGames(t *testing.T, path string) []textGame {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var games []textGame
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if m := tagLine.FindStringSubmatch(line); m != nil {
			if m[1] == "Event" {
				games = append(games, textGame{tags: map[string]string{}})
			}
			games[len(games)-1].tags[m[1]] = m[2]
		} else if moveLine.MatchString(line) {
			games[len(games)-1].moves = append(games[len(games)-1].moves, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return games
}

// countFigures counts an archive's figures from the text of its records:
// the Players and Result tags, and the elements of each move, following
// who owns each follower on the board and who holds whose prisoners.
func countFigures(t *testing.T, path string, invalidGame int) *clubFigures {
	t.Helper()
	f := &clubFigures{players: map[string]*clubPlayer{}, captures: map[[2]string]int{}, byReach: map[[2]int]int{},
		ransoms: map[[2]string]int{}, towers: map[int]int{}, scoreRaces: map[string][][]int{},
		towerRaces: map[string]map[string]map[string]int{}, seatNames: map[string][]string{},
		phantoms: map[string]map[string]*textPhantom{}}
	for i, g := range readTextGames(t, path) {
		if i+1 == invalidGame {
			f.invalid++
			continue
		}
		f.games++
		f.countGame(t, g)
	}
	return f
}

func (f *clubFigures) countGame(t *testing.T, g textGame) {
	var names []string
	for _, p := range strings.Split(g.tags["Players"], "; ") {
		names = append(names, strings.Split(p, ":")[0])
	}
	date := strings.ReplaceAll(g.tags["Date"], ".", "-")
	f.dates = append(f.dates, date)
	f.seatNames[date] = names
	var result []int
	best := -1
	for _, s := range strings.Split(g.tags["Result"], "-") {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("%s: Result %q", date, g.tags["Result"])
		}
		result = append(result, n)
		best = max(best, n)
	}
	for seat, name := range names {
		p := f.player(name)
		p.games++
		p.scoreSum += result[seat]
		if result[seat] == best {
			p.wins++
		}
		other := -1
		for o, n := range result {
			if o != seat {
				other = max(other, n)
			}
		}
		p.margin += result[seat] - other
	}
	// ph is a player's phantom figures in this game, nil without the Phantom.
	ph := func(string) *textPhantom { return nil }
	if slices.Contains(strings.Fields(g.tags["Rules"]), "phantom") {
		game := map[string]*textPhantom{}
		for _, name := range names {
			game[name] = &textPhantom{games: 1, where: map[string]int{}}
		}
		f.phantoms[date] = game
		ph = func(name string) *textPhantom { return game[name] }
	}
	type figure struct {
		owner   string
		phantom bool
	}
	kind := func(phantom bool) int { // index into held's counts
		if phantom {
			return 1
		}
		return 0
	}
	owner := map[string]figure{}    // "x,y:spot" → the figure standing there
	held := map[[2]string]*[2]int{} // prisoners by holder, owner: followers, phantoms
	prisoners := func(holder, owner string) *[2]int {
		k := [2]string{holder, owner}
		if held[k] == nil {
			held[k] = &[2]int{}
		}
		return held[k]
	}
	floors := map[string]int{} // floors by tower square
	for _, line := range g.moves {
		m := moveLine.FindStringSubmatch(line)
		who, elements := m[2], strings.Fields(m[3])
		var at string // the square of the tile placed this turn
		var tower string
		acted := false // the turn's action is written: a phantom after it is its second figure
		placePhantom := func(where string) {
			p := ph(who)
			if p == nil {
				t.Fatalf("%s: a phantom without the Phantom: %q", date, line)
			}
			p.placed++
			p.where[where]++
			if acted {
				p.second++
			}
		}
		for i, el := range elements {
			switch {
			case strings.HasPrefix(el, "="):
				var race []int
				for _, s := range strings.Split(el[1:], "-") {
					n, _ := strconv.Atoi(s)
					race = append(race, n)
				}
				f.scoreRaces[date] = append(f.scoreRaces[date], race)
			case strings.HasPrefix(el, "$"):
				payee, phantom := strings.CutPrefix(el[1:], "*")
				if _, holder, ok := strings.Cut(payee, "@"); ok {
					payee = holder
				}
				f.ransoms[[2]string{who, payee}] += engine.RansomPrice
				f.player(who).paid += engine.RansomPrice
				f.player(payee).received += engine.RansomPrice
				prisoners(payee, who)[kind(phantom)]--
				if phantom {
					ph(who).ransomed++
				}
			case strings.HasPrefix(el, "+T@"):
				owner[el[3:]+":T"] = figure{owner: who}
				acted = true
			case strings.HasPrefix(el, "*T@"):
				owner[el[3:]+":T"] = figure{owner: who, phantom: true}
				placePhantom("tower")
				acted = true
			case strings.HasPrefix(el, "+"):
				owner[at+":"+el[1:]] = figure{owner: who}
				acted = true
			case strings.HasPrefix(el, "*"):
				owner[at+":"+el[1:]] = figure{owner: who, phantom: true}
				placePhantom(spotKinds[el[1]])
				acted = true
			case strings.HasPrefix(el, "^"):
				tower = el[1:]
				floors[tower]++
				acted = true
			case strings.HasPrefix(el, "&"):
				// The exchange's choice, read with its capture.
			case strings.HasPrefix(el, "x"):
				square, spot, _ := strings.Cut(el[1:], ":")
				spot, phantom := strings.CutPrefix(spot, "*")
				key := square + ":" + spot
				if spot == "T" {
					f.guardCaptures++
				}
				fig, ok := owner[key]
				if !ok || fig.phantom != phantom {
					t.Fatalf("%s: %s captures no such figure: %q", date, who, line)
				}
				victim := fig.owner
				delete(owner, key)
				f.captures[[2]string{who, victim}]++
				f.byReach[[2]int{floors[tower], distance(t, tower, square)}]++
				if victim == who {
					f.player(who).own++
					break
				}
				f.player(who).made++
				f.player(victim).suffered++
				if phantom {
					ph(victim).lost++
					ph(who).taken++
				}
				mine := prisoners(victim, who)
				if mine[0]+mine[1] == 0 {
					prisoners(who, victim)[kind(phantom)]++
					break
				}
				// An exchange: the victim's figure goes home, and one of
				// the captor's: the one the choice after the capture
				// names, or the only kind the victim holds.
				f.exchanges++
				back := mine[1] > 0 && mine[0] == 0
				if i+1 < len(elements) && strings.HasPrefix(elements[i+1], "&") {
					back = elements[i+1] == "&*"
				} else if mine[0] > 0 && mine[1] > 0 {
					t.Fatalf("%s: an exchange with no choice written: %q", date, line)
				}
				mine[kind(back)]--
				if phantom {
					ph(victim).back++
				}
				if back {
					ph(who).back++
				}
			default:
				if p := place.FindStringSubmatch(el); p != nil {
					at = p[1] + "," + p[2]
				} else if !strings.HasPrefix(el, "-") {
					t.Fatalf("%s: element %q of %q not understood", date, el, line)
				}
			}
		}
		f.recordTowers(date, m[1], floors)
	}
	for _, n := range floors {
		f.towers[n]++
	}
}

// recordTowers notes the height of every tower after a turn.
func (f *clubFigures) recordTowers(date string, turn string, floors map[string]int) {
	if f.towerRaces[date] == nil {
		f.towerRaces[date] = map[string]map[string]int{}
	}
	for square, h := range floors {
		if f.towerRaces[date][square] == nil {
			f.towerRaces[date][square] = map[string]int{}
		}
		f.towerRaces[date][square][turn] = h
	}
}

// distance is the Manhattan distance between two squares written x,y.
func distance(t *testing.T, a, b string) int {
	pa, pb := coords.FindStringSubmatch(a), coords.FindStringSubmatch(b)
	if pa == nil || pb == nil {
		t.Fatalf("squares %q, %q", a, b)
	}
	d := 0
	for i := 1; i <= 2; i++ {
		x, _ := strconv.Atoi(pa[i])
		y, _ := strconv.Atoi(pb[i])
		d += max(x-y, y-x)
	}
	return d
}

// featurePoints adds to each player the points the engine's scoring
// events of the valid games gave them, by feature. The records' text does
// not say what scored; what it does say, the Result, must then be each
// player's points from features plus the ransoms they received minus
// those they paid, all counted above.
func (f *clubFigures) featurePoints(t *testing.T, path string) {
	t.Helper()
	err := replay.Run(context.Background(), []string{path}, replay.RunOptions{}, func(g *replay.Game) error {
		if !g.Valid() {
			return nil
		}
		for _, e := range g.Events() {
			if e.Kind != engine.EventScore {
				continue
			}
			for seat, p := range g.Players {
				if e.Scored(seat) {
					f.player(p.Name).byFeature[e.Feature.String()] += e.Points
				}
				if e.Scored(seat) && e.Phantom(seat) {
					date, _ := g.Record.Tag("Date")
					ph := f.phantoms[strings.ReplaceAll(date, ".", "-")][p.Name]
					if ph == nil {
						t.Fatalf("%s: %s's phantom scored in a game without the Phantom", g, p.Name)
					}
					ph.points += e.Points
					if !e.Final {
						ph.returned++
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// A phantom that scored during play went back to its owner: each
	// time, it was placed again, or it is the one scoring at the end.
	for date, game := range f.phantoms {
		for name, p := range game {
			if p.returned > p.placed {
				t.Errorf("%s: %s's phantom scored %d times during play, placed %d times", date, name, p.returned, p.placed)
			}
		}
	}
	for name, p := range f.players {
		sum := p.received - p.paid
		for _, v := range p.byFeature {
			sum += v
		}
		if sum != p.scoreSum {
			t.Errorf("%s: features and ransoms give %d points in all, the Result tags %d", name, sum, p.scoreSum)
		}
	}
}

// reportPage is what a report shows, read back from its HTML.
type reportPage struct {
	facts   map[string]string
	tables  map[string][][]string
	charts  map[string]map[string]any
	pickers map[string][]map[string]map[string]any
}

var (
	factRe   = regexp.MustCompile(`<dt>(.*?)</dt><dd>(.*?)</dd>`)
	tableRe  = regexp.MustCompile(`(?s)<section class="table" id="([^"]+)">.*?<tbody>(.*?)</tbody>`)
	rowRe    = regexp.MustCompile(`(?s)<tr>(.*?)</tr>`)
	cellRe   = regexp.MustCompile(`(?s)<td[^>]*>(.*?)</td>`)
	chartRe  = regexp.MustCompile(`<div class="chart" id="([^"]+)"[^>]*data-options="([^"]*)"`)
	pickerRe = regexp.MustCompile(`<section class="picker" id="([^"]+)" data-games="([^"]*)"`)
	suffixRe = regexp.MustCompile(` \([^)]*\)$`)
	squareRe = regexp.MustCompile(`\((-?\d+), (-?\d+)\)`)
)

func readReport(t *testing.T, page string) *reportPage {
	t.Helper()
	r := &reportPage{facts: map[string]string{}, tables: map[string][][]string{}, charts: map[string]map[string]any{},
		pickers: map[string][]map[string]map[string]any{}}
	for _, m := range factRe.FindAllStringSubmatch(page, -1) {
		r.facts[html.UnescapeString(m[1])] = html.UnescapeString(m[2])
	}
	for _, m := range tableRe.FindAllStringSubmatch(page, -1) {
		for _, row := range rowRe.FindAllStringSubmatch(m[2], -1) {
			var cells []string
			for _, c := range cellRe.FindAllStringSubmatch(row[1], -1) {
				cells = append(cells, html.UnescapeString(c[1]))
			}
			r.tables[m[1]] = append(r.tables[m[1]], cells)
		}
	}
	for _, m := range chartRe.FindAllStringSubmatch(page, -1) {
		var o map[string]any
		if err := json.Unmarshal([]byte(html.UnescapeString(m[2])), &o); err != nil {
			t.Fatalf("chart %s: %v", m[1], err)
		}
		if _, dup := r.charts[m[1]]; !dup {
			r.charts[m[1]] = o
		}
	}
	for _, m := range pickerRe.FindAllStringSubmatch(page, -1) {
		var games []map[string]map[string]any
		if err := json.Unmarshal(gunzipBase64(t, html.UnescapeString(m[2])), &games); err != nil {
			t.Fatalf("picker %s: %v", m[1], err)
		}
		r.pickers[m[1]] = games
	}
	return r
}

// axisData returns the categories of a chart's axis ("xAxis", "yAxis").
func axisData(o map[string]any, axis string) []string {
	var a map[string]any
	switch v := o[axis].(type) {
	case []any:
		if len(v) > 0 {
			a, _ = v[0].(map[string]any)
		}
	case map[string]any:
		a = v
	}
	var out []string
	for _, d := range asList(a["data"]) {
		out = append(out, fmt.Sprint(d))
	}
	return out
}

func asList(v any) []any { l, _ := v.([]any); return l }

// number reads a data item: a number, or an object with a value.
func number(t *testing.T, v any) float64 {
	switch x := v.(type) {
	case float64:
		return x
	case map[string]any:
		return number(t, x["value"])
	case string:
		if x == "-" {
			return 0
		}
	}
	t.Fatalf("data item %v", v)
	return 0
}

// barFigures reads a bar or line chart: by series name, by category.
// Bars may stand (categories on x) or lie (categories on y).
func barFigures(t *testing.T, o map[string]any) map[string]map[string]int {
	cats := axisData(o, "xAxis")
	if len(cats) == 0 {
		cats = axisData(o, "yAxis")
	}
	out := map[string]map[string]int{}
	for _, s := range asList(o["series"]) {
		sm := s.(map[string]any)
		vals := map[string]int{}
		for i, d := range asList(sm["data"]) {
			cat := ""
			if m, ok := d.(map[string]any); ok {
				d = m["value"]
			}
			if xy := asList(d); len(xy) == 2 { // a line's point: [category index, value]
				cat, d = cats[int(number(t, xy[0]))], xy[1]
			} else {
				cat = cats[i]
			}
			if n := int(number(t, d)); n != 0 {
				vals[cat] = n
			}
		}
		out[fmt.Sprint(sm["name"])] = vals
	}
	return out
}

// gridFigures reads a heatmap: counts by x and y category, zeros left
// out.
func gridFigures(t *testing.T, o map[string]any) map[[2]string]int {
	xs, ys := axisData(o, "xAxis"), axisData(o, "yAxis")
	out := map[[2]string]int{}
	for _, s := range asList(o["series"]) {
		for _, d := range asList(s.(map[string]any)["data"]) {
			if m, ok := d.(map[string]any); ok {
				d = m["value"]
			}
			cell := asList(d)
			if len(cell) != 3 {
				t.Fatalf("heatmap item %v", d)
			}
			if n := int(number(t, cell[2])); n != 0 {
				out[[2]string{xs[int(number(t, cell[0]))], ys[int(number(t, cell[1]))]}] = n
			}
		}
	}
	return out
}

// flowFigures reads the ransom flows, points by payer and payee, from a
// chart of links between nodes named after players, from bars of payers
// stacked by payee, or from a grid.
func flowFigures(t *testing.T, o map[string]any) map[[2]string]int {
	out := map[[2]string]int{}
	if series := asList(o["series"]); len(series) > 0 && series[0].(map[string]any)["type"] == "bar" {
		for payee, payers := range barFigures(t, o) {
			for payer, n := range payers {
				out[[2]string{payer, payee}] = n
			}
		}
		return out
	}
	for _, s := range asList(o["series"]) {
		for _, l := range asList(s.(map[string]any)["links"]) {
			lm := l.(map[string]any)
			from := suffixRe.ReplaceAllString(fmt.Sprint(lm["source"]), "")
			to := suffixRe.ReplaceAllString(fmt.Sprint(lm["target"]), "")
			out[[2]string{from, to}] += int(number(t, lm["value"]))
		}
	}
	if len(out) == 0 {
		for k, n := range gridFigures(t, o) {
			out[k] = n
		}
	}
	return out
}

// TestReportFigures checks every figure of the report of a small archive
// against the same figures counted from the records' text.
func TestReportFigures(t *testing.T) {
	ctx := context.Background()
	s, st := ingested(t, proofArchive)
	want := countFigures(t, proofArchive, proofInvalidGame)
	want.featurePoints(t, proofArchive)
	if st.Added != want.games || st.Invalid != want.invalid {
		t.Fatalf("ingest: %+v; want %d games added, %d invalid", st, want.games, want.invalid)
	}
	checkArchiveCoverage(t, want)

	var buf bytes.Buffer
	if err := WriteArchive(ctx, &buf, s, filter.Filter{}); err != nil {
		t.Fatal(err)
	}
	got := readReport(t, buf.String())

	t.Run("Facts", func(t *testing.T) {
		dates := slices.Sorted(slices.Values(want.dates))
		for label, v := range map[string]string{
			"Games": strconv.Itoa(want.games), "Players": strconv.Itoa(len(want.players)),
			"First game": dates[0], "Latest game": dates[len(dates)-1],
			"Records that failed validation (left out)": strconv.Itoa(want.invalid),
		} {
			if got.facts[label] != v {
				t.Errorf("%s: report %q, counted %q", label, got.facts[label], v)
			}
		}
	})
	t.Run("Leaderboard", func(t *testing.T) {
		rows := got.tables["leaderboard"]
		if len(rows) != len(want.players) {
			t.Fatalf("%d rows, want %d players", len(rows), len(want.players))
		}
		var order []string
		for _, row := range rows {
			p := want.players[row[1]]
			if p == nil {
				t.Errorf("row of unknown player %q", row[1])
				continue
			}
			wantRow := []string{row[0], row[1], strconv.Itoa(p.games), strconv.Itoa(p.wins),
				fmt.Sprintf("%.0f%%", 100*float64(p.wins)/float64(p.games)), fmt.Sprintf("%+d", p.margin),
				fmt.Sprintf("%.1f", float64(p.scoreSum)/float64(p.games)), "0",
				strconv.Itoa(p.made), strconv.Itoa(p.suffered), fmt.Sprintf("%+d", p.received-p.paid)}
			if p.margin == 0 {
				wantRow[5] = "0"
			}
			if p.received == p.paid {
				wantRow[10] = "0"
			}
			// The last column is the rating, which the site's and stats'
			// tests check.
			if !slices.Equal(row[:len(row)-1], wantRow) {
				t.Errorf("report %q\ncounted %q", row, wantRow)
			}
			order = append(order, row[1])
		}
		// The ranking rule: wins, then margin, then points, then name.
		counted := slices.Collect(maps.Keys(want.players))
		slices.SortFunc(counted, func(a, b string) int {
			pa, pb := want.players[a], want.players[b]
			return cmp.Or(pb.wins-pa.wins, pb.margin-pa.margin, pb.scoreSum-pa.scoreSum, strings.Compare(a, b))
		})
		if !slices.Equal(order, counted) {
			t.Errorf("leaderboard order %q, counted %q", order, counted)
		}
	})
	t.Run("CapturesPerPlayer", func(t *testing.T) {
		bars := barFigures(t, chartOf(t, got, "captures-per-player"))
		wantBars := map[string]map[string]int{}
		// Own followers taken back are on the diagonal of the capture matrix.
		for _, series := range []string{"Captures made", "Captures suffered"} {
			wantBars[series] = map[string]int{}
		}
		for name, p := range want.players {
			for series, n := range map[string]int{"Captures made": p.made, "Captures suffered": p.suffered} {
				if n != 0 {
					wantBars[series][name] = n
				}
			}
		}
		compareMaps(t, "captures per player", bars, wantBars)
	})
	t.Run("CaptureMatrix", func(t *testing.T) {
		grid := gridFigures(t, chartOf(t, got, "capture-matrix"))
		compareMaps(t, "captures by captor and victim", grid, want.captures)
	})
	t.Run("CapturesByHeightAndDistance", func(t *testing.T) {
		grid := gridFigures(t, chartOf(t, got, "captures-height-distance"))
		wantGrid := map[[2]string]int{}
		for k, n := range want.byReach {
			wantGrid[[2]string{strconv.Itoa(k[0]), strconv.Itoa(k[1])}] = n
		}
		compareMaps(t, "captures by height and distance", grid, wantGrid)
	})
	t.Run("RansomFlows", func(t *testing.T) {
		compareMaps(t, "ransom points by payer and payee", flowFigures(t, chartOf(t, got, "ransom-flows")), want.ransoms)
	})
	t.Run("PointsByFeature", func(t *testing.T) {
		bars := barFigures(t, chartOf(t, got, "points-by-feature"))
		wantBars := map[string]map[string]int{}
		for _, feature := range []string{"city", "road", "cloister", "field"} {
			wantBars[feature] = map[string]int{}
			for name, p := range want.players {
				if n := p.byFeature[feature]; n != 0 {
					wantBars[feature][name] = n
				}
			}
		}
		compareMaps(t, "points by feature", bars, wantBars)
	})
	t.Run("TowerHeights", func(t *testing.T) {
		bars := barFigures(t, chartOf(t, got, "final-tower-heights"))
		wantBars := map[string]map[string]int{"Towers": {}}
		for h, n := range want.towers {
			wantBars["Towers"][strconv.Itoa(h)] = n
		}
		compareMaps(t, "towers by final height", bars, wantBars)
	})
	t.Run("OneGame", func(t *testing.T) {
		games := got.pickers["one-game"]
		if len(games) != want.games {
			t.Fatalf("%d games to pick, want %d", len(games), want.games)
		}
		// The picker offers the latest games first, one a date.
		dates := slices.Sorted(slices.Values(want.dates))
		slices.Reverse(dates)
		for i, g := range games {
			date := dates[i]
			lines := barFigures(t, g["score-race"])
			wantLines := map[string]map[string]int{}
			for seat, name := range want.seatNames[date] {
				wantLines[name] = map[string]int{}
				for turn, scores := range want.scoreRaces[date] {
					if scores[seat] != 0 {
						wantLines[name][strconv.Itoa(turn+1)] = scores[seat]
					}
				}
			}
			compareMaps(t, "score race of "+date, lines, wantLines)
			towers := map[string]map[string]int{}
			for name, heights := range barFigures(t, g["tower-heights"]) {
				sq := squareRe.FindStringSubmatch(name)
				if sq == nil {
					t.Fatalf("tower series %q names no square", name)
				}
				towers[sq[1]+","+sq[2]] = heights
			}
			compareMaps(t, "tower heights of "+date, towers, want.towerRaces[date])
		}
	})
	t.Run("Phantom", func(t *testing.T) {
		checkPhantomSection(t, got, want.phantomTotals(), true)
	})
	t.Run("PhantomStatistics", func(t *testing.T) {
		stats, err := s.PlayerStatistics(ctx, filter.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		counted := want.phantomTotals()
		for _, p := range stats {
			var w *analytics.PhantomUse
			if c := counted[p.Name]; c != nil {
				w = &analytics.PhantomUse{Games: c.games, Placed: c.placed, Second: c.second, OnTowers: c.where["tower"], Points: c.points,
					CapturedByOthers: c.lost, CapturedOfOthers: c.taken, Ransomed: c.ransomed, Exchanged: c.back}
			}
			if !reflect.DeepEqual(p.Phantom, w) {
				t.Errorf("%s: statistics %+v, counted %+v", p.Name, p.Phantom, w)
			}
		}
	})
	t.Run("PhantomOfOneGame", func(t *testing.T) {
		err := replay.Run(ctx, []string{proofArchive}, replay.RunOptions{}, func(g *replay.Game) error {
			date, _ := g.Record.Tag("Date")
			game, ok := want.phantoms[strings.ReplaceAll(date, ".", "-")]
			if !g.Valid() || !ok {
				return nil
			}
			var b bytes.Buffer
			if err := WriteGame(&b, g); err != nil {
				return err
			}
			t.Run(date, func(t *testing.T) { checkPhantomSection(t, readReport(t, b.String()), game, false) })
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
	t.Run("Exchanges", func(t *testing.T) {
		n := 0
		err := analytics.ScanTable(t.Context(), s, func(*analytics.ExchangeRow) error { n++; return nil })
		if err != nil || n != want.exchanges {
			t.Errorf("%d exchanges stored (%v), %d counted", n, err, want.exchanges)
		}
	})
}

// checkPhantomSection compares the Phantom's table and charts of a report
// with the figures counted; games says whether the table counts games.
func checkPhantomSection(t *testing.T, got *reportPage, want map[string]*textPhantom, games bool) {
	t.Helper()
	rows := got.tables["phantom"]
	if len(rows) != len(want) {
		t.Errorf("%d rows in the Phantom's table, want %d players", len(rows), len(want))
	}
	for _, row := range rows {
		p := want[row[0]]
		if p == nil {
			t.Errorf("row of unknown player %q", row[0])
			continue
		}
		wantRow := []string{row[0]}
		if games {
			wantRow = append(wantRow, strconv.Itoa(p.games))
		}
		for _, n := range []int{p.placed, p.second, p.where["tower"], p.points, p.lost, p.taken, p.ransomed, p.back} {
			wantRow = append(wantRow, strconv.Itoa(n))
		}
		if !slices.Equal(row, wantRow) {
			t.Errorf("report %q\ncounted %q", row, wantRow)
		}
	}
	where := map[string]map[string]int{}
	points := map[string]map[string]int{"Points it scored": {}}
	fate := map[string]map[string]int{"Captured by others": {}, "Bought back": {}, "Back by exchange": {}}
	for _, w := range []string{"city", "road", "cloister", "field", "tower"} {
		where[w] = map[string]int{}
	}
	for name, p := range want {
		for w, n := range p.where {
			where[w][name] = n
		}
		for series, n := range map[string]int{"Captured by others": p.lost, "Bought back": p.ransomed, "Back by exchange": p.back} {
			if n != 0 {
				fate[series][name] = n
			}
		}
		if p.points != 0 {
			points["Points it scored"][name] = p.points
		}
	}
	compareMaps(t, "phantoms placed by player and place", barFigures(t, chartOf(t, got, "phantom-placements")), where)
	compareMaps(t, "points scored by the phantom", barFigures(t, chartOf(t, got, "phantom-points")), points)
	compareMaps(t, "phantoms captured and freed", barFigures(t, chartOf(t, got, "phantom-prisoners")), fate)
}

// checkArchiveCoverage makes sure the archive has what the test is for.
func checkArchiveCoverage(t *testing.T, f *clubFigures) {
	t.Helper()
	own, wins := 0, 0
	for _, p := range f.players {
		own, wins = own+p.own, wins+p.wins
	}
	ties := wins - f.games
	if own == 0 || f.guardCaptures == 0 || ties == 0 || f.exchanges == 0 || len(f.ransoms) == 0 || f.invalid == 0 {
		t.Fatalf("the archive lacks a case: %d own captures, %d guards captured, %d shared first places, %d exchanges, %d ransom flows, %d invalid records",
			own, f.guardCaptures, ties, f.exchanges, len(f.ransoms), f.invalid)
	}
	t.Logf("%d games: %d own captures, %d guards captured, %d shared first places, %d exchanges, %d ransom flows, %d invalid",
		f.games, own, f.guardCaptures, ties, f.exchanges, len(f.ransoms), f.invalid)
	var ph textPhantom
	towers := 0
	for _, p := range f.phantomTotals() {
		ph.games, ph.placed, ph.second, ph.points = ph.games+p.games, ph.placed+p.placed, ph.second+p.second, ph.points+p.points
		ph.lost, ph.taken, ph.ransomed, ph.back = ph.lost+p.lost, ph.taken+p.taken, ph.ransomed+p.ransomed, ph.back+p.back
		towers += p.where["tower"]
	}
	if ph.placed == 0 || ph.second == 0 || towers == 0 || ph.points == 0 || ph.lost == 0 || ph.ransomed == 0 || ph.back == 0 {
		t.Fatalf("the archive lacks a case of the Phantom: %+v, %d on towers", ph, towers)
	}
	t.Logf("the Phantom in %d seats of %d games: %d placed, %d as second figure, %d on towers, %d points, %d captured, %d ransomed, %d back by exchange",
		ph.games, len(f.phantoms), ph.placed, ph.second, towers, ph.points, ph.lost, ph.ransomed, ph.back)
}

func chartOf(t *testing.T, r *reportPage, id string) map[string]any {
	t.Helper()
	o, ok := r.charts[id]
	if !ok {
		t.Fatalf("the report has no chart %s", id)
	}
	return o
}

// compareMaps reports every key whose values differ.
func compareMaps[K comparable, V any](t *testing.T, what string, got, want map[K]V) {
	t.Helper()
	keys := map[K]bool{}
	for k := range got {
		keys[k] = true
	}
	for k := range want {
		keys[k] = true
	}
	for _, k := range slices.SortedFunc(maps.Keys(keys), func(a, b K) int { return strings.Compare(fmt.Sprint(a), fmt.Sprint(b)) }) {
		g, gok := got[k]
		w, wok := want[k]
		if fmt.Sprint(g) != fmt.Sprint(w) || gok != wok {
			t.Errorf("%s, %v: report %v, counted %v", what, k, g, w)
		}
	}
}

// TestPhantomSectionAbsent checks that a report of games without the
// Phantom, an archive's or one game's, has no Phantom section.
func TestPhantomSectionAbsent(t *testing.T) {
	ctx := context.Background()
	s, _ := ingested(t, proofArchive)
	var pages []string
	// The archive's games with the Phantom are its last three, played
	// after 2025-03-11 (testdata/proof/README.md).
	for _, f := range []filter.Filter{{Until: "2025-03-11"}, {Since: "2025-03-12"}} {
		var b bytes.Buffer
		if err := WriteArchive(ctx, &b, s, f); err != nil {
			t.Fatal(err)
		}
		pages = append(pages, b.String())
	}
	var b bytes.Buffer
	if err := WriteGame(&b, replayFirst(t, proofArchive)); err != nil {
		t.Fatal(err)
	}
	pages = append(pages, b.String())
	for i, want := range []bool{false, true, false} {
		r := readReport(t, pages[i])
		_, table := r.tables["phantom"]
		var charts []string
		for id := range r.charts {
			if strings.HasPrefix(id, "phantom-") {
				charts = append(charts, id)
			}
		}
		wantCharts := 0
		if want {
			wantCharts = 3
		}
		if table != want || len(charts) != wantCharts {
			t.Errorf("page %d: Phantom table %v and charts %q, want the section %v", i, table, charts, want)
		}
	}
}
