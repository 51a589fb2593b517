package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/fileselect"
	"github.com/towerlog/towerlog/internal/atomicfile"
	"github.com/towerlog/towerlog/internal/show"
	"github.com/towerlog/towerlog/internal/table"
)

type selectOptions struct {
	db       string
	out      string
	json     bool
	csv      bool
	dedupe   bool
	force    bool
	lenient  bool
	workers  int
	filter   filterFlags
	fromFile bool
}

func newSelectCmd() *cobra.Command {
	var o selectOptions
	cmd := &cobra.Command{
		Use:   "select [PATH...]",
		Short: "Find games by player, event, date, result or content, and extract them",
		Long: `select writes the games that match every filter given: from CGN files and
JCloisterZone saves (directories stand for every *.cgn and *.jcz file below
them), or, without a PATH, from the database (--db). The filters are the
same as report's, stats' and standings'.

The games are written in canonical CGN (as towerlog fmt writes them, with
their tags, comments and clocks), or with --json one JSON object per line,
or with --csv one row per game; to standard output, or to -o FILE. How many
games matched is said on standard error, with the records that failed
validation (never selected). --dedupe keeps only the first copy of a game
read several times, however annotated (its identity: the players, rules,
bag, start and moves).

A filter that matches no game is an error that says which name is unknown
and the nearest known ones.

Exit status: 0 when games were selected, 1 when none matched, 2 on usage
or I/O errors.`,
		Example: `  towerlog select --player Anna --event "Club night" archive/ -o anna.cgn
  towerlog select --captor Bruno --victim Anna --tower 3- --json
  towerlog select --since 2025-01 --until 2025-06 --players 2 --csv -o spring.csv
  towerlog select --dedupe members/ -o club.cgn`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := exclusive(cmd, "json", "csv"); err != nil {
				return err
			}
			o.fromFile = len(args) > 0
			if o.fromFile && cmd.Flags().Changed("db") {
				return usageError("select reads either files or the database (--db), not both; %s", usage(cmd))
			}
			if !o.fromFile && cmd.Flags().Changed("dedupe") {
				return usageError("--dedupe applies to games read from files: the database holds each game once; %s", usage(cmd))
			}
			if err := checkJobs(cmd, &o.workers); err != nil {
				return err
			}
			return runSelect(cmd, args, o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.db, "db", defaultDB, "database to select from when no PATH is given")
	f.StringVarP(&o.out, "output", "o", "", "file to write (default: standard output)")
	f.BoolVar(&o.json, "json", false, "write one JSON object per game and line")
	f.BoolVar(&o.csv, "csv", false, "write one CSV row per game, with a header")
	f.BoolVar(&o.dedupe, "dedupe", false, "keep only the first copy of each game (the same game however annotated)")
	f.BoolVar(&o.force, "force", false, "replace an existing output file")
	f.BoolVar(&o.lenient, "lenient", false, "accept games whose annotations are missing or unverifiable")
	addJobsFlag(cmd, &o.workers)
	addFilterFlags(cmd, &o.filter)
	return cmd
}

func runSelect(cmd *cobra.Command, args []string, o selectOptions) error {
	outputs := []string{o.db}
	var in inputs
	if o.fromFile {
		// The files found in the directories too: the output must be
		// none of them, however it is named.
		in = readInputs(cmd.ErrOrStderr(), args)
		outputs = append(in.Files, args...)
	}
	if err := checkOutput(o.out, outputs, o.force); err != nil {
		return &exitError{exitUsage, err}
	}
	var s *analytics.Store
	if !o.fromFile {
		var err error
		if s, err = openExisting(cmd.Context(), o.db); err != nil {
			return &exitError{exitUsage, err}
		}
		defer s.Close()
	}
	var st analytics.SelectStats
	var readErr error // of the database: not the output's
	write := func(w io.Writer) error {
		gw := newGameWriter(w, o)
		var err error
		if o.fromFile {
			st, err = fileselect.Select(cmd.Context(), in.Files, fileselect.Options{Filter: o.filter.filter(),
				Loaders: in.loaders(), Workers: o.workers, Lenient: o.lenient, Dedupe: o.dedupe}, gw.write)
		} else {
			// --csv has no column of the record: the records, the
			// costliest part of a game to read, are not read.
			st, err = s.SelectGames(cmd.Context(), o.filter.filter(), !o.csv, gw.write)
			readErr = err
		}
		if err != nil {
			return err
		}
		return gw.close()
	}
	var err error
	if o.out == "" || o.out == "-" {
		err = write(cmd.OutOrStdout())
	} else {
		err = atomicfile.Write(o.out, write)
	}
	printFailed(cmd.ErrOrStderr(), st.Failed, st.Invalid)
	var pe *fs.PathError
	if readErr != nil && !errors.As(readErr, &pe) {
		return storeError(o.db, readErr)
	}
	if err != nil {
		return selectionError(err)
	}
	summary := fmt.Sprintf("%d of %s selected", st.Selected, count(st.Read, "game"))
	if !o.fromFile {
		summary = fmt.Sprintf("%d of %s selected", st.Selected, count(st.Read, "stored game"))
	}
	if o.dedupe {
		summary += fmt.Sprintf(", %s dropped", count(st.Duplicates, "duplicate"))
	}
	if st.Invalid > 0 {
		summary += fmt.Sprintf("; %s failed validation", count(st.Invalid, "record"))
	}
	fmt.Fprintln(cmd.ErrOrStderr(), summary)
	if st.Selected == 0 || in.verdict() != exitOK {
		// The summary and the refusals say why: the exit status adds no
		// message.
		return &exitError{code: max(in.verdict(), exitInvalid)}
	}
	return nil
}

// openExisting opens a database that must exist already, for reading
// only: it works on read-only files and directories and writes nothing.
func openExisting(ctx context.Context, db string) (*analytics.Store, error) {
	if err := mustExist(db); err != nil {
		return nil, err
	}
	return analytics.OpenReadOnly(ctx, db)
}

// openExistingForWriting opens a database that must exist already, for
// writing; it says what its migrations did.
func openExistingForWriting(cmd *cobra.Command, db string) (*analytics.Store, error) {
	if err := mustExist(db); err != nil {
		return nil, err
	}
	s, err := analytics.Open(cmd.Context(), db)
	if err != nil {
		return nil, err
	}
	sayNotes(cmd, db, s)
	return s, nil
}

// mustExist says that a database does not exist.
func mustExist(db string) error {
	if _, err := os.Stat(db); errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s does not exist: store games with towerlog ingest first", db)
	}
	return nil
}

