// Package generate writes seeded random legal games as CGN records: one
// game (Game), a numbered series to a stream or a directory (Series, what
// towerlog generate writes), or a club's archive over several files
// (Archive, what the demo and the benchmarks ingest). The engine's
// Generator chooses the moves; replay.Write turns them into a record. The
// same seed gives the same games, byte for byte.
//
//	s := generate.Series{Games: 10, MinPlayers: 2, MaxPlayers: 4, Seed: 1}
//	err := s.Write(os.Stdout)
package generate
