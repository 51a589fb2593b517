package analytics

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// Identity returns the identity of a replayed game: the SHA-256, in hex,
// of what was played and nothing else. That is the players' names by seat
// (in normal form C), the rules in play, the Bag and Start tags and every
// move of the main line: ransoms, discards, placements, followers, floors
// and captures. The rest of a record is annotation: the other tags
// (Event, Date, Annotator, Source, the players' colours, ...), declared
// scores, comments, glyphs, clocks and variations. The same game written
// differently, annotated differently or read from its JCloisterZone copy
// has the same identity. The game must have been set up (g.Record not
// nil).
func Identity(g *replay.Game) string {
	sum := sha256.Sum256(append([]byte("towerlog identity 1\n"), record.AppendGame(nil, played(g))...))
	return hex.EncodeToString(sum[:])
}

// played returns the record of what g's players played: its identity
// tags and its main line, without annotations, every turn numbered in
// order and named by its player's seat.
func played(g *replay.Game) *record.Game {
	rg := g.Record
	out := &record.Game{}
	seats := make([]record.Player, len(g.Players))
	for i, p := range g.Players {
		seats[i] = record.Player{Name: nfc(p.Name)}
	}
	out.SetTag("Players", record.FormatPlayers(seats))
	out.SetTag("Rules", g.Rules.String())
	for _, name := range []string{"Bag", "Start"} {
		if v, ok := rg.Tag(name); ok {
			out.SetTag(name, v)
		}
	}
	for i, t := range rg.Turns {
		mover := t.Player.Text
		if i < len(g.Turns) && g.Turns[i].Seat < len(seats) {
			mover = seats[g.Turns[i].Seat].Name
		}
		out.Turns = append(out.Turns, playedTurn(t, i+1, mover))
	}
	return out
}

// playedTurn copies what a turn played, without its annotations.
func playedTurn(t *record.Turn, number int, mover string) *record.Turn {
	c := &record.Turn{Number: number, Numbered: true, Player: record.Name{Text: mover}}
	for _, r := range t.Ransoms {
		owner := nfc(r.Owner.Text)
		if owner == mover {
			owner = "" // the mover's own follower, written or not
		}
		c.Ransoms = append(c.Ransoms, &record.Ransom{Owner: record.Name{Text: owner}, Holder: record.Name{Text: nfc(r.Holder.Text)}})
	}
	for _, d := range t.Discards {
		c.Discards = append(c.Discards, &record.Discard{Tile: d.Tile})
	}
	if pl := t.Placement; pl != nil {
		c.Placement = &record.Placement{Tile: pl.Tile, X: pl.X, Y: pl.Y, Rotation: pl.Rotation}
	}
	switch a := t.Action.(type) {
	case *record.Follower:
		c.Action = &record.Follower{Spot: a.Spot}
	case *record.TowerFollower:
		c.Action = &record.TowerFollower{X: a.X, Y: a.Y}
	case *record.TowerFloor:
		f := &record.TowerFloor{X: a.X, Y: a.Y}
		if a.Capture != nil {
			f.Capture = &record.Capture{X: a.Capture.X, Y: a.Capture.Y, Spot: a.Capture.Spot}
		}
		c.Action = f
	}
	return c
}

// recordHash is the id games had before identities: the SHA-256 of the
// canonical record, in hex.
func recordHash(text string) string {
	sum := sha256.Sum256([]byte(text))
	return hex.EncodeToString(sum[:])
}

// storedRows are a valid game's row of games and rows of players.
type storedRows struct {
	game    GameRow
	players []PlayerRow
}

// storedLookup finds, within an ingest's transaction, the games of a
// batch that are stored already, and brings the annotations of those
// stored up to date.
type storedLookup struct {
	ctx                               context.Context
	find, findLegacy, invalid, update *sql.Stmt
	colour                            *sql.Stmt
}

func newStoredLookup(ctx context.Context, tx *sql.Tx) (*storedLookup, error) {
	l := &storedLookup{ctx: ctx}
	for _, p := range []struct {
		st  **sql.Stmt
		sql string
	}{
		{&l.find, `SELECT gid, record FROM games WHERE id = ?`},
		// A game stored before identities, known by the hash of its
		// canonical record and without a record.
		{&l.findLegacy, `SELECT gid FROM games WHERE id = ? AND record IS NULL`},
		{&l.invalid, `SELECT EXISTS (SELECT 1 FROM invalid_games WHERE id = ?)`},
		{&l.update, `UPDATE games SET id = ?, file = ?, idx = ?, event = ?, site = ?, date = ?, round = ?,
			result = ?, record = ? WHERE gid = ?`},
		{&l.colour, `UPDATE players SET colour = ? WHERE game = ? AND seat = ?`},
	} {
		st, err := tx.PrepareContext(ctx, p.sql)
		if err != nil {
			return nil, errors.Join(err, l.close())
		}
		*p.st = st
	}
	return l, nil
}

func (l *storedLookup) close() error {
	var errs []error
	for _, st := range []*sql.Stmt{l.find, l.findLegacy, l.invalid, l.update, l.colour} {
		if st != nil {
			errs = append(errs, st.Close())
		}
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
	gameUpdated        // stored with other annotations, now replaced by g's
)

// store finds g among the stored games and, if it is there with other
// annotations, replaces them with g's.
func (l *storedLookup) store(g *gameRows) (int, error) {
	var gid int64
	var stored []byte
	err := l.find.QueryRowContext(l.ctx, g.id).Scan(&gid, &stored)
	legacy := errors.Is(err, sql.ErrNoRows)
	if legacy {
		err = l.findLegacy.QueryRowContext(l.ctx, recordHash(*g.stored.game.Record)).Scan(&gid)
	}
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return gameNew, nil
	case err != nil:
		return 0, err
	case !legacy && stored != nil:
		rec, err := RecordText(stored)
		if err != nil {
			return 0, fmt.Errorf("game %d: %w", gid, err)
		}
		if rec == *g.stored.game.Record {
			return gamePresent, nil
		}
	}
	if err := l.reannotate(gid, g); err != nil {
		return 0, err
	}
	if legacy {
		// The same record as stored: only its id and record were
		// missing.
		return gamePresent, nil
	}
	return gameUpdated, nil
}

// reannotate writes g's identity and annotations over the stored game gid.
func (l *storedLookup) reannotate(gid int64, g *gameRows) error {
	r := &g.stored.game
	_, err := l.update.ExecContext(l.ctx, r.ID, r.File, r.Index, str(r.Event), str(r.Site), str(r.Date), str(r.Round),
		str(r.Result), storedRecord(r.Record), gid)
	if err != nil {
		return err
	}
	for _, p := range g.stored.players {
		if _, err := l.colour.ExecContext(l.ctx, str(p.Colour), gid, p.Seat); err != nil {
			return err
		}
	}
	return nil
}
