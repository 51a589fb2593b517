package analytics

import (
	"bytes"
	"cmp"
	"compress/zlib"
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/adler32"
	"io"
	"slices"
	"strconv"
	"sync"

	kflate "github.com/klauspost/compress/flate"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/replay"
)

// A stored record is compressed against its game's rows: games.record is
// zlib (RFC 1950) with a preset dictionary, the text recordDict writes
// from the rows. That text is the record's main line as the rows spell
// it (the usual tags, the players and rules, then each turn: its number,
// player, ransoms, placement, action, captures and the running scores),
// so the compressed record is mostly references to it: about 210 bytes
// for a record of 3.5 KB, against 1,300 compressed alone. What the rows
// cannot say (the other tags and their values, comments, clocks, glyphs,
// variations, a declared score that differs from the engine's, where on
// its tile a follower stands when the guess is wrong) is stored as it is
// written, compressed. Nothing of the record depends on the dictionary
// being right, only on its being the same when read back, which zlib's
// checksums of the dictionary and the text verify.
//
// The dictionary is built only from values that a game's identity fixes
// and that never change once the game is stored: the players' names, the
// rules, and the rows of turns, scores, ransoms and captures. A migration
// that changes those rows must store the records again (read with the
// old rows, compressed with the new ones).

// recordBasis holds the values of a game's rows that its record's
// dictionary is built from, in the order of their keys: turns by turn,
// events by seq (and scores by seat within a scoring).
type recordBasis struct {
	names    []string // by seat
	rules    string
	turns    []TurnRow
	scores   []ScoreRow
	ransoms  []RansomRow
	captures []CaptureRow
}

// basisOf is the basis of a valid game about to be stored.
func basisOf(r *GameRows) *recordBasis {
	b := &recordBasis{rules: r.Game.Rules, turns: slices.Clone(r.Turns),
		scores: r.Scores, ransoms: r.Ransoms, captures: r.Captures}
	for _, p := range r.Players {
		b.names = append(b.names, p.Name)
	}
	slices.SortStableFunc(b.turns, func(x, y TurnRow) int { return cmp.Compare(x.Turn, y.Turn) })
	return b
}

// Preparer prepares statements: a *sql.DB, or a *sql.Tx.
type Preparer interface {
	PrepareContext(ctx context.Context, query string) (*sql.Stmt, error)
}

// A RecordReader reads the records of stored games, one after another,
// with the statements that read their rows prepared once.
type RecordReader struct {
	head, turns, scores, ransoms, captures *sql.Stmt
}

// NewRecordReader prepares the statements of a RecordReader with p.
func NewRecordReader(ctx context.Context, p Preparer) (*RecordReader, error) {
	r := &RecordReader{}
	for _, q := range []struct {
		st  **sql.Stmt
		sql string
	}{
		{&r.head, `SELECT g.rules, p.name FROM games g JOIN players p ON p.game = g.gid
			WHERE g.gid = ? ORDER BY p.seat`},
		{&r.turns, `SELECT turn, seat, tile, x, y, rotation, action, feature, target_x, target_y, phantom
			FROM turns WHERE game = ? ORDER BY turn`},
		{&r.scores, `SELECT turn, seat, points FROM scores WHERE game = ? ORDER BY seq, seat`},
		{&r.ransoms, `SELECT turn, payer, payee, points, phantom FROM ransoms WHERE game = ? ORDER BY seq`},
		{&r.captures, `SELECT turn, captor, victim_x, victim_y, stood_on, phantom FROM captures
			WHERE game = ? ORDER BY seq`},
	} {
		st, err := p.PrepareContext(ctx, q.sql)
		if err != nil {
			return nil, errors.Join(err, r.Close())
		}
		*q.st = st
	}
	return r, nil
}

// Close closes the reader's statements.
func (r *RecordReader) Close() error {
	var errs []error
	for _, st := range []*sql.Stmt{r.head, r.turns, r.scores, r.ransoms, r.captures} {
		if st != nil {
			errs = append(errs, st.Close())
		}
	}
	return errors.Join(errs...)
}

// read reads the basis of the stored game gid.
func (r *RecordReader) read(ctx context.Context, gid int64) (*recordBasis, error) {
	b := &recordBasis{}
	err := eachStmtRow(ctx, r.head, gid, func(rows *sql.Rows) error {
		var name string
		err := rows.Scan(&b.rules, &name)
		b.names = append(b.names, name)
		return err
	})
	if err != nil {
		return nil, err
	}
	return b, r.readRows(ctx, gid, b)
}

