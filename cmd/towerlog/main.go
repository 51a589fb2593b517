package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
)

func main() {
	// The batch commands allocate many short-lived games while their live
	// memory stays small and flat (about 15 MB to validate any number of
	// games, less to ingest); a higher GC target trades some of that
	// headroom for less collector work, and the memory limit keeps the
	// heap it lets grow within memoryLimit, so that a command's peak
	// memory stays under 200 MB with SQLite's page cache (32 MB, outside
	// the Go heap: see analytics/store.go). Against GOGC=100 under the
	// same limit (three runs each, medians): ingesting 20,000 games took
	// 13 % less CPU and 11 % less time, at 168 MB instead of 153; the
	// report of 100,000 games 10 % less CPU and 8 % less time, at 115 MB
	// instead of 92. GOGC and GOMEMLIMIT in the environment still win.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
	os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// memoryLimit is the soft limit of the Go runtime's memory (the heap and
// what the runtime holds besides): past it, the collector runs as often
// as it must to stay under, whatever GOGC.
const memoryLimit = 64 << 20

// run executes the command line and returns the process exit code. It is
// separate from main so that tests can drive the whole CLI.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root, stop := newRootCmd()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := checkCommand(root, args)
	if err == nil {
		err = root.ExecuteContext(ctx)
	}
	stop()
	if err != nil {
		if ee := (*exitError)(nil); !errors.As(err, &ee) || ee.err != nil {
			fmt.Fprintln(stderr, "towerlog:", message(err))
		}
		return exitCode(err)
	}
	return 0
}
