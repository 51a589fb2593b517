// Package report builds self-contained HTML reports: the archive report of
// the games a filter selects in the store (package analytics), and the
// report of one replayed game with its board after every turn.
//
// Pages are rendered with html/template. Chart options are built with
// go-echarts and passed to the page as data; the ECharts library, the
// stylesheet and the script, which the site shares (package
// internal/htmlpage), are inlined, so a report opens offline, and player names from
// untrusted records stay text. The archive report lays out the answers of
// a selection of the store (analytics.Selection), which computes every
// figure in SQL: the package holds no SQL of its own. The page's size
// depends on the number of players shown, which is bounded, and not on
// the number of games. What it shows of single games, the score race
// and tower heights of the latest games, is bounded too (2,000 games),
// and read and drawn 100 games at a time, so that its memory does not
// grow with the archive either. An event's standings are ranked by the
// store and read one player's games at a time, with a column for the last 50
// rounds only.
//
// The package reads the store and is never imported by it.
//
//	s, err := analytics.Open(ctx, "towerlog.db")
//	if err != nil {
//		return err
//	}
//	defer s.Close()
//	f, err := os.Create("report.html")
//	if err != nil {
//		return err
//	}
//	defer f.Close()
//	return report.WriteArchive(ctx, f, s, filter.Filter{Players: []string{"Anna"}})
package report
