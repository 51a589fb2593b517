package analytics

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/towerlog/towerlog/analytics/identity"

	"github.com/towerlog/towerlog/jcz"
	"github.com/towerlog/towerlog/replay"
)

// TestMigrateV5 opens a database written by the program of schema
// version 5 (testdata/migrate/README.md says how) that holds one game
// twice, stored from a record and from a copy without its default Start
// tag: the migration merges them into the first stored, with their
// annotations merged, says so once, and an ingest of the same files then
// adds nothing.
func TestMigrateV5(t *testing.T) {
	ctx := context.Background()
	src, err := os.ReadFile(filepath.Join("testdata", "migrate", "v5.db"))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	db := filepath.Join(tmp, "v5.db")
	if err := os.WriteFile(db, src, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Join("testdata", "migrate", "v5"))
	s, err := Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	want := []string{"1 stored copy of games stored before merged into them: a game is what was played, whatever the spelling of its tags"}
	if !slices.Equal(s.Notes(), want) {
		t.Errorf("notes %q, want %q", s.Notes(), want)
	}
	// a.cgn was stored first (gid 1), then a.jcz, whose copy b.cgn
	// replaced: b.cgn's Event, a.cgn's Site (b.cgn has none), read last
	// from b.cgn.
	var games, gid, idx int
	var event, site, file, id string
	err = s.db.QueryRow(`SELECT (SELECT count(*) FROM games), gid, event, site, file, idx, id FROM games WHERE file = 'b.cgn'`).
		Scan(&games, &gid, &event, &site, &file, &idx, &id)
	if err != nil {
		t.Fatal(err)
	}
	if games != 3 || gid != 1 || event != "Spring cup" || site != "Lyon" || idx != 1 {
		t.Errorf("%d games; merged game %d: event %q, site %q, from %s#%d; want 3 games, game 1 of event \"Spring cup\", site \"Lyon\", from b.cgn#1",
			games, gid, event, site, file, idx)
	}
	if want := identity.Of(replayText(t, readText(t, "a.cgn"))); id != want {
		t.Errorf("merged game's id %s, want a.cgn's identity %s", id, want)
	}
	checkConsistent(t, s, 3)
	st, err := s.Ingest(ctx, []string{"a.cgn", "a.jcz", "b.cgn", "other.cgn"}, IngestOptions{Loaders: replay.Loaders{".cgn": replay.CGN(), jcz.Extension: jcz.Loader()}})
	if err != nil || st.Added != 0 || st.Present+st.Updated != 5 {
		t.Errorf("ingest after the migration: %+v, %v; want the 5 games stored", st, err)
	}
	again, err := Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if len(again.Notes()) != 0 {
		t.Errorf("second open: notes %q, want none", again.Notes())
	}
}
