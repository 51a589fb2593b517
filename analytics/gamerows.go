package analytics

import "github.com/towerlog/towerlog/replay"

// GameRows are the rows one replayed game adds to the tables, built as
// the ingest builds them, for writers of other formats. A valid game has
// rows in games and its child tables, an invalid one in invalid_games and
// diagnostics. The rows' Game is 0 until SetGame gives the game its key.
type GameRows struct{ r *gameRows }

// NewGameRows turns a replayed game into rows.
func NewGameRows(g *replay.Game) GameRows { return GameRows{newRows(g)} }

// Valid reports whether the game is valid.
func (r GameRows) Valid() bool { return r.r.valid }

// ID is the key the game is known by: games.id or invalid_games.id.
func (r GameRows) ID() string { return r.r.id() }

// SetGame gives every row of a valid game the game's key, gid.
func (r GameRows) SetGame(gid int64) { r.r.setGame(gid) }

// The rows of each table; the slices belong to r.

func (r GameRows) Game() GameRow                { return r.r.game }
func (r GameRows) Players() []PlayerRow         { return r.r.players }
func (r GameRows) Turns() []TurnRow             { return r.r.turns }
func (r GameRows) Scores() []ScoreRow           { return r.r.scores }
func (r GameRows) Captures() []CaptureRow       { return r.r.captures }
func (r GameRows) Exchanges() []ExchangeRow     { return r.r.exchanges }
func (r GameRows) Ransoms() []RansomRow         { return r.r.ransoms }
func (r GameRows) Discards() []DiscardRow       { return r.r.discards }
func (r GameRows) Invalid() InvalidGameRow      { return r.r.invalid }
func (r GameRows) Diagnostics() []DiagnosticRow { return r.r.diags }
