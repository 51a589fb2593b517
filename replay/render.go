package replay

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/towerlog/towerlog/record"
)

// MarshalJSON gives the diagnostic's JSON form: code, severity, file, line,
// col, game, turn, player, message.
func (d Diagnostic) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Code     string   `json:"code"`
		Severity Severity `json:"severity"`
		File     string   `json:"file,omitempty"`
		Line     int      `json:"line,omitempty"`
		Col      int      `json:"col,omitempty"`
		Game     int      `json:"game"`
		Turn     int      `json:"turn,omitempty"`
		Player   string   `json:"player,omitempty"`
		Message  string   `json:"message"`
	}{d.Code, d.Severity, d.Pos.Filename, int(d.Pos.Line), int(d.Pos.Column), d.Game, d.Turn, d.Player, d.Message})
}

// sourceReach is how many bytes of a line LoadSource reads on each side
// of a diagnostic's column: more than an excerpt shows (record.Caret shows
// at most 100 characters), so that a line of megabytes costs no more than
// a short one.
const sourceReach = 2048

// LoadSource fills d.Source with the line of its file that holds d.Pos, if
// it is not known yet and the file can be read, and marks the token there.
// Of a long line it keeps the bytes around d.Pos, from the column in
// d.SourceFrom.
func (d *Diagnostic) LoadSource() {
	if d.Source != "" || !d.Pos.IsValid() || d.Pos.Filename == "" || d.Pos.Column < 1 {
		return
	}
	f, err := os.Open(d.Pos.Filename)
	if err != nil {
		return
	}
	defer f.Close()
	lineStart := int64(d.Pos.Offset) - int64(d.Pos.Column-1)
	if lineStart < 0 {
		return
	}
	start := max(lineStart, int64(d.Pos.Offset)-sourceReach)
	buf := make([]byte, int64(d.Pos.Offset)-start+sourceReach)
	n, err := f.ReadAt(buf, start)
	if err != nil && err != io.EOF {
		return
	}
	line := buf[:n]
	if i := bytes.LastIndexByte(line[:min(len(line), int(int64(d.Pos.Offset)-start))], '\n'); i >= 0 {
		return // the file is not the one the position was taken from
	}
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	// A piece that starts inside a character starts at the next one.
	for len(line) > 0 && start > lineStart && !utf8.RuneStart(line[0]) {
		line, start = line[1:], start+1
	}
	d.Source = strings.TrimRight(string(line), "\r")
	d.SourceFrom = int(start-lineStart) + 1
	if d.Span == 0 {
		d.Span = tokenLen(d.Source, int(d.Pos.Column)-d.SourceFrom)
	}
}

// tokenLen returns the length of the token at byte col of line: up to the
// next space, tab, "{" or ";", or for a quoted name up to its closing
// quote.
func tokenLen(line string, col int) int {
	if col < 0 || col >= len(line) {
		return 1
	}
	if line[col] == '"' {
		for i := col + 1; i < len(line); i++ {
			switch line[i] {
			case '\\':
				i++
			case '"':
				return i + 1 - col
			}
		}
		return len(line) - col
	}
	n := strings.IndexAny(line[col:], " \t{;")
	if n <= 0 {
		n = len(line) - col
	}
	return max(n, 1)
}

// Render gives the terminal form of a diagnostic: its one-line form, the
// line of the record with carets under the offending token, and for an
// illegal move a picture of the board around it.
func (d *Diagnostic) Render() string {
	var b strings.Builder
	b.WriteString(d.Error())
	b.WriteString("\n")
	if d.Source != "" && d.Pos.Column > 0 {
		line, marks := record.CaretFrom(d.Source, d.SourceFrom, int(d.Pos.Column), d.Span)
		b.WriteString("    " + line + "\n")
		b.WriteString("    " + marks + "\n")
	}
	if d.Board != "" {
		for _, line := range strings.Split(strings.TrimRight(d.Board, "\n"), "\n") {
			b.WriteString("    " + line + "\n")
		}
	}
	return b.String()
}
