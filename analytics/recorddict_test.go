package analytics

import (
	"bytes"
	"compress/zlib"
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"

	"github.com/towerlog/towerlog/analytics/recordcodec"
)

// readBasis reads the basis of the stored game gid with a RecordReader of
// its own.
func readBasis(t *testing.T, s *Store, gid int64) (*recordcodec.Basis, error) {
	t.Helper()
	r, err := newRecordReader(context.Background(), s.db)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	return r.read(context.Background(), gid)
}

// TestPackRoundTrip compresses texts against the dictionaries of two
// games, and of no game, and reads them back: the same text, whether or
// not the dictionary has anything to do with it.
func TestPackRoundTrip(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	dir := testArchive(t, 2, 1)
	if _, err := s.Ingest(ctx, []string{dir}, IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	bases := []*recordcodec.Basis{{}}
	for gid := int64(1); gid <= 2; gid++ {
		b, err := readBasis(t, s, gid)
		if err != nil {
			t.Fatal(err)
		}
		if len(b.Turns) == 0 || len(b.Names) == 0 {
			t.Fatalf("game %d: a basis of %d turns and %d players", gid, len(b.Turns), len(b.Names))
		}
		bases = append(bases, b)
	}
	for _, tc := range recordTexts(t) {
		for i, b := range bases {
			got, err := recordcodec.Unpack(recordcodec.Pack(tc.text, b), b)
			if err != nil {
				t.Fatalf("%s, basis %d: %v", tc.name, i, err)
			}
			if got != tc.text {
				t.Errorf("%s, basis %d: read back %q, want %q", tc.name, i, got, tc.text)
			}
		}
	}
	// Read back against another game's rows, or with a byte changed, a
	// record is an error, never another text.
	g, err := s.Game(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	packed := recordcodec.Pack(g.Record, bases[1])
	got, err := recordcodec.Unpack(packed, bases[2])
	if want := "stored record: the game's rows are not those it was stored with: zlib: invalid dictionary"; err == nil || err.Error() != want {
		t.Errorf("game 1's record read back against game 2's rows: %q, %v; want the error %q", got, err, want)
	}
	packed[len(packed)-1] ^= 1
	got, err = recordcodec.Unpack(packed, bases[1])
	if !errors.Is(err, zlib.ErrChecksum) {
		t.Errorf("game 1's record with its last byte changed: %q, %v; want %v", got, err, zlib.ErrChecksum)
	}
}

// TestRecordBasisStored checks the condition for every stored record to
// read back: the dictionary a record is compressed with at ingest, built
// from the rows the ingest writes, is the one built from the rows read
// back from the database. Over games of every kind: generated ones, the
// test games (discards, ransoms, exchanges, guards, six players, other
// rules), the Phantom's and the JCloisterZone comparisons. Every stored
// record then reads back as the canonical text of its game.
func TestRecordBasisStored(t *testing.T) {
	ctx := context.Background()
	paths := []string{testArchive(t, 30, 2), filepath.Join("..", "testdata", "games"),
		filepath.Join("..", "testdata", "cgn"), filepath.Join("..", "testdata", "jcz"),
		filepath.Join("..", "testdata", "jcz", "phantom")}
	s := openTemp(t)
	if _, err := s.Ingest(ctx, paths, IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	files, err := replay.ExpandPaths(paths)
	if err != nil {
		t.Fatal(err)
	}
	var checked, phantom, ransoms, captures int
	err = replay.Run(ctx, files, replay.RunOptions{}, func(g *replay.Game) error {
		r := NewGameRows(g)
		if !r.Valid {
			return nil
		}
		var gid int64
		if err := s.db.QueryRowContext(ctx, `SELECT gid FROM games WHERE id = ?`, r.ID).Scan(&gid); err != nil {
			t.Fatalf("%s: %v", g, err)
		}
		stored, err := readBasis(t, s, gid)
		if err != nil {
			t.Fatal(err)
		}
		if want, got := recordcodec.Dict(basisOf(r)), recordcodec.Dict(stored); !bytes.Equal(got, want) {
			t.Errorf("%s: the dictionary from the stored rows\n%s\nwant, from the rows ingested,\n%s", g, got, want)
		}
		checked++
		for _, tu := range r.Turns {
			phantom += int(tu.Phantom)
		}
		ransoms += len(r.Ransoms)
		captures += len(r.Captures)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 50 || phantom == 0 || ransoms == 0 || captures == 0 {
		t.Errorf("%d games checked, with %d phantoms placed, %d ransoms, %d captures; want games of each", checked, phantom, ransoms, captures)
	}
	var n int64
	if err := s.db.QueryRow(`SELECT count(*) FROM games`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	for gid := int64(1); gid <= n; gid++ {
		g, err := s.Game(ctx, gid)
		if err != nil {
			t.Fatal(err)
		}
		rg, err := record.NewParser().Parse(record.RawGame{Src: []byte(g.Record)})
		if err != nil {
			t.Fatalf("game %d: %v", gid, err)
		}
		if canon := string(record.AppendGame(nil, rg)); canon != g.Record {
			t.Errorf("game %d: record\n%s\nnot in canonical CGN:\n%s", gid, g.Record, canon)
		}
	}
}
