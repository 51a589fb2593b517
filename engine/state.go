package engine

// Rules returns the rules the game is played with.
func (g *Game) Rules() Rules { return g.rules }

// NumPlayers returns the number of players.
func (g *Game) NumPlayers() int { return g.nPlayers }

// Turn returns the number of the current turn, from 1. After the game is
// over it is one more than the number of turns played.
func (g *Game) Turn() int { return g.turn }

// Player returns the 0-based seat of the player whose turn it is.
func (g *Game) Player() int { return g.player }

// Phase returns the phase of the current turn.
func (g *Game) Phase() Phase { return g.phase }

// Over reports whether the game has ended and been finally scored.
func (g *Game) Over() bool { return g.phase == PhaseOver }

// Drawn returns the tile drawn this turn; valid in PhasePlace and after.
func (g *Game) Drawn() TileID { return g.drawn }

// Score returns player p's score.
func (g *Game) Score(p int) int { return g.score[p] }

// Scores returns every player's score in seat order.
func (g *Game) Scores() []int { return append([]int(nil), g.score[:g.nPlayers]...) }

// AppendScores appends every player's score in seat order to buf.
func (g *Game) AppendScores(buf []int) []int { return append(buf, g.score[:g.nPlayers]...) }

// Supply returns the number of followers player p has in supply.
func (g *Game) Supply(p int) int { return int(g.supply[p]) }

// Floors returns the number of tower floors player p has left.
func (g *Game) Floors(p int) int { return int(g.floors[p]) }

// Prisoners returns how many followers of owner the holder keeps captive,
// owner's phantom included (see Phantom).
func (g *Game) Prisoners(holder, owner int) int { return int(g.prisoners[holder][owner]) }

// TilesLeft returns the number of tiles still in the bag.
func (g *Game) TilesLeft() int { return g.bagLeft }

// BagCount returns how many tiles of type t are still in the bag.
func (g *Game) BagCount(t TileID) int { return int(g.bagCount[t]) }

// Events returns the events so far. The slice is the game's own: do not
// modify it.
func (g *Game) Events() []Event { return g.events }

// NumTiles returns the number of tiles on the board, the start tile included.
func (g *Game) NumTiles() int { return len(g.tiles) }

// PlacedTile is a tile on the board.
type PlacedTile struct {
	Tile TileID
	Pos  Pos
	Rot  Rotation
}

// Tiles returns the tiles on the board in the order they were placed.
func (g *Game) Tiles() []PlacedTile {
	out := make([]PlacedTile, len(g.tiles))
	for i, t := range g.tiles {
		out[i] = PlacedTile{t.tile, t.pos, t.rot}
	}
	return out
}

// TileAt returns the tile at p, if any.
func (g *Game) TileAt(p Pos) (PlacedTile, bool) {
	v := g.grid.get(p)
	if v < 0 {
		return PlacedTile{}, false
	}
	t := &g.tiles[v]
	return PlacedTile{t.tile, t.pos, t.rot}, true
}

// TowerInfo describes a tower (or a bare foundation, Height 0).
type TowerInfo struct {
	Pos    Pos
	Height int  // floors; 0 is a bare foundation
	Guard  int  // seat of the player whose follower stands on top, -1 for none
	Closed bool // no floor may be added
}

// Towers returns every foundation on the board, in placement order.
func (g *Game) Towers() []TowerInfo {
	out := make([]TowerInfo, len(g.towers))
	for i, tw := range g.towers {
		out[i] = TowerInfo{Pos: g.tiles[tw.tile].pos, Height: int(tw.height), Guard: int(tw.guard), Closed: tw.closed}
	}
	return out
}

// FollowerInfo is a follower on the board.
type FollowerInfo struct {
	Player  int
	Pos     Pos
	Spot    Spot // Kind FeatureTower for a follower on a tower
	Phantom bool // the figure is the player's phantom
}

// Followers returns every follower on the board, by player then follower,
// each player's phantom last.
func (g *Game) Followers() []FollowerInfo {
	var out []FollowerInfo
	for p := 0; p < g.nPlayers; p++ {
		figs := g.figures(p)
		for i := range figs {
			f := &figs[i]
			switch f.where {
			case onFeature:
				t := &g.tiles[f.tile]
				out = append(out, FollowerInfo{p, t.pos, t.orient().spot(int(g.nodes[f.node].seg)), i == phantomSlot})
			case onTower:
				out = append(out, FollowerInfo{p, g.tiles[f.tile].pos, Spot{Kind: FeatureTower}, i == phantomSlot})
			}
		}
	}
	return out
}

// Feature describes the whole feature a segment belongs to.
type Feature struct {
	Kind      FeatureKind
	Tiles     int  // distinct tiles
	Pennants  int  // cities
	Completed bool // roads, cities, cloisters
	Followers int
}

// FeatureAt describes the feature at spot s of the tile at p.
func (g *Game) FeatureAt(p Pos, s Spot) (Feature, bool) {
	v := g.grid.get(p)
	if v < 0 {
		return Feature{}, false
	}
	t := &g.tiles[v]
	seg := t.orient().find(s)
	if seg < 0 {
		return Feature{}, false
	}
	r := g.find(t.node + int32(seg))
	n := &g.nodes[r]
	f := Feature{Kind: n.kind, Pennants: int(n.pennants), Followers: int(n.occupied)}
	switch n.kind {
	case FeatureCloister:
		f.Tiles = 1 + int(t.nbrs)
		f.Completed = t.nbrs == 8
	case FeatureField:
		f.Tiles = g.distinctTiles(r)
	default:
		f.Tiles = g.distinctTiles(r)
		f.Completed = n.open == 0
	}
	return f, true
}

// Segments lists the spots of a tile type turned by r, in board
// orientation: cities, roads, fields, then the cloister.
func Segments(t TileID, r Rotation) []Spot {
	o := &orients[t][r&3]
	out := make([]Spot, len(o.segs))
	for i := range o.segs {
		out[i] = o.spot(i)
	}
	return out
}

// PlayerState is one player's part of a State.
type PlayerState struct {
	Score     int
	Followers int   // in supply
	Floors    int   // tower floors left
	Prisoners []int // Prisoners[o]: followers of player o held captive, phantoms included
	Phantom   PhantomInfo
}

// State is a comparable snapshot of a game, for tests and renderings.
type State struct {
	Turn      int
	Player    int
	Phase     Phase
	Players   []PlayerState
	Tiles     []PlacedTile
	Followers []FollowerInfo
	Towers    []TowerInfo
	Remaining int
}

// State returns a snapshot of the game.
func (g *Game) State() State {
	s := State{Turn: g.turn, Player: g.player, Phase: g.phase, Tiles: g.Tiles(), Followers: g.Followers(),
		Towers: g.Towers(), Remaining: g.bagLeft}
	for p := 0; p < g.nPlayers; p++ {
		ps := PlayerState{Score: g.score[p], Followers: int(g.supply[p]), Floors: int(g.floors[p]), Phantom: g.Phantom(p)}
		for o := 0; o < g.nPlayers; o++ {
			ps.Prisoners = append(ps.Prisoners, int(g.prisoners[p][o]))
		}
		s.Players = append(s.Players, ps)
	}
	return s
}
