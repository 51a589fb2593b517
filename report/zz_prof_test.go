package report

import (
	"io"
	"testing"
)

func TestZZProf(t *testing.T) {
	g := replayFirst(t, "/tmp/b/rev4.cgn")
	if err := WriteGame(io.Discard, g); err != nil {
		t.Fatal(err)
	}
}
