package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/analytics"
)

func newCheckCmd() *cobra.Command {
	var db string
	cmd := &cobra.Command{
		Use:   "check [--db FILE]",
		Short: "Check that a database is sound: its file, its indexes and every game's rows",
		Long: `check reads the whole database and says whether it can be trusted: first
SQLite's own checks (integrity_check: every page, and every index against
its table; foreign_key_check: every row of a game refers to a stored
game), then towerlog's: each game has as many players rows as seats and
as many turns rows as turns, each player's score is the sum of their
scorings and ransoms, each game's towers are those its floors make, and
each game's record reads back against its rows.
A damaged index can make the other commands answer wrongly without an
error: check after a crash of the disk or the machine, and before a
backup. check writes nothing.

It prints "DB: sound" with the games checked, or each problem found (at
most 20 of each check), one a line after the database's name. See
docs/schema.md, "Backups and checks".

Exit status: 0 when the database is sound, 1 when something is wrong, 2
on usage or I/O errors (a file that is not a towerlog database).`,
		Example: `  towerlog check
  towerlog check --db club.db`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCheck(cmd, db)
		},
	}
	cmd.Flags().StringVar(&db, "db", defaultDB, "database file")
	return cmd
}

func runCheck(cmd *cobra.Command, db string) error {
	s, err := openExisting(cmd.Context(), db)
	if analytics.Damaged(err) {
		return &exitError{exitInvalid, &analytics.ReadError{Path: db, Err: err}}
	}
	if err != nil {
		return &exitError{exitUsage, err}
	}
	defer s.Close()
	r, err := s.Check(cmd.Context())
	if err != nil {
		return storeError(db, err)
	}
	out := cmd.OutOrStdout()
	for _, p := range r.Problems {
		if err := say(out, "%s: %s\n", db, p); err != nil {
			return err
		}
	}
	if len(r.Problems) > 0 {
		return &exitError{exitInvalid, fmt.Errorf("%s is not sound: restore it from a backup, or ingest its files into a new database", db)}
	}
	return say(out, "%s: sound (%s, %s)\n", db, count(r.Games, "game"), count(r.Invalid, "failed record"))
}
