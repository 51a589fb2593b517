package review

import (
	"reflect"
	"testing"
)

// TestReadTop: Read gives back the alternatives a comment lists among the
// best, each with its CGN (which holds commas and spaces), value, error and
// rollouts, and none from a comment that lists none; and the errors of
// the move played and of the best move.
func TestReadTop(t *testing.T) {
	names := []string{"Anna", "Bob"}
	head := "review: played +1.2 ±0.9 (tile V at (0,1), turned 0°, farmer on the field of 3 tiles); " +
		"best V@2,-1r270 +C:N +7.8 ±0.8 (tile V at (2,-1), turned 270°, knight in the city of 4 tiles), 6.6 given away; " +
		"wins Anna 45% Bob 55%; mistake, 11.2% of chance lost, accuracy 59%; rank about 4th of 122"
	cases := []struct {
		name, text string
		want       []Listed
	}{
		{"none", head + "; played: claims a field with a farmer", nil},
		{"three", head + "; top V@2,-1r270 +C:N +7.8 ±0.8 (2210), V@0,1r0 +F:NL.SR -0.3 ±10.0 (3), V@0,1r0 +1.2 ±0.9 (845); " +
			"played: claims a field with a farmer; best: completes a city of 4 tiles for 8",
			[]Listed{{"V@2,-1r270 +C:N", 7.8, 0.8, 2210}, {"V@0,1r0 +F:NL.SR", -0.3, 10, 3}, {"V@0,1r0", 1.2, 0.9, 845}}},
		{"at the end", head + "; top K@0,2r90 -4.1 ±1.0 (50), K@1,2r0 ^1,1 -5.0 ±2.5 (12)",
			[]Listed{{"K@0,2r90", -4.1, 1, 50}, {"K@1,2r0 ^1,1", -5, 2.5, 12}}},
	}
	for _, c := range cases {
		s, ok := readComment(c.text, names)
		if !ok {
			t.Fatalf("%s: the comment does not read", c.name)
		}
		if s.PlayedErr != 0.9 || s.BestErr != 0.8 {
			t.Errorf("%s: errors played %v, best %v, want 0.9 and 0.8", c.name, s.PlayedErr, s.BestErr)
		}
		if !reflect.DeepEqual(s.Top, c.want) {
			t.Errorf("%s: top %+v, want %+v", c.name, s.Top, c.want)
		}
	}
}
