package bga

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// Format is what a file holds, as Sniff recognises it.
type Format uint8

// The formats Sniff recognises.
const (
	NotBGA   Format = iota // none of these: CGN, a save, or something else
	TableLog               // a BGA table log (JSON, or a replay page's g_gamelogs)
	LinkList               // CarcassonneLab links, one a line, or a CSV with a URL column
)

// sniffBytes is how much of a file Sniff reads.
const sniffBytes = 4096

// Sniff says what the start of a file holds, by its content, whatever
// its name: a table log (JSON whose first key is "status", "data" or
// "channel", a list of packets, or a page with g_gamelogs), a list of
// links (a first line that is a link, after any comment lines starting
// with #, or a CSV header with a URL column),
// or neither.
func Sniff(head []byte) Format {
	head = bytes.TrimLeft(head, "\ufeff \t\r\n")
	if bytes.HasPrefix(head, []byte("#")) {
		// The comments that may start a list of links.
		if head = skipComments(head); len(head) == 0 {
			return NotBGA
		}
	}
	switch {
	case LooksLikeLink(string(head)):
		return LinkList
	case bytes.Contains(head, []byte("g_gamelogs")):
		return TableLog
	case len(head) > 0 && (head[0] == '{' || head[0] == '['):
		if logStart.Match(head) {
			return TableLog
		}
		return NotBGA
	}
	line, _, _ := bytes.Cut(head, []byte("\n"))
	for _, f := range bytes.Split(line, []byte(",")) {
		f = bytes.Trim(bytes.TrimSpace(f), `"`)
		if bytes.EqualFold(f, []byte("url")) {
			return LinkList
		}
	}
	return NotBGA
}

// SniffFile says what the file f holds from its start, as Sniff does,
// reading on past comment lines longer than Sniff's head; it leaves f at
// its start.
func SniffFile(f *os.File) (Format, error) {
	br := bufio.NewReaderSize(f, sniffBytes)
	head, err := br.Peek(sniffBytes)
	if err != nil && !errors.Is(err, io.EOF) {
		return NotBGA, err
	}
	k := Sniff(head)
	if k == NotBGA && bytes.HasPrefix(bytes.TrimLeft(head, "\ufeff \t\r\n"), []byte("#")) && linkAfterComments(br) {
		k = LinkList
	}
	_, err = f.Seek(0, io.SeekStart)
	return k, err
}

// linkAfterComments reports whether the first line of br that is not
// blank or a comment (starting with #, of any length) is a link.
func linkAfterComments(br *bufio.Reader) bool {
	for {
		line, err := br.ReadSlice('\n')
		t := bytes.TrimSpace(bytes.TrimPrefix(line, []byte("\ufeff")))
		if len(t) > 0 && t[0] != '#' {
			return LooksLikeLink(string(t))
		}
		for errors.Is(err, bufio.ErrBufferFull) {
			_, err = br.ReadSlice('\n') // the rest of a long comment
		}
		if err != nil {
			return false
		}
	}
}

// ImportFile reads a table log or a list of links at path and calls emit
// with each game as Import or ReadLinks gives it. A file that is neither
// is ErrUnrecognised; an error from emit stops the reading
// and is returned.
func ImportFile(path string, emit func(rg *record.Game, warnings []Warning, err error) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	k, err := SniffFile(f)
	if err != nil {
		return err
	}
	switch k {
	case LinkList:
		return ReadLinks(f, path, emit)
	case TableLog:
		data, err := record.ReadAll(f, path, "table log", MaxFileBytes)
		if err != nil {
			return err
		}
		rg, ws, err := Import(data, path)
		return emit(rg, ws, err)
	}
	return fmt.Errorf("%s: %w", path, ErrUnrecognised)
}

// ErrUnrecognised is the error of a file that is neither a table log nor
// a list of links.
var ErrUnrecognised = errors.New("neither a BoardGameArena table log nor CarcassonneLab links")

// Loader returns the replay.Loader of table logs and lists of links, for
// replay.Loaders: it recognises a file by its content (see Sniff), and
// reads one that is neither as CGN. A file of links gives one game a
// link.
func Loader() replay.Loader { return replay.LoaderFunc(Load) }

// Load reads the file at path (or the link path is) as replay.Run does: it hands emit each game
// with its findings as replay.Diagnostics: a warning for a game that stops
// before its end, an error coded with the rule for a move the engine
// refuses (replay.CodeSave for a score of BGA's that differs from the
// engine's), replay.CodeUnsupported for a game towerlog does not play. A
// file that is not a log or links is read as CGN, unless its name ends in
// .json: then it has no game and a replay.CodeSyntax diagnostic (invalid
// input, as a record with syntax errors is). A file that cannot be read
// is Load's error.
func Load(path string, emit func(rg *record.Game, err error) error) error {
	report := func(rg *record.Game, ws []Warning, err error) error {
		ds, err := Diagnostics(ws, err)
		if err != nil {
			return err
		}
		if rg == nil && ds == nil {
			return nil
		}
		if ds == nil {
			return emit(rg, nil)
		}
		return emit(rg, ds)
	}
	if _, err := os.Stat(path); err != nil && LooksLikeLink(path) {
		return report(ImportLink(path, "", "", nil))
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	k, err := SniffFile(f)
	f.Close()
	if err != nil {
		return err
	}
	if k == NotBGA && !strings.EqualFold(filepath.Ext(path), ".json") {
		return replay.LoadCGN(path, emit)
	}
	err = ImportFile(path, report)
	if errors.Is(err, ErrUnrecognised) {
		d := replay.Diagnostic{Code: replay.CodeSyntax, Severity: replay.Error, Pos: record.Position{Filename: path}, Message: ErrUnrecognised.Error()}
		return emit(nil, replay.Diagnostics{d})
	}
	return err
}

// Diagnostics turns the warnings and the error of an import into
// replay.Diagnostics. An error that is not an *Error is returned as it is.
func Diagnostics(ws []Warning, err error) (replay.Diagnostics, error) {
	var ds replay.Diagnostics
	for i := range ws {
		code := replay.CodePartialTurn
		if ws[i].repair {
			code = replay.CodeRepaired
		}
		ds = append(ds, diagnostic(&ws[i].Place, code, replay.Warning, ws[i].Msg))
	}
	var e *Error
	switch {
	case errors.As(err, &e) && e.Kind == Unsupported:
		ds = append(ds, diagnostic(&e.Place, replay.CodeUnsupported, replay.Error, e.Msg))
	case errors.As(err, &e):
		code := e.Rule
		if code == "" {
			code = replay.CodeSave
		}
		ds = append(ds, diagnostic(&e.Place, code, replay.Error, e.Msg))
	case err != nil:
		return nil, err
	}
	return ds, nil
}

func diagnostic(p *Place, code string, sev replay.Severity, msg string) replay.Diagnostic {
	d := replay.Diagnostic{Code: code, Severity: sev, Pos: record.Position{Filename: p.File}, Turn: p.Turn, Player: p.Player, Message: msg}
	if p.Where != "" {
		d.Message = p.Where + ": " + msg
	}
	return d
}
