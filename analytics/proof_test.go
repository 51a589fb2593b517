package analytics

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/replay"
)

// proofArchive is a club's archive written for TestReportFigures
// (testdata/proof/README.md says how): eleven legal games of two to four
// of six players, with captures of guards, own captures, exchanges,
// ransoms and shared first places, and one record with an illegal move.
var proofArchive = filepath.Join("testdata", "proof", "club.cgn")

// The invalid record of the archive, as read by hand: its seventh game,
// whose fifth turn puts tile V at (5,5), out of reach of every tile, on
// line 601 (the placement starts at column 9).
const (
	proofInvalidGame = 7
	proofInvalidLine = 601
)

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
}

type clubPlayer struct {
	games, wins, scoreSum int
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
		towerRaces: map[string]map[string]map[string]int{}, seatNames: map[string][]string{}}
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
	}
	owner := map[string]string{} // "x,y:spot" → the follower's owner
	held := map[[2]string]int{}  // prisoners by holder, owner
	floors := map[string]int{}   // floors by tower square
	for _, line := range g.moves {
		m := moveLine.FindStringSubmatch(line)
		who, elements := m[2], strings.Fields(m[3])
		var at string // the square of the tile placed this turn
		var tower string
		for _, el := range elements {
			switch {
			case strings.HasPrefix(el, "="):
				var race []int
				for _, s := range strings.Split(el[1:], "-") {
					n, _ := strconv.Atoi(s)
					race = append(race, n)
				}
				f.scoreRaces[date] = append(f.scoreRaces[date], race)
			case strings.HasPrefix(el, "$"):
				payee := el[1:]
				if _, holder, ok := strings.Cut(payee, "@"); ok {
					payee = holder
				}
				f.ransoms[[2]string{who, payee}] += engine.RansomPrice
				f.player(who).paid += engine.RansomPrice
				f.player(payee).received += engine.RansomPrice
				held[[2]string{payee, who}]--
			case strings.HasPrefix(el, "+T@"):
				owner[el[3:]+":T"] = who
			case strings.HasPrefix(el, "+"):
				owner[at+":"+el[1:]] = who
			case strings.HasPrefix(el, "^"):
				tower = el[1:]
				floors[tower]++
			case strings.HasPrefix(el, "x"):
				square, spot, _ := strings.Cut(el[1:], ":")
				key := square + ":" + spot
				if spot == "T" {
					f.guardCaptures++
				}
				victim, ok := owner[key]
				if !ok {
					t.Fatalf("%s: %s captures no follower: %q", date, who, line)
				}
				delete(owner, key)
				f.captures[[2]string{who, victim}]++
				f.byReach[[2]int{floors[tower], distance(t, tower, square)}]++
				if victim == who {
					f.player(who).own++
					break
				}
				f.player(who).made++
				f.player(victim).suffered++
				if held[[2]string{victim, who}] > 0 {
					held[[2]string{victim, who}]--
					f.exchanges++
				} else {
					held[[2]string{who, victim}]++
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
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
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
	cellRe   = regexp.MustCompile(`(?s)<td>(.*?)</td>`)
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
		if err := json.Unmarshal([]byte(html.UnescapeString(m[2])), &games); err != nil {
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
			if n := int(number(t, d)); n != 0 {
				vals[cats[i]] = n
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
// chart of links between nodes named after players or from a grid.
func flowFigures(t *testing.T, o map[string]any) map[[2]string]int {
	out := map[[2]string]int{}
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
	s := openTemp(t)
	st, err := s.Ingest(ctx, []string{proofArchive}, IngestOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := countFigures(t, proofArchive, proofInvalidGame)
	want.featurePoints(t, proofArchive)
	if st.Added != want.games || st.Invalid != want.invalid {
		t.Fatalf("ingest: %+v; want %d games added, %d invalid", st, want.games, want.invalid)
	}
	checkArchiveCoverage(t, want)

	var buf bytes.Buffer
	if err := s.WriteReport(ctx, &buf, Filter{}); err != nil {
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
		lastWins := 1 << 30
		for _, row := range rows {
			p := want.players[row[1]]
			if p == nil {
				t.Errorf("row of unknown player %q", row[1])
				continue
			}
			wantRow := []string{row[0], row[1], strconv.Itoa(p.games), strconv.Itoa(p.wins),
				fmt.Sprintf("%.0f%%", 100*float64(p.wins)/float64(p.games)),
				fmt.Sprintf("%.1f", float64(p.scoreSum)/float64(p.games)),
				strconv.Itoa(p.made), strconv.Itoa(p.suffered), fmt.Sprintf("%+d", p.received-p.paid)}
			if p.received == p.paid {
				wantRow[8] = "0"
			}
			if !slices.Equal(row, wantRow) {
				t.Errorf("report %q\ncounted %q", row, wantRow)
			}
			if p.wins > lastWins {
				t.Errorf("%s with %d wins ranks below a player with %d", row[1], p.wins, lastWins)
			}
			lastWins = p.wins
		}
	})
	t.Run("CapturesPerPlayer", func(t *testing.T) {
		bars := barFigures(t, chartOf(t, got, "captures-per-player"))
		wantBars := map[string]map[string]int{}
		for _, series := range []string{"Captures made", "Captures suffered", "Own follower taken back"} {
			wantBars[series] = map[string]int{}
		}
		for name, p := range want.players {
			for series, n := range map[string]int{"Captures made": p.made, "Captures suffered": p.suffered, "Own follower taken back": p.own} {
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
	t.Run("Exchanges", func(t *testing.T) {
		var n int
		if err := s.db.QueryRow(`SELECT count(*) FROM exchanges`).Scan(&n); err != nil || n != want.exchanges {
			t.Errorf("%d exchanges stored (%v), %d counted", n, err, want.exchanges)
		}
	})
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

// TestInvalidStored checks that the invalid record of the archive is
// stored apart with its diagnostics, as read by hand.
func TestInvalidStored(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	if _, err := s.Ingest(ctx, []string{proofArchive}, IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	var idx, errs int
	var event, players string
	if err := s.db.QueryRow(`SELECT idx, event, players, errors FROM invalid_games`).Scan(&idx, &event, &players, &errs); err != nil {
		t.Fatal(err)
	}
	if idx != proofInvalidGame || event != "Proof club" || players != "Anna:red; Bruno:blue" || errs != 1 {
		t.Errorf("invalid game %d %q %q with %d errors; want %d, Proof club, Anna:red; Bruno:blue, 1 error",
			idx, event, players, errs, proofInvalidGame)
	}
	rows, err := s.db.Query(`SELECT d.code, d.severity, d.file, d.line, d.col, d.turn, d.player, d.message
		FROM diagnostics d JOIN invalid_games i ON i.id = d.game ORDER BY d.seq`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []string
	for rows.Next() {
		var code, severity, file, player, message string
		var line, col, turn int
		if err := rows.Scan(&code, &severity, &file, &line, &col, &turn, &player, &message); err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%s %s %s:%d:%d turn %d %s: %s", code, severity, file, line, col, turn, player, message))
	}
	want := []string{fmt.Sprintf("placement error %s:%d:9 turn 5 Anna: tile V at (5,5) is not next to any tile", proofArchive, proofInvalidLine)}
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics:\n%q\nwant\n%q", got, want)
	}
	// None of it counts in the statistics.
	var games int
	if err := s.db.QueryRow(`SELECT count(*) FROM games WHERE idx = ?`, proofInvalidGame).Scan(&games); err != nil || games != 0 {
		t.Errorf("%d valid games at the invalid record's place (%v)", games, err)
	}
}
