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
	"sync"

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
// ".jcz"; matched without regard to case). A nil Loaders reads CGN only.
// A file named explicitly whose ending has no loader is read as CGN.
type Loaders map[string]Loader

// loader returns the loader of path.
func (ls Loaders) loader(path string) Loader {
	ext := filepath.Ext(path)
	for e, l := range ls {
		if strings.EqualFold(e, ext) {
			return l
		}
	}
	return cgnLoader{}
}

// collects reports whether a directory's file at path is one of ls's.
func (ls Loaders) collects(path string) bool {
	if ls == nil {
		return strings.EqualFold(filepath.Ext(path), ".cgn")
	}
	for e := range ls {
		if strings.EqualFold(filepath.Ext(path), e) {
			return true
		}
	}
	return false
}

// ExpandPaths turns files and directories into a sorted list of files:
// a directory stands for every file below it whose ending has a loader
// in ls. A path that does not exist is an error.
func (ls Loaders) ExpandPaths(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
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
	return ls.loader(path).Load(path, emit)
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
	// Workers is the number of games replayed at once; 0 means one per core.
	Workers int
	// Reuse lets Run replay later games in the memory of games already
	// emitted, which spares most of the allocation and garbage collection
	// of a large run. emit (and what RunWith's prepare returns) must
	// then not keep the Game, or anything reachable from it, after
	// emit returns.
	Reuse bool
}

type job struct {
	seq   int
	file  string
	index int
	raw   *record.RawGame // CGN text still to parse (in text, with Reuse), or
	text  *[]byte
	rg    *record.Game // a game read by a loader, with
	err   error        // its syntax errors (or a *FileError)
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
// workers finish in. emit runs on one goroutine at a time. Memory stays
// bounded: a few dozen games per worker are between reading and emitting,
// and of those only a few are already replayed. A file that cannot be read
// is reported to emit as a Game with a diagnostic and Run goes on; an
// error from emit stops Run and is returned.
func Run(ctx context.Context, files []string, o RunOptions, emit func(*Game) error) error {
	return RunWith(ctx, files, o, func(*Game) struct{} { return struct{}{} },
		func(g *Game, _ struct{}) error { return emit(g) })
}

// RunWith is Run with per-game work that needs no order: prepare runs on
// the worker goroutines right after each game is replayed, and what it
// returns is emitted with the game, in order.
func RunWith[T any](ctx context.Context, files []string, o RunOptions, prepare func(*Game) T, emit func(*Game, T) error) error {
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// The reader keeps a long queue of games' texts ahead of the workers,
	// so that it need not run again for a while: when every core is busy
	// replaying, a goroutine woken to refill a short queue could wait for
	// a core until the queue ran dry.
	jobs := make(chan job, 64*workers)
	// window bounds the games between the reader and their emission: the
	// reader takes a slot per game, the slot is freed once the game is
	// emitted in order. Without it a slow game would let the others pile
	// up in the reorder buffer.
	window := make(chan struct{}, 80*workers)

	go func() {
		defer close(jobs)
		seq := 0
		for _, file := range files {
			index := 0
			send := func(j job) error {
				index++
				j.seq, j.file, j.index = seq, file, index
				select {
				case window <- struct{}{}:
				case <-ctx.Done():
					return ctx.Err()
				}
				select {
				case jobs <- j:
					seq++
					return nil
				case <-ctx.Done():
					return ctx.Err()
				}
			}
			if err := readFile(file, o.Loaders.loader(file), o.Reuse, send); err != nil {
				if ctx.Err() != nil {
					return
				}
				// The file's failure becomes a game-less result in order.
				if send(job{err: &FileError{File: file, Err: err}}) != nil {
					return
				}
			}
		}
	}()

	// The workers emit the games themselves: whichever worker completes
	// the next game in order emits it and every following game already
	// replayed, while the others go on replaying. (A goroutine of its own
	// for emitting would wait for a core whenever every worker is busy.)
	e := emitter[T]{pending: map[int]*seqGame[T]{}, window: window, emit: emit, cancel: cancel, ctx: ctx, ahead: 4 * workers}
	e.turn.L = &e.mu
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				if !e.wait(j.seq) {
					return
				}
				var m *memory
				if o.Reuse {
					m = memories.Get().(*memory)
				}
				sg := &seqGame[T]{seq: j.seq, g: j.play(o, m), mem: m}
				if sg.g != nil {
					sg.v = prepare(sg.g)
				}
				// A nil game (blank text) is handed on too: the sequence
				// must go on.
				e.done(sg)
			}
		}()
	}
	go func() {
		// Wake the workers waiting for their turn when Run is cancelled.
		<-ctx.Done()
		e.mu.Lock()
		e.turn.Broadcast()
		e.mu.Unlock()
	}()
	wg.Wait()
	if e.err != nil {
		// Let the reader see the cancellation and stop.
		for range jobs {
		}
		return e.err
	}
	return ctx.Err()
}

