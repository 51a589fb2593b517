package analytics

import "database/sql"

// PhantomWhere lists where a phantom can be placed, in the charts' order:
// the feature kinds of a tile (Features), then the top of a tower.
var PhantomWhere = append(append([]string(nil), Features...), "tower")

// PhantomCounts are one player's use of the phantom over the games with
// the Phantom.
type PhantomCounts struct {
	Games    int            // games with the Phantom
	Placed   map[string]int // phantoms placed, by PhantomWhere
	Second   int            // of them, as a turn's second figure
	Points   int            // points of the scorings the phantom took part in
	Lost     int            // the player's phantom captured by another player's tower
	Taken    int            // other players' phantoms captured by the player's towers
	Ransomed int            // the player bought back their phantom
	Swapped  int            // the player's phantom came back in an exchange of prisoners
}

// Total is the number of phantoms placed.
func (p *PhantomCounts) Total() int {
	n := 0
	for _, v := range p.Placed {
		n += v
	}
	return n
}

// PhantomTally holds the PhantomCounts of each player by name.
type PhantomTally map[string]*PhantomCounts

// Player returns the counts of the named player, made zero if they are
// not there yet.
func (t PhantomTally) Player(name string) *PhantomCounts {
	p := t[name]
	if p == nil {
		p = &PhantomCounts{Placed: map[string]int{}}
		t[name] = p
	}
	return p
}

// A countQuery reads figures of the selected games, whose keys are the
// rows of a table sel, and Scan adds a row of them to the statistics.
type countQuery struct {
	SQL  string
	Scan func(*sql.Rows) error
}

// Queries are the queries that count the phantom's figures into t: one
// aggregate over the seats of the selected games with the Phantom, whose
// figures are columns of players.
func (t PhantomTally) Queries() []countQuery {
	return []countQuery{{`SELECT p.name, count(*), ` + phantomSQL + ` FROM sel CROSS JOIN games g ON g.gid = sel.gid
		CROSS JOIN players p ON p.game = g.gid WHERE ` + phantomGame + ` GROUP BY p.name`,
		func(rows *sql.Rows) error {
			var name string
			var ps phantomSums
			if err := rows.Scan(append([]any{&name, &ps.games}, ps.dest()...)...); err != nil {
				return err
			}
			t[name] = ps.counts()
			return nil
		}}}
}

// phantomGame is true for a games row g of a game with the Phantom.
const phantomGame = `instr(' ' || g.rules || ' ', ' phantom ') > 0`

// phantomSQL sums the phantom's figures over rows p of players, as
// phantomSums.dest scans them.
const phantomSQL = `sum(p.phantom_city), sum(p.phantom_road), sum(p.phantom_cloister),
	sum(p.phantom_field), sum(p.phantom_tower), sum(p.phantom_second), sum(p.phantom_points), sum(p.phantom_lost),
	sum(p.phantom_taken), sum(p.phantom_ransomed), sum(p.phantom_exchanged)`

// phantomSums are the sums of phantomSQL, and the games with the
// Phantom.
type phantomSums struct {
	games, city, road, cloister, field, tower, second, points, lost, taken, ransomed, exchanged int
}

func (s *phantomSums) dest() []any {
	return []any{&s.city, &s.road, &s.cloister, &s.field, &s.tower, &s.second, &s.points,
		&s.lost, &s.taken, &s.ransomed, &s.exchanged}
}

// counts are the sums as PhantomCounts, whose Placed has the places
// where a phantom was placed.
func (s *phantomSums) counts() *PhantomCounts {
	c := &PhantomCounts{Games: s.games, Second: s.second, Points: s.points, Lost: s.lost, Taken: s.taken,
		Ransomed: s.ransomed, Swapped: s.exchanged, Placed: map[string]int{}}
	for i, n := range []int{s.city, s.road, s.cloister, s.field, s.tower} {
		if n > 0 {
			c.Placed[PhantomWhere[i]] = n
		}
	}
	return c
}
