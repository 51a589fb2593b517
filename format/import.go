package format

import (
	"errors"

	"github.com/towerlog/towerlog/bga"
	"github.com/towerlog/towerlog/jcz"
	"github.com/towerlog/towerlog/record"
)

// Refusal is a game of another program that towerlog does not convert:
// Kind says why (unreadable, unsupported, invalid), Err is the reader's
// error (a *jcz.Error or a *bga.Error), which names the file, the place in
// it, the turn and the player.
type Refusal struct {
	Kind jcz.Kind // the same kinds as bga.Kind
	Err  error
}

func (r *Refusal) Error() string { return r.Err.Error() }
func (r *Refusal) Unwrap() error { return r.Err }

// CGNError is a CGN file given to Import: it is CGN already.
type CGNError struct {
	Path string
}

func (e *CGNError) Error() string {
	return e.Path + ": CGN already: nothing to import (validate and ingest read it as it is)"
}

// Import reads the games of another program's file or link at path (a
// save, a table log, a list of links, a link) as records, without
// replaying them again, and calls emit with each: the record (nil when
// refused), the warnings of its reading, each naming its place, and its
// *Refusal. A row of a list without a link has only a warning. An input
// Detect refuses, a CGN file (*CGNError), or an input that cannot be
// read is Import's error, as is an error from emit, which stops the
// reading.
func Import(path string, emit func(rg *record.Game, warnings []string, refused error) error) error {
	k, err := Detect(path)
	if err != nil {
		return err
	}
	switch k {
	case CGN:
		return &CGNError{Path: path}
	case Save:
		rg, ws, err := jcz.ImportFile(path)
		if err = refusal(err); err != nil && !isRefusal(err) {
			return err
		}
		return emit(rg, oneLines(ws), err)
	case Link:
		rg, ws, err := bga.ImportLink(path, "", "", nil)
		if err = refusal(err); err != nil && !isRefusal(err) {
			return err
		}
		return emit(rg, oneLines(ws), err)
	}
	return refusal(bga.ImportFile(path, func(rg *record.Game, ws []bga.Warning, err error) error {
		if err = refusal(err); err != nil && !isRefusal(err) {
			return err
		}
		return emit(rg, oneLines(ws), err)
	}))
}

// refusal wraps the error of a reader that refuses a game or a file in a
// *Refusal; any other error is returned as it is.
func refusal(err error) error {
	if je, ok := errors.AsType[*jcz.Error](err); ok {
		return &Refusal{Kind: je.Kind, Err: err}
	}
	if be, ok := errors.AsType[*bga.Error](err); ok {
		return &Refusal{Kind: be.Kind, Err: err}
	}
	return err
}

func isRefusal(err error) bool {
	_, ok := errors.AsType[*Refusal](err)
	return ok
}

// oneLines gives each warning's one-line form.
func oneLines[W any, P interface {
	*W
	String() string
}](ws []W) []string {
	var out []string
	for i := range ws {
		out = append(out, P(&ws[i]).String())
	}
	return out
}
