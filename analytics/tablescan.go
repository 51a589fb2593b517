package analytics

import (
	"context"
	"database/sql"
	"fmt"
	"reflect"
	"strings"
)

// TableOf returns the table of the store whose rows are of type T
// (GameRow and the others of Tables). It panics for any other type: a
// mistake of the code, not of the input.
func TableOf[T any]() Table {
	t := reflect.TypeFor[T]()
	for _, tab := range Tables {
		if tab.Row == t {
			return tab
		}
	}
	panic(fmt.Sprintf("analytics: %v is no row type of Tables", t))
}

// ScanTable calls each with every row of the table of s whose rows are
// of type T (GameRow and the others of Tables), in the table's order. The
// columns are read by name into T's fields, a game's record as its text;
// each row is a new one, which each may keep. An error names the table.
func ScanTable[T any](ctx context.Context, s *Store, each func(*T) error) error {
	return scanTable(ctx, s, "", func(row *T, _ *string) error { return each(row) })
}

// ScanGameTable calls each with every row of the table of s whose rows
// are of type T, a table whose column game refers to a game (PlayerRow,
// TurnRow...), and the id of that game: nil if it is not in games (a
// damaged database). SQLite finds each row's game id by its key, so
// that nothing is kept of the rows read before.
func ScanGameTable[T any](ctx context.Context, s *Store, each func(row *T, gameID *string) error) error {
	return scanTable(ctx, s, "(SELECT games.id FROM games WHERE games.gid = "+TableOf[T]().Name+".game)", each)
}

// EachGameID calls each with the id of every stored game, in the order
// of the ids (the index of games.id).
func (s *Store) EachGameID(ctx context.Context, each func(id string) error) error {
	return eachRow(ctx, s.db, `SELECT id FROM games ORDER BY id`, nil, func(rows *sql.Rows) error {
		var id string
		if err := rows.Scan(&id); err != nil {
			return err
		}
		return each(id)
	})
}

// scanTable is ScanTable with, when extra is not empty, one more column,
// the SQL expression extra (written in code, never from input), whose
// text (nil for NULL) each receives beside the row.
func scanTable[T any](ctx context.Context, s *Store, extra string, each func(*T, *string) error) error {
	tab := TableOf[T]()
	cols := tab.Columns
	if extra != "" {
		cols = append(cols[:len(cols):len(cols)], extra)
	}
	var records *RecordReader
	if tab.Name == "games" {
		var err error
		if records, err = newRecordReader(ctx, s.db); err != nil {
			return fmt.Errorf("%s: %w", tab.Name, err)
		}
		defer records.Close()
	}
	rows, err := s.db.QueryContext(ctx, "SELECT "+strings.Join(cols, ", ")+" FROM "+tab.Name)
	if err != nil {
		return fmt.Errorf("%s: %w", tab.Name, err)
	}
	defer rows.Close()
	for rows.Next() {
		row := new(T)
		v := reflect.ValueOf(row).Elem()
		dest := make([]any, v.NumField(), v.NumField()+1)
		for i := range dest {
			dest[i] = v.Field(i).Addr().Interface()
		}
		var x *string
		if extra != "" {
			dest = append(dest, &x)
		}
		if err := rows.Scan(dest...); err != nil {
			return fmt.Errorf("%s: %w", tab.Name, err)
		}
		if g, ok := any(row).(*GameRow); ok && g.Record != nil {
			// Compressed in the database, text in GameRow.
			text, err := records.Text(ctx, g.GID, []byte(*g.Record))
			if err != nil {
				return fmt.Errorf("%s: game %s: %w", tab.Name, g.ID, err)
			}
			g.Record = &text
		}
		if err := each(row, x); err != nil {
			return fmt.Errorf("%s: %w", tab.Name, err)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("%s: %w", tab.Name, err)
	}
	return nil
}
