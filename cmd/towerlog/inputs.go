package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/towerlog/towerlog/format"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// inputs are the paths of a command, expanded by format.Expand, with the
// exit code its refusals call for.
type inputs struct {
	format.Inputs
	code     int // exitOK, or the worst verdict of the refused inputs
	noFormat int // refused inputs of no game format
	unread   int // refused inputs past a limit or that could not be read
}

// readInputs expands args and says on errOut, one line each, which inputs
// it refused and what the directories held that it skipped.
func readInputs(errOut io.Writer, args []string) inputs {
	in := inputs{Inputs: format.Expand(args)}
	for _, err := range in.Refused {
		fmt.Fprintln(errOut, "towerlog:", err)
		code := inputVerdict(err)
		in.code = max(in.code, code)
		if code == exitInvalid {
			in.noFormat++
		} else {
			in.unread++
		}
	}
	if note := in.SkippedNote(); note != "" {
		fmt.Fprintln(errOut, "towerlog:", note)
	}
	return in
}

// inputVerdict is the exit code of an input refused before its games are
// read, the same in every command: invalid input (1) for a file of no
// game format, or CGN given to import; a usage or I/O error (2) for a
// file or a link past its limit, or one that cannot be read.
func inputVerdict(err error) int {
	if _, ok := errors.AsType[*format.NoFormatError](err); ok {
		return exitInvalid
	}
	if _, ok := errors.AsType[*format.CGNError](err); ok {
		return exitInvalid
	}
	return exitUsage
}

// inputError is an input refused, with its verdict.
func inputError(err error) error { return &exitError{inputVerdict(err), err} }

// loadGame reads game k (from 1) of a file in any format the commands
// read, or of a CarcassonneLab link, and replays it with o. An input that
// cannot be read carries its verdict.
func loadGame(path string, k int, o replay.Options) (*replay.Game, error) {
	g, err := format.LoadGame(path, k, o)
	if err != nil {
		return nil, inputError(err)
	}
	return g, nil
}

// tooLarge reports whether err is a reader's limit.
func tooLarge(err error) bool {
	_, ok := errors.AsType[*record.TooLargeError](err)
	return ok
}
