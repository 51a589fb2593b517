package jcz

import (
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// Extension is the file ending of JCloisterZone saves.
const Extension = ".jcz"

func init() { replay.RegisterLoader(Extension, Load) }

// Load is the replay.Loader of .jcz files: it imports the save at path and
// hands its one game to emit. A save that cannot be imported is an error
// of the file.
func Load(path string, emit func(rg *record.Game, syntax error) error) error {
	rg, err := ImportFile(path)
	if err != nil {
		return err
	}
	return emit(rg, nil)
}
