// Package rating rates players by Glicko-2 (Glickman, "Example of the
// Glicko-2 system", 2013) from the finished games of the store: each game
// of 2 to 6 players gives each player a result against everyone else at
// the table, and the games of one date and round are one rating period.
// The site, the archive report and stats --rating show the same ratings.
//
//	l, err := rating.FromStore(ctx, s, filter.Filter{Event: "Spring league"})
//	if err != nil {
//		return err
//	}
//	for _, p := range l.Players() {
//		fmt.Printf("%d %s %.0f ± %.0f\n", p.Rank, p.Name, p.R, 2*p.RD)
//	}
package rating
