package analytics

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"strings"

	"github.com/towerlog/towerlog/analytics/recordcodec"
	"github.com/towerlog/towerlog/luck"
	"github.com/towerlog/towerlog/record"
)

// The luck of analysed games: a record that carries the comments of
// towerlog luck -o ("luck: +4.2 ...", read by luck.Read) gives each seat
// its luck (the sum of its turns') and its luck-adjusted margin
// (luck.AdjustedMargins), stored with the seat in tenths of a point, as
// the comments write them (players.luck_tenths and
// adjusted_margin_tenths, NULL for a game not analysed; migration 0015).

// seatLuck returns each seat's luck and luck-adjusted margin in tenths
// of a point from the luck comments of rg, the seats' margins given; nil
// when rg carries no luck (or its players cannot be read).
func seatLuck(rg *record.Game, margins []int64) (lucks, adjusted []int64) {
	turns := luck.Read(rg)
	if len(turns) == 0 {
		return nil, nil
	}
	players, err := rg.Players()
	if err != nil || len(players) != len(margins) {
		return nil, nil
	}
	names := make([]string, len(players))
	for i, p := range players {
		names[i] = p.Name
	}
	sum := luck.Sum(turns, names)
	ms := make([]int, len(margins))
	for i, m := range margins {
		ms[i] = int(m)
	}
	adj := luck.AdjustedMargins(ms, sum.Luck)
	lucks, adjusted = make([]int64, len(margins)), make([]int64, len(margins))
	for i := range margins {
		lucks[i] = int64(math.Round(10 * sum.Luck[i]))
		adjusted[i] = int64(math.Round(10 * adj[i]))
	}
	return lucks, adjusted
}

// fillLuck sets the players rows' luck from the game's record, after
// fillFigures has set their margins.
func (r *GameRows) fillLuck(rg *record.Game) {
	lucks, adjusted := seatLuck(rg, margins(r.Players))
	if lucks == nil {
		return
	}
	for i := range r.Players {
		r.Players[i].LuckTenths, r.Players[i].AdjustedMarginTenths = ptr(lucks[i]), ptr(adjusted[i])
	}
}

// margins are the seats' margins.
func margins(players []PlayerRow) []int64 {
	out := make([]int64, len(players))
	for i, p := range players {
		out[i] = p.Margin
	}
	return out
}

// setLuckSQL writes a stored seat's luck.
const setLuckSQL = `UPDATE players SET luck_tenths = ?, adjusted_margin_tenths = ? WHERE game = ? AND seat = ?`

// setLuck writes the luck of rg, the record of the stored game gid whose
// seats have the given margins, over the game's: a record reannotated
// with luck comments (or without them any more) changes it.
func setLuck(ctx context.Context, st *sql.Stmt, gid int64, rg *record.Game, margins []int64) error {
	lucks, adjusted := seatLuck(rg, margins)
	for seat := range margins {
		var l, a any
		if lucks != nil {
			l, a = lucks[seat], adjusted[seat]
		}
		if _, err := st.ExecContext(ctx, l, a, gid, seat); err != nil {
			return err
		}
	}
	return nil
}

// luckStep is the Go step of migration 0015: it reads the luck of every
// stored record that carries luck comments into its players rows.
func luckStep(ctx context.Context, tx *sql.Tx) (string, error) {
	st, err := tx.PrepareContext(ctx, setLuckSQL)
	if err != nil {
		return "", err
	}
	defer st.Close()
	bases, err := newRecordReader(ctx, tx)
	if err != nil {
		return "", err
	}
	defer bases.Close()
	return "", eachStored(ctx, tx, "1", func(gid int64, value any) error {
		stored, ok := value.([]byte)
		if !ok {
			return fmt.Errorf("game %d: a record stored as %T", gid, value)
		}
		b, err := bases.read(ctx, gid)
		if err != nil {
			return err
		}
		text, err := recordcodec.Unpack(stored, b)
		if err != nil {
			return fmt.Errorf("game %d: %w", gid, err)
		}
		if !strings.Contains(text, "{"+"luck: ") {
			return nil
		}
		rg, err := record.NewParser().Parse(record.RawGame{Src: []byte(text)})
		if err != nil {
			return fmt.Errorf("game %d: %w", gid, err)
		}
		var margins []int64
		err = eachRow(ctx, tx, `SELECT margin FROM players WHERE game = ? ORDER BY seat`, []any{gid}, func(rows *sql.Rows) error {
			var m int64
			err := rows.Scan(&m)
			margins = append(margins, m)
			return err
		})
		if err != nil {
			return err
		}
		return setLuck(ctx, st, gid, rg, margins)
	})
}

// Luck is a player's luck over the finished games of a selection whose
// records carry it (towerlog luck -o).
type Luck struct {
	Games int // finished games analysed
	// The sums of the player's luck and luck-adjusted margin over them,
	// in tenths of a point.
	luck, adjusted int64
}

// dest is where a query of luckSQL's columns scans them.
func (l *Luck) dest() []any { return []any{&l.Games, &l.luck, &l.adjusted} }

// Mean returns the player's mean luck per analysed game and mean
// luck-adjusted margin, in points; ok is false without an analysed game.
func (l Luck) Mean() (luck, adjusted float64, ok bool) {
	if l.Games == 0 {
		return 0, 0, false
	}
	n := 10 * float64(l.Games)
	return float64(l.luck) / n, float64(l.adjusted) / n, true
}

// luckSQL sums the columns of Luck over seats p: the analysed finished
// games, their luck and luck-adjusted margins.
const luckSQL = `sum(p.rank > 0 AND p.luck_tenths IS NOT NULL),
	coalesce(sum(CASE WHEN p.rank > 0 THEN p.luck_tenths END), 0),
	coalesce(sum(CASE WHEN p.rank > 0 THEN p.adjusted_margin_tenths END), 0)`

// luckTotalsSQL reads the columns of luckSQL from player_totals.
const luckTotalsSQL = `luck_games, luck_tenths, adjusted_margin_tenths`
