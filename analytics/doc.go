// Package analytics is the store: it keeps replayed games of Carcassonne
// with The Tower in an embedded SQLite database and answers the queries
// behind towerlog select, games, stats and standings.
//
// The schema (documented in docs/schema.md) is created and updated by
// migrations embedded in the package and listed in order in one table
// (schema, in migrations.go: each SQL file beside the Go step that
// replays stored records when SQL alone cannot), each applied in a
// transaction when a Store is opened for writing (Open); OpenReadOnly opens a database for
// reading only, writing nothing to it or beside it. Its tables hold the notation's values in plain
// columns; the row of each is a Go type (GameRow, TurnRow, ...), and
// Tables lists them with their columns.
//
// Ingest replays CGN files on every core and writes them from one
// goroutine, through database/sql, in large transactions of whole games:
// a game is stored once whatever the number of times it is ingested (its
// id is its identity (identity.Of, package analytics/identity), the SHA-256 of what was played as the engine sees
// it; the annotations of its copies are merged), and an ingest stopped at
// any moment leaves a consistent database that the next ingest
// completes. Games that fail validation are kept apart with their
// diagnostics and never enter the statistics.
//
// The games of the queries are chosen by a filter.Filter (package
// analytics/filter, which the store imports and which never imports
// it); the filter gives the SQL condition on the stored games, and
// a filter that selects nothing is a *filter.NoGamesError with the hints
// of the names the store knows (KnownNames).
//
// The package is the only one that speaks SQL: every other package asks
// it questions and gets Go values. A Selection (Store.Select) holds the
// games a filter selects and answers the archive report's questions
// (Summary, PlayerFigures, CaptureReach, CaptorVictim, RansomFlows,
// TowerHeights, Records, PhantomTally, Latest, Courses), each query a
// named constant of selection.go; ScanTable and ScanGameTable read a
// table's rows as its row type, and a GameSet is a set of games on disk.
//
// The package holds the store alone. The HTML reports are the package
// report, which lays out pages from a Selection's answers and
// is never imported by the store; analytics/parquetdir writes the store's
// row types as Parquet, read with ScanTable; the demo is the package demo.
//
//	s, err := analytics.Open(ctx, "towerlog.db")
//	if err != nil {
//		return err
//	}
//	defer s.Close()
//	st, err := s.Ingest(ctx, []string{"games/"}, analytics.IngestOptions{})
//	if err != nil {
//		return err
//	}
//	fmt.Printf("%d added, %d already present, %d invalid\n", st.Added, st.Present, st.Invalid)
//	stats, err := s.PlayerStatistics(ctx, filter.Filter{Event: "Club 2025"})
package analytics
