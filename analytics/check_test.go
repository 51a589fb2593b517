package analytics

import (
	"context"
	"testing"
)

// checkConsistent verifies that every stored game is whole: its players,
// turns and events are all there, and nothing belongs to no game.
func checkConsistent(t testing.TB, s *Store, wantGames int) {
	t.Helper()
	ctx := context.Background()
	q := func(query string) int {
		t.Helper()
		var n int
		if err := s.db.QueryRowContext(ctx, query).Scan(&n); err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		return n
	}
	if wantGames >= 0 {
		if n := q(`SELECT count(*) FROM games`); n != wantGames {
			t.Errorf("%d games stored, want %d", n, wantGames)
		}
	}
	checks := map[string]string{
		"games whose player count differs from seats": `SELECT count(*) FROM games g WHERE seats <> (SELECT count(*) FROM players p WHERE p.game = g.gid)`,
		"games whose turn count differs from turns":   `SELECT count(*) FROM games g WHERE turns <> (SELECT count(*) FROM turns t WHERE t.game = g.gid)`,
		"games without a final scoring":               `SELECT count(*) FROM games g WHERE NOT EXISTS (SELECT 1 FROM scores s WHERE s.game = g.gid AND s.final)`,
		"games whose scores differ from the events":   scoreMismatchSQL,
		"duplicate ids": `SELECT count(*) - count(DISTINCT id) FROM games`,
	}
	for what, query := range checks {
		if n := q(query); n != 0 {
			t.Errorf("%d %s", n, what)
		}
	}
	if rows, err := s.db.QueryContext(ctx, `PRAGMA foreign_key_check`); err != nil {
		t.Fatal(err)
	} else {
		if rows.Next() {
			t.Errorf("foreign key violations")
		}
		rows.Close()
	}
	var ok string
	if err := s.db.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&ok); err != nil || ok != "ok" {
		t.Errorf("integrity_check: %q %v", ok, err)
	}
}

// scoreMismatchSQL counts players whose final score is not the sum of
// their scoring shares and ransoms.
const scoreMismatchSQL = `
SELECT count(*) FROM players p WHERE p.score <>
	coalesce((SELECT sum(points) FROM score_shares s WHERE s.game = p.game AND s.seat = p.seat), 0)
	+ coalesce((SELECT sum(points) FROM ransoms r WHERE r.game = p.game AND r.payee = p.seat), 0)
	- coalesce((SELECT sum(points) FROM ransoms r WHERE r.game = p.game AND r.payer = p.seat), 0)`
