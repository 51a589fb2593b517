package main

import (
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/towerlog/towerlog/analytics/identity"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/analytics"
)

// defaultDB is the database ingest and report use without --db.
const defaultDB = "towerlog.db"

type ingestOptions struct {
	db      string
	workers int
	lenient bool
	format  string // sqlite or parquet
	output  string // --format parquet: the directory
	shard   string // --format parquet: the shard's id
	fromDB  string // --format parquet: the database to write instead of records
	// filesFrom names a file listing paths to read, one a line.
	filesFrom string
	// keepAnnotations keeps stored tag values that a copy gives otherwise.
	keepAnnotations bool
}

func newIngestCmd() *cobra.Command {
	var o ingestOptions
	cmd := &cobra.Command{
		Use:   "ingest PATH...",
		Short: "Store games in the analytics database, or as Parquet tables",
		Long: `ingest replays every game of the given inputs (CGN files, JCloisterZone
saves, BoardGameArena table logs, CarcassonneLab links or lists of them,
each recognised by its content; directories stand for every *.cgn and *.jcz
file below them, and what else they held is said on one line) on all cores
and stores them in an SQLite database
(towerlog.db in the working directory unless --db says otherwise), with
their players, turns, scoring, captures, exchanges, ransoms and tower floors.

A game already in the database is not stored twice: a game is what was
played (the players, rules, bag, start and moves, as the engine sees
them: a tag that restates a default changes nothing), and a copy with other
annotations (tags such as Event, Round, Annotator or Source, colours,
comments, clocks, declared scores, variations; or its JCloisterZone round
trip) is the same game, whose annotations are merged with the stored
ones: ingest counts it as updated. A tag the copy lacks keeps its stored
value; a tag the copy gives otherwise replaces the stored value, and
ingest says so on standard error, one line per game naming both files,
the tags and their old and new values. --keep-annotations keeps the
stored values instead. Games that fail
validation are kept apart with their diagnostics and never count in the
statistics. An interrupted ingest leaves the database consistent; running
it again completes the work.

With --format parquet, ingest writes the same tables as Parquet files
for DuckDB, Spark and the like, from the same inputs: one folder per table in the directory -o names (made if need be,
when its parent exists; games/, players/,
turns/, ...), and in each one file, SHARD.parquet, for this run. Runs with different --shard ids, on one machine or many,
write parts of an archive into the same directory side by side; a run
with the id of an earlier one replaces its files. A shard's files appear
only once all are complete. --from-db writes the tables of a database
instead of records. See docs/scale.md.

Exit status: 0 when every game is valid, 1 when some failed validation
or an input holds no game (a file of no game format, which is not
stored; a directory without a .cgn or .jcz file, whose skipped files are
counted), 2 on usage or I/O errors (a file that cannot be read, a file
or a link past its limit), 130 when interrupted (Ctrl-C or SIGTERM), which
says "interrupted: N games stored, run the same command to finish". Two
ingests into one database, even one that neither has created yet, take
turns.`,
		Example: `  towerlog ingest games/
  towerlog ingest --db club.db night-1.cgn night-2.cgn
  towerlog ingest --format parquet -o tables --shard part-007 archive/2025/
  towerlog ingest --format parquet -o tables --shard part-008 --files-from lists/part-008
  towerlog ingest --format parquet -o tables --from-db towerlog.db`,
		Args: func(cmd *cobra.Command, args []string) error {
			if o.fromDB != "" && len(args) > 0 {
				return usageError("--from-db reads no PATH, yet got %q; %s", args[0], usage(cmd))
			}
			if o.fromDB != "" || o.filesFrom != "" {
				return nil
			}
			return someArgs("PATH")(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkIngestFlags(cmd, o); err != nil {
				return err
			}
			if err := checkJobs(cmd, &o.workers); err != nil {
				return err
			}
			if o.filesFrom != "" {
				listed, err := readFileList(cmd, o.filesFrom)
				if err != nil {
					return &exitError{exitUsage, err}
				}
				args = append(args, listed...)
			}
			if o.format == "parquet" {
				return runIngestParquet(cmd, args, o)
			}
			return runIngest(cmd, args, o)
		},
	}
	cmd.Flags().StringVar(&o.db, "db", defaultDB, "database file")
	addJobsFlag(cmd, &o.workers)
	cmd.Flags().BoolVar(&o.lenient, "lenient", false, "accept games whose annotations are missing or unverifiable")
	cmd.Flags().StringVar(&o.filesFrom, "files-from", "", "read the paths of the records from `FILE`, one a line (\"-\": standard input; at most 64 MiB), besides any PATH")
	cmd.Flags().BoolVar(&o.keepAnnotations, "keep-annotations", false, "keep the stored value of a tag that a new copy of a stored game gives otherwise")
	cmd.Flags().StringVar(&o.format, "format", "sqlite", "what to write: sqlite (the database) or parquet (a directory of tables)")
	cmd.Flags().StringVarP(&o.output, "output", "o", "", "with --format parquet: the directory of the tables")
	cmd.Flags().StringVar(&o.shard, "shard", "", "with --format parquet: the `ID` of this run's files (default: derived from the paths read)")
	cmd.Flags().StringVar(&o.fromDB, "from-db", "", "with --format parquet: write the tables of this database `FILE` instead of records")
	return cmd
}

func runIngest(cmd *cobra.Command, args []string, o ingestOptions) error {
	in := readInputs(cmd.ErrOrStderr(), args)
	files := in.Files
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	s, err := analytics.Open(ctx, o.db)
	if err != nil && ctx.Err() != nil {
		return interrupted(0)
	}
	if err != nil {
		return &exitError{exitUsage, err}
	}
	defer s.Close()
	sayNotes(cmd, o.db, s)
	bar := newProgressOf(cmd.ErrOrStderr(), func() int { return countGames(files) }, "ingesting")
	st, err := s.Ingest(ctx, files, analytics.IngestOptions{Workers: o.workers, Lenient: o.lenient, Loaders: in.loaders(),
		Progress: func() { advance(bar) }, KeepAnnotations: o.keepAnnotations,
		Reannotated: func(r identity.Reannotation) { fmt.Fprintln(cmd.ErrOrStderr(), r) }})
	finish(bar)
	if err != nil && ctx.Err() != nil {
		return interrupted(st.Added)
	}
	if err != nil {
		return &exitError{exitUsage, err}
	}
	printFailed(cmd.ErrOrStderr(), st.Failed, st.Invalid)
	if err := say(cmd.OutOrStdout(), "%s: %d added, %d updated, %d already present, %d invalid (%s)\n",
		o.db, st.Added, st.Updated, st.Present, st.Invalid, nounCount(st.Files, "file", "files")); err != nil {
		return err
	}
	if st.Invalid > 0 {
		return &exitError{max(in.verdict(), exitInvalid), fmt.Errorf("%s failed validation: see towerlog validate, or towerlog games list --invalid --db %s",
			nounCount(st.Invalid, "game", "games"), o.db)}
	}
	if in.verdict() != exitOK {
		return &exitError{code: in.verdict()}
	}
	return nil
}

// interrupted is the error of an ingest stopped by a signal after
// storing n games (whatever error the stop caused on its way out).
func interrupted(n int) error {
	return &exitError{exitInterrupted, fmt.Errorf("interrupted: %s stored, run the same command to finish", nounCount(n, "game", "games"))}
}

// nounCount writes n with the singular or plural noun.
func nounCount(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
