// Package recordcodec compresses a game's record as the store keeps it
// (games.record, docs/schema.md): against a dictionary written from the
// game's rows (Pack, Unpack), or, as migration 8 stored them, on its own
// (Deflate, Inflate). It knows nothing of SQL: the store reads the rows
// into a Basis.
package recordcodec

import (
	"bytes"
	"compress/flate"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/adler32"
	"io"
	"strconv"
	"sync"

	kflate "github.com/klauspost/compress/flate"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/replay"
)

// A stored record is compressed against its game's rows: games.record is
// zlib (RFC 1950) with a preset dictionary, the text Dict writes
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

// Basis holds the values of a game's rows that its record's dictionary
// is built from, in the order of their keys: turns by turn, events by
// seq (and scores by seat within a scoring). Its fields are those of the
// store's tables of the same names (docs/schema.md).
type Basis struct {
	Names    []string // by seat
	Rules    string
	Turns    []Turn
	Scores   []Score
	Ransoms  []Ransom
	Captures []Capture
}

// Turn is what the dictionary reads of a row of turns.
type Turn struct {
	Turn     int64
	Seat     int64
	Tile     *string // nil when every drawn tile was discarded
	X, Y     *int64  // where the tile went, nil when none was placed
	Rotation *int64  // degrees clockwise: 0, 90, 180, 270
	Action   *string // follower, floor, tower-follower; nil when the turn placed nothing after its tile
	Feature  *string // action follower: road, city, field or cloister
	TargetX  *int64  // actions floor and tower-follower: the tower
	TargetY  *int64
	Phantom  int64 // 1 when the figure is the phantom
}

// Score is what the dictionary reads of a row of scores.
type Score struct {
	Turn, Seat, Points int64
}

// Ransom is what the dictionary reads of a row of ransoms.
type Ransom struct {
	Turn, Payer, Payee, Points int64
	Phantom                    int64 // 1 when the figure bought back is the phantom
}

// Capture is what the dictionary reads of a row of captures.
type Capture struct {
	Turn             int64
	VictimX, VictimY int64
	StoodOn          string // road, city, field, cloister or tower
	Phantom          int64  // 1 when the victim's figure is the phantom
}

// Dict writes the dictionary of a record from its basis: close to
// the record's canonical CGN where the rows say what it holds, and the
// likeliest text where they do not: the usual tags, the players'
// colours in the order of seats, the first part of the tile of the kind
// a follower stands on, the final scores as the Result. Its text is part
// of the stored format: a change to it needs a migration that stores
// the records again.
func Dict(b *Basis) []byte {
	var d []byte
	d = append(d, "[Event \"\"]\n[Site \"\"]\n[Date \"\"]\n[Round \"\"]\n[Players \""...)
	for seat, name := range b.Names {
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
	d = append(d, b.Rules...)
	d = append(d, "\"]\n\n"...)

	type square struct{ x, y int64 }
	placed := map[square]*Turn{}
	running := make([]int64, len(b.Names))
	var si, ri, ci int
	for i := range b.Turns {
		t := &b.Turns[i]
		d = strconv.AppendInt(d, t.Turn, 10)
		d = append(d, ". "...)
		d = append(d, nameOf(b.Names, t.Seat)...)
		for ; ri < len(b.Ransoms) && b.Ransoms[ri].Turn <= t.Turn; ri++ {
			r := &b.Ransoms[ri]
			if r.Turn == t.Turn && r.Payer == t.Seat {
				d = append(d, " $"...)
				if r.Phantom == 1 {
					d = append(d, '*')
				}
				d = append(d, nameOf(b.Names, r.Payee)...)
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
			for ; ci < len(b.Captures) && b.Captures[ci].Turn <= t.Turn; ci++ {
				c := &b.Captures[ci]
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
		for ; si < len(b.Scores) && b.Scores[si].Turn <= t.Turn; si++ {
			if s := &b.Scores[si]; in(running, s.Seat) {
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
func likelySpot(t *Turn, feature string) string {
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

// packers keeps the writers of Pack: a writer holds about 1 MB of
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

// Pack compresses a record's text against the dictionary of its
// basis, as games.record stores it: in the zlib format (RFC 1950), whose
// header names the dictionary by its Adler-32 checksum and whose end holds
// the text's, so that reading a record back against other rows is an
// error, never another text. The header and the checksums are written
// here around klauspost/compress's raw DEFLATE, the one writer whose
// dictionary can be changed when it is reused.
func Pack(text string, b *Basis) []byte {
	dict := Dict(b)
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

// Unpack returns the text of a record stored by Pack, given
// the basis it was compressed against.
func Unpack(stored []byte, b *Basis) (string, error) {
	r, err := zlib.NewReaderDict(bytes.NewReader(stored), Dict(b))
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
// MaxBytes of it.
func inflate(r io.ReadCloser) (string, error) {
	defer r.Close()
	var out bytes.Buffer
	n, err := out.ReadFrom(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return "", err
	}
	if n > MaxBytes {
		return "", fmt.Errorf("longer than %d bytes", MaxBytes)
	}
	return out.String(), nil
}

// MaxBytes bounds the text a stored record inflates to, so that a
// damaged or hostile database cannot make a reader allocate without
// limit; a game's record takes a few KB.
const MaxBytes = 64 << 20

// The records as migration 8 stored them: raw DEFLATE, each on its own.
// Migrations 6 to 8 read and write them so; migration 10 compresses them
// against their rows (Pack), as the ingest stores them now.

// deflaters keeps the writers of Deflate: a flate writer holds
// about 1 MB of tables, which making one a game would allocate again for
// every game stored (measured: 1.2 MB and 23 allocations a record, against
// 4 KB and 5 with a writer reused through Reset, and a quarter of the time).
var deflaters = sync.Pool{New: func() any {
	w, err := flate.NewWriter(nil, flate.BestSpeed)
	if err != nil {
		panic(err) // only for an invalid level
	}
	return w
}}

// Deflate returns a record's text as migration 8 stored it: raw
// DEFLATE (RFC 1951) at the best speed. A 4-player record of 3.5 KB takes
// about 1,320 bytes.
func Deflate(text string) []byte {
	var buf bytes.Buffer
	buf.Grow(len(text) / 2)
	w := deflaters.Get().(*flate.Writer)
	defer deflaters.Put(w)
	w.Reset(&buf)
	// Writes to a bytes.Buffer do not fail.
	io.WriteString(w, text)
	w.Close()
	return buf.Bytes()
}

// Inflate returns the text of a record stored by Deflate.
func Inflate(stored []byte) (string, error) {
	text, err := inflate(flate.NewReader(bytes.NewReader(stored)))
	if err != nil {
		return "", fmt.Errorf("stored record: %w", err)
	}
	return text, nil
}