// emitter puts the replayed games back in order and emits them. It also
// keeps the workers from replaying more than ahead games beyond the next
// one to emit: a replayed game holds its replay's memory until it is
// emitted, so one slow game must not let the others pile up.
type emitter[T any] struct {
	mu       sync.Mutex
	turn     sync.Cond // signalled when next moves on
	ahead    int
	pending  map[int]*seqGame[T] // replayed, waiting for earlier games
	next     int                 // the sequence number to emit next
	emitting bool                // a worker is emitting
	err      error               // the first error from emit
	window   chan struct{}
	emit     func(*Game, T) error
	cancel   func()
	ctx      context.Context
}

func (e *emitter[T]) stopped() bool { return e.ctx.Err() != nil }

// wait blocks until game seq may be replayed, and reports whether Run
// goes on. The next game to emit may always be replayed.
func (e *emitter[T]) wait(seq int) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	for seq >= e.next+e.ahead && e.err == nil && !e.stopped() {
		e.turn.Wait()
	}
	return e.err == nil && !e.stopped()
}

// done takes a replayed game. If no worker is emitting, the caller
// becomes the emitter and emits every game that is next in order,
// releasing the lock while it calls emit.
func (e *emitter[T]) done(sg *seqGame[T]) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.pending[sg.seq] = sg
	if e.emitting {
		return
	}
	e.emitting = true
	defer func() { e.emitting = false }()
	for {
		sg, ok := e.pending[e.next]
		if !ok {
			return
		}
		delete(e.pending, e.next)
		e.next++
		e.turn.Broadcast()
		stopped := e.err != nil
		e.mu.Unlock()
		<-e.window
		var err error
		if sg.g != nil && !stopped {
			err = e.emit(sg.g, sg.v)
		}
		if sg.mem != nil {
			memories.Put(sg.mem)
		}
		e.mu.Lock()
		if err != nil && e.err == nil {
			e.err = err
			e.cancel()
		}
	}
}

// readFile sends the games of a file: raw CGN text to be parsed by the
// workers, or games read by another loader.
func readFile(path string, l Loader, reuse bool, send func(job) error) error {
	if _, ok := l.(cgnLoader); !ok {
		return l.Load(path, func(rg *record.Game, err error) error { return send(job{rg: rg, err: err}) })
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := record.NewScanner(f, path)
	for {
		var text *[]byte
		if reuse {
			text = texts.Get().(*[]byte)
		}
		var ok bool
		if text != nil {
			ok = sc.ScanRawTo(*text)
		} else {
			ok = sc.ScanRaw()
		}
		if !ok {
			if text != nil {
				texts.Put(text)
			}
			return sc.Err()
		}
		raw := sc.Raw()
		if err := send(job{raw: &raw, text: text}); err != nil {
			return err
		}
	}
}

// texts holds the buffers of games' texts already parsed, for
// RunOptions.Reuse.
var texts = sync.Pool{New: func() any { return new([]byte) }}

type seqGame[T any] struct {
	seq int
	g   *Game
	v   T       // what prepare returned for g
	mem *memory // where g was replayed, with RunOptions.Reuse
}

// memories holds the memory of emitted games for RunOptions.Reuse.
var memories = sync.Pool{New: func() any { return &memory{parser: record.NewParser()} }}

// play parses the job's game if it is still raw text and replays it. A
// file that could not be read becomes a game with an io diagnostic; text
// that holds no game after all gives nil.
func (j job) play(o RunOptions, m *memory) *Game {
	if j.raw != nil {
		if m != nil {
			j.rg, j.err = m.parser.Parse(*j.raw)
			if j.text != nil {
				// The parsed game holds no reference to its text.
				*j.text = j.raw.Src[:0]
				texts.Put(j.text)
			}
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
		Game: j.index, Message: fe.Err.Error(), Pos: record.Pos{Filename: j.file}}}}
}

// String describes a game for messages: "file.cgn game 3".
func (g *Game) String() string { return fmt.Sprintf("%s game %d", g.File, g.Index) }
