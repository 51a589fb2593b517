package bga

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/replay"
)

// The log of BGA table 366166200 (testdata/bga/README.md): BGA's final
// scores, in its gameStateChange 99, are KokiYamaguchi 96, Kithara 70.
const testLog = "../testdata/bga/366166200.json"

func readLog(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(testLog)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// logPackets returns the packets of the test log as generic JSON.
func logPackets(t *testing.T) []any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(readLog(t), &v); err != nil {
		t.Fatal(err)
	}
	return v["data"].(map[string]any)["data"].([]any)
}

// notifications returns the args of the notifications of a type, with
// the index (from 1) of their packet.
func notifications(packets []any, typ string) (args []map[string]any, at []int) {
	for i, p := range packets {
		for _, n := range p.(map[string]any)["data"].([]any) {
			n := n.(map[string]any)
			if n["type"] == typ {
				args = append(args, n["args"].(map[string]any))
				at = append(at, i+1)
			}
		}
	}
	return args, at
}

func encode(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestImportLog(t *testing.T) {
	rg, ws, err := Import(readLog(t), "366166200.json")
	if err != nil || len(ws) != 0 {
		t.Fatalf("%v %v", ws, err)
	}
	for tag, want := range map[string]string{
		"Site": "BoardGameArena table 366166200", "Date": "2023.04.12", "Rules": "base", "Result": "96-70",
		"Players": "KokiYamaguchi:yellow; Kithara:black",
	} {
		if got, _ := rg.Tag(tag); got != want {
			t.Errorf("%s %q, want %q", tag, got, want)
		}
	}
	g := replay.Replay("366166200.json", 1, rg, replay.Options{})
	if !g.Valid() || !g.Finished() {
		t.Fatalf("not a finished legal game: %v", g.Diagnostics)
	}
	// The first turn: packet 2 plays tile type 10 (H) at (0,-1) ori 1,
	// and packet 4 a follower on its pos 2 (C:S at ori 1), which the
	// city closed at once scores 4 (packet 4's winPoints). The clock
	// starts at that first move, not at the table's setup 3386 s before
	// (packet 1, time 1681289701): the first turn is at 0:00, and the
	// second, Kithara's playTile of time 1681293358, 271 s later: 4:31.
	got := formatGame(t, rg)
	if !strings.Contains(got, "\n1. KokiYamaguchi H@0,-1r0 ~0:00 +C:S =4-0\n") {
		t.Errorf("first turn not as BGA played it:\n%s", got[:400])
	}
	if !strings.Contains(got, "\n2. Kithara ") || !strings.Contains(got[strings.Index(got, "\n2. Kithara "):], " ~4:31 ") {
		t.Errorf("second turn's clock is not 4:31:\n%s", got[:500])
	}
}

// TestLogShapes reads the packets of the test log in each shape BGA and
// its tools save.
func TestLogShapes(t *testing.T) {
	packets := logPackets(t)
	bare := encode(t, packets)
	shapes := map[string][]byte{
		"archive": encode(t, map[string]any{"status": 1, "data": map[string]any{"logs": packets,
			"players": []any{map[string]any{"id": "84051152", "name": "Kithara", "color": "008000"}}}}),
		"bare list":   bare,
		"replay page": []byte("<script>\nvar g_gamelogs = " + string(bare) + ";\nvar other = 1;\n</script>"),
	}
	for name, data := range shapes {
		rg, _, err := Import(data, name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if r, _ := rg.Tag("Result"); r != "96-70" {
			t.Errorf("%s: Result %q", name, r)
		}
		if format := Sniff(data[:min(len(data), sniffBytes)]); format != TableLog {
			t.Errorf("%s: sniffed as %d", name, format)
		}
	}
	// The archive's player list gives Kithara's colour before the result.
	rg, _, _ := Import(shapes["archive"], "archive")
	if p, _ := rg.Tag("Players"); p != "KokiYamaguchi:yellow; Kithara:green" {
		t.Errorf("Players %q", p)
	}
}

func TestLogRefusals(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(packets []any) any
		want string
		kind Kind
	}{
		{"winPoints", func(p []any) any {
			// The city of turn 1 scores 4 (packet 4); BGA claiming 5 differs.
			args, _ := notifications(p, "winPoints")
			args[0]["points"], args[0]["score"] = 5, "5"
			return p
		}, "log.json: packet 4: turn 1 (KokiYamaguchi): BGA gives KokiYamaguchi 5 points (score 5), towerlog 4 (score 4)", Invalid},
		{"final", func(p []any) any {
			args, at := notifications(p, "gameStateChange")
			end := args[len(args)-1]["args"].(map[string]any)["result"].([]any)
			end[1].(map[string]any)["score"] = "71"
			_ = at
			return p
		}, "log.json: packet 210: BGA's final score of Kithara is 71, towerlog's 70", Invalid},
		{"expansion", func(p []any) any {
			args, _ := notifications(p, "playPartisan")
			args[0]["ptype"] = "big"
			return p
		}, `log.json: packet 4: a follower of type "big": a game with an expansion, not the base game`, Unsupported},
		{"expansion notification", func(p []any) any {
			pk := p[2].(map[string]any)
			pk["data"] = append(pk["data"].([]any), map[string]any{"uid": "x", "type": "moveDragon", "args": map[string]any{}})
			return p
		}, "log.json: packet 3: a moveDragon notification: a game with an expansion, not the base game", Unsupported},
		{"tile type", func(p []any) any {
			args, _ := notifications(p, "playTile")
			args[0]["type"] = "33"
			return p
		}, "log.json: packet 2: tile type 33 is not a tile of the base game (1 to 24)", Unsupported},
		{"follower elsewhere", func(p []any) any {
			args, _ := notifications(p, "playPartisan")
			args[0]["x"] = "5"
			return p
		}, "log.json: packet 4: playPartisan on tile 20 at (5,-1), not on the tile just placed", Invalid},
		{"off the board", func(p []any) any {
			args, _ := notifications(p, "playTile")
			args[0]["y"] = "-3"
			args, _ = notifications(p, "playPartisan")
			args[0]["y"] = "-3"
			return p
		}, "log.json: packet 2: turn 1 (KokiYamaguchi): tile H at (0,-3) is not next to any tile", Invalid},
		{"out of turn", func(p []any) any {
			// Packet 8 plays the third tile, KokiYamaguchi's.
			args, _ := notifications(p, "playTile")
			args[2]["player_id"], args[2]["player_name"] = "84051152", "Kithara"
			return p
		}, "log.json: packet 8: turn 3 (KokiYamaguchi): Kithara plays, but it is KokiYamaguchi's turn", Invalid},
		{"not a number", func(p []any) any {
			args, _ := notifications(p, "playTile")
			args[0]["x"] = "east"
			return p
		}, `log.json: packet 2: playTile: "east" is not a number`, Unreadable},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := Import(encode(t, c.edit(logPackets(t))), "log.json")
			e, ok := err.(*Error)
			if !ok || err.Error() != c.want || e.Kind != c.kind {
				t.Errorf("got  %v\nwant %s (%s)", err, c.want, c.kind)
			}
		})
	}
}

