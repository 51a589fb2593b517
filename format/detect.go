package format

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/towerlog/towerlog/bga"
	"github.com/towerlog/towerlog/jcz"
	"github.com/towerlog/towerlog/record"
)

// Kind is what an input holds, as Detect recognises it.
type Kind uint8

// The kinds of input.
const (
	Unknown  Kind = iota // no game format: a picture, other JSON, ...
	CGN                  // CGN records (text that is none of the others)
	Save                 // a JCloisterZone save
	TableLog             // a BoardGameArena table log
	LinkList             // CarcassonneLab links, one a line, or a CSV with a URL column
	Link                 // one CarcassonneLab link, given as an argument
)

var kindNames = [...]string{"no game format", "CGN", "JCloisterZone save", "BoardGameArena table log",
	"list of CarcassonneLab links", "CarcassonneLab link"}

// String names the kind as messages do: "CGN", "JCloisterZone save", ...
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Limit is the largest input of kind k read, in bytes: a save, a table
// log and a list of links are read whole (a list one link at a time, each
// at most bga.MaxLinkBytes), a link is at most bga.MaxLinkBytes. A CGN
// file has no limit of its own: each of its games is at most
// record.MaxGameBytes. 0 means no limit.
func (k Kind) Limit() int {
	switch k {
	case Save:
		return jcz.MaxSaveBytes
	case TableLog, LinkList:
		return bga.MaxFileBytes
	case Link:
		return bga.MaxLinkBytes
	}
	return 0
}

// NoFormatError is a file that holds none of the formats towerlog reads.
type NoFormatError struct {
	Path string
	// Begins is the start of the file's first line when the file is text
	// (notes, a letter), quoted in the message so that its author sees
	// which file it is; "" for binary data and JSON.
	Begins string
}

func (e *NoFormatError) Error() string {
	if e.Begins != "" {
		return fmt.Sprintf("%s: no game format: it begins %q, which is no CGN record (a record begins with tags such as [Players \"Anna; Bruno\"] and goes on with turns such as 1. Anna U@1,0r0), nor a JCloisterZone save, a BoardGameArena table log or CarcassonneLab links",
			e.Path, e.Begins)
	}
	return e.Path + ": no game format: neither CGN, a JCloisterZone save, a BoardGameArena table log nor CarcassonneLab links"
}

// headBytes is how much of a file Detect reads.
const headBytes = 4096

// IsAddress reports whether path is meant as a link rather than a file:
// it starts with http:// or https://.
func IsAddress(path string) bool {
	p := strings.ToLower(path)
	return strings.HasPrefix(p, "https://") || strings.HasPrefix(p, "http://")
}

// Detect says what the input at path holds, by its content: a link when
// path is an address (and no file of that name exists), else the kind of
// the file's first bytes (see Sniff). A file past the limit of its kind
// is a *record.TooLargeError, a link past it too; a file of no game
// format is a *NoFormatError; a file that cannot be read, that error.
func Detect(path string) (Kind, error) {
	if IsAddress(path) {
		if _, err := os.Stat(path); err != nil {
			if len(path) > Link.Limit() {
				return Link, &record.TooLargeError{Pos: record.Position{Filename: shortLink(path)}, What: "link", Limit: Link.Limit()}
			}
			return Link, nil
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return Unknown, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return Unknown, err
	}
	if info.IsDir() {
		return Unknown, &os.PathError{Op: "read", Path: path, Err: errors.New("is a directory, not a file")}
	}
	br := bufio.NewReaderSize(f, headBytes)
	head, err := br.Peek(headBytes)
	if err != nil && !errors.Is(err, io.EOF) {
		return Unknown, err
	}
	k := Sniff(head, path)
	if k != LinkList && bytes.HasPrefix(bytes.TrimLeft(head, "\ufeff \t\r\n"), []byte("#")) {
		// Comment lines longer than the head may start a list of links.
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return Unknown, err
		}
		if bk, err := bga.SniffFile(f); err == nil && bk == bga.LinkList {
			k = LinkList
		}
	}
	switch {
	case k == Unknown:
		return k, &NoFormatError{Path: path, Begins: textBegins(head)}
	case k.Limit() > 0 && info.Size() > int64(k.Limit()):
		return k, &record.TooLargeError{Pos: record.Position{Filename: path}, What: whatOf(k), Limit: k.Limit()}
	}
	return k, nil
}

