package draw

import (
	"bytes"

	"github.com/towerlog/towerlog/engine"
)

// Golden lets the external tests compare with golden files under the
// package's -update flag.
var Golden = golden

// svgBytes is SVG into memory, for the tests.
func svgBytes(g *engine.Game, seats []Seat) []byte {
	var b bytes.Buffer
	if err := SVG(&b, g, seats); err != nil {
		panic(err) // a bytes.Buffer takes every write
	}
	return b.Bytes()
}

// SVGBytes lets the external tests draw SVG into memory.
var SVGBytes = svgBytes
