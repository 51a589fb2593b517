// Package demo makes what towerlog demo shows: a sample archive of
// generated games, the database they are stored in and the reports of
// the archive and of one game, all in one directory that it marks as its
// own (Marker) and never writes into one it did not make.
//
//	res, err := demo.Run(ctx, "towerlog-demo", demo.Options{Games: 300})
//	if err != nil {
//		return err
//	}
//	fmt.Println("open", res.Report)
package demo
