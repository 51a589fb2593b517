package analytics

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
)

// proofArchive is the archive of the report's TestReportFigures
// (testdata/proof/README.md says how it was written), whose seventh record
// breaks the rules.
var proofArchive = filepath.Join("testdata", "proof", "club.cgn")

// The invalid record of the archive, as read by hand: its seventh game,
// whose fifth turn puts tile V at (5,5), out of reach of every tile, on
// line 601 (the placement starts at column 9).
const (
	proofInvalidGame = 7
	proofInvalidLine = 601
)

// TestInvalidStored checks that the invalid record of the archive is
// stored apart with its diagnostics, as read by hand.
func TestInvalidStored(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	if _, err := s.Ingest(ctx, []string{proofArchive}, IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	var idx, errs int
	var event, players string
	if err := s.db.QueryRow(`SELECT idx, event, players, errors FROM invalid_games`).Scan(&idx, &event, &players, &errs); err != nil {
		t.Fatal(err)
	}
	if idx != proofInvalidGame || event != "Proof club" || players != "Anna:red; Bruno:blue" || errs != 1 {
		t.Errorf("invalid game %d %q %q with %d errors; want %d, Proof club, Anna:red; Bruno:blue, 1 error",
			idx, event, players, errs, proofInvalidGame)
	}
	rows, err := s.db.Query(`SELECT d.code, d.severity, d.file, d.line, d.col, d.turn, d.player, d.message
		FROM diagnostics d JOIN invalid_games i ON i.id = d.game ORDER BY d.seq`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []string
	for rows.Next() {
		var code, severity, file, player, message string
		var line, col, turn int
		if err := rows.Scan(&code, &severity, &file, &line, &col, &turn, &player, &message); err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%s %s %s:%d:%d turn %d %s: %s", code, severity, file, line, col, turn, player, message))
	}
	want := []string{fmt.Sprintf("placement error %s:%d:9 turn 5 Anna: tile V at (5,5) is not next to any tile", proofArchive, proofInvalidLine)}
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics:\n%q\nwant\n%q", got, want)
	}
	// None of it counts in the statistics.
	var games int
	if err := s.db.QueryRow(`SELECT count(*) FROM games WHERE idx = ?`, proofInvalidGame).Scan(&games); err != nil || games != 0 {
		t.Errorf("%d valid games at the invalid record's place (%v)", games, err)
	}
}