func TestAnotherGame(t *testing.T) {
	data := []byte(`[{"channel": "/table/t1", "table_id": "1", "time": "1", "data": [{"uid": "a", "type": "playCard", "args": {}}]}]`)
	_, _, err := Import(data, "log.json")
	want := "log.json: no playTile: not a log of Carcassonne, or a table that never started"
	if e, ok := err.(*Error); !ok || e.Kind != Unsupported || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
}

func TestLogCorrupt(t *testing.T) {
	data := readLog(t)
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"truncated", data[:1000], "log.json: line 31, column 11: not a table log: unexpected end of JSON input"},
		{"broken", []byte("{\n  \"status\": 1,\n  \"data\": {\"valid\": 1, \"data\": [}\n}"), "log.json: line 3, column 34: not a table log: invalid character '}' looking for beginning of value"},
		{"refused by BGA", []byte(`{"status": "0", "error": "Cannot find gamenotifs log file"}`), `log.json: BoardGameArena answered "Cannot find gamenotifs log file" instead of a log`},
		{"no packets", []byte(`{"status": 1, "data": {}}`), "log.json: no packets: neither data.logs nor data.data"},
		{"page cut short", []byte("g_gamelogs = [{\"channel\": "), "log.json: line 1, column 27: not a table log: unexpected EOF"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := Import(c.data, "log.json")
			if err == nil || err.Error() != c.want {
				t.Errorf("got  %v\nwant %s", err, c.want)
			}
		})
	}
}

// logOf writes the game of a link as a bare list of table-log packets:
// each placement a packet with its playTile and playPartisan, each
// discard a cantPlay naming the tile's type, player ids 101, 102, ...
func logOf(t *testing.T, link string) []byte {
	t.Helper()
	l, err := ParseLink(link)
	if err != nil {
		t.Fatal(err)
	}
	var packets []any
	next, d := 1, 0
	seat := 0
	player := func() (string, string) { return fmt.Sprint(101 + seat), l.Players[seat] }
	for k := 0; k <= len(l.Moves); k++ {
		var data []any
		for ; d < len(l.Discards) && l.Discards[d] == k; d++ {
			id, name := player()
			data = append(data, map[string]any{"uid": fmt.Sprintf("d%d", d), "type": "cantPlay",
				"args": map[string]any{"player_id": id, "player_name": name, "type": fmt.Sprint(l.Types[next])}})
			next++
		}
		if k < len(l.Moves) {
			m := l.Moves[k]
			id, name := player()
			data = append(data, map[string]any{"uid": fmt.Sprintf("t%d", k), "type": "playTile",
				"args": map[string]any{"player_id": id, "player_name": name, "id": fmt.Sprint(100 + k), "type": fmt.Sprint(l.Types[next]),
					"x": fmt.Sprint(m.X), "y": fmt.Sprint(m.Y), "ori": fmt.Sprint(m.Ori)}})
			if m.Pos > 0 {
				data = append(data, map[string]any{"uid": fmt.Sprintf("p%d", k), "type": "playPartisan",
					"args": map[string]any{"player_id": id, "player_name": name, "id": fmt.Sprint(100 + k), "ptype": "normal",
						"x": fmt.Sprint(m.X), "y": fmt.Sprint(m.Y), "pos": fmt.Sprint(m.Pos), "type": "city"}})
			}
			next++
			seat = (seat + 1) % len(l.Players)
		}
		if data != nil {
			packets = append(packets, map[string]any{"channel": "/table/t877985733", "table_id": "877985733",
				"time": fmt.Sprint(1700000000 + 60*k), "data": data})
		}
	}
	return encode(t, packets)
}

