package analytics

import (
	"reflect"
	"strings"
)

// The tables of the store, one Go type per row: the type's fields, in
// order, are the table's columns, each named by its `col` tag. A nullable
// column is a pointer field (nil for NULL). The migrations create the
// tables with these columns (a test checks that they agree), the writer
// inserts rows of these types, and docs/schema.md documents them.
//
// Values are those of the notation: tile ids as CGN writes them ("U",
// "T05"), rotations in degrees, features and actions as words. Seats
// count from 0 in the order of the Players tag. Game is games.gid, the key
// of a game inside one database.

// GameRow is a row of games: one valid game.
type GameRow struct {
	GID    int64   `col:"gid"`
	ID     string  `col:"id"`   // SHA-256 of the canonical record, hex
	File   string  `col:"file"` // the file it was first read from
	Index  int64   `col:"idx"`  // its position there, from 1
	Event  *string `col:"event"`
	Site   *string `col:"site"`
	Date   *string `col:"date"` // YYYY-MM-DD, 00 for an unknown month or day
	Round  *string `col:"round"`
	Rules  string  `col:"rules"` // as the Rules tag writes them
	Seats  int64   `col:"seats"`
	Result *string `col:"result"` // the engine's: final scores ("96-70") when finished, else "*"
	Winner *string `col:"winner"` // nil when unfinished or first place is shared
	Turns  int64   `col:"turns"`
	// Finished is 1 when the engine played the game to its end and
	// scored it (every tile played, final scoring done), 0 when not.
	Finished int64   `col:"finished"`
	Record   *string `col:"record"` // the record in canonical CGN, annotations included (compressed in the database against the game's rows: RecordReader)
}

// PlayerRow is a row of players: one seat of a game.
type PlayerRow struct {
	Game   int64   `col:"game"`
	Seat   int64   `col:"seat"`
	Name   string  `col:"name"` // in Unicode normal form C
	Colour *string `col:"colour"`
	Score  int64   `col:"score"` // final score, ransoms included
	Rank   int64   `col:"rank"`  // 1 for the winner(s); equal scores share a rank; 0 when unfinished
	// The figures below are computed once, at ingest, from the game's
	// rows of the other tables (PlayerFigures), so that the statistics
	// over many games sum one row a seat.
	//
	// Margin is the score minus the best score of the others; 0 in a
	// game of one player.
	Margin int64 `col:"margin"`
	// Points from each kind of feature, during play and at the end,
	// ransoms apart.
	CityPoints     int64 `col:"city_points"`
	RoadPoints     int64 `col:"road_points"`
	CloisterPoints int64 `col:"cloister_points"`
	FieldPoints    int64 `col:"field_points"`
	// Captures by towers: of opponents' figures by the player's towers,
	// of the player's figures by opponents' towers, and of the player's
	// own figures by the player's towers.
	CapturesMade     int64 `col:"captures_made"`
	CapturesSuffered int64 `col:"captures_suffered"`
	OwnTakenBack     int64 `col:"own_taken_back"`
	RansomsPaid      int64 `col:"ransoms_paid"`     // points paid to free the player's figures
	RansomsReceived  int64 `col:"ransoms_received"` // points received for prisoners the player held
	FloorsBuilt      int64 `col:"floors_built"`
	// The phantom (rules with the Phantom): phantoms placed on each kind
	// of feature of a tile and on top of a tower, as the turn's figure or
	// its second; of them, as the second; points of the scorings the
	// phantom took part in; the player's phantom captured by another
	// player's tower (lost), other players' phantoms captured by the
	// player's towers (taken), bought back and back by an exchange.
	PhantomCity      int64 `col:"phantom_city"`
	PhantomRoad      int64 `col:"phantom_road"`
	PhantomCloister  int64 `col:"phantom_cloister"`
	PhantomField     int64 `col:"phantom_field"`
	PhantomTower     int64 `col:"phantom_tower"`
	PhantomSecond    int64 `col:"phantom_second"`
	PhantomPoints    int64 `col:"phantom_points"`
	PhantomLost      int64 `col:"phantom_lost"`
	PhantomTaken     int64 `col:"phantom_taken"`
	PhantomRansomed  int64 `col:"phantom_ransomed"`
	PhantomExchanged int64 `col:"phantom_exchanged"`
	// The luck of a game whose record carries it (towerlog luck -o),
	// NULL otherwise: the seat's luck, the sum of its turns', and its
	// luck-adjusted margin (luck.AdjustedMargins), in tenths of a point
	// (fillLuck in analytics/luck.go).
	LuckTenths           *int64 `col:"luck_tenths"`
	AdjustedMarginTenths *int64 `col:"adjusted_margin_tenths"`
}

