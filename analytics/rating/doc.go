// Package rating rates players by Glicko-2 (Glickman, "Example of the
// Glicko-2 system", 2013) from finished games: each game of 2 to 6
// players gives each player a result against everyone else at the table,
// and the games of one date and round are one rating period. It knows
// nothing of the store: analytics.Store.Ladder rates the stored games.
// The site, the archive report and stats --rating show the same ratings.
//
//	l := rating.NewLadder()
//	l.Add(rating.Game{Date: "2025-03-01", Round: "1", Seats: []rating.Seat{{"Anna", 1}, {"Bruno", 2}}})
//	for _, p := range l.Players() {
//		fmt.Printf("%d %s %.0f ± %.0f\n", p.Rank, p.Name, p.R, 2*p.RD)
//	}
//
// A ladder's State is what it needs to take more games later: Restore
// gives the ladder back, so that a stored state continues with the
// games of later periods alone.
package rating
