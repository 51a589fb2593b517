package record

import (
	"bytes"
	"strings"
	"testing"
)

// TestBare: a turn with an annotation on every element it can carry one
// (head, ransom, discard, placement, floor, capture, exchange, second
// figure), a declared score and a variation is written, once bare, as its
// moves alone; the turn itself keeps everything.
func TestBare(t *testing.T) {
	const text = "[Players \"Anna; Bob\"]\n\n" +
		"1. Anna ! {head} $Bob {paid} -W {discarded} S@2,-2r90 ~1:02 ^2,-1 {floor} x2,-1:C:N {taken} &* {back} *C:S {second} =3-4 {score} (1. Anna V@1,0r0)\n"
	games, err := Parse(strings.NewReader(text), "t.cgn")
	if err != nil {
		t.Fatal(err)
	}
	turn := games[0].Turns[0]
	before := string(AppendGame(nil, games[0]))
	bare := turn.Bare()
	got := string(AppendGame(nil, &Game{Turns: []*Turn{bare}}))
	if want := "1. Anna $Bob -W S@2,-2r90 ^2,-1 x2,-1:C:N &* *C:S\n"; got != want {
		t.Errorf("bare turn written %q, want %q", got, want)
	}
	if after := string(AppendGame(nil, games[0])); after != before {
		t.Errorf("the turn changed:\n%s\nwant\n%s", after, before)
	}
	if !bytes.Contains([]byte(before), []byte("{floor}")) {
		t.Errorf("the record lost its notes: %s", before)
	}
}
