package filter

import "github.com/towerlog/towerlog/replay"

// CountField makes a field of counts in a Range, for the tests in package
// filter_test that add a field to Fields: expr reads the count from the
// games table g, count from a replayed game.
func CountField(name, help, phrase string, value func(*Filter) *Range, expr string, count func(*replay.Game) int) Field {
	return countField(name, help, phrase, value, expr, func(g *gameView) int { return count(g.Game) })
}
