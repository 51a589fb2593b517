package bga

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// logStart matches the start of a table log's JSON: an object whose first
// key is "status", "data" or "channel", or a list of such objects.
var logStart = regexp.MustCompile(`^\[?\s*\{\s*"(status|data|channel)"`)

// gamelogs finds the packets of a saved replay page.
var gamelogs = regexp.MustCompile(`g_gamelogs\s*=\s*`)

// num is a number BGA writes as a number or as a string of one.
type num int

func (n *num) UnmarshalJSON(b []byte) error {
	s := string(b)
	if s == "null" {
		return nil
	}
	if u, err := strconv.Unquote(s); err == nil {
		s = u
	}
	v, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return fmt.Errorf("%s is not a number", b)
	}
	*n = num(v)
	return nil
}

type packet struct {
	Channel string         `json:"channel"`
	TableID num            `json:"table_id"`
	Time    num            `json:"time"`
	Data    []notification `json:"data"`
}

type notification struct {
	UID  string          `json:"uid"`
	Type string          `json:"type"`
	Log  string          `json:"log"`
	Args json.RawMessage `json:"args"`
}

// logFile is every shape of a saved log: the archive endpoint's answer
// (data.logs, data.players), the older data.valid/data.data, and BGA's
// refusal (status 0, error).
type logFile struct {
	Status json.RawMessage `json:"status"`
	Error  string          `json:"error"`
	Data   struct {
		Logs    []json.RawMessage `json:"logs"`
		Data    []json.RawMessage `json:"data"`
		Players []struct {
			ID    num    `json:"id"`
			Name  string `json:"name"`
			Color string `json:"color"`
		} `json:"players"`
	} `json:"data"`
}

// colourNames are the names of BGA's player colours.
var colourNames = map[string]string{
	"ff0000": "red", "0000ff": "blue", "008000": "green", "ffa500": "yellow", "000000": "black",
}

// expansionWords are words of the notification types of BGA's expansions
// (a pig or a big follower shows in playPartisan's ptype).
var expansionWords = []string{"abbey", "abbot", "dragon", "fairy", "portal", "princess", "trade", "builder", "cathedral"}

// Import replays the BoardGameArena table log data (named file in
// messages) and returns the game as a CGN record: Site (BoardGameArena
// table N), Date (the day the table started), Players with their
// colours, Rules "base", every turn with the engine's scores and a clock
// (the time since the first move), discards, and the Result. Every
// winPoints of the log must equal the points the engine gives in that
// turn, and BGA's final scores the engine's. A log that cannot be read is
// an *Error of Kind Unreadable naming the packet (counting from 1) or the
// line and column of broken JSON; a log of an expansion or of another
// game is Unsupported; a move the engine refuses or a score that differs
// is Invalid. A table that stops before the end of the game is imported
// unfinished with a Warning.
func Import(data []byte, file string) (*record.Game, []Warning, error) {
	packets, lf, err := decodeLog(data, file)
	if err != nil {
		return nil, nil, err
	}
	lr := &logReader{t: &table{file: file, tags: map[string]string{}, scores: true}, seats: map[int]int{}, seen: map[string]bool{}}
	if w, ok := invalidUTF8(data, file); ok {
		lr.t.notes = append(lr.t.notes, w)
	}
	if lf != nil {
		for _, p := range lf.Data.Players {
			lr.colours = append(lr.colours, playerColour{int(p.ID), p.Color})
		}
	}
	for i, raw := range packets {
		var p packet
		if err := json.Unmarshal(raw, &p); err != nil {
			return nil, nil, &Error{Place: Place{File: file, Where: fmt.Sprintf("packet %d", i+1)}, Kind: Unreadable, Msg: jsonReason(err)}
		}
		if err := lr.packet(&p, fmt.Sprintf("packet %d", i+1)); err != nil {
			return nil, nil, err
		}
	}
	if err := lr.finish(); err != nil {
		return nil, nil, err
	}
	return lr.t.record()
}

// invalidUTF8 is the warning of a log that holds bytes that are not
// UTF-8, which its reading replaces by U+FFFD (in a player's name, say),
// naming the first of them.
func invalidUTF8(data []byte, file string) (Warning, bool) {
	if utf8.Valid(data) {
		return Warning{}, false
	}
	first, n := -1, 0
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size == 1 {
			if first < 0 {
				first = i
			}
			n++
		}
		i += size
	}
	msg := fmt.Sprintf("byte 0x%02x is not UTF-8: replaced by U+FFFD", data[first])
	if n > 1 {
		msg = fmt.Sprintf("byte 0x%02x and %d more are not UTF-8: each replaced by U+FFFD", data[first], n-1)
	}
	return Warning{Place: Place{File: file, Where: lineColumn(data, int64(first))}, Msg: msg, repair: true}, true
}

