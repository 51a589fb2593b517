package review

import (
	"fmt"
	"strings"

	"github.com/towerlog/towerlog/engine"
)

// Words says a turn's moves, played from before, in words, for a player
// who does not read CGN: "tile E at (1,-8), turned 0°, farmer on the
// field of 5 tiles", "tile K at (0,2), turned 90°, no follower". The
// feature a follower goes on is measured as the tile leaves it, before
// the turn's features score. players names the seats.
func Words(before *engine.Game, moves []engine.Move, players []string) (string, error) {
	g := before.Clone()
	var parts []string
	placed, figure := false, false
	for _, m := range moves {
		switch m.Kind {
		case engine.MoveRansom:
			parts = append(parts, fmt.Sprintf("buys a follower back from %s", name(players, m.Payee)))
		case engine.MoveDiscard:
			parts = append(parts, fmt.Sprintf("tile %s discarded", g.Drawn()))
		case engine.MovePlace:
			placed = true
			parts = append(parts, fmt.Sprintf("tile %s at %s, turned %d°", g.Drawn(), m.Pos, m.Rot.Degrees()))
		case engine.MoveCapture:
			parts = append(parts, captureWords(g, m, players))
		case engine.MoveFloor:
			parts = append(parts, fmt.Sprintf("a tower floor at %s", m.Pos))
		}
		if err := g.Apply(m); err != nil {
			return "", fmt.Errorf("review: turn %d: %w", before.Turn(), err)
		}
		switch m.Kind {
		case engine.MoveFollower:
			figure = true
			parts = append(parts, followerWords(g, m))
		case engine.MoveTowerFollower:
			figure = true
			parts = append(parts, phantomWord(m.Figure)+fmt.Sprintf("follower on the tower at %s", m.Pos))
		}
	}
	if placed && !figure {
		parts = append(parts, "no follower")
	}
	return strings.Join(parts, ", "), nil
}

// followerWords says where the follower m went on g, the game just after
// it: "knight in the city of 3 tiles", "monk in the cloister".
func followerWords(g *engine.Game, m engine.Move) string {
	f, _ := g.FeatureAt(g.Tiles()[g.NumTiles()-1].Pos, m.Spot)
	what := ""
	switch m.Spot.Kind {
	case engine.FeatureRoad:
		what = fmt.Sprintf("thief on the road of %s", tiles(f.Tiles))
	case engine.FeatureCity:
		what = fmt.Sprintf("knight in the city of %s", tiles(f.Tiles))
	case engine.FeatureField:
		what = fmt.Sprintf("farmer on the field of %s", tiles(f.Tiles))
	case engine.FeatureCloister:
		what = "monk in the cloister"
	default:
		what = "follower on " + m.Spot.String()
	}
	return phantomWord(m.Figure) + what
}

// captureWords says whose follower the capture m takes on g, the game
// before it: "captures Bob's knight at (2,0)".
func captureWords(g *engine.Game, m engine.Move, players []string) string {
	role := map[engine.FeatureKind]string{engine.FeatureRoad: "thief", engine.FeatureCity: "knight",
		engine.FeatureField: "farmer", engine.FeatureCloister: "monk", engine.FeatureTower: "follower on the tower"}[m.Spot.Kind]
	if role == "" {
		role = "follower"
	}
	for _, f := range g.Followers() {
		if f.Pos == m.Pos && f.Spot == m.Spot {
			return fmt.Sprintf("captures %s's %s at %s", name(players, f.Player), role, m.Pos)
		}
	}
	return fmt.Sprintf("captures the %s at %s", role, m.Pos)
}

func phantomWord(f engine.Figure) string {
	if f == engine.FigurePhantom {
		return "phantom as "
	}
	return ""
}

// tiles spells a number of tiles: "1 tile", "3 tiles".
func tiles(n int) string {
	if n == 1 {
		return "1 tile"
	}
	return fmt.Sprintf("%d tiles", n)
}

func name(players []string, p int) string {
	if p >= 0 && p < len(players) {
		return players[p]
	}
	return fmt.Sprintf("player %d", p+1)
}
