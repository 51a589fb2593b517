package demo

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Marker is the file Run leaves in the directory it made, so that a
// later demo knows the directory and what is in it to be its own.
const Marker = ".towerlog-demo"

const demoMarkerText = "This directory was made by towerlog demo, which may delete and rewrite\n" +
	"archive/, towerlog.db, report.html and game.html here when it runs again.\n"

// DirNotDemoError is the refusal of a directory Run did not make: it
// exists and holds no demo marker, so nothing in it is Run's to replace.
type DirNotDemoError struct {
	Dir string
}

func (e *DirNotDemoError) Error() string {
	return fmt.Sprintf("%s exists and was not made by towerlog demo (it has no %s file): the demo writes only into a new directory or one of an earlier demo; nothing was changed, choose another --dir",
		e.Dir, Marker)
}

// claimDemoDir makes dir for a demo, with its marker, or accepts it if an
// earlier demo made it. Any other directory, even an empty one, and any
// other file are refused with a *DirNotDemoError, unchanged.
func claimDemoDir(dir string) error {
	if err := os.MkdirAll(filepath.Dir(filepath.Clean(dir)), 0o755); err != nil {
		return err
	}
	err := os.Mkdir(dir, 0o755)
	if errors.Is(err, fs.ErrExist) {
		info, serr := os.Lstat(filepath.Join(dir, Marker))
		if serr == nil && info.Mode().IsRegular() {
			return nil
		}
		return &DirNotDemoError{Dir: dir}
	}
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, Marker), []byte(demoMarkerText), 0o644)
}