// whatOf names what a TooLargeError of kind k is about, as the readers do.
func whatOf(k Kind) string {
	switch k {
	case Save:
		return "save"
	case TableLog:
		return "table log"
	case LinkList:
		return "list of links"
	}
	return "link"
}

// shortLink is the start of a long link, for messages.
func shortLink(s string) string {
	if len(s) <= 60 {
		return s
	}
	return strings.ToValidUTF8(s[:60], "") + "..."
}

// Sniff says what a file named name holds from its first bytes: a table
// log or a list of links as bga.Sniff recognises them; a save (a JSON
// object naming the save's appVersion and setup, or anything in a file
// whose name ends in .jcz, so that the save's reader says what is wrong
// with a broken one); CGN for text that reads as CGN (looksLikeCGN) and
// for binary data in a file whose name ends in .cgn (the CGN reader says
// what is not text in it); else Unknown (binary data: a picture, an
// archive; JSON of another kind; text that is no record, as notes).
func Sniff(head []byte, name string) Kind {
	switch bga.Sniff(head) {
	case bga.TableLog:
		return TableLog
	case bga.LinkList:
		return LinkList
	}
	t := bytes.TrimLeft(head, "\ufeff \t\r\n")
	ext := strings.ToLower(filepath.Ext(name))
	switch {
	case ext == jcz.Extension,
		jsonObject(t) && bytes.Contains(t, []byte(`"appVersion"`)) && bytes.Contains(t, []byte(`"setup"`)):
		return Save
	case binary(head) && ext == ".cgn":
		return CGN // the CGN reader says it is not text
	case binary(head), jsonObject(t), jsonArray(t), !looksLikeCGN(t):
		return Unknown
	}
	return CGN
}

// cgnMark is what only CGN text has near its start: a tag at the start of
// a line ([Players "...), or a tile placed (U@1,0 T15@-2,3).
var cgnMark = regexp.MustCompile(`(?m)^[ \t]*\[[A-Za-z]|(^|[\s.])[A-Z][A-Za-z0-9]*@-?[0-9]+,-?[0-9]+`)

// looksLikeCGN reports whether t, the start of a text past its blank
// lines, reads as CGN: nothing at all, a comment or an escape line (which
// may run past the head), a tag or a placed tile. Every record has tags (a game without
// Players cannot be replayed), so notes or a letter are told from a
// record with errors before the parser gives an error for each line.
func looksLikeCGN(t []byte) bool {
	return len(t) == 0 || t[0] == '{' || t[0] == ';' || t[0] == '%' || cgnMark.Match(t)
}

// textBegins is the first line of a text file's head, at most 40
// characters of it, or "" for binary data and JSON.
func textBegins(head []byte) string {
	t := bytes.TrimLeft(head, "\ufeff \t\r\n")
	if binary(head) || jsonObject(t) || jsonArray(t) {
		return ""
	}
	line, _, _ := bytes.Cut(t, []byte("\n"))
	r := []rune(strings.TrimSpace(strings.ToValidUTF8(string(line), "\ufffd")))
	if len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return string(r)
}

// binary reports whether b holds a control character no text has: NUL
// and the like (tab, line ends and form feeds are text).
func binary(b []byte) bool {
	for _, c := range b {
		if (c < ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v') || c == 0x7f {
			return true
		}
	}
	return false
}

// jsonObject reports whether t starts a JSON object ({ then a key or }),
// not a CGN comment.
func jsonObject(t []byte) bool {
	if len(t) == 0 || t[0] != '{' {
		return false
	}
	t = bytes.TrimLeft(t[1:], " \t\r\n")
	return len(t) == 0 || t[0] == '"' || t[0] == '}'
}

// jsonArray reports whether t starts a JSON array, not a CGN tag ([ then
// a name).
func jsonArray(t []byte) bool {
	if len(t) == 0 || t[0] != '[' {
		return false
	}
	t = bytes.TrimLeft(t[1:], " \t\r\n")
	return len(t) == 0 || strings.IndexByte(`{["]-0123456789`, t[0]) >= 0
}

// isDir reports whether path is a directory.
func isDir(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.IsDir()
}
