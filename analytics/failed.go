package analytics

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"

	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// failedRows are the records of the report's table of failed records.
const failedRows = 100

// FailedGames returns the stored records that failed validation, each
// with its first error, in the order of their files and positions; at
// most limit of them when limit > 0.
func (s *Store) FailedGames(ctx context.Context, limit int) ([]Failed, error) {
	return failedGames(ctx, s.db, limit)
}

// queryer is what FailedGames needs of a database or a connection.
type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func failedGames(ctx context.Context, q queryer, limit int) ([]Failed, error) {
	if limit <= 0 {
		limit = -1 // SQLite: no limit
	}
	rows, err := q.QueryContext(ctx, `SELECT i.id, i.file, i.idx, i.event, i.players, i.errors,
			d.file, d.line, d.col, d.turn, d.player, d.message
		FROM invalid_games i
		LEFT JOIN diagnostics d ON d.game = i.id AND d.seq = (SELECT min(seq) FROM diagnostics
			WHERE game = i.id AND severity = 'error')
		ORDER BY i.file, i.idx LIMIT ?`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Failed
	for rows.Next() {
		var f Failed
		var event, players, file, player, message sql.NullString
		var line, col, turn sql.NullInt64
		if err := rows.Scan(&f.ID, &f.File, &f.Index, &event, &players, &f.Errors,
			&file, &line, &col, &turn, &player, &message); err != nil {
			return nil, err
		}
		f.Event, f.Players = event.String, players.String
		d := replay.Diagnostic{Pos: record.Pos{Filename: file.String, Line: int32(line.Int64), Column: int32(col.Int64)},
			Turn: int(turn.Int64), Player: player.String, Message: message.String}
		f.First = d.Error()
		out = append(out, f)
	}
	return out, rows.Err()
}

// failedTable adds the table of the records that failed validation.
func (r *report) failedTable() error {
	failed, err := failedGames(r.ctx, r.conn, failedRows)
	if err != nil || len(failed) == 0 {
		return err
	}
	var total int
	if err := r.conn.QueryRowContext(r.ctx, `SELECT count(*) FROM invalid_games`).Scan(&total); err != nil {
		return err
	}
	t := table{ID: "failed-records", Title: "Records that failed validation",
		Note: "These records of the database are left out of every figure above. Each is shown with its first error; towerlog validate tells all.",
		Head: []string{"File", "Game", "Event", "Players", "Errors", "First error"}}
	for _, f := range failed {
		t.Rows = append(t.Rows, []string{f.File, strconv.Itoa(f.Index), f.Event, f.Players, strconv.Itoa(f.Errors), f.First})
	}
	if total > len(failed) {
		t.Note += fmt.Sprintf(" The first %d of %d are listed.", len(failed), total)
	}
	r.page.Tables = append(r.page.Tables, t)
	return nil
}