// TestCantPlay: a cantPlay is a discard of the player who drew the tile,
// before the placement that follows: the log written from the link with
// a discard (0.7) gives the link's game.
func TestCantPlay(t *testing.T) {
	f, err := os.ReadFile("../testdata/bga/dev-sample.csv")
	if err != nil {
		t.Fatal(err)
	}
	line := strings.Split(string(f), "\n")[3]
	link := strings.Trim(line[strings.Index(line, `"https`):], `"`)
	fromLink, _, err := ImportLink(link, "", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	fromLog, _, err := Import(logOf(t, link), "log.json")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := movetext(t, fromLog), movetext(t, fromLink); got != want {
		t.Errorf("the log's game:\n%s\nthe link's:\n%s", got, want)
	}
	if len(fromLog.Turns[7].Discards) != 1 {
		t.Errorf("turn 8 discards %v, want the one of 0.7", fromLog.Turns[7].Discards)
	}
}

// TestLogColourWithoutName: a BGA colour that CGN has no name for is
// left out of the Players tag, with a warning, and the game is imported.
func TestLogColourWithoutName(t *testing.T) {
	data := bytes.ReplaceAll(readLog(t), []byte("000000"), []byte("982fff"))
	rg, ws, err := Import(data, "log.json")
	if err != nil {
		t.Fatal(err)
	}
	if want := "log.json: warning: Kithara's colour #982fff has no name in CGN: left out"; len(ws) != 1 || ws[0].String() != want {
		t.Errorf("warnings %v, want %q", ws, want)
	}
	if got, _ := rg.Tag("Players"); got != "KokiYamaguchi:yellow; Kithara" {
		t.Errorf("Players %q, want %q", got, "KokiYamaguchi:yellow; Kithara")
	}
}

// TestLogRepairsAreWarnings: what the reading changes in a log is a
// warning naming the place: bytes that are not UTF-8 in a player's name
// (replaced by U+FFFD), a packet time of -0 (no time) before the table's
// start or on a placement (whose turn then has no clock).
func TestLogRepairsAreWarnings(t *testing.T) {
	data := readLog(t)
	for _, c := range []struct {
		name string
		edit func([]byte) []byte
		want string
	}{
		{"name not UTF-8", func(b []byte) []byte {
			return bytes.ReplaceAll(b, []byte("KokiYamaguchi"), []byte("Koki\xffYamaguchi"))
		}, ""}, // filled below: the place of the first 0xff
		{"first packet at -0", func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"time": "1681289701"`), []byte(`"time": "-0"`), 1)
		}, "log.json: packet 1: warning: the packet has no time (0 or less): the table's start, its Date and the clocks are taken from the first packet with one"},
		{"placement at -0", func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"time": "1681293087"`), []byte(`"time": "-0"`), 1)
		}, "log.json: packet 2: warning: the packet's time (0) is not after the table's start (1681289701): turn 1 has no clock"},
	} {
		t.Run(c.name, func(t *testing.T) {
			edited := c.edit(bytes.Clone(data))
			want := c.want
			if want == "" {
				at := bytes.IndexByte(edited, 0xff)
				line := 1 + bytes.Count(edited[:at], []byte("\n"))
				col := at - bytes.LastIndexByte(edited[:at], '\n')
				n := bytes.Count(edited, []byte{0xff})
				want = fmt.Sprintf("log.json: line %d, column %d: warning: byte 0xff and %d more are not UTF-8: each replaced by U+FFFD", line, col, n-1)
			}
			rg, ws, err := Import(edited, "log.json")
			if err != nil || rg == nil {
				t.Fatalf("import: %v", err)
			}
			var got []string
			for i := range ws {
				got = append(got, ws[i].String())
			}
			if len(got) != 1 || got[0] != want {
				t.Errorf("warnings %q\nwant [%q]", got, want)
			}
			if ds, _ := Diagnostics(ws, nil); len(ds) != 1 || ds[0].Code != replay.CodeRepaired || ds[0].Severity != replay.Warning {
				t.Errorf("diagnostics %v, want one warning coded %s", ds, replay.CodeRepaired)
			}
		})
	}
}