// sayNotes writes on standard error what the migrations that opening the
// database db applied have to say.
func sayNotes(cmd *cobra.Command, db string, s *analytics.Store) {
	for _, n := range s.Notes() {
		fmt.Fprintf(cmd.ErrOrStderr(), "%s: %s\n", db, n)
	}
}

// printFailed lists records that failed validation with their first
// error: those of failed (at most analytics.KeptFailed), then how many more
// of the total there were.
func printFailed(w io.Writer, failed []analytics.Failed, total int) {
	for _, f := range failed {
		fmt.Fprintf(w, "failed: %s game %d: %s", f.File, f.Index, table.Safe(f.First))
		if f.Errors > 1 {
			fmt.Fprintf(w, " (and %s)", count(f.Errors-1, "more error"))
		}
		fmt.Fprintln(w)
	}
	if more := total - len(failed); more > 0 {
		fmt.Fprintf(w, "... and %d more records that failed validation\n", more)
	}
}

// gameWriter writes selected games in the format of the options.
type gameWriter struct {
	w     io.Writer
	o     selectOptions
	enc   *json.Encoder
	csv   *table.Writer
	wrote bool
}

func newGameWriter(w io.Writer, o selectOptions) *gameWriter {
	gw := &gameWriter{w: w, o: o}
	switch {
	case o.json:
		gw.enc = json.NewEncoder(w)
		gw.enc.SetEscapeHTML(false)
	case o.csv:
		gw.csv = table.New(w, table.CSV, 0, table.Columns(table.CSV, selectFields)...)
	}
	return gw
}

// selectFields are the columns of select --csv.
var selectFields = []table.Field[*analytics.Game]{
	{Head: "gid", Text: func(g *analytics.Game) string {
		if g.GID > 0 {
			return strconv.FormatInt(g.GID, 10)
		}
		return ""
	}},
	{Head: "id", Text: func(g *analytics.Game) string { return g.ID }},
	{Head: "file", Text: func(g *analytics.Game) string { return g.File }},
	{Head: "index", Text: func(g *analytics.Game) string { return strconv.Itoa(g.Index) }},
	{Head: "event", Text: func(g *analytics.Game) string { return g.Event }},
	{Head: "site", Text: func(g *analytics.Game) string { return g.Site }},
	{Head: "date", Text: func(g *analytics.Game) string { return g.Date }},
	{Head: "round", Text: func(g *analytics.Game) string { return g.Round }},
	{Head: "rules", Text: func(g *analytics.Game) string { return g.Rules }},
	{Head: "players", Text: func(g *analytics.Game) string { return g.PlayerNames() }},
	{Head: "scores", Text: func(g *analytics.Game) string { return show.Scores(g) }},
	{Head: "result", Text: func(g *analytics.Game) string { return g.Result }},
	{Head: "winner", Text: func(g *analytics.Game) string { return g.Winner }},
	{Head: "turns", Text: func(g *analytics.Game) string { return strconv.Itoa(g.Turns) }},
}

func (gw *gameWriter) write(g *analytics.Game) error {
	switch {
	case gw.enc != nil:
		return gw.enc.Encode(g)
	case gw.csv != nil:
		gw.wrote = true
		return gw.csv.Row(table.Cells(table.CSV, selectFields, g)...)
	}
	if g.Record == "" {
		return fmt.Errorf("game %d (%s game %d) was stored before records were kept: ingest its file again, or choose --json or --csv", g.GID, g.File, g.Index)
	}
	if gw.wrote {
		if _, err := io.WriteString(gw.w, "\n"); err != nil {
			return err
		}
	}
	gw.wrote = true
	_, err := io.WriteString(gw.w, g.Record)
	return err
}

func (gw *gameWriter) close() error {
	if gw.csv != nil && gw.wrote { // no game, no header
		return gw.csv.Flush()
	}
	return nil
}
