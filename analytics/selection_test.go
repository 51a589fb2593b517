package analytics

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/analytics/filter"
)

// threeGames is the archive of the selection's tests
// (testdata/selection/README.md): the expected values below are read in
// its records, turn by turn, as the comments say.
var threeGames = filepath.Join("testdata", "selection", "three.cgn")

// selectThree ingests threeGames into a new store and selects the games
// f selects; both are closed when the test ends.
func selectThree(t *testing.T, f filter.Filter) *Selection {
	t.Helper()
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "towerlog.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if _, err := s.Ingest(ctx, []string{threeGames}, IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	sel, err := s.Select(ctx, f)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := sel.Close(); err != nil {
			t.Error(err)
		}
	})
	return sel
}

func TestSelectionSummary(t *testing.T) {
	for _, c := range []struct {
		name string
		f    filter.Filter
		want Summary
	}{
		// Players: Anna, Bob (game 1), "Carl; Jr" (game 2), Red, Blue
		// (game 3). Only game 1 has a Date tag, 2026.11.20.
		{"All", filter.Filter{}, Summary{Games: 3, First: "2026-11-20", Last: "2026-11-20", Tower: true, Phantom: true}},
		// Anna plays games 1 (tower) and 2 (base), with Bob and Carl.
		{"Anna", filter.Filter{Players: []string{"Anna"}}, Summary{Games: 2, First: "2026-11-20", Last: "2026-11-20", Tower: true}},
		// Game 3 alone: tower phantom, no date.
		{"Red", filter.Filter{Players: []string{"Red"}}, Summary{Games: 1, Tower: true, Phantom: true}},
		{"Carl", filter.Filter{Players: []string{"Carl; Jr"}}, Summary{Games: 1}},
		{"Nobody", filter.Filter{Players: []string{"Zoé"}}, Summary{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := selectThree(t, c.f).Summary(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Errorf("got %+v\nwant %+v", got, c.want)
			}
		})
	}
}

// TestSelectionPlayers: PlayerFigures has a row for each player of the
// selected games: Anna plays games 1 (with Bob) and 2 (with Bob and
// Carl; Jr), Red game 3 with Blue.
func TestSelectionPlayers(t *testing.T) {
	for _, c := range []struct {
		f    filter.Filter
		want int
	}{
		{filter.Filter{}, 5},
		{filter.Filter{Players: []string{"Anna"}}, 3},
		{filter.Filter{Players: []string{"Red"}}, 2},
		{filter.Filter{Players: []string{"Carl; Jr"}}, 3},
		{filter.Filter{Players: []string{"Zoé"}}, 0},
	} {
		got, err := selectThree(t, c.f).PlayerFigures(t.Context())
		if err != nil || len(got) != c.want {
			t.Errorf("%v: %d players (%v), want %d", c.f.Players, len(got), err, c.want)
		}
	}
}

