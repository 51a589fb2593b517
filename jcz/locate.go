package jcz

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/towerlog/towerlog/record"
)

// locate returns the position in data of the JSON value that where names
// ("replay[3] PLACE_TILE", "setup.elements", "gameAnnotations.drawOrder[1]"),
// or the zero Pos when there is no such value.
func locate(data []byte, file, where string) record.Position {
	if where == "" {
		return record.Position{}
	}
	where, _, _ = strings.Cut(where, " ")
	path := strings.Split(strings.NewReplacer("[", ".", "]", "").Replace(where), ".")
	off, ok := seek(json.NewDecoder(bytes.NewReader(data)), data, path)
	if !ok {
		return record.Position{}
	}
	return posAt(data, file, off)
}

// posAt is the position of byte offset off of data.
func posAt(data []byte, file string, off int64) record.Position {
	line, col := lineCol(data, off)
	return record.Position{Filename: file, Offset: int(off), Line: int32(line), Column: int32(col)}
}

// seek reads the value dec is at and follows path into it; it returns the
// offset where the value path names begins.
func seek(dec *json.Decoder, data []byte, path []string) (int64, bool) {
	start := valueStart(data, dec.InputOffset())
	if len(path) == 0 {
		return start, true
	}
	tok, err := dec.Token()
	if err != nil {
		return 0, false
	}
	switch tok {
	case json.Delim('{'):
		for dec.More() {
			key, err := dec.Token()
			if err != nil {
				return 0, false
			}
			if key == path[0] {
				return seek(dec, data, path[1:])
			}
			if skip(dec) != nil {
				return 0, false
			}
		}
	case json.Delim('['):
		for i := 0; dec.More(); i++ {
			if strconv.Itoa(i) == path[0] {
				return seek(dec, data, path[1:])
			}
			if skip(dec) != nil {
				return 0, false
			}
		}
	}
	return 0, false
}

func skip(dec *json.Decoder) error {
	var v json.RawMessage
	return dec.Decode(&v)
}

// valueStart skips the blanks, colon and comma before a value.
func valueStart(data []byte, off int64) int64 {
	for off < int64(len(data)) && strings.IndexByte(" \t\r\n:,", data[off]) >= 0 {
		off++
	}
	return off
}

func lineCol(data []byte, offset int64) (line, col int) {
	offset = min(max(offset, 0), int64(len(data)))
	before := data[:offset]
	line = bytes.Count(before, []byte("\n")) + 1
	col = int(offset) - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return line, col
}