// readRows reads the rows of the basis of the stored game gid into b,
// whose names and rules are set.
func (r *RecordReader) readRows(ctx context.Context, gid int64, b *recordBasis) error {
	err := eachStmtRow(ctx, r.turns, gid, func(rows *sql.Rows) error {
		// Scanned into sql.Null values, which database/sql fills
		// without reflection, unlike the pointers of a TurnRow.
		var t TurnRow
		var tile, action, feature sql.NullString
		var x, y, rot, tx, ty sql.NullInt64
		if err := rows.Scan(&t.Turn, &t.Seat, &tile, &x, &y, &rot, &action, &feature, &tx, &ty, &t.Phantom); err != nil {
			return err
		}
		t.Tile, t.Action, t.Feature = nullableString(tile), nullableString(action), nullableString(feature)
		t.X, t.Y, t.Rotation, t.TargetX, t.TargetY = nullableInt(x), nullableInt(y), nullableInt(rot), nullableInt(tx), nullableInt(ty)
		b.turns = append(b.turns, t)
		return nil
	})
	if err != nil {
		return err
	}
	err = eachStmtRow(ctx, r.scores, gid, func(rows *sql.Rows) error {
		var s ScoreRow
		err := rows.Scan(&s.Turn, &s.Seat, &s.Points)
		b.scores = append(b.scores, s)
		return err
	})
	if err != nil {
		return err
	}
	err = eachStmtRow(ctx, r.ransoms, gid, func(rows *sql.Rows) error {
		var x RansomRow
		err := rows.Scan(&x.Turn, &x.Payer, &x.Payee, &x.Points, &x.Phantom)
		b.ransoms = append(b.ransoms, x)
		return err
	})
	if err != nil {
		return err
	}
	return eachStmtRow(ctx, r.captures, gid, func(rows *sql.Rows) error {
		var c CaptureRow
		err := rows.Scan(&c.Turn, &c.Captor, &c.VictimX, &c.VictimY, &c.StoodOn, &c.Phantom)
		b.captures = append(b.captures, c)
		return err
	})
}

// text returns the text of the record stored for the game gid (its
// basis b, or nil to read it), ok false for a game without a record.
func (r *RecordReader) text(ctx context.Context, gid int64, b *recordBasis, stored []byte) (text string, ok bool, err error) {
	if stored == nil {
		return "", false, nil
	}
	if b == nil {
		b, err = r.read(ctx, gid)
	} else {
		err = r.readRows(ctx, gid, b)
	}
	if err != nil {
		return "", false, err
	}
	text, err = unpackRecord(stored, b)
	if err != nil {
		return "", false, fmt.Errorf("game %d: %w", gid, err)
	}
	return text, true, nil
}

// Text returns the text of the record stored for the game gid
// (games.record as stored): the record is compressed against the game's
// rows, which r reads (docs/schema.md).
func (r *RecordReader) Text(ctx context.Context, gid int64, stored []byte) (string, error) {
	if stored == nil {
		return "", fmt.Errorf("game %d: no stored record", gid)
	}
	text, _, err := r.text(ctx, gid, nil, stored)
	return text, err
}

// nullableString and nullableInt are the column values of a row type: nil for
// NULL.
func nullableString(v sql.NullString) *string {
	if !v.Valid {
		return nil
	}
	return &v.String
}

func nullableInt(v sql.NullInt64) *int64 {
	if !v.Valid {
		return nil
	}
	return &v.Int64
}

// eachStmtRow runs a prepared query of one game's rows and calls scan for
// every row.
func eachStmtRow(ctx context.Context, st *sql.Stmt, gid int64, scan func(*sql.Rows) error) error {
	rows, err := st.QueryContext(ctx, gid)
	return scanRows(rows, err, scan)
}

