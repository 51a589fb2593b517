package format

import (
	"github.com/towerlog/towerlog/bga"
	"github.com/towerlog/towerlog/jcz"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// chooser is the replay.Loader of every format: it chooses the reader of
// each input by its content, and tells unreadable of each input that
// could not be read.
type chooser struct {
	unreadable func(file string, err error)
}

// FileError tells c's listener that file could not be read.
func (c chooser) FileError(file string, err error) {
	if c.unreadable != nil {
		c.unreadable(file, err)
	}
}

// For returns the loader of the input at path, as Detect recognises it:
// CGN's (so that replay.Run parses its games on its workers), a save's,
// a log's or links'. An input Detect refuses has a loader that fails
// with Detect's error.
func (chooser) For(path string) replay.Loader {
	k, err := Detect(path)
	if err != nil {
		return replay.LoaderFunc(func(string, func(*record.Game, error) error) error { return err })
	}
	switch k {
	case Save:
		return jcz.Loader()
	case TableLog, LinkList, Link:
		return bga.Loader()
	}
	return replay.CGN()
}

func (c chooser) Load(path string, emit func(rg *record.Game, err error) error) error {
	return c.For(path).Load(path, emit)
}

// Loader returns the replay.Loader of every format, recognised by content.
func Loader() replay.Chooser { return chooser{} }

// Loaders are the formats for replay.Run and the store's ingest: every
// input named is read by its content; a directory stands for its .cgn
// and .jcz files (Expand says what else it skipped).
func Loaders() replay.Loaders { return LoadersTelling(nil) }

// LoadersTelling is Loaders, telling unreadable of each input that could
// not be read once the reading began (a game past record.MaxGameBytes, a
// link past its limit in a list): replay.Run and the store report it as
// a game with an io diagnostic, the caller learns of it so that its exit
// status says so. unreadable is called from one goroutine at a time.
func LoadersTelling(unreadable func(file string, err error)) replay.Loaders {
	c := chooser{unreadable: unreadable}
	return replay.Loaders{".cgn": c, jcz.Extension: c, "*": replay.NamedOnly(c), "https://": c, "http://": c}
}

// LoadGame reads game k (from 1) of the input at path, in any format, and
// replays it with o (see replay.Loaders.LoadGame). An input Detect refuses
// is its error.
func LoadGame(path string, k int, o replay.Options) (*replay.Game, error) {
	if _, err := Detect(path); err != nil {
		return nil, err
	}
	return Loaders().LoadGame(path, k, o)
}

// Games counts the games of the input at path, up to most: a command
// that reads one game says when there are more.
func Games(path string, most int) (int, error) {
	n := 0
	errStop := errStopped{}
	err := Loader().Load(path, func(*record.Game, error) error {
		if n++; n >= most {
			return errStop
		}
		return nil
	})
	if err != nil && err != error(errStop) {
		return n, err
	}
	return n, nil
}

type errStopped struct{}

func (errStopped) Error() string { return "stopped" }
