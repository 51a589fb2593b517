package record

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// ScanRaw then Parse finds the same games, errors and positions as Scan.
func TestScanRawMatchesScan(t *testing.T) {
	src := "\uFEFF% escape\n\n[Event \"a\"]\n[Players \"A; B\"]\n\n1. A U@1,0r0\n2. B V@2,0r0\n\n" +
		"%only an escape\n[Event \"b\"]\n[Players \"A\"]\n\n1. A U@1;0r0\n\n[Event \"c\"]\n\n1. A E@0,-1r180 {x}\n"
	sc := NewScanner(strings.NewReader(src), "f.cgn")
	var want []*Game
	var wantErr []string
	for sc.Scan() {
		want = append(want, sc.Game())
		wantErr = append(wantErr, errString(sc.Err()))
	}
	raw := NewScanner(strings.NewReader(src), "f.cgn")
	var got []*Game
	var gotErr []string
	for raw.ScanRaw() {
		g, err := raw.Raw().Parse()
		if g == nil {
			continue
		}
		got = append(got, g)
		gotErr = append(gotErr, errString(err))
	}
	if len(want) != 3 || !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gotErr, wantErr) {
		t.Fatalf("raw scanning differs:\n got %d games %q\nwant %d games %q", len(got), gotErr, len(want), wantErr)
	}
	var a, b bytes.Buffer
	FormatFile(&a, want)
	FormatFile(&b, got)
	if a.String() != b.String() {
		t.Fatal("formatted games differ")
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