// lineColumn spells the place of offset off of data: "line 3, column 7".
func lineColumn(data []byte, off int64) string {
	line := 1 + bytes.Count(data[:min(off, int64(len(data)))], []byte("\n"))
	col := off - int64(bytes.LastIndexByte(data[:min(off, int64(len(data)))], '\n'))
	return fmt.Sprintf("line %d, column %d", line, col)
}

// decodeLog finds the packets of a log in any of its shapes.
func decodeLog(data []byte, file string) ([]json.RawMessage, *logFile, error) {
	if loc := gamelogs.FindIndex(data); loc != nil {
		dec := json.NewDecoder(bytes.NewReader(data[loc[1]:]))
		var packets []json.RawMessage
		if err := dec.Decode(&packets); err != nil {
			return nil, nil, syntaxError(data, file, int64(loc[1]), err)
		}
		return packets, nil, nil
	}
	trimmed := bytes.TrimLeft(data, "\ufeff \t\r\n")
	if len(trimmed) > 0 && trimmed[0] == '[' {
		var packets []json.RawMessage
		if err := json.Unmarshal(data, &packets); err != nil {
			return nil, nil, syntaxError(data, file, 0, err)
		}
		return packets, nil, nil
	}
	var lf logFile
	if err := json.Unmarshal(data, &lf); err != nil {
		return nil, nil, syntaxError(data, file, 0, err)
	}
	if lf.Error != "" {
		return nil, nil, &Error{Place: Place{File: file}, Kind: Unreadable, Msg: fmt.Sprintf("BoardGameArena answered %q instead of a log", lf.Error)}
	}
	packets := lf.Data.Logs
	if packets == nil {
		packets = lf.Data.Data
	}
	if packets == nil {
		return nil, nil, &Error{Place: Place{File: file}, Kind: Unreadable, Msg: "no packets: neither data.logs nor data.data"}
	}
	return packets, &lf, nil
}

// syntaxError places a JSON error at its line and column (the offset of
// the decoded text in data is base).
func syntaxError(data []byte, file string, base int64, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	off := int64(-1)
	switch {
	case errors.As(err, &se):
		off = base + se.Offset
	case errors.As(err, &te):
		off = base + te.Offset
	case errors.Is(err, io.ErrUnexpectedEOF):
		off = int64(len(data))
	}
	where := ""
	if off >= 0 {
		where = lineColumn(data, off)
	}
	return &Error{Place: Place{File: file, Where: where}, Kind: Unreadable, Msg: "not a table log: " + jsonReason(err)}
}

