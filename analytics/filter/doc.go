// Package filter chooses games: the games of the archive report, of the
// player statistics and standings, and of towerlog select.
//
// A Filter selects stored games in SQL (Where, a condition on the games
// table of the store, aliased g) and replayed games in Go (Match), with
// the same meaning. Both, Check, Describe and the command line's filter
// flags come from one table, Fields: a new filter is one entry there.
// Errors (*Error, *NoGamesError) name the fields of the table, which
// callers may word as they like (Error.Text, NoGamesError.Text); a
// NoGamesError holds, for each name that no game knows, the known names
// nearest to it (Hints, from a Known).
//
// The package reads games through engine, record and replay; the store
// (package analytics) imports it, never the reverse.
//
//	f := filter.Filter{Players: []string{"Anna"}, Since: "2025"}
//	if err := f.Check(); err != nil {
//		return err // a *filter.Error: since "2025-13": want a date as YYYY-MM-DD
//	}
//	where, args, err := f.Where()
//	if err != nil {
//		return err
//	}
//	rows, err := db.QueryContext(ctx, `SELECT g.gid FROM games g WHERE `+where, args...)
package filter
