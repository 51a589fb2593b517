package site

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

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
	dir                         string
	written, unchanged, removed int
	// marked: the directory held the Marker before this run, so that the
	// pages named as the site names them are the site's own.
	marked bool
	kept   map[string]bool // the files of this run, written or not
	start  time.Time       // when this run opened the directory
}

// openDir makes dir ready: created if missing, else checked as a
// directory (not a link to one) that is empty or marked, or that force
// allows; then marked.
func openDir(dir string, force bool) (*output, error) {
	marked := false
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
		_, err := os.Lstat(filepath.Join(dir, Marker))
		marked = err == nil
		if err != nil && !force {
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
	o := &output{dir: dir, marked: marked, kept: map[string]bool{}, start: time.Now()}
	if err := o.write(Marker, []byte(markerText)); err != nil {
		return nil, err
	}
	return o, nil
}

// write writes the file name of the site's directory, unless it holds
// data already: an unchanged page keeps its time, so that a publisher
// copying changed files copies only the pages that changed.
func (o *output) write(name string, data []byte) error {
	o.keep(name)
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

// made reports whether the page name holds already what the data of
// the hash input make (the towerlog-input line of its head), and then
// counts it as unchanged.
func (o *output) made(name, input string) bool {
	if !bytes.Contains(o.head(name, inputHead), []byte(`<meta name="towerlog-input" content="`+input+`">`)) {
		return false
	}
	o.keep(name)
	o.unchanged++
	return true
}

// inputHead is the length of a page's start that holds its
// towerlog-input line.
const inputHead = 512

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

// read returns the file name of the site's directory when it is a
// regular file (no symbolic link is followed) of at most limit bytes.
func (o *output) read(name string, limit int64) ([]byte, error) {
	path := filepath.Join(o.dir, name)
	info, err := os.Lstat(path)
	switch {
	case err != nil:
		return nil, err
	case !info.Mode().IsRegular():
		return nil, fmt.Errorf("%s is not a regular file", path)
	case info.Size() > limit:
		return nil, fmt.Errorf("%s holds more than %d bytes", path, limit)
	}
	return os.ReadFile(path)
}

// keep notes that the file name belongs to the site being written. The
// files of games are not noted: prune asks the store whether their game
// is still selected, so that memory does not grow with the games.
func (o *output) keep(name string) {
	if !strings.HasPrefix(name, "game-") {
		o.kept[name] = true
	}
}

// generatorMeta is the line by which a page shows that the site wrote
// it, in its first headBytes bytes.
const (
	generatorMeta = `<meta name="generator" content="towerlog">`
	headBytes     = 1024
)

// stalePage matches the names of the pages the site names by id: a
// game's, and a player's or an event's with the pages of their lists.
var stalePage = regexp.MustCompile(`^(?:game-[0-9a-f]{1,16}|(?:player|event)-[0-9a-f]{16}(?:-[1-9][0-9]*)?)\.html$`)

// tempFile matches the names of the temporary files a run writes a file
// of the site into before renaming it into place (internal/atomicfile:
// "." + the file's name + ".tmp-" + digits): those a run killed outright
// leaves behind.
var tempFile = regexp.MustCompile(`^\.(?:game-[0-9a-f]{1,16}\.(?:html|cgn)|(?:player|event)-[0-9a-f]{16}(?:-[1-9][0-9]*)?\.html|index\.html|site\.(?:css|js)|\.towerlog-site)\.tmp-[0-9]+$`)

// prune removes, from a directory marked before this run, the pages the
// site wrote earlier that this run did not write: a regular file named
// as the site names its pages (stalePage) that starts as the site's pages
// do (generatorMeta), and that is a game page whose game selected says
// is no longer selected (with its record, game-<id>.cgn, beside it), or
// a player's or an event's page not written or kept by this run. A
// symbolic link is never followed nor removed, and nothing else is
// touched. It removes too the temporary files of a run killed outright:
// regular files named as the site names them (tempFile) made before this
// run began, so that a run beside it keeps its own. It reads the
// directory a batch of names at a time.
func (o *output) prune(selected func(key string) (bool, error)) error {
	if !o.marked {
		return nil
	}
	d, err := os.Open(o.dir)
	if err != nil {
		return err
	}
	defer d.Close()
	for {
		entries, err := d.ReadDir(256)
		for _, e := range entries {
			name := e.Name()
			if !e.Type().IsRegular() {
				continue
			}
			if tempFile.MatchString(name) {
				if err := o.removeTemp(e); err != nil {
					return err
				}
				continue
			}
			if !stalePage.MatchString(name) {
				continue
			}
			stale, err := o.stale(name, selected)
			if err != nil {
				return err
			}
			if !stale {
				continue
			}
			if err := o.remove(name); err != nil {
				return err
			}
			if key, ok := gamePageKey(name); ok {
				if err := o.remove("game-" + key + ".cgn"); err != nil {
					return err
				}
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// stale says whether the page name, named as the site names its pages, is
// one the site wrote (generatorMeta) for a game no longer selected, or for
// a player or an event this run did not write.
func (o *output) stale(name string, selected func(key string) (bool, error)) (bool, error) {
	if !bytes.Contains(o.head(name, headBytes), []byte(generatorMeta)) {
		return false, nil
	}
	if key, ok := gamePageKey(name); ok {
		sel, err := selected(key)
		return !sel, err
	}
	return !o.kept[name], nil
}

// gamePageKey returns the game key of a game page's name (game-KEY.html).
func gamePageKey(name string) (string, bool) {
	key, ok := strings.CutPrefix(name, "game-")
	if !ok {
		return "", false
	}
	return strings.CutSuffix(key, ".html")
}

// remove removes the regular file name of the site's directory, if it is
// one (a link or a directory of that name stays).
func (o *output) remove(name string) error {
	path := filepath.Join(o.dir, name)
	info, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) || (err == nil && !info.Mode().IsRegular()) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := os.Remove(path); err != nil {
		return err
	}
	o.removed++
	return nil
}

// removeTemp removes a temporary file of an earlier run, unless it was
// made after this run began.
func (o *output) removeTemp(e fs.DirEntry) error {
	info, err := e.Info()
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if !info.ModTime().Before(o.start) {
		return nil
	}
	return o.remove(e.Name())
}
