package analytics

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"sync"

	"github.com/towerlog/towerlog/analytics/filter"

	"github.com/towerlog/towerlog/internal/collation"
)

// selectionConns is the number of connections of a Selection: its slow
// scans run two at a time, one a core.
const selectionConns = 2

// A Selection is the games of a store that a filter selects, and answers
// questions about them with Go values. Each of its connections holds the
// keys of the selected games in a temporary table sel, made once when the
// selection is made, so that every query reads the same games. Its
// methods may be called from several goroutines: each takes one of the
// connections for its queries. Close it when done.
type Selection struct {
	f     filter.Filter
	conns chan *sql.Conn // the idle connections
	all   []*sql.Conn
	// seats counts the seats of the selected games, once: by pairsPlan,
	// or by PlayerFigures, which sums them anyway.
	seatsOnce sync.Once
	seats     int
	seatsErr  error
}

// Select makes the selection of the games f selects. A filter that
// selects no game is no error here: Summary counts none.
func (s *Store) Select(ctx context.Context, f filter.Filter) (sel *Selection, err error) {
	where, args, err := f.Where()
	if err != nil {
		return nil, err
	}
	sel = &Selection{f: f, conns: make(chan *sql.Conn, selectionConns)}
	defer func() {
		if err != nil {
			sel.Close()
		}
	}()
	for range selectionConns {
		conn, err := s.db.Conn(ctx)
		if err != nil {
			return nil, err
		}
		sel.all = append(sel.all, conn)
		for _, q := range []string{`DROP TABLE IF EXISTS temp.sel`, `CREATE TEMP TABLE sel (gid INTEGER PRIMARY KEY)`} {
			if _, err := conn.ExecContext(ctx, q); err != nil {
				return nil, err
			}
		}
		if _, err := conn.ExecContext(ctx, `INSERT INTO sel SELECT g.gid FROM games g WHERE `+where, args...); err != nil {
			return nil, err
		}
		sel.conns <- conn
	}
	return sel, nil
}

// Close drops the selection's temporary tables and gives back its
// connections.
func (sel *Selection) Close() error {
	var errs []error
	for _, conn := range sel.all {
		_, err := conn.ExecContext(context.Background(), `DROP TABLE IF EXISTS temp.sel`)
		errs = append(errs, err, conn.Close())
	}
	sel.all = nil
	return errors.Join(errs...)
}

