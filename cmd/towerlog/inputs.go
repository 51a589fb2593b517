package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/towerlog/towerlog/format"
	"github.com/towerlog/towerlog/replay"
)

// inputs are the paths of a command, expanded by format.Expand, with the
// exit code its refusals call for.
type inputs struct {
	format.Inputs
	code     int // exitOK, or the worst verdict of the refused inputs
	noFormat int // refused inputs of no game format
	unread   int // refused inputs past a limit or that could not be read
	midRead  int // inputs found unreadable once their reading began
}

// loaders are the formats for a run of in's files, counting in midRead
// the inputs found unreadable on the way (a game past its limit).
func (in *inputs) loaders() replay.Loaders {
	return format.LoadersTelling(func(string, error) { in.midRead++ })
}

// verdict is the exit code in's inputs call for: the worst of the
// refused ones, and a usage or I/O error for an input found unreadable
// during the run.
func (in *inputs) verdict() int {
	if in.midRead > 0 {
		return exitUsage
	}
	return in.code
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
// game format, a directory without a game file, or CGN given to import;
// a usage or I/O error (2) for a file or a link past its limit, or one
// that cannot be read.
func inputVerdict(err error) int {
	var (
		noFormat *format.NoFormatError
		empty    *format.EmptyError
		cgn      *format.CGNError
	)
	if errors.As(err, &noFormat) || errors.As(err, &empty) || errors.As(err, &cgn) {
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