// TurnRow is a row of turns: one turn of a game.
type TurnRow struct {
	Game     int64   `col:"game"`
	Turn     int64   `col:"turn"`
	Seat     int64   `col:"seat"`
	Tile     *string `col:"tile"`     // nil when every drawn tile was discarded
	X        *int64  `col:"x"`        // where the tile went, nil when none was placed
	Y        *int64  `col:"y"`        //
	Rotation *int64  `col:"rotation"` // degrees clockwise: 0, 90, 180, 270
	Action   *string `col:"action"`   // follower, floor, tower-follower; nil when the turn placed nothing after its tile
	Feature  *string `col:"feature"`  // action follower: road, city, field or cloister
	TargetX  *int64  `col:"target_x"` // actions floor and tower-follower: the tower
	TargetY  *int64  `col:"target_y"` //
	Height   *int64  `col:"height"`   // action floor: the tower's height after it
	Phantom  int64   `col:"phantom"`  // actions follower and tower-follower: 1 when the figure is the phantom
}

// TowerRow is a row of towers: a tower that got a floor, as it stands at
// the end of its game. It is a figure of the game's floors (the turns rows
// with action floor), computed once, when the game is stored, so that the
// towers by height are counted without a scan of every turn.
type TowerRow struct {
	Game   int64 `col:"game"`
	X      int64 `col:"x"`      // the tower's square
	Y      int64 `col:"y"`      //
	Height int64 `col:"height"` // floors at the end of the game: the height after its highest floor
}

// SecondFigureRow is a row of second_figures: the figure a turn placed
// after its action, which only the phantom can be (rules with the
// Phantom).
type SecondFigureRow struct {
	Game    int64  `col:"game"`
	Turn    int64  `col:"turn"`
	Feature string `col:"feature"` // road, city, field or cloister of the new tile, or tower
	X       int64  `col:"x"`       // the new tile's square, or the tower's
	Y       int64  `col:"y"`       //
}

// ScoreRow is a row of scores: the points one player received from one
// scoring of a feature (a feature shared by several players gives a row
// to each, with the same seq).
type ScoreRow struct {
	Game     int64  `col:"game"`
	Seq      int64  `col:"seq"`
	Seat     int64  `col:"seat"`
	Turn     int64  `col:"turn"`
	Feature  string `col:"feature"` // road, city, field, cloister
	Size     int64  `col:"size"`
	Pennants int64  `col:"pennants"`
	Points   int64  `col:"points"`
	Final    int64  `col:"final"`   // 1 for the scoring at the end of the game
	Phantom  int64  `col:"phantom"` // 1 when the player's phantom stood on the feature
}

// CaptureRow is a row of captures: a follower taken by a tower.
type CaptureRow struct {
	Game     int64  `col:"game"`
	Seq      int64  `col:"seq"`
	Turn     int64  `col:"turn"`
	Captor   int64  `col:"captor"`
	Victim   int64  `col:"victim"`
	TowerX   int64  `col:"tower_x"`
	TowerY   int64  `col:"tower_y"`
	Height   int64  `col:"height"`
	Distance int64  `col:"distance"`
	VictimX  int64  `col:"victim_x"`
	VictimY  int64  `col:"victim_y"`
	StoodOn  string `col:"stood_on"` // road, city, field, cloister or tower
	Phantom  int64  `col:"phantom"`  // 1 when the victim's figure is the phantom
}

// ExchangeRow is a row of exchanges: two players each got a prisoner back.
type ExchangeRow struct {
	Game int64 `col:"game"`
	Seq  int64 `col:"seq"`
	Turn int64 `col:"turn"`
	A    int64 `col:"a"`
	B    int64 `col:"b"`
	// APhantom and BPhantom are 1 when the figure A, B got back is the
	// phantom.
	APhantom int64 `col:"a_phantom"`
	BPhantom int64 `col:"b_phantom"`
}

// RansomRow is a row of ransoms: a prisoner bought back.
type RansomRow struct {
	Game    int64 `col:"game"`
	Seq     int64 `col:"seq"`
	Turn    int64 `col:"turn"`
	Payer   int64 `col:"payer"`
	Payee   int64 `col:"payee"`
	Points  int64 `col:"points"`
	Phantom int64 `col:"phantom"` // 1 when the figure bought back is the phantom
}

// DiscardRow is a row of discards: a drawn tile that fitted nowhere.
type DiscardRow struct {
	Game int64  `col:"game"`
	Seq  int64  `col:"seq"`
	Turn int64  `col:"turn"`
	Seat int64  `col:"seat"`
	Tile string `col:"tile"`
}

// InvalidGameRow is a row of invalid_games: a game that failed validation.
type InvalidGameRow struct {
	ID      string  `col:"id"`
	File    string  `col:"file"`
	Index   int64   `col:"idx"`
	Event   *string `col:"event"`
	Players *string `col:"players"`
	Errors  int64   `col:"errors"`
}

// DiagnosticRow is a row of diagnostics: what is wrong with an invalid
// game.
type DiagnosticRow struct {
	Game     string  `col:"game"` // invalid_games.id
	Seq      int64   `col:"seq"`
	Code     string  `col:"code"`
	Severity string  `col:"severity"`
	File     *string `col:"file"`
	Line     *int64  `col:"line"`
	Col      *int64  `col:"col"`
	Turn     *int64  `col:"turn"`
	Player   *string `col:"player"`
	Message  string  `col:"message"`
}

// A Table is one table of the store and the type of its rows.
type Table struct {
	Name    string
	Columns []string     // in the order of Row's fields
	Row     reflect.Type // GameRow, PlayerRow, ...
}