// jsonReason is the reason of a JSON error without Go's type names.
func jsonReason(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field != "" {
			return fmt.Sprintf("%s is %s, not what a log holds there", te.Field, te.Value)
		}
		return fmt.Sprintf("found %s where a log holds something else", te.Value)
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

type playerColour struct {
	id     int
	colour string
}

// logReader gathers a table from a log's packets.
type logReader struct {
	t       *table
	seats   map[int]int // BGA player id → seat
	ids     []int       // by seat
	colours []playerColour
	seen    map[string]bool // notification uids read
	start   int             // the time of the first packet
	started bool
	// firstMove is the time of the first placement with a time: the
	// clocks' origin, so that a table that waited for its players (a
	// turn-based table is set up long before its first move) starts
	// its game at ~0:00. 0 until then.
	firstMove int
	pending   []drawn // discards before the next placement
	tiles     int     // placements read
	last      *play   // the latest placement
	lastID    int     // its physical tile id
	noClock   []noClock
	untimed   string // the first packet before the start without a time
}

// noClock is a placement whose packet gives no time after the table's
// start: its turn has no clock.
type noClock struct {
	where      string
	turn, time int
}

func (lr *logReader) packet(p *packet, where string) error {
	if !lr.started && p.Time <= 0 && lr.untimed == "" {
		lr.untimed = where
	}
	if !lr.started && p.Time > 0 {
		lr.start, lr.started = int(p.Time), true
		lr.t.tags["Date"] = time.Unix(int64(p.Time), 0).UTC().Format("2006.01.02")
	}
	if p.TableID > 0 {
		lr.t.tags["Site"] = fmt.Sprintf("BoardGameArena table %d", p.TableID)
	}
	for _, n := range p.Data {
		if n.UID != "" {
			if lr.seen[n.UID] {
				continue
			}
			lr.seen[n.UID] = true
		}
		if err := lr.notification(&n, p, where); err != nil {
			return err
		}
	}
	return nil
}

func (lr *logReader) fail(kind Kind, where, format string, args ...any) error {
	return &Error{Place: Place{File: lr.t.file, Where: where}, Kind: kind, Msg: fmt.Sprintf(format, args...)}
}

type tileArgs struct {
	PlayerID   num             `json:"player_id"`
	PlayerName string          `json:"player_name"`
	ID         num             `json:"id"`
	TileID     num             `json:"tile_id"`
	Type       json.RawMessage `json:"type"` // a number, or a feature's name in playPartisan
	TileType   num             `json:"tile_type"`
	X          num             `json:"x"`
	Y          num             `json:"y"`
	Ori        num             `json:"ori"`
	Pos        num             `json:"pos"`
	Ptype      string          `json:"ptype"`
	Points     num             `json:"points"`
	Score      num             `json:"score"`
}

func (lr *logReader) notification(n *notification, p *packet, where string) error {
	for _, w := range expansionWords {
		if strings.Contains(strings.ToLower(n.Type), w) {
			return lr.fail(Unsupported, where, "a %s notification: a game with an expansion, not the base game", n.Type)
		}
	}
	switch n.Type {
	case "playTile", "playPartisan", "cantPlay", "winPoints":
	case "gameStateChange":
		return lr.stateChange(n, where)
	default:
		return nil
	}
	var a tileArgs
	if err := json.Unmarshal(n.Args, &a); err != nil {
		return lr.fail(Unreadable, where, "%s: %s", n.Type, jsonReason(err))
	}
	switch n.Type {
	case "playTile":
		return lr.playTile(&a, p, where)
	case "playPartisan":
		return lr.playPartisan(&a, where)
	case "cantPlay":
		return lr.cantPlay(&a, where)
	}
	return lr.winPoints(&a, where)
}

// seat returns the seat of a player, seating a new one in the order of
// their first tile.
func (lr *logReader) seat(a *tileArgs, where string, add bool) (int, error) {
	id := int(a.PlayerID)
	if s, ok := lr.seats[id]; ok {
		return s, nil
	}
	if !add || lr.tiles > len(lr.ids) {
		return 0, lr.fail(Invalid, where, "player %d (%q) has not played a tile before", id, a.PlayerName)
	}
	if a.PlayerName == "" {
		return 0, lr.fail(Unreadable, where, "player %d has no player_name", id)
	}
	lr.seats[id] = len(lr.ids)
	lr.ids = append(lr.ids, id)
	lr.t.players = append(lr.t.players, replay.Player{Name: a.PlayerName})
	return lr.seats[id], nil
}

func (lr *logReader) tileType(t num, where string) (int, error) {
	if t < 1 || t > NumTypes {
		return 0, lr.fail(Unsupported, where, "tile type %d is not a tile of the base game (1 to %d)", t, NumTypes)
	}
	return int(t), nil
}

func (lr *logReader) playTile(a *tileArgs, p *packet, where string) error {
	seat, err := lr.seat(a, where, true)
	if err != nil {
		return err
	}
	var t num
	if err := t.UnmarshalJSON(a.Type); err != nil {
		return lr.fail(Unreadable, where, "playTile: type %s", err)
	}
	typ, err := lr.tileType(t, where)
	if err != nil {
		return err
	}
	if a.Ori < 1 || a.Ori > 4 {
		return lr.fail(Unreadable, where, "playTile: ori %d is not 1 to 4", a.Ori)
	}
	hasClock := lr.started && int(p.Time) >= max(lr.start, lr.firstMove)
	if !hasClock {
		lr.noClock = append(lr.noClock, noClock{where: where, turn: len(lr.t.turns) + 1, time: int(p.Time)})
	} else if lr.firstMove == 0 {
		lr.firstMove = int(p.Time)
	}
	lr.t.turns = append(lr.t.turns, play{where: where, discards: lr.pending, typ: typ, x: int(a.X), y: int(a.Y), ori: int(a.Ori), seat: seat,
		clock: time.Duration(int(p.Time)-lr.firstMove) * time.Second, hasClock: hasClock})
	lr.pending = nil
	lr.tiles++
	lr.last, lr.lastID = &lr.t.turns[len(lr.t.turns)-1], int(a.ID)
	return nil
}

func (lr *logReader) playPartisan(a *tileArgs, where string) error {
	if a.Ptype != "" && a.Ptype != "normal" {
		return lr.fail(Unsupported, where, "a follower of type %q: a game with an expansion, not the base game", a.Ptype)
	}
	l := lr.last
	if l == nil || l.pos != 0 || int(a.ID) != lr.lastID || int(a.X) != l.x || int(a.Y) != l.y {
		return lr.fail(Invalid, where, "playPartisan on tile %d at (%d,%d), not on the tile just placed", a.ID, a.X, a.Y)
	}
	if a.Pos < 1 || a.Pos > MaxPos {
		return lr.fail(Unreadable, where, "playPartisan: pos %d is not 1 to %d", a.Pos, MaxPos)
	}
	l.pos, l.posWhere = int(a.Pos), where
	return nil
}

func (lr *logReader) cantPlay(a *tileArgs, where string) error {
	seat, err := lr.seat(a, where, true)
	if err != nil {
		return err
	}
	var t num
	if a.Type != nil {
		if err := t.UnmarshalJSON(a.Type); err != nil {
			return lr.fail(Unreadable, where, "cantPlay: type %s", err)
		}
	}
	if t == 0 {
		t = a.TileType
	}
	if t == 0 {
		id := a.TileID
		if id == 0 {
			id = a.ID
		}
		t = num(typeOfID(int(id)))
	}
	typ, err := lr.tileType(t, where)
	if err != nil {
		return err
	}
	lr.pending = append(lr.pending, drawn{typ: typ, where: where, seat: seat})
	return nil
}

// typeCounts are how many tiles of each BGA type (1–24) the base game has.
var typeCounts = [NumTypes + 1]int{0, 1, 2, 3, 2, 3, 2, 1, 2, 2, 3, 5, 3, 3, 3, 4, 8, 9, 4, 1, 4, 2, 1, 3, 1}

// typeOfID returns the type of BGA's physical tile id (1–72), 0 for none.
func typeOfID(id int) int {
	for t := 1; t <= NumTypes; t++ {
		if id <= typeCounts[t] {
			if id >= 1 {
				return t
			}
			return 0
		}
		id -= typeCounts[t]
	}
	return 0
}

func (lr *logReader) winPoints(a *tileArgs, where string) error {
	seat, err := lr.seat(a, where, false)
	if err != nil {
		return err
	}
	if lr.last == nil {
		return lr.fail(Invalid, where, "winPoints before the first tile")
	}
	lr.last.points = append(lr.last.points, points{seat: seat, points: int(a.Points), score: int(a.Score), where: where})
	return nil
}

type stateArgs struct {
	ID   num             `json:"id"`
	Args json.RawMessage `json:"args"`
}

type endArgs struct {
	Result []struct {
		Player num    `json:"player"`
		Name   string `json:"name"`
		Score  num    `json:"score"`
		Color  string `json:"color"`
	} `json:"result"`
}

func (lr *logReader) stateChange(n *notification, where string) error {
	var a stateArgs
	if err := json.Unmarshal(n.Args, &a); err != nil {
		return lr.fail(Unreadable, where, "gameStateChange: %s", jsonReason(err))
	}
	if a.ID != 99 {
		return nil
	}
	var end endArgs
	if err := json.Unmarshal(a.Args, &end); err != nil {
		return lr.fail(Unreadable, where, "gameStateChange 99: %s", jsonReason(err))
	}
	final := make([]int, len(lr.ids))
	found := 0
	for _, r := range end.Result {
		lr.colours = append(lr.colours, playerColour{int(r.Player), r.Color})
		if s, ok := lr.seats[int(r.Player)]; ok {
			final[s] = int(r.Score)
			found++
		}
	}
	if found == len(lr.ids) && found > 0 {
		lr.t.final, lr.t.finalWhere = final, where
	}
	return nil
}

// finish checks what a log must hold and sets the players' colours.
func (lr *logReader) finish() error {
	if len(lr.t.turns) == 0 {
		return lr.fail(Unsupported, "", "no playTile: not a log of Carcassonne, or a table that never started")
	}
	lr.t.trailing, lr.pending = lr.pending, nil
	if lr.untimed != "" && lr.started {
		lr.t.notes = append(lr.t.notes, Warning{Place: Place{File: lr.t.file, Where: lr.untimed},
			Msg: "the packet has no time (0 or less): the table's start, its Date and the clocks are taken from the first packet with one", repair: true})
	}
	if nc := lr.noClock; len(nc) > 0 && lr.started {
		msg := fmt.Sprintf("the packet's time (%d) is not after the table's start (%d): turn %d has no clock", nc[0].time, lr.start, nc[0].turn)
		if len(nc) > 1 {
			msg += fmt.Sprintf(", nor have %d more turns", len(nc)-1)
		}
		lr.t.notes = append(lr.t.notes, Warning{Place: Place{File: lr.t.file, Where: nc[0].where}, Msg: msg, repair: true})
	}
	for _, c := range lr.colours {
		s, ok := lr.seats[c.id]
		if !ok || c.colour == "" || lr.t.players[s].Colour != "" {
			continue
		}
		colour := strings.TrimPrefix(strings.ToLower(c.colour), "#")
		if name, ok := colourNames[colour]; ok {
			colour = name
		} else {
			colour = "#" + colour
		}
		lr.t.players[s].Colour = colour
	}
	return nil
}
