// Package site writes the static website of an archive: an index, a page
// per event, per player and per game, the games' records, and one
// stylesheet and one script that every page shares (docs/site.md): the
// report's (package internal/htmlpage), with the site's additions. It
// reads the store (package analytics) and the ratings (package rating),
// one game at a time for the game pages, which are made on every core;
// it writes only into a directory it made or one marked as a site, and
// only the files whose content changed.
//
//	st, err := site.Write(ctx, s, "club-site", site.Options{})
//	if err != nil {
//		return err
//	}
//	fmt.Printf("%d files written, %d unchanged\n", st.Written, st.Unchanged)
package site
