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
)

// readBasis reads the basis of the stored game gid with a RecordReader of
// its own.
func readBasis(t *testing.T, s *Store, gid int64) (*recordBasis, error) {
	t.Helper()
	r, err := NewRecordReader(context.Background(), s.db)
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
	bases := []*recordBasis{{}}
	for gid := int64(1); gid <= 2; gid++ {
		b, err := readBasis(t, s, gid)
		if err != nil {
			t.Fatal(err)
		}
		if len(b.turns) == 0 || len(b.names) == 0 {
			t.Fatalf("game %d: a basis of %d turns and %d players", gid, len(b.turns), len(b.names))
		}
		bases = append(bases, b)
	}
	for _, tc := range recordTexts(t) {
		for i, b := range bases {
			got, err := unpackRecord(packRecord(tc.text, b), b)
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
	packed := packRecord(g.Record, bases[1])
	got, err := unpackRecord(packed, bases[2])
	if want := "stored record: the game's rows are not those it was stored with: zlib: invalid dictionary"; err == nil || err.Error() != want {
		t.Errorf("game 1's record read back against game 2's rows: %q, %v; want the error %q", got, err, want)
	}
	packed[len(packed)-1] ^= 1
	got, err = unpackRecord(packed, bases[1])
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
		if want, got := recordDict(basisOf(r)), recordDict(stored); !bytes.Equal(got, want) {
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

// TestRecordDict pins the dictionary of a game's records, which is part
// of the stored format: every record stored reads back only against the
// same text. The expected text is written from the notation and the tile
// catalog: U's first field (Nw Ne En Wn) turned a quarter clockwise lies
// on NR, EL, ER and SL; E's city (N) turned a half, on S.
func TestRecordDict(t *testing.T) {
	str := func(s string) *string { return &s }
	num := func(n int64) *int64 { return &n }
	b := &recordBasis{
		names: []string{"Anna", "Bruno"},
		rules: "tower",
		turns: []TurnRow{
			{Turn: 1, Seat: 0, Tile: str("U"), X: num(1), Y: num(0), Rotation: num(90), Action: str("follower"), Feature: str("field")},
			{Turn: 2, Seat: 1, Tile: str("E"), X: num(0), Y: num(-1), Rotation: num(180), Action: str("follower"), Feature: str("city")},
			{Turn: 3, Seat: 0, Tile: str("V"), X: num(2), Y: num(1), Rotation: num(0), Action: str("floor"),
				TargetX: num(2), TargetY: num(0), Height: num(1)},
			{Turn: 4, Seat: 1, Tile: str("A"), X: num(-1), Y: num(0), Rotation: num(0), Action: str("follower"), Feature: str("cloister"), Phantom: 1},
			{Turn: 5, Seat: 0},
		},
		scores:   []ScoreRow{{Turn: 2, Seat: 1, Points: 4}, {Turn: 5, Seat: 0, Points: 2}},
		ransoms:  []RansomRow{{Turn: 4, Payer: 1, Payee: 0, Points: 3}},
		captures: []CaptureRow{{Turn: 3, Captor: 0, Victim: 0, VictimX: 1, VictimY: 0, StoodOn: "field"}},
	}
	want := `[Event ""]
[Site ""]
[Date ""]
[Round ""]
[Players "Anna:red; Bruno:blue"]
[Rules "tower"]

1. Anna U@1,0r90 +F:NR.EL.ER.SL =0-0
2. Bruno E@0,-1r180 +C:S =0-4
3. Anna V@2,1r0 ^2,0 x1,0:F:NR.EL.ER.SL =0-4
4. Bruno $Anna A@-1,0r0 *M =3-1
5. Anna =5-1
[Result "5-1"]
[Source "`
	if got := string(recordDict(b)); got != want {
		t.Errorf("dictionary\n%s\nwant\n%s", got, want)
	}
}
