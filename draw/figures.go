package draw

import (
	"fmt"
	"strings"

	"github.com/towerlog/towerlog/engine"
)

// held lists what player holder keeps in prison, one entry per owner in
// seat order, owners named by names: "2 of Bruno". In a game with the
// Phantom an entry tells followers from the phantom: "1 follower of
// Bruno", "the phantom of Bruno", "2 followers and the phantom of Bruno".
func held(g *engine.Game, holder int, names []string) []string {
	var out []string
	for o, name := range names {
		n := g.Prisoners(holder, o)
		if n == 0 {
			continue
		}
		if !g.Rules().Phantom {
			out = append(out, fmt.Sprintf("%d of %s", n, name))
			continue
		}
		var what []string
		ph := g.Phantom(o)
		if ph.Where == engine.PhantomInPrison && ph.Holder == holder {
			n--
		}
		if n > 0 {
			what = append(what, plural(n, "follower"))
		}
		if n < g.Prisoners(holder, o) {
			what = append(what, "the phantom")
		}
		out = append(out, strings.Join(what, " and ")+" of "+name)
	}
	return out
}

// phantomPlace says where player p's phantom is ("phantom in supply",
// "phantom on the board", "phantom held by Bruno"), and is empty in a
// game without the Phantom.
func phantomPlace(g *engine.Game, p int, names []string) string {
	ph := g.Phantom(p)
	switch ph.Where {
	case engine.PhantomInSupply:
		return "phantom in supply"
	case engine.PhantomOnBoard:
		return "phantom on the board"
	case engine.PhantomInPrison:
		if ph.Holder >= 0 && ph.Holder < len(names) {
			return "phantom held by " + names[ph.Holder]
		}
		return "phantom in prison"
	}
	return ""
}

// guardedByPhantom reports whether the guard of tower tw is its player's
// phantom.
func guardedByPhantom(g *engine.Game, tw engine.TowerInfo) bool {
	if tw.Guard < 0 || !g.Rules().Phantom {
		return false
	}
	ph := g.Phantom(tw.Guard)
	return ph.Where == engine.PhantomOnBoard && ph.Spot.Kind == engine.FeatureTower && ph.Pos == tw.Pos
}
