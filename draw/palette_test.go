package draw_test

import (
	"testing"

	"github.com/towerlog/towerlog/draw"
	"github.com/towerlog/towerlog/replay"
)

// TestFillEveryColour checks that every colour a record may give a seat
// has a fill of its own in the drawings.
func TestFillEveryColour(t *testing.T) {
	for _, c := range replay.Colours {
		if _, ok := draw.Fill(c); !ok {
			t.Errorf("colour %q has no fill", c)
		}
	}
	if _, ok := draw.Fill(" RED "); !ok {
		t.Error("Fill ignores neither case nor spaces")
	}
	if f, ok := draw.Fill(`red"/><script>`); ok || f != "" {
		t.Errorf(`Fill("red\"/><script>") = %q, %v`, f, ok)
	}
}
