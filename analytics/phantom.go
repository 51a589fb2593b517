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

// A CountQuery reads figures of the selected games, whose keys are the
// rows of a table sel, and Scan adds a row of them to the statistics.
type CountQuery struct {
	SQL  string
	Scan func(*sql.Rows) error
}

// Queries are the queries that count the phantom's figures into t.
func (t PhantomTally) Queries() []CountQuery {
	// into scans a row of a name and a number into a field of the
	// player's counts.
	into := func(field func(*PhantomCounts) *int) func(*sql.Rows) error {
		return func(rows *sql.Rows) error {
			var name string
			var n int
			if err := rows.Scan(&name, &n); err != nil {
				return err
			}
			*field(t.Player(name)) += n
			return nil
		}
	}
	return []CountQuery{
		{`SELECT p.name, count(*) FROM players p JOIN sel ON sel.gid = p.game JOIN games g ON g.gid = p.game
			WHERE ' ' || g.rules || ' ' LIKE '% phantom %' GROUP BY 1`,
			into(func(p *PhantomCounts) *int { return &p.Games })},
		{`SELECT p.name, pl.feature, count(*), sum(pl.nth = 2) FROM placements pl JOIN sel ON sel.gid = pl.game
			JOIN players p ON p.game = pl.game AND p.seat = pl.seat
			WHERE pl.figure = 'phantom' GROUP BY 1, 2`,
			func(rows *sql.Rows) error {
				var name, where string
				var n, second int
				if err := rows.Scan(&name, &where, &n, &second); err != nil {
					return err
				}
				p := t.Player(name)
				p.Placed[where] += n
				p.Second += second
				return nil
			}},
		{`SELECT p.name, sum(s.points) FROM scores s JOIN sel ON sel.gid = s.game
			JOIN players p ON p.game = s.game AND p.seat = s.seat WHERE s.phantom = 1 GROUP BY 1`,
			into(func(p *PhantomCounts) *int { return &p.Points })},
		{`SELECT p.name, count(*) FROM captures c JOIN sel ON sel.gid = c.game
			JOIN players p ON p.game = c.game AND p.seat = c.victim
			WHERE c.phantom = 1 AND c.captor <> c.victim GROUP BY 1`,
			into(func(p *PhantomCounts) *int { return &p.Lost })},
		{`SELECT p.name, count(*) FROM captures c JOIN sel ON sel.gid = c.game
			JOIN players p ON p.game = c.game AND p.seat = c.captor
			WHERE c.phantom = 1 AND c.captor <> c.victim GROUP BY 1`,
			into(func(p *PhantomCounts) *int { return &p.Taken })},
		{`SELECT p.name, count(*) FROM ransoms r JOIN sel ON sel.gid = r.game
			JOIN players p ON p.game = r.game AND p.seat = r.payer WHERE r.phantom = 1 GROUP BY 1`,
			into(func(p *PhantomCounts) *int { return &p.Ransomed })},
		{`SELECT p.name, count(*) FROM (
				SELECT game, a AS seat FROM exchanges WHERE a_phantom = 1
				UNION ALL SELECT game, b FROM exchanges WHERE b_phantom = 1) x
			JOIN sel ON sel.gid = x.game JOIN players p ON p.game = x.game AND p.seat = x.seat GROUP BY 1`,
			into(func(p *PhantomCounts) *int { return &p.Swapped })},
	}
}
