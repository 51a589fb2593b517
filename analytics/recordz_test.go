package analytics

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/towerlog/towerlog/analytics/recordcodec"
)

// recordTexts are records, and texts that are not, to store and read
// back: annotations, comments, variations, Unicode and NUL bytes, and a
// whole archive.
func recordTexts(t *testing.T) []struct{ name, text string } {
	fixture, err := os.ReadFile(filepath.Join("testdata", "migrate", "games.cgn"))
	if err != nil {
		t.Fatal(err)
	}
	return []struct{ name, text string }{
		{"Empty", ""},
		{"Annotated", "[Event \"Club night\"]\n[Players \"Anna:red; Bruno:blue\"]\n[Rules \"tower\"]\n[Result \"*\"]\n\n" +
			"1. Anna U@1,0r0 +R:WE {clock 0:41}\n2. Bruno T15@1,-1r90 ^1,-1 x1,0:R:WE (2. Bruno T15@1,-1r90 +M {or a monk}) *\n"},
		{"Unicode", "{Chloé 𝄞 \x00 end}"},
		{"Archive", string(fixture)},
	}
}

// TestDeflateRoundTrip compresses records as migration 8 stored them and
// reads them back: the same text.
func TestDeflateRoundTrip(t *testing.T) {
	for _, tc := range recordTexts(t) {
		t.Run(tc.name, func(t *testing.T) {
			got, err := recordcodec.Inflate(recordcodec.Deflate(tc.text))
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.text {
				t.Errorf("read back %q, want %q", got, tc.text)
			}
		})
	}
}

// TestRecordTextDamaged reads a stored record that is not DEFLATE data.
func TestRecordTextDamaged(t *testing.T) {
	_, err := recordcodec.Unpack([]byte{0xff, 0xff, 0xff}, &recordcodec.Basis{})
	if want := "stored record: zlib: invalid header"; err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
	_, err = recordcodec.Inflate([]byte{0xff, 0xff, 0xff})
	if want := "stored record: flate: corrupt input before offset 1"; err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
}

// TestMigrateRecordDeflate opens a database written by the program of
// schema version 5, whose games.record held the records as text (testdata/migrate/README.md
// says how it was made): once migrated, the file is towerlog's by its
// header, smaller, every record reads back as the text it held, every
// table holds what an ingest by the current program writes, and
// ingesting the records again finds them all stored.
func TestMigrateRecordDeflate(t *testing.T) {
	ctx := context.Background()
	tmp := t.TempDir()
	old, src := copyFixture(t, tmp, "records-v5.db")
	// The records as the old program stored them, read by SQLite alone.
	want := map[int64]string{}
	plain, err := sql.Open("sqlite", "file:"+old+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	rows, err := plain.Query(`SELECT gid, record FROM games`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var gid int64
		var rec string
		if err := rows.Scan(&gid, &rec); err != nil {
			t.Fatal(err)
		}
		want[gid] = rec
	}
	if err := errors.Join(rows.Err(), rows.Close(), plain.Close()); err != nil {
		t.Fatal(err)
	}
	if len(want) != 20 {
		t.Fatalf("%d records in the fixture, want 20", len(want))
	}

	t.Chdir(filepath.Join("testdata", "migrate"))
	migrated, err := Open(ctx, old)
	if err != nil {
		t.Fatal(err)
	}
	defer migrated.Close()
	var app, version int
	var kind string
	if err := migrated.db.QueryRow(`SELECT application_id, user_version, (SELECT DISTINCT typeof(record) FROM games) FROM pragma_application_id, pragma_user_version`).Scan(&app, &version, &kind); err != nil {
		t.Fatal(err)
	}
	if app != 0x54776c67 || version != knownSchema() || kind != "blob" {
		t.Errorf("application_id %#x, user_version %d, records of type %s; want 0x54776c67, %d and blob", app, version, kind, knownSchema())
	}
	for gid, rec := range want {
		g, err := migrated.Game(ctx, gid)
		if err != nil {
			t.Fatal(err)
		}
		if g.Record != rec {
			t.Errorf("game %d: record %q after the migration, want %q", gid, g.Record, rec)
		}
	}
	if info, err := os.Stat(old); err != nil || info.Size() >= int64(len(src)) {
		t.Errorf("%d bytes after the migration (%v), want fewer than %d", info.Size(), err, len(src))
	}

	fresh := freshFixture(t, tmp)
	for _, tb := range Tables {
		if w, g := dumpTable(t, fresh, tb), dumpTable(t, migrated, tb); !slices.Equal(g, w) {
			t.Errorf("%s after the migration differs from a new ingest: %d rows, want %d", tb.Name, len(g), len(w))
		}
	}
	if st, err := migrated.Ingest(ctx, []string{"games.cgn"}, IngestOptions{}); err != nil || st.Added != 0 || st.Present != 20 || st.Updated != 0 {
		t.Errorf("ingest after the migration: %+v, %v; want the 20 games present", st, err)
	}
	checkConsistent(t, migrated, 20)
}

// copyFixture copies testdata/migrate/name into dir and returns the
// copy's path and its bytes.
func copyFixture(t *testing.T, dir, name string) (string, []byte) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", "migrate", name))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, src
}

// freshFixture ingests testdata/migrate/games.cgn (the working directory)
// into a new database in dir: 20 games and 1 invalid.
func freshFixture(t *testing.T, dir string) *Store {
	t.Helper()
	fresh, err := Open(context.Background(), filepath.Join(dir, "fresh.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { fresh.Close() })
	if st, err := fresh.Ingest(context.Background(), []string{"games.cgn"}, IngestOptions{}); err != nil || st.Added != 20 || st.Invalid != 1 {
		t.Fatalf("ingest: %+v, %v; want 20 games added and 1 invalid", st, err)
	}
	return fresh
}