// use calls fn with one of the selection's connections, waiting for one
// to be idle.
func (sel *Selection) use(ctx context.Context, fn func(*sql.Conn) error) error {
	var conn *sql.Conn
	select {
	case conn = <-sel.conns:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { sel.conns <- conn }()
	return fn(conn)
}

// each runs query on one of the selection's connections and calls scan
// for every row.
func (sel *Selection) each(ctx context.Context, query string, args []any, scan func(*sql.Rows) error) error {
	return sel.use(ctx, func(conn *sql.Conn) error { return eachRow(ctx, conn, query, args, scan) })
}

// Summary describes a selection as a whole.
type Summary struct {
	Games int // games selected (PlayerFigures has a row per player)
	// Invalid counts the records of the store that failed validation,
	// whatever the filter: they are in no selection.
	Invalid int
	// First and Last are the dates of the earliest and the latest dated
	// game; "" when no game has a date.
	First, Last string
	Tower       bool // a game is played with The Tower
	Phantom     bool // a game is played with the Phantom
}

// The queries of a selection, by the tables they read. Each reads the
// selected games' rows through sel. A query that gives a row per event
// (a seat, a capture, a scoring...) is summed in Go in the order SQLite
// reads them: a GROUP BY would have SQLite sort them all first, which
// costs more than linear time on a large archive, its sorter spilling to
// temporary files.
const (
	// games
	summaryQuery = `SELECT count(*), min(g.date), max(g.date),
			(SELECT count(*) FROM invalid_games),
			max(instr(' ' || g.rules || ' ', ' tower ') > 0), max(instr(' ' || g.rules || ' ', ' phantom ') > 0)
		FROM games g JOIN sel ON sel.gid = g.gid`
	// The rules are stored as the Rules tag writes them, where the word
	// phantom follows the expansion.
	phantomGamesQuery = `SELECT EXISTS (SELECT 1 FROM games g JOIN sel ON sel.gid = g.gid
		WHERE ' ' || g.rules || ' ' LIKE '% phantom %')`
	latestQuery = `SELECT g.gid, coalesce(g.date, ''), coalesce(g.event, ''), g.turns, g.finished
		FROM games g JOIN sel ON sel.gid = g.gid
		ORDER BY g.date DESC, g.gid DESC LIMIT ?`

	// captures
	capturesQuery = `SELECT pc.name, pv.name
		FROM captures c JOIN sel ON sel.gid = c.game
		JOIN players pc ON pc.game = c.game AND pc.seat = c.captor
		JOIN players pv ON pv.game = c.game AND pv.seat = c.victim`
	reachQuery = `SELECT c.height, c.distance FROM captures c JOIN sel ON sel.gid = c.game`
	// The captures between players of a list (a JSON array ?1), by
	// either plan of pairsPlan.
	captorVictimQuery = `SELECT pc.name, pv.name
		FROM players pc JOIN sel ON sel.gid = pc.game
		JOIN captures c ON c.game = pc.game AND c.captor = pc.seat
		JOIN players pv ON pv.game = c.game AND pv.seat = c.victim
		WHERE pc.name IN (SELECT value FROM json_each(?1)) AND pv.name IN (SELECT value FROM json_each(?1))`
	captorVictimScanQuery = capturesQuery + `
		WHERE +pc.name IN (SELECT value FROM json_each(?1)) AND +pv.name IN (SELECT value FROM json_each(?1))`
	// namedSeats counts the seats of the players of a list (?1),
	// seatsQuery all the seats of the selected games.
	namedSeatsQuery = `SELECT count(*) FROM players p JOIN sel ON sel.gid = p.game WHERE p.name IN (SELECT value FROM json_each(?1))`
	seatsQuery      = `SELECT count(*) FROM players p JOIN sel ON sel.gid = p.game`

	// ransoms
	ransomsQuery = `SELECT pp.name, pe.name, r.points
		FROM ransoms r JOIN sel ON sel.gid = r.game
		JOIN players pp ON pp.game = r.game AND pp.seat = r.payer
		JOIN players pe ON pe.game = r.game AND pe.seat = r.payee`
	// The ransoms between players of a list, as captorVictimQuery.
	flowsQuery = `SELECT pp.name, pe.name, r.points
		FROM players pp JOIN sel ON sel.gid = pp.game
		JOIN ransoms r ON r.game = pp.game AND r.payer = pp.seat
		JOIN players pe ON pe.game = r.game AND pe.seat = r.payee
		WHERE pp.name IN (SELECT value FROM json_each(?1)) AND pe.name IN (SELECT value FROM json_each(?1))`
	flowsScanQuery = ransomsQuery + `
		WHERE +pp.name IN (SELECT value FROM json_each(?1)) AND +pe.name IN (SELECT value FROM json_each(?1))`

	// towers: read by key from the selection (CROSS JOIN keeps sel
	// first), one row a tower
	towerHeightsQuery = `SELECT w.height FROM sel CROSS JOIN towers w ON w.game = sel.gid`
)

// Summary counts the selected games and says what they are played with.
func (sel *Selection) Summary(ctx context.Context) (Summary, error) {
	var sum Summary
	var first, last sql.NullString
	var tower, phantom sql.NullBool
	err := sel.use(ctx, func(conn *sql.Conn) error {
		return conn.QueryRowContext(ctx, summaryQuery).Scan(&sum.Games, &first, &last, &sum.Invalid, &tower, &phantom)
	})
	sum.First, sum.Last, sum.Tower, sum.Phantom = first.String, last.String, tower.Bool, phantom.Bool
	return sum, err
}

// PlayerFigures are one player's figures over the selected games.
type PlayerFigures struct {
	Name  string
	Games int // games played, finished or not
	// CapturesMade counts opponents' followers the player's towers
	// captured, CapturesSuffered the player's followers that opponents'
	// towers captured, OwnTakenBack the player's own followers their
	// towers took back.
	CapturesMade, CapturesSuffered, OwnTakenBack int
	// RansomsPaid and RansomsReceived are the points paid to free the
	// player's followers and received for the prisoners the player held.
	RansomsPaid, RansomsReceived int
	// Points are the points scored by feature kind ("city", ...) in
	// finished games, ransoms left out.
	Points map[string]int
	// Record is the player's record over the finished selected games.
	Record Record
	// Luck is the player's luck over the finished selected games whose
	// records carry it.
	Luck Luck
}

// PlayerFigures returns the figures of every player of the selected
// games, the player with the most games first (then by name): one
// aggregate over the selected games' seats, whose figures are columns of
// players (computed at ingest), read by key from the selection (CROSS
// JOIN keeps sel first). Its memory grows with the number of players,
// not of games.
func (sel *Selection) PlayerFigures(ctx context.Context) ([]PlayerFigures, error) {
	var out []PlayerFigures
	scan := func(rows *sql.Rows) error {
		p := PlayerFigures{Points: map[string]int{}}
		var byFeature [4]int
		if err := rows.Scan(&p.Name, &p.Games, &p.CapturesMade, &p.CapturesSuffered, &p.OwnTakenBack,
			&p.RansomsPaid, &p.RansomsReceived, &byFeature[0], &byFeature[1], &byFeature[2], &byFeature[3],
			&p.Record.Games, &p.Record.Wins, &p.Record.Margin, &p.Record.Points, &p.Luck.Games, &p.Luck.luck, &p.Luck.adjusted); err != nil {
			return err
		}
		// Points has a kind the player scored from, as the scores name them.
		for i, k := range Features {
			if byFeature[i] != 0 {
				p.Points[k] = byFeature[i]
			}
		}
		out = append(out, p)
		return nil
	}
	err := sel.use(ctx, func(conn *sql.Conn) error {
		query := playerFiguresQuery
		if sel.f.IsZero() {
			// Every game: the players' totals, when they are those of
			// the games stored.
			fresh, err := totalsFresh(ctx, conn)
			if err != nil {
				return err
			}
			if fresh {
				query = totalsFiguresQuery
			}
		}
		return eachRow(ctx, conn, query, nil, scan)
	})
	if err != nil {
		return nil, err
	}
	// Every seat is a game of its player: the seats pairsPlan counts.
	seats := 0
	for _, p := range out {
		seats += p.Games
	}
	sel.seatsOnce.Do(func() { sel.seats = seats })
	sort.Slice(out, func(i, j int) bool {
		if out[i].Games != out[j].Games {
			return out[i].Games > out[j].Games
		}
		return collation.Less(out[i].Name, out[j].Name)
	})
	return out, nil
}

// playerFiguresQuery sums the figures of PlayerFigures over the seats of
// the selected games; the points by feature count the finished games,
// whose players have places (rank > 0).
const playerFiguresQuery = `SELECT p.name, count(*), sum(p.captures_made), sum(p.captures_suffered),
	sum(p.own_taken_back), sum(p.ransoms_paid), sum(p.ransoms_received),
	sum(CASE WHEN p.rank > 0 THEN p.city_points ELSE 0 END), sum(CASE WHEN p.rank > 0 THEN p.road_points ELSE 0 END),
	sum(CASE WHEN p.rank > 0 THEN p.cloister_points ELSE 0 END), sum(CASE WHEN p.rank > 0 THEN p.field_points ELSE 0 END),
	` + recordSQL + `, ` + luckSQL + `
	FROM sel CROSS JOIN players p ON p.game = sel.gid GROUP BY p.name`

// totalsFiguresQuery reads the columns of playerFiguresQuery from
// player_totals (migration 0014), the sums over every game.
const totalsFiguresQuery = `SELECT name, seats, captures_made, captures_suffered, own_taken_back,
	ransoms_paid, ransoms_received, city_points, road_points, cloister_points, field_points,
	finished, wins, margin, score, ` + luckTotalsSQL + `
	FROM player_totals`

// CaptureReach counts the captures of the selected games by [height,
// distance]: the tower's height in floors after the floor that captured,
// and the distance in tiles from the tower to the captured follower (0:
// the tower's own tile).
func (sel *Selection) CaptureReach(ctx context.Context) (map[[2]int]int, error) {
	reach := map[[2]int]int{}
	err := sel.each(ctx, reachQuery, nil, func(rows *sql.Rows) error {
		var k [2]int
		err := rows.Scan(&k[0], &k[1])
		reach[k]++
		return err
	})
	return reach, err
}

// pairsPlan returns, of a query of the pairs among the players of list
// (a JSON array), the one to run: byName, which reads the players' games
// through the index of names, when they sit at few of the selected seats
// (the players shown of a club's archive: a few hundred games of a
// million), or scan, which reads the whole table in its order, when they
// sit at many (four players at every table), where reading every game
// through the index would cost more.
func (sel *Selection) pairsPlan(ctx context.Context, list, byName, scan string) (string, error) {
	plan := byName
	err := sel.use(ctx, func(conn *sql.Conn) error {
		var named int
		if err := conn.QueryRowContext(ctx, namedSeatsQuery, list).Scan(&named); err != nil {
			return err
		}
		// The seats of the selection, counted once for both queries of
		// pairs: a scan of every selected seat.
		sel.seatsOnce.Do(func() { sel.seatsErr = conn.QueryRowContext(ctx, seatsQuery).Scan(&sel.seats) })
		if named*4 > sel.seats {
			plan = scan
		}
		return sel.seatsErr
	})
	return plan, err
}

// CaptorVictim counts the captures of the selected games between the
// named players by [captor, victim]; a player taking back their own
// follower is counted with captor == victim. Its memory grows with the
// square of the names, its time with their games (see pairsPlan).
func (sel *Selection) CaptorVictim(ctx context.Context, names []string) (map[[2]string]int, error) {
	list, err := json.Marshal(names)
	if err != nil {
		return nil, err
	}
	query, err := sel.pairsPlan(ctx, string(list), captorVictimQuery, captorVictimScanQuery)
	if err != nil {
		return nil, err
	}
	counts := map[[2]string]int{}
	err = sel.each(ctx, query, []any{string(list)}, func(rows *sql.Rows) error {
		var k [2]string
		err := rows.Scan(&k[0], &k[1])
		counts[k]++
		return err
	})
	return counts, err
}

// RansomFlow is the points one player paid another in ransoms.
type RansomFlow struct {
	Payer, Payee string
	Points       int
}

// RansomFlows returns the points paid in ransoms over the selected games
// by each of the named players to each other, by payer then payee. Its
// memory grows with the square of the names, its time with their games
// (see pairsPlan).
func (sel *Selection) RansomFlows(ctx context.Context, names []string) ([]RansomFlow, error) {
	list, err := json.Marshal(names)
	if err != nil {
		return nil, err
	}
	query, err := sel.pairsPlan(ctx, string(list), flowsQuery, flowsScanQuery)
	if err != nil {
		return nil, err
	}
	paid := map[[2]string]int{}
	err = sel.each(ctx, query, []any{string(list)}, func(rows *sql.Rows) error {
		var k [2]string
		var n int
		err := rows.Scan(&k[0], &k[1], &n)
		paid[k] += n
		return err
	})
	out := make([]RansomFlow, 0, len(paid))
	for k, n := range paid {
		out = append(out, RansomFlow{k[0], k[1], n})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Payer != out[j].Payer {
			return out[i].Payer < out[j].Payer
		}
		return out[i].Payee < out[j].Payee
	})
	return out, err
}

