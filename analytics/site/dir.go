package site

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/towerlog/towerlog/internal/atomicfile"
)

// Marker is the file that marks a directory as a site towerlog wrote:
// Write writes into such a directory, a new one or an empty one, and
// refuses any other without Options.Force.
const Marker = ".towerlog-site"

const markerText = "This directory is a website written by towerlog site; towerlog site rewrites the pages in it.\n"

// NotSiteError is a directory Write will not write into: it holds files
// and is not marked as a site towerlog wrote.
type NotSiteError struct{ Dir string }

func (e *NotSiteError) Error() string {
	return fmt.Sprintf("%s holds files and is not a site towerlog wrote (no %s): choose a new directory, or use --force to write into it", e.Dir, Marker)
}

// SymlinkError is a path in the site's directory that is a symbolic
// link: Write never follows one, so as never to write outside the
// directory.
type SymlinkError struct{ Path string }

func (e *SymlinkError) Error() string {
	return fmt.Sprintf("%s is a symbolic link: towerlog site writes no file through one", e.Path)
}

// output is the directory of a site being written.
type output struct {
	dir                string
	written, unchanged int
}

// openDir makes dir ready: created if missing, else checked as a
// directory (not a link to one) that is empty or marked, or that force
// allows; then marked.
func openDir(dir string, force bool) (*output, error) {
	info, err := os.Lstat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
	case err != nil:
		return nil, err
	case info.Mode()&fs.ModeSymlink != 0:
		return nil, &SymlinkError{Path: dir}
	case !info.IsDir():
		return nil, fmt.Errorf("%s is not a directory", dir)
	default:
		if _, err := os.Lstat(filepath.Join(dir, Marker)); err != nil && !force {
			f, err := os.Open(dir)
			if err != nil {
				return nil, err
			}
			names, err := f.Readdirnames(1)
			f.Close()
			if err != io.EOF && (err != nil || len(names) > 0) {
				return nil, &NotSiteError{Dir: dir}
			}
		}
	}
	o := &output{dir: dir}
	if err := o.write(Marker, []byte(markerText)); err != nil {
		return nil, err
	}
	return o, nil
}

// write writes the file name of the site's directory, unless it holds
// data already: an unchanged page keeps its time, so that a publisher
// copying changed files copies only the pages that changed.
func (o *output) write(name string, data []byte) error {
	path := filepath.Join(o.dir, name)
	info, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return err
	case info.Mode()&fs.ModeSymlink != 0:
		return &SymlinkError{Path: path}
	case !info.Mode().IsRegular():
		return fmt.Errorf("%s is not a regular file", path)
	case info.Size() == int64(len(data)):
		old, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if bytes.Equal(old, data) {
			o.unchanged++
			return nil
		}
	}
	o.written++
	return atomicfile.WriteFile(path, data)
}

// head reads the first n bytes of the file name of the site's directory,
// or nil when it does not exist (or is no regular file).
func (o *output) head(name string, n int) []byte {
	path := filepath.Join(o.dir, name)
	info, err := os.Lstat(path)
	if err != nil || !info.Mode().IsRegular() {
		return nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	b := make([]byte, n)
	k, _ := io.ReadFull(f, b)
	return b[:k]
}
