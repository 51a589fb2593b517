package analytics

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/towerlog/towerlog/analytics/identity"

	"github.com/towerlog/towerlog/record"

	"github.com/towerlog/towerlog/analytics/recordcodec"
)

// recordHash is the id games had before identities: the SHA-256 of the
// canonical record, in hex.
func recordHash(text string) string {
	sum := sha256.Sum256([]byte(text))
	return hex.EncodeToString(sum[:])
}

// storedLookup finds, within an ingest's transaction, the games of a
// batch that are stored already, and merges the annotations of those
// stored with the new copies' (see identity.Merge). The merges that change
// a stored value are kept in changes.
type storedLookup struct {
	ctx  context.Context
	tx   *sql.Tx
	keep bool
	// packed: the records are stored compressed against their rows
	// (recordcodec.Pack), as from migration 10 on; else each on its own
	// (recordcodec.Deflate), as migration 6 finds them.
	packed                                    bool
	bases                                     *RecordReader // when packed
	find, findLegacy, invalid, update, colour *sql.Stmt
	luck                                      *sql.Stmt // prepared on first use: the store of migration 6 has no luck
	changes                                   []identity.Reannotation
}

func newStoredLookup(ctx context.Context, tx *sql.Tx, keep, packed bool) (*storedLookup, error) {
	l := &storedLookup{ctx: ctx, tx: tx, keep: keep, packed: packed}
	for _, p := range []struct {
		st  **sql.Stmt
		sql string
	}{
		{&l.find, `SELECT gid, file, idx FROM games WHERE id = ?`},
		// A game stored before identities, known by the hash of its
		// canonical record and without a record.
		{&l.findLegacy, `SELECT gid FROM games WHERE id = ? AND record IS NULL`},
		{&l.invalid, `SELECT EXISTS (SELECT 1 FROM invalid_games WHERE id = ?)`},
		{&l.update, `UPDATE games SET id = ?, file = ?, idx = ?, event = ?, site = ?, date = ?, round = ?,
			record = ? WHERE gid = ?`},
		{&l.colour, `UPDATE players SET colour = ? WHERE game = ? AND seat = ?`},
	} {
		st, err := tx.PrepareContext(ctx, p.sql)
		if err != nil {
			return nil, errors.Join(err, l.close())
		}
		*p.st = st
	}
	if packed {
		var err error
		if l.bases, err = newRecordReader(ctx, tx); err != nil {
			return nil, errors.Join(err, l.close())
		}
	}
	return l, nil
}

func (l *storedLookup) close() error {
	var errs []error
	for _, st := range []*sql.Stmt{l.find, l.findLegacy, l.invalid, l.update, l.colour, l.luck} {
		if st != nil {
			errs = append(errs, st.Close())
		}
	}
	if l.bases != nil {
		errs = append(errs, l.bases.Close())
	}
	return errors.Join(errs...)
}

// invalidStored reports whether an invalid game of this id is stored.
func (l *storedLookup) invalidStored(id string) (bool, error) {
	var stored bool
	err := l.invalid.QueryRowContext(l.ctx, id).Scan(&stored)
	return stored, err
}

// The fates of a valid game an ingest reads.
const (
	gameNew     = iota // not stored: to be added
	gamePresent        // stored with the same record
	gameUpdated        // stored with other annotations, now merged with g's
)

// storedRecord returns the record stored for the game gid, in canonical
// CGN, as migrations 6 and 7 find it: a blob compressed on its own
// (recordcodec.Deflate), or text in a database that migration 8 has yet to
// convert; ok is false when the game has none (stored before identities).
func storedRecord(ctx context.Context, tx *sql.Tx, gid int64) (text string, ok bool, err error) {
	var stored any
	if err := tx.QueryRowContext(ctx, `SELECT record FROM games WHERE gid = ?`, gid).Scan(&stored); err != nil {
		return "", false, err
	}
	text, ok, err = recordValue(stored)
	if err != nil {
		return "", false, fmt.Errorf("game %d: %w", gid, err)
	}
	return text, ok, nil
}

// storedRecord returns the record stored for the game gid, in canonical
// CGN; ok is false when the game has none (stored before identities).
func (l *storedLookup) storedRecord(gid int64) (text string, ok bool, err error) {
	if !l.packed {
		return storedRecord(l.ctx, l.tx, gid)
	}
	var stored []byte
	if err := l.tx.QueryRowContext(l.ctx, `SELECT record FROM games WHERE gid = ?`, gid).Scan(&stored); err != nil {
		return "", false, err
	}
	return l.bases.text(l.ctx, gid, nil, stored)
}

// recordValue is the text of a games.record value as SQLite returns it:
// a compressed blob, or text in a database that migration 8 has yet to
// convert; ok is false for NULL.
func recordValue(stored any) (text string, ok bool, err error) {
	switch v := stored.(type) {
	case string:
		return v, true, nil
	case []byte:
		text, err = recordcodec.Inflate(v)
		return text, err == nil, err
	}
	return "", false, nil
}