func TestSelectionPlayerFigures(t *testing.T) {
	got, err := selectThree(t, filter.Filter{}).PlayerFigures(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	// Game 1: Anna captures Bob's thief (turn 3); Bob captures Anna's
	// thief (turn 8) and her farmer (turn 10); Anna pays Bob 3 (turn 15).
	// Game 3: Red captures Blue's knight (turn 3). Anna and Bob play two
	// games, the others one; most games first, then by name. Only game 1
	// is finished, 10-10: a first place shared, a margin of 0, in Anna's
	// and Bob's records.
	want := []PlayerFigures{
		{Name: "Anna", Games: 2, CapturesMade: 1, CapturesSuffered: 2, RansomsPaid: 3, Record: Record{Games: 1, Wins: 1, Points: 10}},
		{Name: "Bob", Games: 2, CapturesMade: 2, CapturesSuffered: 1, RansomsReceived: 3, Record: Record{Games: 1, Wins: 1, Points: 10}},
		{Name: "Blue", Games: 1, CapturesSuffered: 1},
		{Name: "Carl; Jr", Games: 1},
		{Name: "Red", Games: 1, CapturesMade: 1},
	}
	var names []string
	for _, p := range got {
		names = append(names, p.Name)
	}
	if wantNames := []string{"Anna", "Bob", "Blue", "Carl; Jr", "Red"}; !slices.Equal(names, wantNames) {
		t.Fatalf("players %q, want %q", names, wantNames)
	}
	for i, p := range got {
		points := p.Points
		p.Points = nil
		if !reflect.DeepEqual(p, want[i]) {
			t.Errorf("got %+v\nwant %+v", p, want[i])
		}
		// Points come from finished games only: game 1 alone. Its Result
		// is 10-10 after Anna paid Bob 3, so Anna's features scored 13
		// and Bob's 7, among them Anna's city of turn 14 (=4-0). Anna's 4
		// of game 2 and Red's 10 of game 3 are of unfinished games.
		sum := 0
		for _, n := range points {
			sum += n
		}
		if wantSum := map[string]int{"Anna": 13, "Bob": 7}[p.Name]; sum != wantSum {
			t.Errorf("%s: points %v, %d in all, want %d", p.Name, points, sum, wantSum)
		}
		if p.Name == "Anna" && points["city"] < 4 {
			t.Errorf("Anna: points %v, want her city of 4 points at least", points)
		}
	}
}

func TestSelectionCaptureReach(t *testing.T) {
	got, err := selectThree(t, filter.Filter{}).CaptureReach(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	// The tower of game 1 stands at (-1,0): its first floor takes the
	// thief on its own tile (turn 3), its second the thief at (1,0), its
	// third the farmer at (-1,-2). The tower of game 3 at (1,0) takes the
	// knight at (1,-1).
	if want := map[[2]int]int{{1, 0}: 1, {2, 2}: 1, {3, 2}: 1, {1, 1}: 1}; !maps.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestSelectionCaptorVictim(t *testing.T) {
	sel := selectThree(t, filter.Filter{})
	for _, c := range []struct {
		name  string
		names []string
		want  map[[2]string]int
	}{
		// Game 1: Anna takes Bob's thief (turn 3), Bob takes Anna's
		// thief and farmer (turns 8 and 10). Game 3: Red takes Blue's
		// knight (turn 3).
		{"All", []string{"Anna", "Bob", "Blue", "Carl; Jr", "Red"},
			map[[2]string]int{{"Anna", "Bob"}: 1, {"Bob", "Anna"}: 2, {"Red", "Blue"}: 1}},
		{"AnnaBob", []string{"Bob", "Anna"}, map[[2]string]int{{"Anna", "Bob"}: 1, {"Bob", "Anna"}: 2}},
		// Both sides of a capture must be listed.
		{"RedAnna", []string{"Red", "Anna"}, map[[2]string]int{}},
		{"None", nil, map[[2]string]int{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := sel.CaptorVictim(t.Context(), c.names)
			if err != nil {
				t.Fatal(err)
			}
			if !maps.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

func TestSelectionRansomFlows(t *testing.T) {
	sel := selectThree(t, filter.Filter{})
	for _, c := range []struct {
		name  string
		names []string
		want  []RansomFlow
	}{
		// Game 1, turn 15: Anna pays Bob ($Bob) the ransom's 3 points.
		{"AnnaBob", []string{"Anna", "Bob", "Red"}, []RansomFlow{{"Anna", "Bob", 3}}},
		{"Anna", []string{"Anna"}, []RansomFlow{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := sel.RansomFlows(t.Context(), c.names)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
		})
	}
}

func TestSelectionTowerHeights(t *testing.T) {
	got, err := selectThree(t, filter.Filter{}).TowerHeights(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	// Game 1: floors on (-1,0) at turns 3, 8 and 10; the other Tower
	// tiles get none. Game 3: one floor on (1,0).
	if want := map[int]int{3: 1, 1: 1}; !maps.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestSelectionPhantomTally(t *testing.T) {
	got, err := selectThree(t, filter.Filter{}).PhantomTally(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	// Game 3, turn 3: Red builds a floor, captures Blue's knight, then
	// puts the phantom, as the turn's second figure, on the city it
	// completes: 10 points. Games 1 and 2 are not played with the
	// Phantom.
	want := PhantomTally{
		"Red":  {Games: 1, Placed: map[string]int{"city": 1}, Second: 1, Points: 10},
		"Blue": {Games: 1, Placed: map[string]int{}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v\nwant %v", got, want)
	}
}

func TestSelectionLatestAndCourses(t *testing.T) {
	sel := selectThree(t, filter.Filter{})
	heads, err := sel.Latest(t.Context(), 2)
	if err != nil {
		t.Fatal(err)
	}
	// The dated game first, then the undated ones, the last ingested
	// first: game 3, of 3 turns. Game 1 has 18 turns and is finished.
	if len(heads) != 2 {
		t.Fatalf("%d games, want 2: %+v", len(heads), heads)
	}
	if h := heads[0]; h.Date != "2026-11-20" || h.Event != "Club night" || h.Turns != 18 || !h.Finished {
		t.Errorf("latest %+v, want game 1", h)
	}
	if h := heads[1]; h.Date != "" || !strings.HasPrefix(h.Event, "Rulebook example") || h.Turns != 3 || h.Finished {
		t.Errorf("second %+v, want game 3", h)
	}
	courses, err := sel.Courses(t.Context(), heads)
	if err != nil {
		t.Fatal(err)
	}
	// Game 1's declared scores: 4-0 after turn 14, 1-3 after the ransom
	// of turn 15, 10-10 after the final scoring (turn 18); 0-0 before.
	scores := make([][]int, 18)
	for turn := range scores {
		scores[turn] = []int{0, 0}
	}
	scores[13], scores[14], scores[15], scores[16], scores[17] = []int{4, 0}, []int{1, 3}, []int{1, 3}, []int{1, 3}, []int{10, 10}
	want := []GameCourse{
		{Names: []string{"Anna", "Bob"}, Finals: []int{10, 10}, Scores: scores,
			Floors: []Floor{{3, -1, 0, 1}, {8, -1, 0, 2}, {10, -1, 0, 3}}},
		// Game 3: =10-0 on turn 3, its one floor on (1,0).
		{Names: []string{"Red", "Blue"}, Finals: []int{10, 0}, Scores: [][]int{{0, 0}, {0, 0}, {10, 0}},
			Floors: []Floor{{3, 1, 0, 1}}},
	}
	if !reflect.DeepEqual(courses, want) {
		t.Errorf("got %+v\nwant %+v", courses, want)
	}
}

// TestCoursesReadByKey checks the plans of the queries of Courses:
// SQLite loops over the picked games and reads each one's rows by the
// key of its table, so that a call costs their rows and not a scan of
// the archive's whole table (which made the report's time grow faster
// than the archive: 20 calls, 20 scans of every turn).
func TestCoursesReadByKey(t *testing.T) {
	sel := selectThree(t, filter.Filter{})
	ctx := t.Context()
	err := sel.use(ctx, func(conn *sql.Conn) error {
		if _, err := conn.ExecContext(ctx, `CREATE TEMP TABLE pick (gid INTEGER PRIMARY KEY)`); err != nil {
			return err
		}
		defer conn.ExecContext(ctx, `DROP TABLE temp.pick`)
		for _, q := range []string{pickPlayers, pickScores, pickRansoms, pickFloors} {
			var steps []string
			err := eachRow(ctx, conn, `EXPLAIN QUERY PLAN `+q, nil, func(rows *sql.Rows) error {
				var id, parent, unused int
				var detail string
				err := rows.Scan(&id, &parent, &unused, &detail)
				steps = append(steps, detail)
				return err
			})
			if err != nil {
				return err
			}
			if len(steps) < 2 || steps[0] != "SCAN pick" || !strings.HasPrefix(steps[1], "SEARCH ") || !strings.Contains(steps[1], "PRIMARY KEY (game=?)") {
				t.Errorf("%s\nplan %q, want SCAN pick, then a SEARCH of the table by its key", q, steps)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestPairsPlans: both plans of each query of pairs give the same rows,
// and pairsPlan reads through the index of names only the players who
// sit at a quarter of the seats or fewer (of the 7 seats of the three
// games: Anna sits at 2, Red at 1).
func TestPairsPlans(t *testing.T) {
	sel := selectThree(t, filter.Filter{})
	ctx := t.Context()
	rowsOf := func(query, list string) []string {
		var out []string
		err := sel.each(ctx, query, []any{list}, func(rows *sql.Rows) error {
			cols, err := rows.Columns()
			if err != nil {
				return err
			}
			v := make([]any, len(cols))
			for i := range v {
				v[i] = new(any)
			}
			if err := rows.Scan(v...); err != nil {
				return err
			}
			var row []string
			for _, x := range v {
				row = append(row, fmt.Sprint(*x.(*any)))
			}
			out = append(out, strings.Join(row, " "))
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(out)
		return out
	}
	for _, list := range []string{`["Anna","Bob"]`, `["Bob"]`, `["Red","Blue","Anna"]`, `[]`} {
		for _, q := range [][2]string{{captorVictimQuery, captorVictimScanQuery}, {flowsQuery, flowsScanQuery}} {
			if a, b := rowsOf(q[0], list), rowsOf(q[1], list); !slices.Equal(a, b) {
				t.Errorf("%s: by name %q, by a scan %q", list, a, b)
			}
		}
	}
	for list, want := range map[string]string{`["Red"]`: "byName", `["Anna"]`: "scan", `[]`: "byName"} {
		got, err := sel.pairsPlan(ctx, list, "byName", "scan")
		if err != nil || got != want {
			t.Errorf("pairsPlan of %s: %s (%v), want %s", list, got, err, want)
		}
	}
}
