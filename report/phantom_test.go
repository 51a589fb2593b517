package report

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestGameReportPhantomNote checks that the board of a game with the
// Phantom explains its figure, and that of a game without it does not.
func TestGameReportPhantomNote(t *testing.T) {
	const note = "Solid figures are followers, hollow ones phantoms"
	for _, tc := range []struct {
		file string
		want bool
	}{
		{filepath.Join("..", "draw", "testdata", "phantom.cgn"), true},
		{generated(t, 1, 1)[0], false},
	} {
		var b bytes.Buffer
		if err := WriteGame(&b, replayFirst(t, tc.file)); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(b.String(), note); got != tc.want {
			t.Errorf("%s: note shown %v, want %v", tc.file, got, tc.want)
		}
	}
}
