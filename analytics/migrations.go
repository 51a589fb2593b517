package analytics

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
)

//go:embed migrations/*.sql
var migrations embed.FS

// A migration is one step of the schema: a file of SQL under migrations/,
// then, in the same transaction, the part that SQL alone cannot do
// (replaying stored records, for instance), if any. A Go step may return
// a note for the user ("" for none), which Store.Notes gives. vacuum
// marks a migration that frees much of the file (a column of every game
// rewritten smaller): once such migrations are applied, Open vacuums the
// database so that the file shrinks by the space they freed.
type migration struct {
	file   string
	step   func(context.Context, *sql.Tx) (string, error)
	vacuum bool
}

// schema is every migration, in the order they apply: a database's
// version is the number of the last one applied. A new migration goes at
// the end, its file numbered one more than the last.
var schema = []migration{
	{file: "0001_schema.sql"},
	{file: "0002_turns_view.sql"},
	{file: "0003_readable.sql"},
	{file: "0004_identity.sql"},
	{file: "0005_phantom.sql"},
	{file: "0006_identity_engine.sql", step: rekey},                      // rekey.go
	{file: "0007_finished.sql", step: finishedStep},                      // finished.go
	{file: "0008_record_deflate.sql", step: recordDeflate, vacuum: true}, // recordz.go
	{file: "0009_fewer_values.sql", vacuum: true},
	{file: "0010_record_rows.sql", step: recordRows, vacuum: true}, // recorddict.go
	{file: "0011_player_figures.sql"},
	{file: "0012_ratings.sql"},
	{file: "0013_towers.sql"},
	{file: "0014_player_totals.sql"},
	{file: "0015_luck.sql", step: luckStep}, // luck.go
}

// name is the migration's name in the migrations table and the embedded
// files: "migrations/0004_identity.sql".
func (m migration) name() string { return "migrations/" + m.file }

// knownMigrations is the set of the migrations of this build, by name.
func knownMigrations() map[string]bool {
	known := make(map[string]bool, len(schema))
	for _, m := range schema {
		known[m.name()] = true
	}
	return known
}

// knownSchema is the schema version of this build: the number of its
// last migration.
func knownSchema() int {
	num, _ := migrationNumber(schema[len(schema)-1].file)
	return num
}

// migrate applies the embedded migrations not yet recorded in the
// migrations table. A new database is created in one transaction, whole
// or not at all: stopped at any point (a full disk, a kill), it leaves a
// file with no tables, which Open creates again and a reader calls an
// unfinished creation (*UnfinishedError). The migrations of an existing
// database are applied each in its own transaction. A database up to
// date takes no write lock, so that opening it waits for no writer.
func (s *Store) migrate(ctx context.Context) error {
	if err := s.useWAL(ctx); err != nil {
		return err
	}
	if checkMigrated(ctx, s.db, "") == nil {
		return nil
	}
	// In a transaction that takes the write lock at its start, so that a
	// second process creating the database at the same time waits for
	// this one instead of failing to upgrade a read lock.
	tx, err := beginWrite(ctx, ctx, s.db)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY) WITHOUT ROWID`); err != nil {
		return err
	}
	var applied int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM migrations`).Scan(&applied); err != nil {
		return err
	}
	if applied == 0 {
		for _, m := range schema {
			if _, err := s.migrateOne(ctx, tx, m); err != nil {
				return fmt.Errorf("migration %s: %w", m.name(), err)
			}
		}
		return tx.Commit()
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	vacuum := false
	for _, m := range schema {
		applied, err := s.migrateAlone(ctx, m)
		if err != nil {
			return fmt.Errorf("migration %s: %w", m.name(), err)
		}
		vacuum = vacuum || applied && m.vacuum
	}
	if vacuum {
		// In WAL mode the vacuumed pages go to the log first; the
		// checkpoint writes them back and truncates the file.
		if _, err := s.db.ExecContext(ctx, `VACUUM; PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
			return fmt.Errorf("vacuum: %w", err)
		}
	}
	return nil
}

// migrateAlone applies the migration m in a transaction of its own
// unless it was applied before, and says whether it applied it.
func (s *Store) migrateAlone(ctx context.Context, m migration) (bool, error) {
	tx, err := beginWrite(ctx, ctx, s.db)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	applied, err := s.migrateOne(ctx, tx, m)
	if err != nil || !applied {
		return false, err
	}
	return true, tx.Commit()
}

// migrateOne applies the migration m in tx unless it was applied
// before, and says whether it applied it.
func (s *Store) migrateOne(ctx context.Context, tx *sql.Tx, m migration) (bool, error) {
	name := m.name()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM migrations WHERE name = ?`, name).Scan(&n); err != nil {
		return false, err
	}
	if n > 0 {
		return false, nil
	}
	body, err := migrations.ReadFile(name)
	if err != nil {
		return false, err
	}
	if _, err := tx.ExecContext(ctx, string(body)); err != nil {
		return false, err
	}
	if m.step != nil {
		note, err := m.step(ctx, tx)
		if err != nil {
			return false, err
		}
		if note != "" {
			s.notes = append(s.notes, note)
		}
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO migrations (name) VALUES (?)`, name); err != nil {
		return false, err
	}
	// The header says whose the file is and its schema version (only
	// integers of this package go into the text of a pragma).
	num, _ := migrationNumber(m.file)
	if _, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA application_id = %d; PRAGMA user_version = %d`, ApplicationID, num)); err != nil {
		return false, err
	}
	return true, nil
}
