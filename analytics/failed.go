package analytics

import (
	"context"
	"database/sql"

	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// FailedGames returns the stored records that failed validation, each
// with its first error, in the order of their files and positions; at
// most limit of them when limit > 0.
func (s *Store) FailedGames(ctx context.Context, limit int) ([]Failed, error) {
	var out []Failed
	err := eachFailed(ctx, s.db, "", limit, func(f Failed) error {
		out = append(out, f)
		return nil
	})
	return out, err
}

// EachFailed calls emit with each stored record that failed validation,
// as FailedGames returns them, one at a time.
func (s *Store) EachFailed(ctx context.Context, emit func(Failed) error) error {
	return eachFailed(ctx, s.db, "", 0, emit)
}

// queryer is what a query needs of a database or a connection: an
// *sql.DB or an *sql.Conn.
type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// eachFailed calls emit with each stored record that failed validation
// whose id begins with prefix, at most limit of them when limit > 0.
func eachFailed(ctx context.Context, q queryer, prefix string, limit int, emit func(Failed) error) error {
	if limit <= 0 {
		limit = -1 // SQLite: no limit
	}
	rows, err := q.QueryContext(ctx, `SELECT i.id, i.file, i.idx, i.event, i.players, i.errors,
			d.file, d.line, d.col, d.turn, d.player, d.message
		FROM invalid_games i
		LEFT JOIN diagnostics d ON d.game = i.id AND d.seq = (SELECT min(seq) FROM diagnostics
			WHERE game = i.id AND severity = 'error')
		WHERE substr(i.id, 1, length(?1)) = ?1
		ORDER BY i.file, i.idx LIMIT ?2`, prefix, limit)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var f Failed
		var event, players, file, player, message sql.NullString
		var line, col, turn sql.NullInt64
		if err := rows.Scan(&f.ID, &f.File, &f.Index, &event, &players, &f.Errors,
			&file, &line, &col, &turn, &player, &message); err != nil {
			return err
		}
		f.Event, f.Players = event.String, players.String
		d := replay.Diagnostic{Pos: record.Position{Filename: file.String, Line: int32(line.Int64), Column: int32(col.Int64)},
			Turn: int(turn.Int64), Player: player.String, Message: message.String}
		f.First = d.Error()
		if err := emit(f); err != nil {
			return err
		}
	}
	return rows.Err()
}
