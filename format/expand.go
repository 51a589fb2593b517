package format

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"github.com/towerlog/towerlog/jcz"
)

// Inputs are the inputs of a command, expanded: directories stand for
// the files they hold that are read without being named.
type Inputs struct {
	// Files are the files and links to read, in order: those named, then
	// each directory's .cgn and .jcz files, sorted.
	Files []string
	// Refused are the inputs named that are not read, each an error: a
	// path that cannot be read, a *NoFormatError, a *record.TooLargeError.
	Refused []error
	// Skipped counts the other files of the directories, by ending (""
	// for none), which are read only when named.
	Skipped map[string]int
}

// collected reports whether a directory's file is read without being
// named: only CGN and saves, by their endings; the JSON, text and tables
// beside them may be anything.
func collected(path string) bool {
	ext := filepath.Ext(path)
	return strings.EqualFold(ext, ".cgn") || strings.EqualFold(ext, jcz.Extension)
}

// Expand expands the paths of a command: a directory stands for the
// .cgn and .jcz files below it, and its other files are counted in
// Skipped; a directory without such a file is refused (*EmptyError); a
// file or a link named is checked by Detect and is one of the Files, or
// one of the Refused with Detect's error.
func Expand(paths []string) Inputs {
	in := Inputs{Skipped: map[string]int{}}
	for _, p := range paths {
		if _, err := Detect(p); err == nil {
			in.Files = append(in.Files, p)
			continue
		} else if !isDir(p) {
			in.Refused = append(in.Refused, err)
			continue
		}
		var found []string
		err := filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				return err
			case d.IsDir():
			case collected(path):
				found = append(found, path)
			case !strings.HasPrefix(d.Name(), "."):
				in.Skipped[strings.ToLower(filepath.Ext(path))]++
			}
			return nil
		})
		switch {
		case err != nil:
			in.Refused = append(in.Refused, err)
		case len(found) == 0:
			in.Refused = append(in.Refused, &EmptyError{Path: p})
		}
		sort.Strings(found)
		in.Files = append(in.Files, found...)
	}
	return in
}

// EmptyError is a directory that holds no file read without being named
// (no .cgn, no .jcz file below it): no game to read.
type EmptyError struct {
	Path string
}

func (e *EmptyError) Error() string {
	return e.Path + ": no game in the directory: no .cgn or .jcz file below it (name the other files to read them)"
}

// SkippedNote says what the directories held that was not read, in one
// line ("" when nothing was skipped): "2 .json files skipped (name them to
// read BoardGameArena table logs), 1 .png file skipped".
func (in Inputs) SkippedNote() string {
	exts := make([]string, 0, len(in.Skipped))
	for e := range in.Skipped {
		exts = append(exts, e)
	}
	sort.Strings(exts)
	var parts []string
	for _, e := range exts {
		n := in.Skipped[e]
		s := fmt.Sprintf("%d %s file", n, e)
		if e == "" {
			s = fmt.Sprintf("%d file", n)
		}
		if n > 1 {
			s += "s"
		}
		if e == "" {
			s += " without an ending"
		}
		s += " skipped"
		switch e {
		case ".json", "":
			s += " (name them to read BoardGameArena table logs)"
		case ".txt", ".csv":
			s += " (name them to read CarcassonneLab links)"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}
