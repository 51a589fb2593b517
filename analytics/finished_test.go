package analytics

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/towerlog/towerlog/analytics/recordcodec"
)

// TestFinishedStep: migration 7 decides, from the stored records, what
// the ingest decides from the files. Three one-game bags: E closes the
// start tile's city (4 to Anna with a follower on it), so a record of
// E alone is complete whatever its Result tag, and one of E from a bag
// of E and U is not.
func TestFinishedStep(t *testing.T) {
	ctx := context.Background()
	text := "[Players \"Anna; Bruno\"]\n[Bag \"order E\"]\n[Result \"4-0\"]\n\n1. Anna E@0,-1r180 +C:S\n\n" +
		"[Players \"Anna; Chloé\"]\n[Bag \"order E\"]\n[Result \"*\"]\n\n1. Anna E@0,-1r180 +C:S\n\n" +
		"[Players \"Anna; Dmitri\"]\n[Bag \"order E U\"]\n[Result \"*\"]\n\n1. Anna E@0,-1r180 +C:S\n"
	file := filepath.Join(t.TempDir(), "g.cgn")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	s := openTemp(t)
	if _, err := s.Ingest(ctx, []string{file}, IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	// The games as the engine decides: finished, result, winner, ranks.
	want := "1 4-0 Anna 1,2|1 4-0 Anna 1,2|0 * - 0,0"
	state := func() string {
		var got string
		err := eachRow(ctx, s.db, `SELECT g.finished, g.result, coalesce(g.winner, '-'),
			(SELECT group_concat(rank, ',') FROM (SELECT rank FROM players WHERE game = g.gid ORDER BY seat))
			FROM games g ORDER BY g.gid`, nil, func(rows *sql.Rows) error {
			var finished int
			var result, winner, ranks string
			if err := rows.Scan(&finished, &result, &winner, &ranks); err != nil {
				return err
			}
			if got != "" {
				got += "|"
			}
			got += fmt.Sprintf("%d %s %s %s", finished, result, winner, ranks)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	if got := state(); got != want {
		t.Fatalf("ingested: %s, want %s", got, want)
	}
	// As a database of version 6 held them: the records compressed each
	// on its own, the Result tag, places and a winner whatever the game's
	// end, and finished as the SQL of the migration sets it.
	for gid := int64(1); gid <= 3; gid++ {
		g, err := s.Game(ctx, gid)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.db.Exec(`UPDATE games SET record = ? WHERE gid = ?`, recordcodec.Deflate(g.Record), gid); err != nil {
			t.Fatal(err)
		}
	}
	for _, q := range []string{
		`UPDATE games SET finished = 0, result = '*' WHERE gid > 1`,
		`UPDATE games SET winner = 'Anna' WHERE gid = 3`,
		`UPDATE players SET rank = seat + 1 WHERE game = 3`,
	} {
		if _, err := s.db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := finishedStep(ctx, tx); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if got := state(); got != want {
		t.Errorf("migrated: %s, want %s", got, want)
	}
}
