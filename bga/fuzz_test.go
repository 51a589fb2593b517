package bga

import (
	"testing"
)

// FuzzLink: a link is read without a panic, and a link read is written
// back as a link that reads as itself.
func FuzzLink(f *testing.F) {
	f.Add(handLink)
	f.Add("https://www.carcassonnelab.com/#/0/0.1.1/qm9V/21111222?players=A,B")
	f.Add("https://www.carcassonnelab.com/#/0/0/Ff/12b2?players=A%2CB,C&colors=red")
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLink(s)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("%T %v", err, err)
			}
			return
		}
		w := l.String()
		back, err := ParseLink(w)
		if err != nil {
			t.Fatalf("%s reads back as an error: %v", w, err)
		}
		if back.String() != w {
			t.Fatalf("%s reads back as %s", w, back.String())
		}
		_, _, _ = ImportLink(s, "", "", nil)
	})
}

// FuzzLog: a table log is read without a panic, whatever it holds.
func FuzzLog(f *testing.F) {
	f.Add([]byte(`[{"channel": "/table/t1", "table_id": "1", "time": "1", "data": [{"uid": "a", "type": "playTile", "args": {"player_id": "7", "player_name": "A", "id": "20", "x": "0", "y": "-1", "type": "10", "ori": "1"}}]}]`))
	f.Add([]byte(`{"status": 1, "data": {"valid": 1, "data": [{"data": [{"type": "cantPlay", "args": {"tile_id": 3}}]}]}}`))
	f.Add([]byte(`g_gamelogs = [{"data": [{"type": "gameStateChange", "args": {"id": 99, "args": {"result": [{"player": 7, "score": "3"}]}}}]}];`))
	f.Add([]byte(`{"status": 1, "data": {"logs": [], "players": [{"id": 1, "name": "A", "color": "ff0000"}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _, err := Import(data, "log.json")
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("%T %v", err, err)
			}
		}
		Sniff(data)
	})
}
