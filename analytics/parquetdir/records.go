package parquetdir

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"

	"golang.org/x/sync/errgroup"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/replay"
)

// Options tune WriteRecords.
type Options struct {
	// Loaders are the formats read, by file ending; nil reads CGN only.
	Loaders replay.Loaders
	// Workers is the number of games replayed at once; 0 means one per
	// core.
	Workers int
	// Lenient accepts games whose annotations are missing or cannot be
	// verified (a missing Result tag); illegal moves are always invalid.
	Lenient bool
	// Progress, when not nil, is called after each game is read, from
	// one goroutine.
	Progress func()
}

// Stats counts what a shard holds.
type Stats struct {
	Files    int // files read
	Games    int // valid games written
	Repeated int // valid games read again (the same record) and written once
	Invalid  int // games that failed validation, written to invalid_games and diagnostics
	// Failed are the first analytics.KeptFailed of those games, in file
	// order, each with its first error (WriteRecords only).
	Failed []analytics.Failed
	Rows   int // rows written, all tables together
}

// batchGames is the number of games handed to the tables' writers at once.
const batchGames = 256

// WriteRecords replays the games of files on all cores and writes them
// as shard id of dir: valid games with their turns and events, invalid
// games with their diagnostics. A game read twice is written once (the
// same canonical record, as the SQLite store counts it); games repeated
// in different shards are not detected. Each table has a writer of its
// own, beside the replays. The shard appears only if every game was read
// and written; otherwise its earlier files, if any, stay as they were.
func WriteRecords(ctx context.Context, dir, id string, files []string, o Options) (Stats, error) {
	st := Stats{Files: len(files)}
	s, err := createShard(dir, id)
	if err != nil {
		return st, err
	}
	defer s.discard()
	set, err := newSeen(ctx, filepath.Dir(s.games.name), id)
	if err != nil {
		return st, err
	}
	defer set.close()

	g, gctx := errgroup.WithContext(ctx)
	var chans []chan []*analytics.GameRows
	// consume runs a table's writer on batches of games.
	consume := func(write func(*analytics.GameRows) error) {
		in := make(chan []*analytics.GameRows, 4)
		chans = append(chans, in)
		g.Go(func() error {
			for b := range in {
				for _, r := range b {
					if err := write(r); err != nil {
						return err
					}
				}
			}
			return nil
		})
	}
	consume(func(r *analytics.GameRows) error {
		if !r.Valid {
			return nil
		}
		return s.games.add(r.Game)
	})
	consume(func(r *analytics.GameRows) error { return s.players.add(r.Players...) })
	consume(func(r *analytics.GameRows) error { return s.turns.add(r.Turns...) })
	consume(func(r *analytics.GameRows) error { return s.towers.add(r.Towers...) })
	consume(func(r *analytics.GameRows) error { return s.seconds.add(r.Seconds...) })
	consume(func(r *analytics.GameRows) error { return s.scores.add(r.Scores...) })
	consume(func(r *analytics.GameRows) error { return s.captures.add(r.Captures...) })
	consume(func(r *analytics.GameRows) error { return s.exchanges.add(r.Exchanges...) })
	consume(func(r *analytics.GameRows) error { return s.ransoms.add(r.Ransoms...) })
	consume(func(r *analytics.GameRows) error { return s.discards.add(r.Discards...) })
	consume(func(r *analytics.GameRows) error {
		if r.Valid {
			return nil
		}
		return s.invalid.add(r.Invalid)
	})
	consume(func(r *analytics.GameRows) error { return s.diagnostics.add(r.Diagnostics...) })

	g.Go(func() error {
		defer func() {
			for _, c := range chans {
				close(c)
			}
		}()
		return readRecords(gctx, files, o, set, &st, func(b []*analytics.GameRows) error {
			for _, c := range chans {
				select {
				case c <- b:
				case <-gctx.Done():
					return gctx.Err()
				}
			}
			return nil
		})
	})
	if err := g.Wait(); err != nil {
		return st, err
	}
	if err := ctx.Err(); err != nil {
		return st, err
	}
	if err := s.commit(); err != nil {
		return st, err
	}
	st.Rows = s.rows()
	return st, nil
}

// readRecords replays the games of files and sends them to send in
// batches, each game once, valid ones with their keys. To know a game
// read before, it keeps the id of each game read in set, on disk.
func readRecords(ctx context.Context, files []string, o Options, set *seen, st *Stats, send func([]*analytics.GameRows) error) error {
	var b []*analytics.GameRows
	ro := replay.RunOptions{Workers: o.Workers, Loaders: o.Loaders, Options: replay.Options{Lenient: o.Lenient}}
	// Hashing the canonical record and building the rows need no order:
	// they run on the workers, beside the replays.
	err := replay.RunWith(ctx, files, ro, analytics.NewGameRows, func(g *replay.Game, r *analytics.GameRows) error {
		if o.Progress != nil {
			o.Progress()
		}
		var id [sha256.Size]byte
		if n, err := hex.Decode(id[:], []byte(r.ID)); err != nil || n != len(id) {
			return fmt.Errorf("game id %q: not a SHA-256 in hex", r.ID)
		}
		if !r.Valid {
			if st.Invalid++; len(st.Failed) < analytics.KeptFailed {
				st.Failed = append(st.Failed, analytics.FailedOf(g))
			}
			if first, err := set.AddInvalid(id); err != nil || !first {
				return err
			}
		} else {
			k, err := Key(r.ID)
			if err != nil {
				return err
			}
			first, err := set.AddValid(k, id)
			if err != nil {
				return err
			}
			if !first {
				st.Repeated++
				return nil
			}
			r.SetGame(k)
			st.Games++
		}
		b = append(b, r)
		if len(b) < batchGames {
			return nil
		}
		err := send(b)
		b = nil
		return err
	})
	if err != nil || len(b) == 0 {
		return err
	}
	return send(b)
}
