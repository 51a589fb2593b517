// Package format is the one place that knows the files towerlog reads:
// CGN records, JCloisterZone saves, BoardGameArena table logs, lists of
// CarcassonneLab links (a text file of links, a CSV with a URL column)
// and single links. It recognises each by its content, whatever its name
// (Detect), checks it against the limit of its kind, and loads game k of
// any of them (LoadGame), every game for a replay.Run (Loaders), or the
// games of another program as records with their warnings (Import).
//
// Every command reads its inputs through it:
//
//	in, err := format.Expand(args) // directories stand for their .cgn and .jcz files
//	for _, e := range in.Refused {
//		fmt.Fprintln(os.Stderr, e) // a file of no game format, or past its limit
//	}
//	err = replay.Run(ctx, in.Files, replay.RunOptions{Loaders: format.Loaders()}, emit)
//
// A refused input is a typed error: *NoFormatError for a file that holds
// no game format, *EmptyError for a directory without a game file,
// *record.TooLargeError for one past the limit of its kind (Kind.Limit);
// any other error is one of reading (a path that does not exist).
//
// format joins the readers: it imports replay, jcz and bga, which never
// import it.
package format
