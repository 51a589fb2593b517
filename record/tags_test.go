package record

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestQuickResult checks the quick reading of Result values against the
// parser, on the usual values, malformed ones and random strings of the
// characters that matter.
func TestQuickResult(t *testing.T) {
	values := []string{"*", "0", "57-43", "57-43-12-0-3-9", "123456789-1", "1234567890-1", "57--43", "57-", "-57",
		"57 - 43", " 57-43", "57-43 ", "**", "*-1", "", "5a-3", "007-0"}
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = "0123456789-* \tx"
	for range 20000 {
		b := make([]byte, rng.IntN(14))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		values = append(values, string(b))
	}
	quick := 0
	for _, v := range values {
		tag := &Tag{Name: "Result", Value: v, ValuePos: Position{Filename: "f.cgn", Offset: 100, Line: 3, Column: 9}}
		want, werr := parseResultFull(tag)
		got, ok := quickResult(tag)
		if !ok {
			continue
		}
		quick++
		if werr != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("Result %q: quick reading %+v, the parser %+v, %v", v, got, want, werr)
		}
	}
	for _, v := range []string{"*", "57-43", "0-0-0-0"} {
		if _, ok := quickResult(&Tag{Value: v}); !ok {
			t.Errorf("Result %q is not read quickly", v)
		}
	}
	if quick < 100 {
		t.Errorf("only %d values read quickly", quick)
	}
}
