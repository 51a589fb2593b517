package record

import (
	"strings"
	"testing"
)

// The canonical form of a game, by the notation: its tags one a line, a
// blank line, its turns one a line, and a line end.
const canonicalGame = "[Players \"Anna; Bruno\"]\n\n1. Anna E@0,-1r180\n"

// setResult is an Edit that tags every game 4-0.
func setResult(_ int, g *Game) *Game {
	g.SetTag("Result", "4-0")
	return g
}

func TestCheckFormat(t *testing.T) {
	for _, c := range []struct {
		name, text string
		edit       Edit
		want       FormatCheck
		syntax     int // syntax callbacks
	}{
		{"canonical", canonicalGame, nil, FormatCheck{Record: true, Canonical: true}, 0},
		{"two canonical games", canonicalGame + "\n" + canonicalGame, nil, FormatCheck{Record: true, Canonical: true}, 0},
		{"spaces", strings.Replace(canonicalGame, "1. Anna", "1.  Anna ", 1), nil, FormatCheck{Record: true}, 0},
		{"no blank line between games", canonicalGame + canonicalGame, nil, FormatCheck{Record: true}, 0},
		{"edited", canonicalGame, setResult, FormatCheck{Record: true}, 0},
		{"edited already", "[Players \"Anna; Bruno\"]\n[Result \"4-0\"]\n\n1. Anna E@0,-1r180\n", setResult, FormatCheck{Record: true, Canonical: true}, 0},
		{"empty", "", nil, FormatCheck{Record: true, Canonical: true}, 0},
		{"a word", "hello\n", nil, FormatCheck{}, 0},
		{"syntax error", strings.Replace(canonicalGame, "E@0,-1r180", "E@0,-1r180 +Q:Z", 1), nil, FormatCheck{Record: true, Broken: true}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			syntax := 0
			got, err := CheckFormat(strings.NewReader(c.text), strings.NewReader(c.text), "t.cgn", c.edit, func(error) { syntax++ })
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want || syntax != c.syntax {
				t.Errorf("%+v with %d syntax errors, want %+v with %d", got, syntax, c.want, c.syntax)
			}
		})
	}
}

func TestFormatStream(t *testing.T) {
	var b strings.Builder
	text := strings.Replace(canonicalGame, "1. Anna", "1.  Anna ", 1)
	n, err := FormatStream(&b, strings.NewReader(text+"\n"+text), "t.cgn", 0, nil)
	if want := canonicalGame + "\n" + canonicalGame; n != 2 || err != nil || b.String() != want {
		t.Errorf("%d games, %v, %q; want 2, nil, %q", n, err, b.String(), want)
	}
	b.Reset()
	n, err = FormatStream(&b, strings.NewReader(canonicalGame), "t.cgn", 1, setResult)
	if want := "\n[Players \"Anna; Bruno\"]\n[Result \"4-0\"]\n\n1. Anna E@0,-1r180\n"; n != 1 || err != nil || b.String() != want {
		t.Errorf("after a game, edited: %d games, %v, %q; want 1, nil, %q", n, err, b.String(), want)
	}
	bad := strings.Replace(canonicalGame, "E@0,-1r180", "E@0,-1r180 +Q:Z", 1)
	if n, err := FormatStream(&b, strings.NewReader(bad), "t.cgn", 0, nil); n != 0 || !isSyntax(err) {
		t.Errorf("a syntax error: %d games, %v; want 0 and the syntax error", n, err)
	}
}
