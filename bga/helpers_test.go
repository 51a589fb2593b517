package bga

import (
	"errors"
	"fmt"
)

func fmtSscanf(s, format string, args ...any) (int, error) { return fmt.Sscanf(s, format, args...) }

func errorsAs(err error, target any) bool { return errors.As(err, target) }
