package analytics

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
)

// gameTowers gathers the towers of one game from its floors: each tower
// that got a floor, at the height after its highest floor. A game has a
// few towers, so a list looked through serves.
type gameTowers []TowerRow

// floor counts a floor built on the tower at (x, y), which then stood
// height floors high.
func (ts *gameTowers) floor(x, y, height int64) {
	for i := range *ts {
		if t := &(*ts)[i]; t.X == x && t.Y == y {
			t.Height = max(t.Height, height)
			return
		}
	}
	*ts = append(*ts, TowerRow{X: x, Y: y, Height: height})
}

// sort orders the towers as the table's key does: by x, then y.
func (ts gameTowers) sort() {
	slices.SortFunc(ts, func(a, b TowerRow) int { return cmp.Or(cmp.Compare(a.X, b.X), cmp.Compare(a.Y, b.Y)) })
}

// fillTowers makes the game's rows of towers from its turns, which
// fillTurns has made: the rows that migration 13 makes from the turns of
// the games stored before it.
func (r *GameRows) fillTowers() {
	var ts gameTowers
	for _, t := range r.Turns {
		if t.Action != nil && *t.Action == "floor" {
			ts.floor(*t.TargetX, *t.TargetY, *t.Height)
		}
	}
	ts.sort()
	r.Towers = ts
}

// towersCheckQuery reads, game by game, each floor of turns (from 0:
// the tower's square and its height after the floor) and each row of
// towers (from 1): both tables in the order of their keys, merged by
// game, so that nothing is sorted and one game's rows are held at a time.
const towersCheckQuery = `SELECT game, 0, target_x, target_y, height FROM turns WHERE action = 'floor'
	UNION ALL SELECT game, 1, x, y, height FROM towers ORDER BY 1`

// checkTowers checks that each game's rows of towers are those its
// floors make (fillTowers).
func (ck checker) checkTowers(ctx context.Context, r *CheckReport) error {
	l := &limited{r: r}
	defer l.done()
	var game any
	var made, stored gameTowers
	err := eachRow(ctx, ck.tx, towersCheckQuery, nil, func(rows *sql.Rows) error {
		// Scanned as they are: a damaged row may hold text or NULL
		// where a number belongs.
		var v [5]any
		if err := rows.Scan(&v[0], &v[1], &v[2], &v[3], &v[4]); err != nil {
			return err
		}
		if b, ok := v[0].([]byte); ok {
			v[0] = string(b) // comparable
		}
		if v[0] != game {
			compareTowers(l, game, made, stored)
			game, made, stored = v[0], made[:0], stored[:0]
		}
		x, okX := v[2].(int64)
		y, okY := v[3].(int64)
		h, okH := v[4].(int64)
		table := "turns"
		if v[1] == int64(1) {
			table = "towers"
		}
		switch {
		case !okX || !okY || !okH:
			l.add(fmt.Sprintf("game %v: a row of %s holds %s where the tower's square and height belong", game, table, quoteText(v[2:])))
		case table == "turns":
			made.floor(x, y, h)
		default:
			stored = append(stored, TowerRow{X: x, Y: y, Height: h})
		}
		return nil
	})
	if err == nil {
		compareTowers(l, game, made, stored)
	}
	return err
}

// compareTowers adds to l how the towers stored of a game differ from
// those its floors made; game is nil before the first game.
func compareTowers(l *limited, game any, made, stored gameTowers) {
	made.sort()
	stored.sort()
	for len(made) > 0 || len(stored) > 0 {
		var m, s *TowerRow
		if len(made) > 0 {
			m = &made[0]
		}
		if len(stored) > 0 {
			s = &stored[0]
		}
		switch {
		case s == nil || m != nil && (m.X < s.X || m.X == s.X && m.Y < s.Y):
			l.add(fmt.Sprintf("game %v: tower (%d,%d) has floors in turns (height %d) but no row in towers", game, m.X, m.Y, m.Height))
			made = made[1:]
		case m == nil || s.X < m.X || s.X == m.X && s.Y < m.Y:
			l.add(fmt.Sprintf("game %v: tower (%d,%d) has a row in towers (height %d) but no floor in turns", game, s.X, s.Y, s.Height))
			stored = stored[1:]
		default:
			if m.Height != s.Height {
				l.add(fmt.Sprintf("game %v: tower (%d,%d) has height %d in towers, its floors in turns make %d", game, s.X, s.Y, s.Height, m.Height))
			}
			made, stored = made[1:], stored[1:]
		}
	}
}

// quoteText writes values as a list, text quoted.
func quoteText(vals []any) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		switch v.(type) {
		case string, []byte:
			parts[i] = fmt.Sprintf("%q", v)
		case nil:
			parts[i] = "NULL"
		default:
			parts[i] = fmt.Sprint(v)
		}
	}
	return strings.Join(parts, ", ")
}