// TowerHeights counts the towers of the selected games by their height
// at the end of the game (floors), every tower that got a floor counted:
// the rows of towers, written at ingest, of the selected games.
func (sel *Selection) TowerHeights(ctx context.Context) (map[int]int, error) {
	heights := map[int]int{}
	err := sel.each(ctx, towerHeightsQuery, nil, func(rows *sql.Rows) error {
		var h int
		err := rows.Scan(&h)
		heights[h]++
		return err
	})
	return heights, err
}

// PhantomTally counts every player's use of the phantom over the
// selected games with the Phantom; a player of none of them is not in it.
// A selection without such a game is answered by one look at the games.
func (sel *Selection) PhantomTally(ctx context.Context) (PhantomTally, error) {
	t := PhantomTally{}
	var phantom bool
	err := sel.use(ctx, func(conn *sql.Conn) error {
		return conn.QueryRowContext(ctx, phantomGamesQuery).Scan(&phantom)
	})
	if err != nil || !phantom {
		return t, err
	}
	for _, q := range t.Queries() {
		if err := sel.each(ctx, q.SQL, nil, q.Scan); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// GameHead is what the list of games says of a selected game.
type GameHead struct {
	GID      int64
	Date     string // "" when the game has none
	Event    string // "" when the game has none
	Turns    int
	Finished bool
}

// Latest returns the n latest selected games, by date then key, the
// latest first; games without a date come last.
func (sel *Selection) Latest(ctx context.Context, n int) ([]GameHead, error) {
	var out []GameHead
	err := sel.each(ctx, latestQuery, []any{n}, func(rows *sql.Rows) error {
		var g GameHead
		err := rows.Scan(&g.GID, &g.Date, &g.Event, &g.Turns, &g.Finished)
		out = append(out, g)
		return err
	})
	return out, err
}

// Floor is one floor added to a tower: after turn Turn, the tower at
// (X, Y) is Height floors high.
type Floor struct {
	Turn, X, Y, Height int
}

// GameCourse is how one game went, turn by turn.
type GameCourse struct {
	Names  []string // the players, by seat
	Finals []int    // their final scores, by seat
	// Scores are the players' scores after each turn, [turn-1][seat],
	// final scoring and ransoms included.
	Scores [][]int
	Floors []Floor // the tower floors, in the order of the turns
}

// The rows of the games of Courses. Each query is a CROSS JOIN from
// pick, which SQLite reads as the order of its loops: for each picked
// game, that game's rows by their key. A plain join let SQLite scan the
// whole table once per call instead.
const (
	pickPlayers = `SELECT p.game, p.name, p.score FROM pick CROSS JOIN players p ON p.game = pick.gid ORDER BY p.game, p.seat`
	pickScores  = `SELECT s.game, s.turn, s.seat, s.points FROM pick CROSS JOIN scores s ON s.game = pick.gid`
	pickRansoms = `SELECT r.game, r.turn, r.payer, r.payee, r.points FROM pick CROSS JOIN ransoms r ON r.game = pick.gid`
	pickFloors  = `SELECT t.game, t.turn, t.target_x, t.target_y, t.height FROM pick CROSS JOIN turns t ON t.game = pick.gid
		WHERE t.action = 'floor' ORDER BY t.game, t.turn`
)

// Courses returns the course of each of games (heads of Latest), in
// their order: each table is read in one query over them all, so ask for
// a bounded number at a time (their rows are all in memory).
func (sel *Selection) Courses(ctx context.Context, games []GameHead) ([]GameCourse, error) {
	out := make([]GameCourse, len(games))
	err := sel.use(ctx, func(conn *sql.Conn) error {
		return courses(ctx, conn, games, out)
	})
	return out, err
}

func courses(ctx context.Context, conn *sql.Conn, games []GameHead, out []GameCourse) error {
	exec := func(q string, args ...any) error {
		_, err := conn.ExecContext(ctx, q, args...)
		return err
	}
	if err := exec(`DROP TABLE IF EXISTS temp.pick`); err != nil {
		return err
	}
	if err := exec(`CREATE TEMP TABLE pick (gid INTEGER PRIMARY KEY)`); err != nil {
		return err
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), `DROP TABLE IF EXISTS temp.pick`)
	index := make(map[int64]int, len(games))
	for i, g := range games {
		index[g.GID] = i
		if err := exec(`INSERT OR IGNORE INTO pick (gid) VALUES (?)`, g.GID); err != nil {
			return err
		}
	}
	// picked is the index of the game of a row read: a damaged database
	// may give a row of a game not picked.
	picked := func(gid int64) (int, error) {
		if i, ok := index[gid]; ok {
			return i, nil
		}
		return 0, fmt.Errorf("a row of game %d among the rows of other games", gid)
	}
	each := func(q string, scan func(*sql.Rows) error) error { return eachRow(ctx, conn, q, nil, scan) }
	err := each(pickPlayers, func(rows *sql.Rows) error {
		var gid int64
		var name string
		var score int
		if err := rows.Scan(&gid, &name, &score); err != nil {
			return err
		}
		i, err := picked(gid)
		if err != nil {
			return err
		}
		out[i].Names, out[i].Finals = append(out[i].Names, name), append(out[i].Finals, score)
		return nil
	})
	if err != nil {
		return err
	}
	// delta[i][turn][seat] are the points of game i's seat in a turn.
	delta := make([][][]int, len(games))
	for i, g := range games {
		delta[i] = make([][]int, g.Turns+1)
		for t := range delta[i] {
			delta[i][t] = make([]int, len(out[i].Names))
		}
	}
	add := func(gid int64, turn, seat, points int) error {
		i, err := picked(gid)
		if err != nil {
			return err
		}
		if turn >= 1 && turn <= games[i].Turns && seat >= 0 && seat < len(out[i].Names) {
			delta[i][turn][seat] += points
		}
		return nil
	}
	err = each(pickScores, func(rows *sql.Rows) error {
		var gid int64
		var turn, seat, points int
		if err := rows.Scan(&gid, &turn, &seat, &points); err != nil {
			return err
		}
		return add(gid, turn, seat, points)
	})
	if err != nil {
		return err
	}
	err = each(pickRansoms, func(rows *sql.Rows) error {
		var gid int64
		var turn, payer, payee, points int
		if err := rows.Scan(&gid, &turn, &payer, &payee, &points); err != nil {
			return err
		}
		if err := add(gid, turn, payer, -points); err != nil {
			return err
		}
		return add(gid, turn, payee, points)
	})
	if err != nil {
		return err
	}
	for i, g := range games {
		running := make([]int, len(out[i].Names))
		for t := 1; t <= g.Turns; t++ {
			for s := range running {
				running[s] += delta[i][t][s]
			}
			out[i].Scores = append(out[i].Scores, append([]int(nil), running...))
		}
	}
	return each(pickFloors, func(rows *sql.Rows) error {
		var gid int64
		var f Floor
		if err := rows.Scan(&gid, &f.Turn, &f.X, &f.Y, &f.Height); err != nil {
			return err
		}
		i, err := picked(gid)
		if err != nil {
			return err
		}
		out[i].Floors = append(out[i].Floors, f)
		return nil
	})
}
