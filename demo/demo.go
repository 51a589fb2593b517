package demo

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/filter"
	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/generate"
	"github.com/towerlog/towerlog/internal/atomicfile"
	"github.com/towerlog/towerlog/replay"
	"github.com/towerlog/towerlog/report"
)

// Options configures Run.
type Options struct {
	Games int    // games to generate; 0 means 300
	Seed  uint64 // the archive's seed
}

// Result says where Run put things and what the ingest did.
type Result struct {
	Archive    string // directory of the generated CGN files
	Database   string
	Report     string // the archive report
	GameReport string // the report of one game
	Game       string // which game that is
	Ingest     analytics.IngestStats
}

// Run generates a sample archive in dir/archive, validates and stores it
// in dir/towerlog.db, and writes the archive report dir/report.html and
// the report of the archive's latest game, dir/game.html. Each run starts
// from a fresh archive, database and reports, so that the reports show
// exactly the games just generated; what stands at their names (a
// symbolic link, for instance) is removed, never written through. Run writes only into a directory it makes (with
// a Marker file in it) or one an earlier demo made: any other
// existing dir is refused with a *DirNotDemoError and left as it is.
func Run(ctx context.Context, dir string, o Options) (Result, error) {
	if o.Games <= 0 {
		o.Games = 300
	}
	res := Result{
		Archive:    filepath.Join(dir, "archive"),
		Database:   filepath.Join(dir, "towerlog.db"),
		Report:     filepath.Join(dir, "report.html"),
		GameReport: filepath.Join(dir, "game.html"),
	}
	if err := claimDemoDir(dir); err != nil {
		return res, err
	}
	// Removed first, so that each is written anew: a symbolic link put
	// in place of one is removed, never followed.
	for _, stale := range []string{res.Archive, res.Database, res.Database + "-wal", res.Database + "-shm", res.Report, res.GameReport} {
		if err := os.RemoveAll(stale); err != nil {
			return res, err
		}
	}
	files, err := generate.Archive(ctx, res.Archive, generate.ArchiveOptions{Games: o.Games, Files: 3, Seed: o.Seed, Style: engine.StyleGreedy})
	if err != nil {
		return res, fmt.Errorf("generating the archive: %w", err)
	}
	s, err := analytics.Open(ctx, res.Database)
	if err != nil {
		return res, err
	}
	defer s.Close()
	if res.Ingest, err = s.Ingest(ctx, []string{res.Archive}, analytics.IngestOptions{}); err != nil {
		return res, err
	}
	if res.Ingest.Invalid > 0 {
		return res, fmt.Errorf("%d generated games failed validation", res.Ingest.Invalid)
	}
	if err := atomicfile.Write(res.Report, func(f io.Writer) error { return report.WriteArchive(ctx, f, s, filter.Filter{}) }); err != nil {
		return res, err
	}
	g, err := lastGame(ctx, files[len(files)-1])
	if err != nil {
		return res, err
	}
	res.Game = g.String()
	return res, atomicfile.Write(res.GameReport, func(f io.Writer) error { return report.WriteGame(f, g) })
}

// lastGame replays the last game of a file.
func lastGame(ctx context.Context, file string) (*replay.Game, error) {
	var last *replay.Game
	err := replay.Run(ctx, []string{file}, replay.RunOptions{}, func(g *replay.Game) error {
		last = g
		return nil
	})
	if err == nil && last == nil {
		err = fmt.Errorf("%s: no game", file)
	}
	return last, err
}
