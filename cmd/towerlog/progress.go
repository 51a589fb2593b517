package main

import (
	"io"
	"os"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// newProgress returns a progress bar on w for n steps when w is a terminal
// and n is large enough to be worth showing, or nil. A nil bar is safe to
// use through advance and finish.
func newProgress(w io.Writer, n int, what string) *progressbar.ProgressBar {
	f, ok := w.(*os.File)
	if !ok || n < 200 || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return progressbar.NewOptions(n,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(what),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("games"),
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
