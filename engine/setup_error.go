package engine

import "fmt"

// SetupError reports a Setup that NewGame and Reset refuse: a number of
// players, a start tile or a bag that the rules do not allow.
type SetupError struct {
	Reason string // "bag holds 5 × U, the box has 4 besides the start tile"
}

// Error gives "engine: " and the reason.
func (e *SetupError) Error() string { return "engine: " + e.Reason }

func setupError(format string, args ...any) error {
	return &SetupError{fmt.Sprintf(format, args...)}
}
