// Package bga reads the games of BoardGameArena (BGA), where most online
// Carcassonne is played, and writes CarcassonneLab replay links, the form
// in which its players share them.
//
// Import reads a BGA table log (JSON in any of the shapes BGA and its
// tools save: the archive endpoint's answer, the older data.valid/data.data,
// a bare list of packets, a replay page's g_gamelogs line) and returns the
// game as a CGN record, replayed by the engine on the way: every
// winPoints of the log must equal the points the engine gives at that
// turn, and BGA's final scores the engine's. ParseLink and ImportLink read
// a CarcassonneLab link; ReadLinks a text file of links or a CSV with a
// URL column, whose other columns give the tags. A table that stops before
// the end of the game is imported unfinished with a Warning; a log of an
// expansion or of another game is refused as Unsupported; a broken log or
// link is an *Error naming the packet, the line and column, or the
// character. ExportLink writes the link of a base game.
//
// Loader makes replay.Run read these files, recognised by their content
// (Sniff); package format chooses it, with the other formats, for every
// command.
//
//	rg, warnings, err := bga.ImportLink(link, "", "", nil)
//	if err != nil {
//		return err // e.g. character 39: '*' is not a character of the tiles
//	}
//	_ = record.Format(os.Stdout, rg)
package bga
