package jcz

import (
	"errors"

	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// Extension is the file ending of JCloisterZone saves.
const Extension = ".jcz"

// Loader returns the replay.Loader of .jcz saves, for replay.Loaders.
func Loader() replay.Loader { return replay.LoaderFunc(Load) }

// Load reads the save at path as replay.Run does a file: it hands emit
// the game with its findings as replay.Diagnostics. A save that breaks a
// rule is handed on with the turns before the illegal move and an error
// diagnostic coded with the rule (replay.CodeSave when the save
// contradicts itself); a save towerlog cannot play has no game and a
// replay.CodeUnsupported diagnostic; a save that stops inside a turn has
// a replay.CodePartialTurn warning; a file that is not a save at all
// (not JSON, or not shaped as a save) has no game and a
// replay.CodeSyntax diagnostic. A file that cannot be read is Load's
// error.
func Load(path string, emit func(rg *record.Game, err error) error) error {
	rg, warnings, err := ImportFile(path)
	var ds replay.Diagnostics
	for i := range warnings {
		w := &warnings[i]
		ds = append(ds, diagnostic(&w.Place, replay.CodePartialTurn, replay.Warning, w.Msg))
	}
	var e *Error
	switch {
	case errors.As(err, &e) && e.Kind == Unreadable:
		// Read, but no save: invalid input, as a record with syntax
		// errors is, not a file that could not be read.
		ds = append(ds, diagnostic(&e.Place, replay.CodeSyntax, replay.Error, e.Msg))
	case errors.As(err, &e) && e.Kind == Unsupported:
		ds = append(ds, diagnostic(&e.Place, replay.CodeUnsupported, replay.Error, e.Msg))
	case errors.As(err, &e) && e.Kind == Invalid:
		code := e.Rule
		if code == "" {
			code = replay.CodeSave
		}
		ds = append(ds, diagnostic(&e.Place, code, replay.Error, e.Msg))
	case err != nil:
		return err
	}
	if ds == nil {
		return emit(rg, nil)
	}
	return emit(rg, ds)
}

func diagnostic(p *Place, code string, sev replay.Severity, msg string) replay.Diagnostic {
	d := replay.Diagnostic{Code: code, Severity: sev, Pos: p.Pos, Turn: p.Turn, Player: p.Player, Message: msg}
	if !d.Pos.IsValid() {
		d.Pos = record.Position{Filename: p.File}
	}
	if p.Where != "" {
		d.Message = p.Where + ": " + msg
	}
	return d
}