// store finds g among the stored games and, if it is there with other
// annotations, merges them with g's.
func (l *storedLookup) store(g *pending) (int, error) {
	var gid, idx int64
	var file string
	err := l.find.QueryRowContext(l.ctx, g.ID).Scan(&gid, &file, &idx)
	if errors.Is(err, sql.ErrNoRows) {
		err = l.findLegacy.QueryRowContext(l.ctx, recordHash(*g.Game.Record)).Scan(&gid)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return gameNew, nil
		case err != nil:
			return 0, err
		}
		// The same record as stored: only its id and record were
		// missing.
		rg, _, err := l.merge("", false, *g.Game.Record)
		if err != nil {
			return 0, err
		}
		if err := l.reannotate(gid, g.ID, g.Game.File, g.Game.Index, rg); err != nil {
			return 0, err
		}
		if err := l.setLuck(gid, rg, g); err != nil {
			return 0, err
		}
		return gamePresent, l.decide(gid, g)
	}
	if err != nil {
		return 0, err
	}
	text, ok, err := l.storedRecord(gid)
	if err != nil {
		return 0, err
	}
	copyText := *g.Game.Record
	if ok && text == copyText {
		return gamePresent, nil
	}
	merged, changes, err := l.merge(text, ok, copyText)
	if err != nil {
		return 0, fmt.Errorf("game stored from %s#%d: %w", file, idx, err)
	}
	if ok && string(record.AppendGame(nil, merged)) == text {
		return gamePresent, nil
	}
	if err := l.reannotate(gid, g.ID, g.Game.File, g.Game.Index, merged); err != nil {
		return 0, err
	}
	if err := l.setLuck(gid, merged, g); err != nil {
		return 0, err
	}
	if len(changes) > 0 {
		l.changes = append(l.changes, identity.Reannotation{File: g.Game.File, Index: int(g.Game.Index),
			StoredFile: file, StoredIndex: int(idx), Changes: changes})
	}
	return gameUpdated, nil
}

// setLuck writes the luck of rg, the record now stored for the game gid
// (g's moves), over the stored game's seats.
func (l *storedLookup) setLuck(gid int64, rg *record.Game, g *pending) error {
	if l.luck == nil {
		st, err := l.tx.PrepareContext(l.ctx, setLuckSQL)
		if err != nil {
			return err
		}
		l.luck = st
	}
	return setLuck(l.ctx, l.luck, gid, rg, margins(g.Players))
}

// merge merges the stored record (if ok) with a copy's.
func (l *storedLookup) merge(stored string, ok bool, copyText string) (*record.Game, []identity.TagChange, error) {
	p := record.NewParser()
	c, err := p.Parse(record.RawGame{Src: []byte(copyText)})
	if err != nil || !ok {
		return c, nil, err
	}
	s, err := record.NewParser().Parse(record.RawGame{Src: []byte(stored)})
	if err != nil {
		return nil, nil, err
	}
	merged, changes := identity.Merge(s, c, l.keep)
	return merged, changes, nil
}

// decide writes the engine's verdict on g (finished, result, winner and
// places) over the stored game gid, one stored before its record was
// kept. (A game found by its identity has the verdict of its moves.)
func (l *storedLookup) decide(gid int64, g *pending) error {
	v := &g.Game
	_, err := l.tx.ExecContext(l.ctx, `UPDATE games SET result = ?, winner = ?, finished = ? WHERE gid = ?`,
		str(v.Result), str(v.Winner), v.Finished, gid)
	for _, p := range g.Players {
		if err != nil {
			return err
		}
		_, err = l.tx.ExecContext(l.ctx, `UPDATE players SET rank = ? WHERE game = ? AND seat = ?`, p.Rank, gid, p.Seat)
	}
	return err
}

// reannotate writes the identity id, the file and index of the copy read
// last and the annotations of rg over the stored game gid's. It is the
// one writer of games.record for stored games.
func (l *storedLookup) reannotate(gid int64, id, file string, idx int64, rg *record.Game) error {
	var r GameRow
	setAnnotations(&r, rg)
	var stored []byte
	if l.packed {
		b, err := l.bases.read(l.ctx, gid)
		if err != nil {
			return err
		}
		stored = recordcodec.Pack(*r.Record, b)
	} else {
		stored = recordcodec.Deflate(*r.Record)
	}
	_, err := l.update.ExecContext(l.ctx, id, file, idx, str(r.Event), str(r.Site), str(r.Date), str(r.Round),
		stored, gid)
	if err != nil {
		return err
	}
	players, err := rg.Players()
	if err != nil {
		return err
	}
	for seat, p := range players {
		var colour *string
		if p.Colour != "" {
			colour = &p.Colour
		}
		if _, err := l.colour.ExecContext(l.ctx, str(colour), gid, seat); err != nil {
			return err
		}
	}
	return nil
}
