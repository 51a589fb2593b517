package replay

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"github.com/towerlog/towerlog/internal/ordered"
	"github.com/towerlog/towerlog/record"
)

// Loader reads the games of one file and calls emit with each game and
// the error that goes with it: the parser's syntax errors (a
// record.ErrorList), or the Diagnostics the loader found in a file of
// another program (a move the rules refuse, a game towerlog cannot play).
// An error from emit stops the reading and must be returned; any other
// error is the file's: it could not be read at all.
type Loader interface {
	Load(path string, emit func(rg *record.Game, err error) error) error
}

// LoaderFunc makes a function a Loader.
type LoaderFunc func(path string, emit func(rg *record.Game, err error) error) error

// Load calls f.
func (f LoaderFunc) Load(path string, emit func(rg *record.Game, err error) error) error {
	return f(path, emit)
}

// cgnLoader reads CGN. Run recognises it and leaves the parsing to its
// workers.
type cgnLoader struct{}

func (cgnLoader) Load(path string, emit func(rg *record.Game, err error) error) error {
	return LoadCGN(path, emit)
}

// CGN returns the Loader of CGN files.
func CGN() Loader { return cgnLoader{} }

// Loaders are the formats a command reads, by file ending (".cgn",
// ".jcz"; matched without regard to case). A key that ends in "://"
// ("https://") reads the paths that begin with it, addresses rather than
// files. A nil Loaders reads CGN only. A file named explicitly whose
// ending has no loader is read by the loader of the key "*", else as CGN.
type Loaders map[string]Loader

// Chooser is a Loader that chooses the loader of each path itself (by
// the file's content, say): For returns the Loader of path, which may be
// CGN's, so that Run parses the file's games on its workers.
type Chooser interface {
	Loader
	For(path string) Loader
}

// namedOnly is a loader of files that are read only when named.
type namedOnly struct{ Loader }

// NamedOnly makes l read only the files named explicitly: ExpandPaths
// does not collect the files of its ending from directories (a directory
// may hold notes.txt or data.csv that are not games).
func NamedOnly(l Loader) Loader { return namedOnly{l} }

// For returns the loader of path: the loader of the address's scheme or
// of the file's ending, else the loader of "*", else CGN's. A Chooser
// found so chooses the loader.
func (ls Loaders) For(path string) Loader {
	l := ls.find(path)
	if n, ok := l.(namedOnly); ok {
		l = n.Loader
	}
	if c, ok := l.(Chooser); ok {
		return c.For(path)
	}
	return l
}

// FileErrorReporter is a Loader that hears of each file of its that
// could not be read (Run reports it as a game with an io diagnostic):
// a command that hands its loaders to another package (the store's
// ingest) learns so that its exit status must say so. Run calls it from
// one goroutine, the one that reads the files.
type FileErrorReporter interface {
	FileError(file string, err error)
}

// reportFileError tells the loader of file, if it listens, that file
// could not be read.
func (ls Loaders) reportFileError(file string, err error) {
	l := ls.find(file)
	if n, ok := l.(namedOnly); ok {
		l = n.Loader
	}
	if r, ok := l.(FileErrorReporter); ok {
		r.FileError(file, err)
	}
}

func (ls Loaders) find(path string) Loader {
	ext := filepath.Ext(path)
	for e, l := range ls {
		if strings.HasSuffix(e, "://") && strings.HasPrefix(strings.ToLower(path), e) {
			return l
		}
	}
	for e, l := range ls {
		if strings.EqualFold(e, ext) && !strings.HasSuffix(e, "://") {
			return l
		}
	}
	if l, ok := ls["*"]; ok {
		return l
	}
	return cgnLoader{}
}

// address reports whether path is an address one of ls reads.
func (ls Loaders) address(path string) bool {
	for e := range ls {
		if strings.HasSuffix(e, "://") && strings.HasPrefix(strings.ToLower(path), e) {
			return true
		}
	}
	return false
}

// collects reports whether a directory's file at path is one of ls's.
func (ls Loaders) collects(path string) bool {
	if ls == nil {
		return strings.EqualFold(filepath.Ext(path), ".cgn")
	}
	ext := filepath.Ext(path)
	for e, l := range ls {
		if _, named := l.(namedOnly); !named && ext != "" && strings.EqualFold(ext, e) {
			return true
		}
	}
	return false
}

