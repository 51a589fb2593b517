package bga

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/towerlog/towerlog/record"
)

// MaxFileBytes is the largest table log or list of links read: a log of a
// whole game is some 400 KiB, a link some 500 bytes.
const MaxFileBytes = 16 << 20

// A list of links is a text file with one link a line (blank lines and
// lines starting with # are skipped), or a CSV file whose header names a
// URL column. The other columns of a CSV fill the tags of each game:
//
//	Game ID               Site "BoardGameArena table N"
//	Edition (Tournament)  Event (Tournament when Edition is empty)
//	Round                 Round
//	Date                  Date (its YYYY-MM-DD part)
//	PlayerName1, ...      checked against the link's players
//
// ReadLinks reads such a list from r (named file in messages) and calls
// emit with each game: its record, its warnings and its error (an
// *Error), as ImportLink returns them. A row without a link is skipped
// with a Warning of its own (a nil record). An error from emit stops the
// reading and is returned; a list that cannot be read at all (not a list,
// larger than MaxFileBytes) is ReadLinks' *Error.
func ReadLinks(r io.Reader, file string, emit func(rg *record.Game, warnings []Warning, err error) error) error {
	br := bufio.NewReaderSize(io.LimitReader(r, MaxFileBytes+1), sniffBytes)
	head, err := br.Peek(sniffBytes)
	if err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	lim := &limited{r: br, file: file}
	head = skipComments(bytes.TrimLeft(head, " \t\r\n\ufeff"))
	if LooksLikeLink(string(head)) || len(bytes.TrimSpace(head)) == 0 {
		return readText(lim, file, emit)
	}
	return readCSV(lim, file, emit)
}

// limited reads at most MaxFileBytes and fails past them.
type limited struct {
	r    io.Reader
	file string
	n    int
}

func (l *limited) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	l.n += n
	if l.n > MaxFileBytes {
		return n, &record.TooLargeError{Pos: record.Position{Filename: l.file}, What: "list of links", Limit: MaxFileBytes}
	}
	return n, err
}

func readText(r io.Reader, file string, emit func(*record.Game, []Warning, error) error) error {
	br := bufio.NewReader(r)
	for line := 1; ; line++ {
		text, long, err := nextLine(br, MaxLinkBytes+2)
		s := strings.TrimSpace(strings.TrimPrefix(string(text), "\ufeff"))
		switch {
		case s == "" || strings.HasPrefix(s, "#"):
			// A blank line or a comment, of any length: no link.
		case long:
			return &record.TooLargeError{Pos: record.Position{Filename: file, Line: int32(line), Column: 1}, What: "link", Limit: MaxLinkBytes}
		default:
			rg, ws, err := ImportLink(s, file, fmt.Sprintf("line %d", line), nil)
			if err := emit(rg, ws, err); err != nil {
				return err
			}
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// nextLine reads a line of br, without its end: at most most bytes of it,
// and long set when the line is longer (its first bytes then, and the
// rest read and dropped, so that a comment is known as one whatever its
// length).
func nextLine(br *bufio.Reader, most int) (line []byte, long bool, err error) {
	for {
		frag, err := br.ReadSlice('\n')
		frag = bytes.TrimSuffix(frag, []byte("\n"))
		switch {
		case len(line)+len(frag) <= most:
			line = append(line, frag...)
		case !long:
			long = true
			line = append(line, frag[:min(len(frag), most-len(line))]...)
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			return line, long, err
		}
	}
}

// skipComments skips the comment lines (starting with #) and the blank
// lines at the start of a list of links.
func skipComments(head []byte) []byte {
	for bytes.HasPrefix(head, []byte("#")) {
		_, rest, found := bytes.Cut(head, []byte("\n"))
		if !found {
			return nil
		}
		head = bytes.TrimLeft(rest, " \t\r\n")
	}
	return head
}

// dateStart is the YYYY-MM-DD a Date column begins with.
var dateStart = regexp.MustCompile(`^(\d{4})-(\d{2})-(\d{2})`)

func readCSV(r io.Reader, file string, emit func(*record.Game, []Warning, error) error) error {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if err != nil {
		return csvError(file, err)
	}
	col := map[string]int{}
	for i, h := range header {
		col[strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))] = i
	}
	if _, ok := col["url"]; !ok {
		return &Error{Place: Place{File: file, Where: "line 1"}, Kind: Unreadable,
			Msg: "neither a CarcassonneLab link nor a CSV header with a URL column"}
	}
	for {
		row, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return csvError(file, err)
		}
		line, _ := cr.FieldPos(0)
		where := fmt.Sprintf("line %d", line)
		get := func(name string) string {
			if i, ok := col[name]; ok && i < len(row) {
				return strings.TrimSpace(row[i])
			}
			return ""
		}
		link := get("url")
		if link == "" {
			w := Warning{Place: Place{File: file, Where: where}, Msg: "no link in the URL column: the row is skipped"}
			if err := emit(nil, []Warning{w}, nil); err != nil {
				return err
			}
			continue
		}
		tags, ws := rowTags(get, file, where)
		rg, more, err := ImportLink(link, file, where, tags)
		if rg != nil {
			ws = append(ws, checkNames(rg, get, file, where)...)
		}
		if err := emit(rg, append(ws, more...), err); err != nil {
			return err
		}
	}
}

func csvError(file string, err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return &Error{Place: Place{File: file, Where: fmt.Sprintf("line %d, column %d", pe.Line, pe.Column)}, Kind: Unreadable, Msg: pe.Err.Error()}
	}
	if errors.Is(err, io.EOF) {
		return &Error{Place: Place{File: file}, Kind: Unreadable, Msg: "empty: neither links nor a CSV of links"}
	}
	return err
}

// rowTags gives the tags of a CSV row.
func rowTags(get func(string) string, file, where string) (map[string]string, []Warning) {
	tags := map[string]string{}
	var ws []Warning
	if id := get("game id"); id != "" {
		tags["Site"] = "BoardGameArena table " + id
	}
	if e := get("edition"); e != "" {
		tags["Event"] = e
	} else if e := get("tournament"); e != "" {
		tags["Event"] = e
	}
	if r := get("round"); r != "" {
		tags["Round"] = r
	}
	if d := get("date"); d != "" {
		if m := dateStart.FindStringSubmatch(d); m != nil {
			tags["Date"] = m[1] + "." + m[2] + "." + m[3]
		} else {
			ws = append(ws, Warning{Place: Place{File: file, Where: where}, Msg: fmt.Sprintf("the date %q is not YYYY-MM-DD: left out", d)})
		}
	}
	return tags, ws
}

// checkNames warns when the row's player names are not the link's.
func checkNames(rg *record.Game, get func(string) string, file, where string) []Warning {
	players, err := rg.Players()
	if err != nil {
		return nil
	}
	var ws []Warning
	for i := 1; ; i++ {
		name := get(fmt.Sprintf("playername%d", i))
		if name == "" {
			return ws
		}
		found := false
		for _, p := range players {
			found = found || p.Name == name
		}
		if !found {
			ws = append(ws, Warning{Place: Place{File: file, Where: where},
				Msg: fmt.Sprintf("PlayerName%d %q is not a player of the link (%s): the link's names stand", i, name, record.FormatPlayers(players))})
		}
	}
}
