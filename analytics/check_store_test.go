package analytics

import (
	"context"
	"fmt"
	"testing"
)

// TestCheckLimits: a check lists at most maxProblems problems, then how
// many more it found. The last turn of every one of 25 games is removed:
// 25 games with a turn row less, and 25 records that no longer read
// against their rows.
func TestCheckLimits(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	if _, err := s.Ingest(ctx, []string{testArchive(t, 25, 1)}, IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	// The towers are made again from the turns left (a last turn may
	// have built a floor), so that only the counts and the records
	// disagree with the rows.
	for _, q := range []string{`DELETE FROM turns WHERE turn = (SELECT turns FROM games WHERE gid = game)`, `DELETE FROM towers`,
		`INSERT INTO towers SELECT game, target_x, target_y, max(height) FROM turns WHERE action = 'floor' GROUP BY 1, 2, 3`} {
		if _, err := s.db.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	r, err := s.Check(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for gid := 1; gid <= maxProblems; gid++ {
		var turns int
		if err := s.db.QueryRowContext(ctx, `SELECT turns FROM games WHERE gid = ?`, gid).Scan(&turns); err != nil {
			t.Fatal(err)
		}
		want = append(want, fmt.Sprintf("game %d has %d turns rows and %d turns", gid, turns-1, turns))
	}
	want = append(want, "... and 5 more")
	for gid := 1; gid <= maxProblems; gid++ {
		want = append(want, fmt.Sprintf("game %d: stored record: the game's rows are not those it was stored with: zlib: invalid dictionary", gid))
	}
	want = append(want, "... and 5 more")
	if fmt.Sprint(r.Problems) != fmt.Sprint(want) {
		t.Fatalf("problems:\n%q\nwant\n%q", r.Problems, want)
	}
}

// TestCheckWhileRemoving: a check that runs while another connection
// removes games, one commit after another, reads one state of the file
// and finds a sound database every time, not records whose rows a later
// commit removed.
func TestCheckWhileRemoving(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	const games = 200
	if _, err := s.Ingest(ctx, []string{testArchive(t, games, 1)}, IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	reader, err := OpenReadOnly(ctx, s.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer reader.Close()
	done := make(chan error, 1)
	go func() {
		for gid := games; gid > 1; gid-- {
			if _, err := s.RemoveGames(ctx, []string{fmt.Sprint(gid)}); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	for checks := 0; ; checks++ {
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
			if checks == 0 {
				t.Fatal("no check ran while the games were removed")
			}
			return
		default:
		}
		r, err := reader.Check(ctx)
		if err != nil || len(r.Problems) != 0 {
			t.Fatalf("check %d: %v %q", checks, err, r.Problems)
		}
	}
}
