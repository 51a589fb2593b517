package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/analytics/parquetdir"
	"github.com/towerlog/towerlog/record"
)

// checkIngestFlags refuses flags that do not go with --format.
func checkIngestFlags(cmd *cobra.Command, o ingestOptions) error {
	parquetOnly := []string{"output", "shard", "from-db"}
	switch o.format {
	case "sqlite":
		for _, f := range parquetOnly {
			if cmd.Flags().Changed(f) {
				return usageError("--%s goes with --format parquet; %s", f, usage(cmd))
			}
		}
	case "parquet":
		if cmd.Flags().Changed("db") {
			return usageError("--db is the SQLite database; with --format parquet, -o names the directory and --from-db a database to read; %s", usage(cmd))
		}
		if o.output == "" {
			return usageError("--format parquet needs -o DIR; %s", usage(cmd))
		}
		if cmd.Flags().Changed("keep-annotations") {
			return usageError("--keep-annotations is for the database, which keeps one copy of a game; %s", usage(cmd))
		}
		if err := checkParent(o.output); err != nil {
			return &exitError{exitUsage, err}
		}
		if o.fromDB != "" {
			for _, f := range []string{"jobs", "lenient", "files-from"} {
				if cmd.Flags().Changed(f) {
					return usageError("--%s is for records, not --from-db; %s", f, usage(cmd))
				}
			}
		}
		if o.shard != "" {
			if err := parquetdir.CheckShard(o.shard); err != nil {
				return usageError("--shard: %v", err)
			}
		}
	default:
		return usageError("--format %q: want sqlite or parquet; %s", o.format, usage(cmd))
	}
	return nil
}

// checkParent refuses an output directory whose parent does not exist:
// ingest makes the directory -o names, not a whole path (a mistyped one
// would leave a tree of new directories).
func checkParent(dir string) error {
	parent := filepath.Dir(filepath.Clean(dir))
	info, err := os.Stat(parent)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("-o %s: %s does not exist: ingest makes the directory -o names, not its parents", dir, parent)
	case err != nil:
		return fmt.Errorf("-o %s: %w", dir, err)
	case !info.IsDir():
		return fmt.Errorf("-o %s: %s is not a directory", dir, parent)
	}
	return nil
}

// defaultShard is the shard id of a run without --shard: derived from
// what it reads, so that running it again replaces its files and runs
// over other paths write shards of their own.
func defaultShard(sources []string) string {
	sum := sha256.Sum256([]byte(strings.Join(sources, "\n")))
	return hex.EncodeToString(sum[:8])
}

// parquetMemoryLimit is the runtime's memory limit while Parquet is
// written, in place of main's memoryLimit. The writers' live heap (a row
// group being filled for each large table, a page of values for each
// column, the batches of games in flight) was some 50 to 90 MB whatever
// the number of games when the batches of rows were of 4,096 (see
// parquetdir's bufferRows): under 64 MiB the collector ran almost without
// pause, a third of the CPU. With 96 MiB, 10,000 games take 11.5 CPU-s
// instead of 20.5, for a peak of 126 MB instead of 124 (GOMEMLIMIT=96MiB
// against the default, /usr/bin/time on the 10,000-game archive).
const parquetMemoryLimit = 96 << 20

func runIngestParquet(cmd *cobra.Command, args []string, o ingestOptions) error {
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if os.Getenv("GOMEMLIMIT") == "" {
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(parquetMemoryLimit))
	}
	var (
		st  parquetdir.Stats
		err error
		in  inputs
	)
	if o.fromDB != "" {
		if o.shard == "" {
			o.shard = defaultShard([]string{o.fromDB})
		}
		st, err = parquetFromDB(ctx, o)
	} else {
		in = readInputs(cmd.ErrOrStderr(), args)
		files := in.Files
		if o.shard == "" {
			o.shard = defaultShard(files)
		}
		bar := newProgressOf(cmd.ErrOrStderr(), func() int { return countGames(files) }, "ingesting")
		st, err = parquetdir.WriteRecords(ctx, o.output, o.shard, files, parquetdir.Options{Loaders: in.loaders(),
			Workers: o.workers, Lenient: o.lenient, Progress: func() { advance(bar) }})
		finish(bar)
	}
	if err != nil && ctx.Err() != nil {
		// A shard's files appear only once all are written: none were.
		return interrupted(0)
	}
	if err != nil {
		return &exitError{exitUsage, err}
	}
	if o.fromDB != "" {
		fmt.Fprintf(cmd.OutOrStdout(), "%s: shard %s: %d games, %d invalid, %d rows (from %s)\n",
			o.output, o.shard, st.Games, st.Invalid, st.Rows, o.fromDB)
		return nil
	}
	printFailed(cmd.ErrOrStderr(), st.Failed, st.Invalid)
	fmt.Fprintf(cmd.OutOrStdout(), "%s: shard %s: %d games, %d repeated, %d invalid (%s), %d rows\n",
		o.output, o.shard, st.Games, st.Repeated, st.Invalid, nounCount(st.Files, "file", "files"), st.Rows)
	if st.Invalid > 0 {
		return &exitError{max(in.verdict(), exitInvalid), fmt.Errorf("%s failed validation: see towerlog validate, or %s/diagnostics",
			nounCount(st.Invalid, "game", "games"), o.output)}
	}
	if in.verdict() != exitOK {
		return &exitError{code: in.verdict()}
	}
	return nil
}

// parquetFromDB writes the tables of the database --from-db, which must
// exist.
func parquetFromDB(ctx context.Context, o ingestOptions) (parquetdir.Stats, error) {
	s, err := openExisting(ctx, o.fromDB)
	if err != nil {
		return parquetdir.Stats{}, fmt.Errorf("--from-db: %w", err)
	}
	defer s.Close()
	return parquetdir.WriteDatabase(ctx, o.output, o.shard, s)
}

// maxFileList is the largest list --files-from reads: a million paths of
// 60 bytes.
const maxFileList = 64 << 20

// readFileList reads the paths a --files-from file lists, one a line
// ("-": standard input); blank lines are skipped. A list larger than
// maxFileList is refused, read no further.
func readFileList(cmd *cobra.Command, name string) ([]string, error) {
	r := cmd.InOrStdin()
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, fmt.Errorf("--files-from: %w", err)
		}
		defer f.Close()
		r = f
	}
	b, err := record.ReadAll(r, name, "list of files", maxFileList)
	if err != nil {
		return nil, fmt.Errorf("--files-from: %w", err)
	}
	var paths []string
	for line := range strings.Lines(string(b)) {
		if p := strings.TrimRight(line, "\r\n"); p != "" {
			paths = append(paths, p)
		}
	}
	return paths, nil
}