// ExpandPaths turns files and directories into a sorted list of files:
// a directory stands for every file below it whose ending has a loader
// in ls (except those made NamedOnly). An address one of ls reads is kept
// as it is. A path that does not exist is an error.
func (ls Loaders) ExpandPaths(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		if ls.address(p) {
			out = append(out, p)
			continue
		}
		info, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			out = append(out, p)
			continue
		}
		var found []string
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && ls.collects(path) {
				found = append(found, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		sort.Strings(found)
		out = append(out, found...)
	}
	return out, nil
}

// ExpandPaths is Loaders(nil).ExpandPaths: directories stand for their CGN
// files.
func ExpandPaths(paths []string) ([]string, error) { return Loaders(nil).ExpandPaths(paths) }

// Load reads the games of one file with the loader of its ending and
// calls emit with each game and its error (see Loader). An error from
// emit stops the reading and is returned.
func (ls Loaders) Load(path string, emit func(rg *record.Game, err error) error) error {
	return ls.For(path).Load(path, emit)
}

// LoadGame reads game k (from 1) of the file at path, in any format of
// ls, and replays it with o: the diagnostics of its loader (a move a save
// refuses, a partial turn) come after the replay's own; the syntax errors
// of a CGN game stop it. A file that cannot be read, or has fewer than k
// games, is the error.
func (ls Loaders) LoadGame(path string, k int, o Options) (*Game, error) {
	var found *record.Game
	var findings error
	n := 0
	errStop := errors.New("stop")
	err := ls.Load(path, func(rg *record.Game, err error) error {
		n++
		if n == k {
			found, findings = rg, err
			return errStop
		}
		return nil
	})
	if err != nil && err != errStop {
		return nil, err
	}
	if found == nil && findings == nil {
		return nil, fmt.Errorf("%s has %s, not %d", path, games(n), k)
	}
	var ds Diagnostics
	if errors.As(findings, &ds) {
		return ReplayLoaded(path, k, found, ds, o), nil
	}
	return ReplayParsed(path, k, found, findings, o), nil
}

func games(n int) string {
	if n == 1 {
		return "1 game"
	}
	return fmt.Sprintf("%d games", n)
}

// LoadCGN reads the games of a CGN file and calls emit with each game and
// its syntax errors. An error from emit stops the reading and is returned.
func LoadCGN(path string, emit func(rg *record.Game, syntax error) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := record.NewScanner(f, path)
	for sc.Scan() {
		if err := emit(sc.Game(), sc.Err()); err != nil {
			return err
		}
	}
	return sc.Err()
}

// RunOptions configures Run.
type RunOptions struct {
	Options
	// Loaders are the formats Run reads; nil reads CGN only.
	Loaders Loaders
	// Workers is the number of games replayed at once; 0 means one per
	// core. More than MaxWorkers is an error.
	Workers int
}

// MaxWorkers is the most games Run replays at once: each holds a replay's
// memory and a queue of games, so more would only cost memory.
const MaxWorkers = ordered.MaxWorkers

// queued is how many games per worker Run keeps between reading and
// emitting. The reader fills a long queue ahead of the workers, so that
// it need not run again for a while: when every core is busy replaying,
// a goroutine woken to refill a short queue could wait for a core until
// the queue ran dry. A result that holds a whole replayed game (Run and
// RunWith, without reuse) is larger: those keep queuedGames, so that an
// ingest's memory is a few games per worker, not a few hundred.
const (
	queued      = 64
	queuedGames = 8
)

type job struct {
	file  string
	index int
	raw   *record.RawGame // CGN text still to parse, or
	rg    *record.Game    // a game read by a loader, with
	err   error           // its syntax errors, its loader's Diagnostics, or a *FileError
}

// FileError is a file that could not be read.
type FileError struct {
	File string
	Err  error
}

func (e *FileError) Error() string { return e.File + ": " + e.Err.Error() }
func (e *FileError) Unwrap() error { return e.Err }

// Run replays every game of the files on several cores and calls emit with
// each replayed game in file order, then game order, whatever order the
// workers finish in. emit runs on one goroutine at a time and may keep the
// games. Memory stays bounded: a few dozen games per worker are between
// reading and emitting. A file that cannot be read is reported to emit as
// a Game with a diagnostic and Run goes on; an error from emit stops Run
// and is returned.
func Run(ctx context.Context, files []string, o RunOptions, emit func(*Game) error) error {
	return run(ctx, files, o, false, func(g *Game) *Game { return g }, emit)
}