// recordDict writes the dictionary of a record from its basis: close to
// the record's canonical CGN where the rows say what it holds, and the
// likeliest text where they do not: the usual tags, the players'
// colours in the order of seats, the first part of the tile of the kind
// a follower stands on, the final scores as the Result. Its text is part
// of the stored format: a change to it needs a migration that stores
// the records again.
func recordDict(b *recordBasis) []byte {
	var d []byte
	d = append(d, "[Event \"\"]\n[Site \"\"]\n[Date \"\"]\n[Round \"\"]\n[Players \""...)
	for seat, name := range b.names {
		if seat > 0 {
			d = append(d, "; "...)
		}
		d = append(d, name...)
		if seat < len(replay.DefaultColours) {
			d = append(d, ':')
			d = append(d, replay.DefaultColours[seat]...)
		}
	}
	d = append(d, "\"]\n[Rules \""...)
	d = append(d, b.rules...)
	d = append(d, "\"]\n\n"...)

	type square struct{ x, y int64 }
	placed := map[square]*TurnRow{}
	running := make([]int64, len(b.names))
	var si, ri, ci int
	for i := range b.turns {
		t := &b.turns[i]
		d = strconv.AppendInt(d, t.Turn, 10)
		d = append(d, ". "...)
		d = append(d, nameOf(b.names, t.Seat)...)
		for ; ri < len(b.ransoms) && b.ransoms[ri].Turn <= t.Turn; ri++ {
			r := &b.ransoms[ri]
			if r.Turn == t.Turn && r.Payer == t.Seat {
				d = append(d, " $"...)
				if r.Phantom == 1 {
					d = append(d, '*')
				}
				d = append(d, nameOf(b.names, r.Payee)...)
			}
			if in(running, r.Payer) && in(running, r.Payee) {
				running[r.Payer] -= r.Points
				running[r.Payee] += r.Points
			}
		}
		if t.Tile != nil && t.X != nil && t.Y != nil && t.Rotation != nil {
			placed[square{*t.X, *t.Y}] = t
			d = append(d, ' ')
			d = append(d, *t.Tile...)
			d = append(d, '@')
			d = appendSquare(d, *t.X, *t.Y)
			d = append(d, 'r')
			d = strconv.AppendInt(d, *t.Rotation, 10)
		}
		figure := byte('+')
		if t.Phantom == 1 {
			figure = '*'
		}
		switch {
		case t.Action == nil:
		case *t.Action == "follower" && t.Feature != nil:
			d = append(d, ' ', figure)
			d = append(d, likelySpot(t, *t.Feature)...)
		case *t.Action == "floor" && t.TargetX != nil && t.TargetY != nil:
			d = append(d, " ^"...)
			d = appendSquare(d, *t.TargetX, *t.TargetY)
			for ; ci < len(b.captures) && b.captures[ci].Turn <= t.Turn; ci++ {
				c := &b.captures[ci]
				if c.Turn != t.Turn {
					continue
				}
				d = append(d, " x"...)
				d = appendSquare(d, c.VictimX, c.VictimY)
				d = append(d, ':')
				if c.Phantom == 1 {
					d = append(d, '*')
				}
				d = append(d, likelySpot(placed[square{c.VictimX, c.VictimY}], c.StoodOn)...)
			}
		case *t.Action == "tower-follower" && t.TargetX != nil && t.TargetY != nil:
			d = append(d, ' ', figure, 'T', '@')
			d = appendSquare(d, *t.TargetX, *t.TargetY)
		}
		for ; si < len(b.scores) && b.scores[si].Turn <= t.Turn; si++ {
			if s := &b.scores[si]; in(running, s.Seat) {
				running[s.Seat] += s.Points
			}
		}
		d = append(d, " ="...)
		d = appendScores(d, running)
		d = append(d, '\n')
	}
	d = append(d, "[Result \""...)
	d = appendScores(d, running)
	return append(d, "\"]\n[Source \""...)
}

// appendScores appends scores as a Result tag and declared scores write
// them: "96-70".
func appendScores(d []byte, scores []int64) []byte {
	for seat, n := range scores {
		if seat > 0 {
			d = append(d, '-')
		}
		d = strconv.AppendInt(d, n, 10)
	}
	return d
}

// nameOf is the name of a seat, "" for a seat the game does not have.
func nameOf(names []string, seat int64) string {
	if in(names, seat) {
		return names[seat]
	}
	return ""
}

// in reports whether i indexes s.
func in[T any](s []T, i int64) bool { return i >= 0 && i < int64(len(s)) }

func appendSquare(d []byte, x, y int64) []byte {
	d = strconv.AppendInt(d, x, 10)
	d = append(d, ',')
	return strconv.AppendInt(d, y, 10)
}

// likelySpot is the CGN spelling of the first part of kind feature (a
// turns.feature or captures.stood_on word) of the tile t placed, as it
// lies on the board: "F:NL.NR", "C:N", "M", "T". Without the tile, or
// when the tile has no such part, it is the kind's letter alone.
func likelySpot(t *TurnRow, feature string) string {
	if feature == "tower" {
		return "T"
	}
	if t != nil && t.Tile != nil && t.Rotation != nil {
		id, ok := engine.LookupTile(*t.Tile)
		rot, rok := engine.RotationFromDegrees(int(*t.Rotation))
		if ok && rok {
			for _, s := range engine.Segments(id, rot) {
				if s.Kind.String() == feature {
					return replay.RecordSpot(s).String()
				}
			}
		}
	}
	switch feature {
	case "road":
		return "R"
	case "city":
		return "C"
	case "field":
		return "F"
	case "cloister":
		return "M"
	}
	return ""
}

