package analytics

import (
	"context"
	"database/sql"
	"fmt"
	"testing"
)

// TestCheckLimits: a check lists at most maxProblems problems, then how
// many more it found. The last turn of every one of 25 games is removed:
// 25 games with a turn row less, the seats whose last turn built a floor
// with one floor built less than their figures say, and 25 records that
// no longer read against their rows.
func TestCheckLimits(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	if _, err := s.Ingest(ctx, []string{testArchive(t, 25, 1)}, IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	var floors []string
	err := EachRow(ctx, s.db, `SELECT game, seat FROM turns WHERE turn = (SELECT turns FROM games WHERE gid = game)
		AND action = 'floor' ORDER BY game`, nil, func(rows *sql.Rows) error {
		var game, seat int
		err := rows.Scan(&game, &seat)
		floors = append(floors, fmt.Sprintf("game %d, seat %d: the figures of players are not those the game's rows make (the view seat_figures)", game, seat))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(floors) == 0 || len(floors) > maxProblems {
		t.Fatalf("%d games end with a floor: the test needs 1 to %d", len(floors), maxProblems)
	}
	if _, err := s.db.ExecContext(ctx, `DELETE FROM turns WHERE turn = (SELECT turns FROM games WHERE gid = game)`); err != nil {
		t.Fatal(err)
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
	want = append(want, floors...)
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

// TestCheckFigures: a seat's figure that is not what the game's rows
// make is a problem of check, named by game and seat.
func TestCheckFigures(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	if _, err := s.Ingest(ctx, []string{testArchive(t, 3, 1)}, IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	if r, err := s.Check(ctx); err != nil || len(r.Problems) != 0 {
		t.Fatalf("check after the ingest: %+v, %v; want no problem", r, err)
	}
	if _, err := s.db.ExecContext(ctx, `UPDATE players SET floors_built = floors_built + 1 WHERE game = 2 AND seat = 1`); err != nil {
		t.Fatal(err)
	}
	r, err := s.Check(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"game 2, seat 1: the figures of players are not those the game's rows make (the view seat_figures)"}
	if fmt.Sprint(r.Problems) != fmt.Sprint(want) {
		t.Fatalf("problems:\n%q\nwant\n%q", r.Problems, want)
	}
}
