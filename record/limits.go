package record

import (
	"fmt"
	"io"
)

// Limits that bound the time and memory of reading any input, however
// hostile (see docs/notation.md, "Limits").
const (
	// MaxDepth is how deeply variations may nest: a variation inside
	// MaxDepth others is a syntax error at its "(" and is skipped.
	MaxDepth = 64
	// MaxGameBytes is the largest text of one game a Scanner reads: past
	// it, scanning stops with a *TooLargeError.
	MaxGameBytes = 16 << 20
)

// TooLargeError reports an input larger than the limit of what a reader
// holds in memory at once. Reading stopped at the limit.
type TooLargeError struct {
	Pos   Position // the file, and where the text that is too large begins (Line 0: the whole input)
	What  string   // what is too large: "game text", "save", "input"
	Limit int      // the limit, in bytes
}

// Error returns "file:line:col: game text larger than 16 MiB (the
// limit): stopped reading", or "file: ..." for a whole input.
func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s: %s larger than %s (the limit): stopped reading", e.Pos, e.What, sizeName(e.Limit))
}

// sizeName spells a limit in bytes: "16 MiB", "512 KiB", "100 bytes".
func sizeName(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// ReadAll reads r to its end, as io.ReadAll does, but reads at most limit
// bytes: a longer input is a *TooLargeError naming the input (name) and
// what it holds (what), and nothing more of r is read. An input that
// never ends therefore costs at most limit bytes of memory.
func ReadAll(r io.Reader, name, what string, limit int) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
	if err != nil {
		return nil, err
	}
	if len(b) > limit {
		return nil, &TooLargeError{Pos: Position{Filename: name}, What: what, Limit: limit}
	}
	return b, nil
}