// packers keeps the writers of packRecord: a writer holds about 1 MB of
// tables, which making one a game would allocate again for every game
// stored. klauspost/compress's writer takes a new dictionary when reset
// (ResetDict), where the standard library's keeps the one it was made
// with.
var packers = sync.Pool{New: func() any {
	w, err := kflate.NewWriter(nil, packLevel)
	if err != nil {
		panic(err) // only for an invalid level
	}
	return w
}}

// The zlib header of a stored record: CMF says DEFLATE with a 32 KiB
// window; FLG, level 0 of zlib's four ("fastest", DEFLATE level 1), a
// preset dictionary (FDICT), and the check bits that make CMF·256+FLG a
// multiple of 31.
const (
	zlibCMF  = 0x78
	zlibFlag = 0<<6 | 1<<5
	zlibFLG  = zlibFlag + 31 - (zlibCMF<<8|zlibFlag)%31
)

// packLevel is the DEFLATE level of the stored records, the fastest: on
// 1,000 records of generated games, level 1 takes 197 bytes a record,
// level 5 159 and level 9 150, but each level above the first costs the
// ingest's workers more CPU than the 40 bytes a game are worth (on 10,000
// games, level 5 took 1 to 2 CPU-seconds more than level 1 for 0.4 MB).
const packLevel = 1

// packRecord compresses a record's text against the dictionary of its
// basis, as games.record stores it: in the zlib format (RFC 1950), whose
// header names the dictionary by its Adler-32 checksum and whose end holds
// the text's, so that reading a record back against other rows is an
// error, never another text. The header and the checksums are written
// here around klauspost/compress's raw DEFLATE, the one writer whose
// dictionary can be changed when it is reused.
func packRecord(text string, b *recordBasis) []byte {
	dict := recordDict(b)
	out := make([]byte, 0, len(text)/8+10)
	out = append(out, zlibCMF, zlibFLG)
	out = binary.BigEndian.AppendUint32(out, adler32.Checksum(dict))
	buf := bytes.NewBuffer(out)
	w := packers.Get().(*kflate.Writer)
	defer packers.Put(w)
	w.ResetDict(buf, dict)
	// Writes to a bytes.Buffer do not fail.
	io.WriteString(w, text)
	w.Close()
	return binary.BigEndian.AppendUint32(buf.Bytes(), adler32.Checksum([]byte(text)))
}

// unpackRecord returns the text of a record stored by packRecord, given
// the basis it was compressed against.
func unpackRecord(stored []byte, b *recordBasis) (string, error) {
	r, err := zlib.NewReaderDict(bytes.NewReader(stored), recordDict(b))
	if err != nil {
		return "", recordError(err)
	}
	text, err := inflate(r)
	if err != nil {
		return "", recordError(err)
	}
	return text, nil
}

// recordError says what a stored record that does not read back means.
func recordError(err error) error {
	if errors.Is(err, zlib.ErrDictionary) || errors.Is(err, zlib.ErrChecksum) {
		return fmt.Errorf("stored record: the game's rows are not those it was stored with: %w", err)
	}
	return fmt.Errorf("stored record: %w", err)
}

// inflate reads a record's text from a decompressing reader, at most
// maxRecordBytes of it.
func inflate(r io.ReadCloser) (string, error) {
	defer r.Close()
	var out bytes.Buffer
	n, err := out.ReadFrom(io.LimitReader(r, maxRecordBytes+1))
	if err != nil {
		return "", err
	}
	if n > maxRecordBytes {
		return "", fmt.Errorf("longer than %d bytes", maxRecordBytes)
	}
	return out.String(), nil
}

func init() { goSteps["migrations/0010_record_rows.sql"] = recordRows }

// recordRows is the Go step of migration 0010: it compresses every stored
// record against its game's rows, a page of games at a time (eachStored).
// The records it finds were compressed on their own (deflateRecord).
func recordRows(ctx context.Context, tx *sql.Tx) (string, error) {
	update, err := tx.PrepareContext(ctx, `UPDATE games SET record = ? WHERE gid = ?`)
	if err != nil {
		return "", err
	}
	defer update.Close()
	bases, err := NewRecordReader(ctx, tx)
	if err != nil {
		return "", err
	}
	defer bases.Close()
	return "", eachStored(ctx, tx, "1", func(gid int64, value any) error {
		text, _, err := recordValue(value)
		if err != nil {
			return fmt.Errorf("game %d: %w", gid, err)
		}
		b, err := bases.read(ctx, gid)
		if err != nil {
			return err
		}
		_, err = update.ExecContext(ctx, packRecord(text, b), gid)
		return err
	})
}
