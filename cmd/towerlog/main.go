// Command towerlog records, replays, verifies and analyses games of
// Carcassonne with The Tower, written in CGN (Carcassonne Game Notation).
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
	// games); a higher GC target trades some of that headroom for much
	// less collector work. GOGC in the environment still wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

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
