package record

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// TestNotText checks that an input that is no UTF-8 text stops the
// scanner with one error at 1:1, while a few stray bytes in text are left
// to the parser, which points at each.
func TestNotText(t *testing.T) {
	latin1 := "[Players \"Ren\xe9; Bob\"]\n\n1. Ren\xe9 U@1,0r0\n"
	for _, c := range []struct {
		name, src, want string
	}{
		{"UTF16LE", "\xff\xfe[\x00P\x00", "x.cgn:1:1: not UTF-8 text (it starts with a UTF-16 byte order mark): CGN files are UTF-8 text"},
		{"UTF16BE", "\xfe\xff\x00[\x00P", "x.cgn:1:1: not UTF-8 text (it starts with a UTF-16 byte order mark): CGN files are UTF-8 text"},
		{"NUL", "[Event \"a\"]\n\x00\x01\x02", "x.cgn:1:1: not UTF-8 text (a NUL byte at offset 12: binary data or UTF-16): CGN files are UTF-8 text"},
		{"Latin1Text", strings.Repeat("{caf\xe9} ", 17), "x.cgn:1:1: not UTF-8 text (17 bytes of its start are not UTF-8): CGN files are UTF-8 text"},
		{"FewStrayBytes", latin1, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(c.src), "x.cgn")
			var se *SyntaxError
			switch {
			case c.want == "":
				var list ErrorList
				if !errors.As(err, &list) || len(list) != 2 || !strings.Contains(list[0].Msg, "invalid byte 0xe9") {
					t.Errorf("got %v, want the parser's errors at each stray byte", err)
				}
			case !errors.As(err, &se) || err.Error() != c.want:
				t.Errorf("got %v\nwant %s", err, c.want)
			}
		})
	}
	// A long text whose start is clean is read as text.
	long := bytes.Repeat([]byte("[Event \"x\"]\n\n1. Anna U@1,0r0\n\n"), 1000)
	if games, err := Parse(bytes.NewReader(long), "x.cgn"); err != nil || len(games) != 1000 {
		t.Errorf("%d games, %v", len(games), err)
	}
}
