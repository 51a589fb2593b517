package main

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/site"
)

type siteOptions struct {
	db     string
	out    string
	force  bool
	filter filterFlags
}

func newSiteCmd() *cobra.Command {
	var o siteOptions
	cmd := &cobra.Command{
		Use:   "site -o DIR",
		Short: "Write a static website of the archive: events, players, games and ratings",
		Long: `site writes a website of the database's games (the filters choose
them, as for report) into the directory DIR: index.html with the events,
the latest games, the rating list and the archive's figures; a page per
event (standings round by round, crosstable, each round's games), per
player (rating and its history, places, record against each opponent,
points by feature, captures, ransoms and floors, the Phantom, the review's
figures and accuracy over reviewed games, every game) and per game (the board with a
slider through the turns, the score race, the players' accuracy, the
chance of winning and the verdicts of a review the record carries, the record as CGN to download). The pages share site.css and site.js, and
open from the disk or any static web host, offline.

DIR is created, or must be empty or a site written before (it holds the
file .towerlog-site); any other directory is refused without --force.
Nothing outside DIR is written and no symbolic link is followed. A page
whose content has not changed is not written again, and a game page whose
record has not changed is not even rebuilt: after adding a round, running
site again writes only what changed. In a site written before, the pages
of games, players and events it wrote that are no longer selected (games
removed from the database, or left out by the filters) are removed with
the games' records, with the temporary files of a run killed outright; no
other file is. Everything is read in one snapshot of the database: a site
written while an ingest or a removal runs is that of the database before
it or after it, never of a mix (SQLite's -wal and -shm files appear beside
the database for it, where they can). Ratings are Glicko-2, counted from the
finished games ` + analytics.RatingOrder + ` (see docs/site.md).`,
		Example: `  towerlog site -o club-site
  towerlog site --db club.db --since 2025 -o club-site`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.out == "" {
				return &exitError{exitUsage, errors.New("-o DIR is needed: the directory to write the site into")}
			}
			return runSite(cmd, o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.db, "db", defaultDB, "database file")
	f.StringVarP(&o.out, "output", "o", "", "directory to write the site into")
	f.BoolVar(&o.force, "force", false, "write into a directory that holds other files")
	addFilterFlags(cmd, &o.filter)
	return cmd
}

func runSite(cmd *cobra.Command, o siteOptions) error {
	// Shared rather than immutable: the site is read in one snapshot
	// (see site.Write), which an ingest writing meanwhile cannot change.
	if err := mustExist(o.db); err != nil {
		return &exitError{exitUsage, err}
	}
	s, err := analytics.OpenShared(cmd.Context(), o.db)
	if err != nil {
		return &exitError{exitUsage, err}
	}
	defer s.Close()
	st, err := site.Write(cmd.Context(), s, o.out, site.Options{Filter: o.filter.filter(), Force: o.force})
	var notSite *site.NotSiteError
	var link *site.SymlinkError
	if errors.As(err, &notSite) || errors.As(err, &link) {
		return &exitError{exitUsage, err}
	}
	if err != nil {
		return selectionError(err)
	}
	return say(cmd.OutOrStdout(), "wrote %s: %d games, %d players, %d events; %d files written, %d unchanged, %d removed\n",
		o.out, st.Games, st.Players, st.Events, st.Written, st.Unchanged, st.Removed)
}
