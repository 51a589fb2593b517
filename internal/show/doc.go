// Package show writes the values the store answers as the text people
// read: a place ("2nd"), a margin with its sign ("+3"), a player's games
// of a round ("1st 57"), a head-to-head record ("2-1-1"), and the
// standings of an event as the rows of a table, a crosstable or one line
// of JSON. The store (package analytics) computes every figure; the
// command line, the report and the site draw them through this package,
// so that a figure reads the same everywhere.
//
//	st, err := store.EventSummary(ctx, f)
//	head, rows := show.Crosstable(st)
package show
