// Package identity says when two records are the same game, whatever
// their spelling, and how the annotations of two copies of one game
// combine. Of gives a replayed game's identity: the SHA-256 of what was
// played as the engine sees it (setup and moves), so that a record, its
// canonical form, its JCloisterZone copy and a re-annotated copy share
// it. Merge combines a stored copy's annotations with another copy's.
//
//	g := replay.Replay("final.cgn", 1, rg, replay.Options{})
//	id := identity.Of(g)
//	merged, changes := identity.Merge(stored, copy, false)
package identity