// RunWith is Run with per-game work that needs no order: prepare runs on
// the worker goroutines right after each game is replayed, and what it
// returns is emitted with the game, in order.
func RunWith[T any](ctx context.Context, files []string, o RunOptions, prepare func(*Game) T, emit func(*Game, T) error) error {
	type prepared struct {
		g *Game
		v T
	}
	return run(ctx, files, o, false, func(g *Game) prepared { return prepared{g, prepare(g)} },
		func(p prepared) error { return emit(p.g, p.v) })
}

// RunSummaries is RunWith for work that needs only what it draws from each
// game: each worker replays game after game in the same memory, which
// spares most of the allocation and garbage collection of a large run.
// summarize runs on the worker with each game, which is valid only until
// summarize returns; emit gets what summarize returned, in order, and
// never the game.
func RunSummaries[T any](ctx context.Context, files []string, o RunOptions, summarize func(*Game) T, emit func(T) error) error {
	return run(ctx, files, o, true, summarize, emit)
}

// run replays the games of files on the workers, in a memory of each
// worker's that serves game after game when reuse is set; done runs on
// the worker with each game and emit gets what it returned, in order. Text
// that holds no game after all emits nothing.
func run[R any](ctx context.Context, files []string, o RunOptions, reuse bool, done func(*Game) R, emit func(R) error) error {
	if o.Workers > MaxWorkers {
		return fmt.Errorf("replay: %d workers asked for, more than the %d allowed", o.Workers, MaxWorkers)
	}
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, MaxWorkers)
	type result struct {
		r  R
		ok bool // false: a blank text, no game
	}
	ahead := queued * workers
	if !reuse {
		ahead = queuedGames * workers
	}
	return ordered.Run(ctx, workers, ahead,
		func(send func(job) error) error { return readFiles(files, o.Loaders, send) },
		func() func(job) result {
			var m *memory
			if reuse {
				m = &memory{parser: record.NewParser()}
			}
			return func(j job) result {
				g := j.play(o, m)
				if g == nil {
					return result{}
				}
				return result{done(g), true}
			}
		},
		func(res result) error {
			if !res.ok {
				return nil
			}
			return emit(res.r)
		})
}

// readFiles sends the games of the files in order, each with its file and
// index: raw CGN text to be parsed by the workers, or games read by
// another loader. A file that cannot be read is sent as a *FileError after
// the games read from it. An error from send stops the reading and is
// returned.
func readFiles(files []string, ls Loaders, send func(job) error) error {
	for _, file := range files {
		index := 0
		var stopped error
		put := func(j job) error {
			index++
			j.file, j.index = file, index
			stopped = send(j)
			return stopped
		}
		if err := readFile(file, ls.For(file), put); err != nil {
			if stopped != nil {
				return stopped
			}
			ls.reportFileError(file, err)
			if err := put(job{err: &FileError{File: file, Err: err}}); err != nil {
				return err
			}
		}
	}
	return nil
}

// readFile sends the games of a file: raw CGN text to be parsed by the
// workers, or games read by another loader.
func readFile(path string, l Loader, send func(job) error) error {
	if _, ok := l.(cgnLoader); !ok {
		return l.Load(path, func(rg *record.Game, err error) error { return send(job{rg: rg, err: err}) })
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := record.NewScanner(f, path)
	for sc.ScanRaw() {
		raw := sc.Raw()
		if err := send(job{raw: &raw}); err != nil {
			return err
		}
	}
	return sc.Err()
}

// play parses the job's game if it is still raw text and replays it. A
// file that could not be read becomes a game with an io diagnostic; text
// that holds no game after all gives nil.
func (j job) play(o RunOptions, m *memory) *Game {
	if j.raw != nil {
		if m != nil {
			j.rg, j.err = m.parser.Parse(*j.raw)
		} else {
			j.rg, j.err = j.raw.Parse()
		}
		if j.rg == nil && j.err == nil {
			return nil
		}
	}
	var fe *FileError
	var found Diagnostics
	switch {
	case errors.As(j.err, &found):
		return replayIn(m, j.file, j.index, j.rg, nil, found, o.Options)
	case !errors.As(j.err, &fe):
		return replayIn(m, j.file, j.index, j.rg, j.err, nil, o.Options)
	}
	return &Game{File: j.file, Index: j.index, Diagnostics: []Diagnostic{{Code: CodeIO, Severity: Error,
		Game: j.index, Message: fe.Err.Error(), Pos: record.Position{Filename: j.file}}}}
}

// String describes a game for messages: "file.cgn game 3".
func (g *Game) String() string { return fmt.Sprintf("%s game %d", g.File, g.Index) }
