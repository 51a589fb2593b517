package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/towerlog/towerlog/record"
)

// newProgress returns a progress bar on w for n steps when w is a terminal
// and n is large enough to be worth showing, or nil. A nil bar is safe to
// use through advance and finish.
func newProgress(w io.Writer, n int, what string) *progressbar.ProgressBar {
	return newProgressOf(w, func() int { return n }, what)
}

// newProgressOf is newProgress with the number of steps counted by n, which
// runs only when w is a terminal.
func newProgressOf(w io.Writer, n func() int, what string) *progressbar.ProgressBar {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	steps := n()
	if steps < 200 {
		return nil
	}
	return bar(w, steps, what, "games")
}

// newSlowProgress is newProgress for steps that take seconds each (the
// turns of a review): a bar on a terminal, whatever their number.
func newSlowProgress(w io.Writer, n int, what, unit string) *progressbar.ProgressBar {
	if f, ok := w.(*os.File); !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return bar(w, n, what, unit)
}

func bar(w io.Writer, steps int, what, unit string) *progressbar.ProgressBar {
	return progressbar.NewOptions(steps,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(what),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString(unit),
		progressbar.OptionThrottle(100_000_000),
		progressbar.OptionClearOnFinish(),
	)
}

func advance(b *progressbar.ProgressBar) {
	if b != nil {
		_ = b.Add(1)
	}
}

func finish(b *progressbar.ProgressBar) {
	if b != nil {
		_ = b.Finish()
	}
}

// countGames counts the games of files for a progress bar: every game of a
// CGN file (its text is scanned, not parsed), one for any other file (a
// JCloisterZone save holds one game). A file that cannot be read counts
// one: the run reports it as one unreadable game.
func countGames(files []string) int {
	n := 0
	for _, name := range files {
		if !strings.EqualFold(filepath.Ext(name), ".cgn") {
			n++
			continue
		}
		f, err := os.Open(name)
		if err != nil {
			n++
			continue
		}
		sc := record.NewScanner(f, name)
		for sc.ScanRaw() {
			n++
		}
		f.Close()
	}
	return n
}