// Tables lists the tables the ingest writes, parents before children.
var Tables = [...]Table{
	newTable("games", GameRow{}),
	newTable("players", PlayerRow{}),
	newTable("turns", TurnRow{}),
	newTable("towers", TowerRow{}),
	newTable("second_figures", SecondFigureRow{}),
	newTable("scores", ScoreRow{}),
	newTable("captures", CaptureRow{}),
	newTable("exchanges", ExchangeRow{}),
	newTable("ransoms", RansomRow{}),
	newTable("discards", DiscardRow{}),
	newTable("invalid_games", InvalidGameRow{}),
	newTable("diagnostics", DiagnosticRow{}),
}

func newTable(name string, row any) Table {
	t := Table{Name: name, Row: reflect.TypeOf(row)}
	for i := range t.Row.NumField() {
		t.Columns = append(t.Columns, t.Row.Field(i).Tag.Get("col"))
	}
	return t
}

// insertSQL is the INSERT statement of n rows: "INSERT INTO t (a, b)
// VALUES (?,?),(?,?)". Only the table's name and columns, constants of
// this package, and counts of placeholders go into it.
func (t *Table) insertSQL(n int) string {
	row := "(" + placeholders(len(t.Columns)) + ")"
	return "INSERT INTO " + t.Name + " (" + strings.Join(t.Columns, ", ") + ") VALUES " +
		strings.TrimSuffix(strings.Repeat(row+",", n), ",")
}

// A row is a row of one of Tables.
type row interface {
	// args appends the row's values in column order, NULL as nil: what
	// database/sql binds (but for games.record, given as text: the writer
	// compresses it, see newPending). A test checks them against the
	// fields.
	args([]any) []any
}

func (r *GameRow) args(a []any) []any {
	return append(a, r.GID, r.ID, r.File, r.Index, str(r.Event), str(r.Site), str(r.Date), str(r.Round),
		r.Rules, r.Seats, str(r.Result), str(r.Winner), r.Turns, r.Finished, str(r.Record))
}

func (r *PlayerRow) args(a []any) []any {
	return append(a, r.Game, r.Seat, r.Name, str(r.Colour), r.Score, r.Rank, r.Margin,
		r.CityPoints, r.RoadPoints, r.CloisterPoints, r.FieldPoints,
		r.CapturesMade, r.CapturesSuffered, r.OwnTakenBack, r.RansomsPaid, r.RansomsReceived, r.FloorsBuilt,
		r.PhantomCity, r.PhantomRoad, r.PhantomCloister, r.PhantomField, r.PhantomTower, r.PhantomSecond,
		r.PhantomPoints, r.PhantomLost, r.PhantomTaken, r.PhantomRansomed, r.PhantomExchanged,
		num(r.LuckTenths), num(r.AdjustedMarginTenths))
}

func (r *TurnRow) args(a []any) []any {
	return append(a, r.Game, r.Turn, r.Seat, str(r.Tile), num(r.X), num(r.Y), num(r.Rotation), str(r.Action),
		str(r.Feature), num(r.TargetX), num(r.TargetY), num(r.Height), r.Phantom)
}

func (r *TowerRow) args(a []any) []any { return append(a, r.Game, r.X, r.Y, r.Height) }

func (r *SecondFigureRow) args(a []any) []any {
	return append(a, r.Game, r.Turn, r.Feature, r.X, r.Y)
}

func (r *ScoreRow) args(a []any) []any {
	return append(a, r.Game, r.Seq, r.Seat, r.Turn, r.Feature, r.Size, r.Pennants, r.Points, r.Final, r.Phantom)
}

func (r *CaptureRow) args(a []any) []any {
	return append(a, r.Game, r.Seq, r.Turn, r.Captor, r.Victim, r.TowerX, r.TowerY, r.Height, r.Distance,
		r.VictimX, r.VictimY, r.StoodOn, r.Phantom)
}

func (r *ExchangeRow) args(a []any) []any {
	return append(a, r.Game, r.Seq, r.Turn, r.A, r.B, r.APhantom, r.BPhantom)
}

func (r *RansomRow) args(a []any) []any {
	return append(a, r.Game, r.Seq, r.Turn, r.Payer, r.Payee, r.Points, r.Phantom)
}

func (r *DiscardRow) args(a []any) []any { return append(a, r.Game, r.Seq, r.Turn, r.Seat, r.Tile) }

func (r *InvalidGameRow) args(a []any) []any {
	return append(a, r.ID, r.File, r.Index, str(r.Event), str(r.Players), r.Errors)
}

func (r *DiagnosticRow) args(a []any) []any {
	return append(a, r.Game, r.Seq, r.Code, r.Severity, str(r.File), num(r.Line), num(r.Col), num(r.Turn),
		str(r.Player), r.Message)
}

// str and num give a nullable column's value: nil for NULL.
func str(p *string) any {
	if p == nil {
		return nil
	}
	return *p
}

func num(p *int64) any {
	if p == nil {
		return nil
	}
	return *p
}

// ptr returns a pointer to v, for the nullable columns.
func ptr[T any](v T) *T { return &v }
