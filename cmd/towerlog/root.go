package main

import (
	"errors"
	"fmt"
	"os"
	"runtime/pprof"

	"github.com/spf13/cobra"
)

// version is the program version; release builds set it with
// -ldflags "-X main.version=...".
var version = "0.1.0-dev"

// Exit codes shared by every command.
const (
	exitOK      = 0
	exitInvalid = 1 // the input was read but is not valid (an illegal game, a failed check)
	exitUsage   = 2 // bad usage or an I/O error
)

// exitError carries a specific exit code through cobra's error return.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// exitCode maps an error returned by a command to the process exit code.
func exitCode(err error) int {
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	return exitUsage
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "towerlog",
		Short: "Record, replay, verify and analyse Carcassonne games with The Tower",
		Long: `towerlog reads and writes CGN (Carcassonne Game Notation) records of
Carcassonne games with the expansion The Tower. It verifies that every move
of a record was legal, reconstructs the state at any turn, and turns game
archives into HTML reports.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	for _, c := range commands {
		root.AddCommand(c())
	}
	// --cpuprofile writes a CPU profile of the whole command, for
	// `go tool pprof`; hidden because it serves the program's own tuning.
	var profile string
	root.PersistentFlags().StringVar(&profile, "cpuprofile", "", "write a CPU profile to `FILE`")
	_ = root.PersistentFlags().MarkHidden("cpuprofile")
	root.PersistentPreRunE = func(cmd *cobra.Command, args []string) error {
		if profile == "" {
			return nil
		}
		f, err := os.Create(profile)
		if err != nil {
			return err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return err
		}
		stopProfile = func() {
			pprof.StopCPUProfile()
			f.Close()
		}
		return nil
	}
	return root
}

// stopProfile ends the profile that --cpuprofile started, if any.
var stopProfile = func() {}

// commands holds the constructors of the subcommands. Each command lives in
// its own file and registers itself from an init function, so commands
// can be added without touching this file.
var commands []func() *cobra.Command

func register(c func() *cobra.Command) { commands = append(commands, c) }

func init() { register(newVersionCmd) }

func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print the towerlog version",
		Example: "  towerlog version",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := fmt.Fprintf(cmd.OutOrStdout(), "towerlog %s\n", version)
			return err
		},
	}
}
