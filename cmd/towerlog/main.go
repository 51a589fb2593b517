// Command towerlog records, replays, verifies and analyses games of
// Carcassonne with The Tower, written in CGN (Carcassonne Game Notation).
package main

import (
	"fmt"
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
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes the command line and returns the process exit code. It is
// separate from main so that tests can drive the whole CLI.
func run(args []string, stdout, stderr interface{ Write([]byte) (int, error) }) int {
	root := newRootCmd()
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	stopProfile()
	stopProfile = func() {}
	if err != nil {
		fmt.Fprintln(stderr, "towerlog:", err)
		return exitCode(err)
	}
	return 0
}
